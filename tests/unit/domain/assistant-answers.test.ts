import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_MESSAGES,
  numbersHeld,
  numbersIn,
  templateAnswer,
} from '../../../functions/domain/assistant/answers';
import { categoryOf } from '../../../functions/domain/assistant/categories';
import {
  type AssistantRow,
  biggestCategoryQuery,
  categoryTrendQuery,
  incomeSourcesFrom,
  incomeSourcesQuery,
  largestInRollups,
  largestQuery,
  merchantQuery,
  netIncomeQuery,
  sampleTransactions,
  spendingQuery,
  transfersQuery,
  transfersVsExpensesQuery,
  trendSpan,
} from '../../../functions/domain/assistant/queries';
import {
  merchantInRollups,
  merchantsComplete,
  rollupsOfRows,
} from '../../../functions/domain/assistant/spend';
import { categoryFields } from '../../../functions/domain/categories';
import { buildMonthRollup, sumCells } from '../../../functions/domain/rollups';
import { ROLLUP_MERCHANTS } from '../../../functions/domain/spending';

let n = 0;
const row = (
  date: string,
  description: string,
  signed: number,
  flow: string | null,
  extra: Partial<AssistantRow> = {},
): AssistantRow => ({
  id: `r${String(++n).padStart(4, '0')}`,
  account_id: 'acc',
  transaction_date: date,
  description,
  amount: Math.abs(signed),
  signed_amount: signed,
  type: signed >= 0 ? 'credit' : 'debit',
  flow_type: flow,
  user_corrected_flow_type: null,
  ...extra,
});

const march = { start: '2025-03-01', end: '2025-03-31', label: 'March 2025' };
/** A row's category fields, as the categoriser stores them. */
const cat = (id: string) => categoryFields(id) ?? {};
const rows: AssistantRow[] = [
  row('2025-03-01', 'ACME LTD SALARY', 2500, 'income'),
  row('2025-03-02', 'HMRC CHILD BENEFIT', 102.4, 'income'),
  row('2025-03-03', 'TESCO STORES 2041', -45.2, 'external_expense', cat('groceries')),
  row('2025-03-09', 'SAINSBURYS SACAT', -30.05, 'external_expense', cat('groceries')),
  row('2025-03-10', 'PRET A MANGER', -6.5, 'external_expense', cat('eating_out.cafes')),
  row('2025-03-11', 'DENTIST', -80, 'external_expense', cat('health.dental')),
  row('2025-03-12', 'TFR TO SAVINGS', -500, 'internal_transfer'),
  row('2025-02-12', 'TESCO STORES', -20, 'external_expense', cat('groceries')),
  row('2025-03-15', 'CORNER SHOP', -12, 'income', { user_corrected_flow_type: 'external_expense' }),
];
/** The spending roll-ups of the rows of a period (as the stored ones would hold them). */
const spendOf = (period: { start: string; end: string }, list: readonly AssistantRow[] = rows) =>
  rollupsOfRows(list.filter((r) => r.transaction_date >= period.start && r.transaction_date <= period.end));
const onlyRows = (list: readonly AssistantRow[] = rows) => ({ rollups: [], rows: list });

describe("categories: the row's own primary_category, else the UK merchant list, else Uncategorized", () => {
  it.each([
    [{ description: 'TESCO STORES 2041' }, 'Groceries'],
    [{ description: 'PRET A MANGER' }, 'Eating Out'],
    [{ description: 'DENTIST', primary_category: 'Health' }, 'Health'],
    [{ description: 'TESCO STORES', primary_category: 'Household' }, 'Household'],
    [{ description: 'CORNER SHOP' }, 'Uncategorized'],
  ])('%o → %s', (r, c) => expect(categoryOf(r)).toBe(c));
});

describe('queries with exact figures', () => {
  it('biggest category: Dentist (Health) £80 of £173.75 real spending; a user correction counts', () => {
    const r = biggestCategoryQuery(march, spendOf(march), null);
    expect(r.subject).toBe('Health');
    expect(r.figures).toMatchObject({
      expenses: 173.75,
      expense_count: 5,
      top_total: 80,
      top_count: 1,
      top_share: 46,
    });
    expect(r.breakdown.map((b) => [b.label, b.total])).toEqual([
      ['Health', 80],
      ['Groceries', 75.25],
      ['Uncategorized', 12],
      ['Eating Out', 6.5],
    ]);
  });

  it('biggest category: a refund reduces its category; mortgage flows are listed, never the biggest category', () => {
    // a refund as the rules file it: an expense whose money comes back
    const refund = row('2025-03-20', 'TESCO REFUND', 5.2, 'external_expense', cat('groceries'));
    const figures = sumCells(
      buildMonthRollup('2025-03', [row('2025-03-05', 'NATIONWIDE MORTGAGE', -900, 'mortgage_payment')])
        .totals,
    );
    const r = biggestCategoryQuery(march, spendOf(march, [...rows, refund]), figures);
    expect(r.breakdown.map((b) => [b.label, b.total, b.count])).toEqual([
      ['Mortgage Payment', 900, 1],
      ['Health', 80, 1],
      ['Groceries', 70.05, 3],
      ['Uncategorized', 12, 1],
      ['Eating Out', 6.5, 1],
    ]);
    expect(r.subject).toBe('Health');
    expect(r.figures).toMatchObject({ expenses: 1068.55, expense_count: 7, top_total: 80, top_share: 7.5 });
    expect(r.transactions.map((t) => t.description)).toEqual(['DENTIST']);
  });

  it('a category trend month by month, with the change from the first month to the last', () => {
    const r = categoryTrendQuery(
      { start: '2025-02-01', end: '2025-03-31', label: 'since February' },
      'Groceries',
      spendOf({ start: '2025-02-01', end: '2025-03-31' }),
    );
    expect(r.breakdown).toEqual([
      { label: 'February 2025', total: 20, count: 1 },
      { label: 'March 2025', total: 75.25, count: 2 },
    ]);
    expect(r.figures).toMatchObject({
      total: 95.25,
      count: 3,
      months: 2,
      monthly_average: 47.63,
      change: 276,
    });
  });

  it('largest payments out, the asked-for number of them', () => {
    const r = largestQuery(march, 'external_expense', 2, rows);
    expect(r.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['DENTIST', -80],
      ['TESCO STORES 2041', -45.2],
    ]);
    expect(r.figures).toEqual({ shown: 2, total: 125.2, largest: 80 });
  });

  it("a merchant total matches the merchant's words, whatever the case", () => {
    const r = merchantQuery(march, 'Tesco', onlyRows());
    expect(r.figures).toEqual({ total: 45.2, count: 1, average: 45.2 });
    expect(r.subject).toBe('Tesco');
    expect(merchantQuery({ ...march, start: '2025-01-01' }, 'tesco', onlyRows()).figures.total).toBe(65.2);
  });

  it('a merchant total from whole roll-ups and rows together is the same as from the rows alone', () => {
    const since = { start: '2025-02-01', end: '2025-03-14', label: 'since February' };
    const february = spendOf({ start: '2025-02-01', end: '2025-02-28' });
    expect(february.every(merchantsComplete)).toBe(true);
    const mixed = merchantQuery(since, 'Tesco', {
      rollups: february,
      rows: rows.filter((r) => r.transaction_date >= '2025-03-01'),
    });
    expect(mixed.figures).toEqual(merchantQuery(since, 'Tesco', onlyRows()).figures);
    expect(mixed.figures).toEqual({ total: 65.2, count: 2, average: 32.6 });
    expect(mixed.transactions.map((t) => [t.description, t.amount])).toEqual([
      ['TESCO STORES 2041', -45.2],
      ['TESCO STORES', -20],
    ]);
  });

  it("a cell listing as many merchants as the cap may leave one out: that roll-up's merchants are not whole", () => {
    const many = Array.from({ length: ROLLUP_MERCHANTS + 1 }, (_, i) =>
      row('2025-01-10', `SHOP NUMBER ${i + 1}`, -(100 - i), 'external_expense'),
    );
    const [january] = rollupsOfRows(many);
    expect(january && merchantsComplete(january)).toBe(false);
    // the smallest merchant is not in the cell's list: only the rows give its total
    expect(merchantInRollups(january ? [january] : [], `Shop Number ${ROLLUP_MERCHANTS + 1}`).count).toBe(0);
    const month = { start: '2025-01-01', end: '2025-01-31', label: 'January 2025' };
    expect(merchantQuery(month, `Shop Number ${ROLLUP_MERCHANTS + 1}`, onlyRows(many)).figures.total).toBe(
      90,
    );
    // fewer merchants than the cap: the list is whole
    expect(merchantsComplete(rollupsOfRows(many.slice(2))[0]!)).toBe(true);
  });

  it("largest payments from spending roll-ups: a cell's unlisted rows are proven smaller, or its month is read", () => {
    const month = { start: '2025-01-01', end: '2025-01-31', label: 'January 2025' };
    // one cell of 8 rows (it lists its 5 largest: 80..40), another of 2 (90, 5)
    const shop = Array.from({ length: 8 }, (_, i) =>
      row('2025-01-10', `SHOP ${i + 1}`, -(80 - i * 10), 'external_expense', cat('groceries')),
    );
    const fuel = [
      row('2025-01-11', 'SHELL', -90, 'external_expense', cat('fuel')),
      row('2025-01-12', 'BP', -5, 'external_expense', cat('fuel')),
    ];
    const all = [...shop, ...fuel];
    const fromRows = largestQuery(month, 'external_expense', 3, all);
    // the 3rd largest listed (70) is above what the groceries cell leaves out (at most 40): proven
    const three = largestInRollups(rollupsOfRows(all), 3);
    expect(three.reread).toEqual([]);
    const proven = largestQuery(month, 'external_expense', 3, [], three);
    expect(proven.transactions).toEqual(fromRows.transactions);
    expect(proven.figures).toEqual({ shown: 3, total: 240, largest: 90 });
    // the 7th largest listed is 5: the groceries cell may hide a larger one, so its month is read
    const seven = largestInRollups(rollupsOfRows(all), 7);
    expect(seven.reread.map((r) => r.month)).toEqual(['2025-01']);
    expect(seven.transactions).toEqual([]);
    // a cell listing rows equal to the limit-th: what it leaves out could only tie, so no month is read
    const same = Array.from({ length: 7 }, (_, i) =>
      row('2025-01-13', `GAS ${i + 1}`, -88, 'external_expense', cat('bills.energy')),
    );
    const tied = largestInRollups(rollupsOfRows(same), 5);
    expect(tied.reread).toEqual([]);
    expect(largestQuery(month, 'external_expense', 5, [], tied).figures).toEqual(
      largestQuery(month, 'external_expense', 5, same).figures,
    );
  });

  it('income by source', () => {
    const r = incomeSourcesQuery(march, rows);
    expect(r.figures).toEqual({ income: 2602.4, count: 2, sources: 2 });
    expect(r.breakdown.map((b) => [b.label, b.total, b.share])).toEqual([
      ['ACME LTD SALARY', 2500, 96.1],
      ['HMRC CHILD BENEFIT', 102.4, 3.9],
    ]);
  });

  it('income by source from the roll-ups’ payers of whole months and the rows of a part month', () => {
    // March whole from its roll-up's payers (two salaries, one benefit), April's first days from rows.
    const spring = { start: '2025-03-01', end: '2025-04-10', label: '1 March to 10 April 2025' };
    const april = [
      row('2025-04-01', 'ACME LTD SALARY', 2500, 'income'),
      row('2025-04-20', 'ACME LTD SALARY', 2500, 'income'), // after the period
      row('2025-04-02', 'COFFEE', -3, 'external_expense'), // not income
    ];
    const r = incomeSourcesFrom(
      spring,
      [
        { account: 'a', payer: 'ACME LTD SALARY', count: 2, pence: 500000 },
        { account: 'b', payer: 'HMRC CHILD BENEFIT', count: 1, pence: 10240 },
      ],
      april,
      april,
    );
    expect(r.figures).toEqual({ income: 7602.4, count: 4, sources: 2 });
    expect(r.transaction_count).toBe(4);
    expect(r.breakdown.map((b) => [b.label, b.total, b.count])).toEqual([
      ['ACME LTD SALARY', 7500, 3],
      ['HMRC CHILD BENEFIT', 102.4, 1],
    ]);
    // the rows shown are the period's income among those given
    expect(r.transactions.map((t) => t.date)).toEqual(['2025-04-01']);
    // the same figures as from every row
    expect(incomeSourcesQuery(march, rows).figures).toEqual(incomeSourcesFrom(march, [], rows, rows).figures);
  });

  it('the enhanced sample keeps 25 distinct rows of a longer list', () => {
    const many = Array.from({ length: 200 }, (_, i) =>
      row(`2025-01-${String((i % 28) + 1).padStart(2, '0')}`, `SHOP ${i % 40}`, -(i + 1), 'external_expense'),
    );
    const sample = sampleTransactions(many);
    expect(sample).toHaveLength(25);
    expect(new Set(sample.map((r) => r.id)).size).toBe(25);
    expect(sample.some((r) => r.amount === 200)).toBe(true); // the largest is in
  });
});

describe('templates and the number check', () => {
  const result = biggestCategoryQuery(march, spendOf(march), null);

  it('the template states the computed figures', () => {
    expect(templateAnswer(result)).toContain('Health: £80.00 across 1 transactions, 46% of £173.75 spending');
  });

  it('no rows: says so, with tips', () => {
    const empty = merchantQuery(march, 'Waitrose', onlyRows());
    expect(templateAnswer(empty)).toMatch(
      /^I couldn't find any matching transactions at Waitrose in March 2025\.\nTips:/,
    );
  });

  it('not understood: the no-handler message', () => {
    expect(
      templateAnswer({
        intent: 'unknown',
        period: null,
        figures: {},
        breakdown: [],
        transactions: [],
        transaction_count: 0,
      }),
    ).toBe(ASSISTANT_MESSAGES.noHandler);
  });

  it('numbers are read as written in en-GB', () => {
    expect(numbersIn('£1,234.50 and 12% over 3 months')).toEqual([1234.5, 12, 3]);
  });

  it("a reply that only uses the result's figures (rounded or not) passes", () => {
    expect(
      numbersHeld(
        'Health was your biggest category at £80, about 46% of the £173.75 you spent in March 2025.',
        result,
      ),
    ).toBe(true);
    expect(numbersHeld('Roughly £174 went on spending.', result)).toBe(true);
  });

  it('a reply that invents a figure fails', () => {
    expect(numbersHeld('Health was £80, and you could save £250 a month.', result)).toBe(false);
    expect(numbersHeld('Health took 52% of spending.', result)).toBe(false);
  });

  it('the template itself always passes the check', () => {
    for (const r of [
      result,
      merchantQuery(march, 'Tesco', onlyRows()),
      incomeSourcesQuery(march, rows),
      largestQuery(march, 'external_expense', 3, rows),
    ])
      expect(numbersHeld(templateAnswer(r), r)).toBe(true);
  });
});

describe('queries over roll-up figures (the same rows rolled up), and their templates', () => {
  const figures = sumCells(buildMonthRollup('2025-03', rows).totals);
  const savings = row('2025-03-12', 'TFR FROM CURRENT', 500, 'internal_transfer', { account_id: 'sav' });
  const withSavings = [...rows, savings];
  const both = sumCells(buildMonthRollup('2025-03', withSavings).totals);
  const names = new Map([
    ['acc', 'Everyday'],
    ['sav', 'Rainy day'],
  ]);

  it('spending: real spending by flow type, internal transfers apart', () => {
    const r = spendingQuery(march, figures, rows, true);
    expect(r.figures).toEqual({ expenses: 173.75, expense_count: 5, internal: 500, income: 2602.4 });
    expect(templateAnswer(r)).toBe(
      'You really spent £173.75 in March 2025, across 5 transactions (External Expense £173.75). Internal transfers of £500.00 between your own accounts are not counted as spending.',
    );
  });

  it('net income and the savings rate', () => {
    const r = netIncomeQuery(march, figures, rows);
    expect(r.figures).toEqual({
      income: 2602.4,
      expenses: 173.75,
      net: 2428.65,
      internal: 500,
      savings_rate: 93.3,
    });
    expect(templateAnswer(r)).toMatch(
      /^Your actual net income in March 2025 is £2,428\.65.*you are ahead\. That is 93\.3% of income kept\./,
    );
    const behind = netIncomeQuery(march, sumCells(buildMonthRollup('2025-03', [rows[2]!]).totals), [
      rows[2]!,
    ]);
    expect(templateAnswer(behind)).toMatch(/is -£45\.20: .*so you are behind\./);
  });

  it('transfers by account', () => {
    const r = transfersQuery(march, both, withSavings, names);
    // one transfer of 500 seen from both accounts: 500 moved, once
    expect(r.figures).toEqual({ internal: 500, transfer_count: 1 });
    expect(r.breakdown.map((b) => [b.label, b.total])).toEqual([
      ['Everyday', 500],
      ['Rainy day', 500],
    ]);
    expect(templateAnswer(r)).toMatch(
      /^£500\.00 moved between your own accounts in March 2025, in 1 transfer \(/,
    );
  });

  it('transfers against expenses', () => {
    const r = transfersVsExpensesQuery(march, both, withSavings);
    // the transfer counts once: 500 / 173.75, and 500 of 2,602.40 + 173.75 + 500
    expect(r.figures).toEqual({ internal: 500, expenses: 173.75, ratio: 2.88, transfer_share: 15.3 });
    expect(templateAnswer(r)).toMatch(
      /^In March 2025, internal transfers came to £500\.00 against real expenses of £173\.75 \(2\.88 times/,
    );
  });

  it('templates of the row-based intents', () => {
    const trend = categoryTrendQuery(
      { start: '2025-02-01', end: '2025-03-31', label: 'since February' },
      'Groceries',
      spendOf({ start: '2025-02-01', end: '2025-03-31' }),
    );
    expect(templateAnswer(trend)).toMatch(
      /^Groceries spending since February: £95\.25 in 3 transactions.*change of \+276%/,
    );
    expect(templateAnswer(largestQuery(march, 'income', 1, rows))).toMatch(
      /^Your 1 largest money in in March 2025:\n1\. ACME LTD SALARY £2,500\.00 on 01\/03\/2025/,
    );
    expect(templateAnswer(merchantQuery(march, 'Tesco', onlyRows()))).toBe(
      'You paid Tesco £45.20 in March 2025, in 1 transactions (£45.20 on average).',
    );
    expect(templateAnswer(incomeSourcesQuery(march, rows))).toMatch(
      /^Your income in March 2025 was £2,602\.40 from 2 sources/,
    );
    const onlyUncategorised = biggestCategoryQuery(march, rollupsOfRows([rows[8]!]), null);
    expect(templateAnswer(onlyUncategorised)).toMatch(
      /is uncategorised, so there is no biggest category yet/,
    );
  });

  it('period wording: days, all time, rolling windows and tax years', () => {
    const r = merchantQuery(march, 'Tesco', onlyRows());
    const at = (label: string, start = '2025-03-03', end = '2025-03-03') =>
      templateAnswer({ ...r, period: { start, end, label } });
    expect(at('2025-03-03')).toContain('£45.20 on 03/03/2025');
    expect(at('all time')).toContain('across all your data');
    expect(at('the last 3 months')).toContain('over the last 3 months');
    expect(at('tax year 2024/25')).toContain('in the tax year 2024/25');
    expect(at('since January 2025')).toContain('since January 2025');
  });

  it('the default trend span: six months up to the latest data', () => {
    expect(trendSpan('2025-03-14')).toEqual({
      start: '2024-10-01',
      end: '2025-03-31',
      label: 'the last 6 months',
    });
  });
});

describe('one figure for spending in every answer', () => {
  it("the biggest category's spending is the month's money out: unclassified money out and mortgage money back included", () => {
    const list = [
      ...rows,
      row('2025-03-05', 'NATIONWIDE MORTGAGE', -900, 'mortgage_payment'),
      row('2025-03-06', 'NATIONWIDE MORTGAGE REBATE', 25, 'mortgage_payment'),
      row('2025-03-18', 'SOMETHING', -10, null),
      row('2025-03-20', 'REFUND ARGOS', 4.5, 'external_expense', cat('shopping')),
    ];
    const inMarch = list.filter((r) => r.transaction_date >= march.start && r.transaction_date <= march.end);
    const figures = sumCells(buildMonthRollup('2025-03', inMarch).totals);
    const spent = spendingQuery(march, figures, inMarch);
    const biggest = biggestCategoryQuery(march, spendOf(march, list), figures);
    // 173.75 of categories − 4.50 refunded + 875 mortgage (900 − 25 back) + 10 unclassified
    expect(spent.figures.expenses).toBe(1054.25);
    expect(biggest.figures.expenses).toBe(spent.figures.expenses);
    expect(biggest.breakdown.map((b) => [b.label, b.total])).toEqual([
      ['Mortgage Payment', 875],
      ['Health', 80],
      ['Groceries', 75.25],
      ['Uncategorized', 12],
      ['Unclassified', 10],
      ['Eating Out', 6.5],
      ['Shopping', -4.5],
    ]);
    expect(biggest.subject).toBe('Health');
  });
});
