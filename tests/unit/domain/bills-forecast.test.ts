import { describe, expect, it } from 'vitest';
import {
  balancesCountFrom,
  billsCalendar,
  dueBetween,
  latestBalances,
  monthEndForecast,
} from '../../../functions/domain/bills-forecast';
import type { RegularSeries } from '../../../functions/domain/recurring';

/** A series as detection gives it, due on `day` of each month from its last nominal date. */
function series(
  id: string,
  kind: RegularSeries['kind'],
  day: number,
  usual: number,
  extra: Partial<RegularSeries> = {},
): RegularSeries {
  return {
    id,
    kind,
    payee: id,
    detected_payee: id,
    account_id: 'current',
    category_id: null,
    channel: 'direct_debit',
    frequency: 'monthly',
    usual_amount: usual,
    min_amount: usual,
    max_amount: usual,
    fixed: true,
    last_date: `2026-02-${String(day).padStart(2, '0')}`,
    last_amount: usual,
    next_date: `2026-03-${String(day).padStart(2, '0')}`,
    occurrences: 6,
    yearly_cost: usual * 12,
    status: 'active',
    missed_date: null,
    unusual: null,
    note: null,
    instalments: null,
    confirmed: false,
    salary: false,
    schedule: {
      unit: 'month',
      every: 1,
      day,
      last_nominal: `2026-02-${String(day).padStart(2, '0')}`,
      skip_months: [],
    },
    transaction_ids: [],
    ...extra,
  };
}

const accounts = [
  { id: 'current', name: 'Joint current', account_type: 'current' },
  { id: 'second', name: 'Sole current', account_type: 'current' },
  { id: 'saver', name: 'Saver', account_type: 'savings' },
];

describe('latest balances', () => {
  it('takes each account’s last printed balance, the later row of a day by position', () => {
    expect(
      latestBalances([
        { account_id: 'current', transaction_date: '2026-03-02', balance: 900, position: 1 },
        { account_id: 'current', transaction_date: '2026-03-10', balance: 410.5, position: 7 },
        { account_id: 'current', transaction_date: '2026-03-10', balance: 380.5, position: 8 },
        { account_id: 'current', transaction_date: '2026-03-11', balance: null },
        { account_id: 'saver', transaction_date: '2026-03-01', balance: 5000 },
      ]),
    ).toEqual([
      { account_id: 'current', balance: 380.5, as_of: '2026-03-10' },
      { account_id: 'saver', balance: 5000, as_of: '2026-03-01' },
    ]);
  });
});

describe('the calendar of the coming days', () => {
  const list = [
    series('Salary', 'income', 27, 2400, { salary: true }),
    series('Rent', 'payment', 1, 1150),
    series('British Gas', 'payment', 12, 96, { min_amount: 80, max_amount: 142, fixed: false }),
    series('Gone', 'payment', 15, 10, { status: 'ended', next_date: null }),
  ];
  const balances = [{ account_id: 'current', balance: 300, as_of: '2026-03-10' }];

  it('lists what is due each day with the account’s balance after it, a shortfall marked', () => {
    const days = billsCalendar(list, balances, '2026-03-11', 30);
    expect(days.map((d) => [d.date, d.payee, d.amount, d.balance_after, d.shortfall])).toEqual([
      ['2026-03-12', 'British Gas', -96, 204, false],
      ['2026-03-27', 'Salary', 2400, 2604, false],
      ['2026-04-01', 'Rent', -1150, 1454, false],
    ]);
    expect(days[0]).toMatchObject({ min_amount: 80, max_amount: 142 });
    const short = billsCalendar([list[1]!], balances, '2026-03-11', 30);
    expect(short[0]).toMatchObject({ balance_after: -850, shortfall: true });
  });

  it('counts items since the balance’s date in the running balance, shows only those from today', () => {
    const days = billsCalendar(
      list,
      [{ account_id: 'current', balance: 300, as_of: '2026-03-01' }],
      '2026-03-20',
    );
    expect(days[0]).toMatchObject({ payee: 'Salary', balance_after: 300 - 1150 - 96 + 2400 });
  });

  it('without a balance there is no running figure', () => {
    const days = billsCalendar(list, [], '2026-03-11', 5);
    expect(days).toEqual([
      expect.objectContaining({ payee: 'British Gas', balance_after: null, shortfall: false }),
    ]);
    expect(dueBetween(days, '2026-03-11', '2026-03-17')).toHaveLength(1);
    expect(dueBetween(days, '2026-03-11', '2026-03-17', ['income'])).toHaveLength(0);
  });
});

describe('the month-end forecast', () => {
  it('latest balances + expected incomes − expected payments, with a range and a plain note', () => {
    const list = [
      series('Salary', 'income', 27, 2400, { salary: true, min_amount: 2300, max_amount: 2500 }),
      series('British Gas', 'payment', 12, 96, { min_amount: 80, max_amount: 142 }),
      series('Council Tax', 'payment', 1, 162),
      series('Saver plan', 'savings', 28, 200),
      series('On the saver', 'payment', 20, 5, { account_id: 'saver' }),
      series('Old', 'payment', 20, 5, { status: 'ended' }),
    ];
    const f = monthEndForecast(
      list,
      accounts,
      [
        { account_id: 'current', balance: 300, as_of: '2026-03-10' },
        { account_id: 'saver', balance: 5000, as_of: '2026-03-10' },
      ],
      '2026-03-11',
    );
    expect(f).toMatchObject({
      month_end: '2026-03-31',
      balance: 300,
      expected_in: 2400,
      expected_out: 296,
      expected: 2404,
      low: 300 + 2300 - 142 - 200,
      high: 300 + 2500 - 80 - 200,
      in_credit: true,
      payments: 1,
      incomes: 1,
      savings: 1,
      accounts_without_balance: ['Sole current'],
    });
    expect(f.note).toBe(
      'Based on 1 regular payment, 1 savings plan and your salary on the 27th, from the latest balance of 1 current account (statements to 10 Mar 2026). 1 current account without a statement balance is left out.',
    );
  });

  it('names a non-salary income by its payer, and says when no balance is known', () => {
    const list = [series('DWP', 'income', 2, 100), series('Rent', 'payment', 21, 900)];
    const f = monthEndForecast(
      list,
      accounts.slice(0, 1),
      [{ account_id: 'current', balance: -50, as_of: '2026-02-28' }],
      '2026-03-01',
    );
    expect(f.note).toMatch(/^Based on 1 regular payment and DWP on the 2nd, /);
    expect(f.in_credit).toBe(false);
    expect(f.expected).toBe(-850);
    const none = monthEndForecast(list, accounts, [], '2026-03-01');
    expect(none).toMatchObject({ in_credit: null, balance: 0, expected: 0 });
    expect(none.note).toMatch(/^No current account has a statement balance yet/);
  });

  // A family that last uploaded a current account statement many months ago: projecting from that balance
  // would add every salary and bill of the months between as if each had happened, and show a confident
  // figure (tens of thousands "in credit") that no statement supports.
  it('projects only from a statement of last month or this month; an older balance is left out and said so', () => {
    expect(balancesCountFrom('2026-03-11')).toBe('2026-02-01');
    expect(balancesCountFrom('2026-01-31')).toBe('2025-12-01');
    const list = [series('Salary', 'income', 27, 2400, { salary: true }), series('Rent', 'payment', 1, 900)];
    const old = [{ account_id: 'current', balance: 300, as_of: '2025-04-20' }];
    const alone = monthEndForecast(list, accounts.slice(0, 1), old, '2026-11-26');
    expect(alone).toMatchObject({ in_credit: null, balance: 0, expected: 0, expected_in: 0 });
    expect(alone.accounts_without_balance).toEqual(['Joint current']);
    expect(alone.note).toBe(
      'No current account has a statement since 1 Oct 2026: upload a recent current account statement to see where the month ends.',
    );
    // One recent and one stale current account: the stale one is left out of the sum and named in the note.
    const both = monthEndForecast(
      list,
      accounts.slice(0, 2),
      [
        { account_id: 'current', balance: 300, as_of: '2026-10-31' },
        { account_id: 'second', balance: 9000, as_of: '2026-01-31' },
      ],
      '2026-11-26',
    );
    expect(both).toMatchObject({ balance: 300, expected: 300 + 2400 - 900, in_credit: true });
    expect(both.note).toMatch(/ 1 current account with no statement since 1 Oct 2026 is left out\.$/);
    // The calendar gives no balance after an item for an account whose balance is that old.
    const calendar = billsCalendar(list, old, '2026-11-26');
    expect(calendar.length).toBeGreaterThan(0);
    expect(calendar.every((e) => e.balance_after === null && !e.shortfall)).toBe(true);
    // A balance of last month still counts on the month's last day.
    const lastMonth = monthEndForecast(
      list,
      accounts.slice(0, 1),
      [{ account_id: 'current', balance: 300, as_of: '2026-10-01' }],
      '2026-11-30',
    );
    expect(lastMonth.in_credit).toBe(true);
  });

  it('writes ordinals properly', () => {
    const f = (day: number) =>
      monthEndForecast(
        [series('Pay', 'income', day, 1, { salary: true })],
        accounts.slice(0, 1),
        [{ account_id: 'current', balance: 1, as_of: '2026-03-01' }],
        '2026-03-01',
      ).note;
    expect(f(31)).toMatch(/on the 31st/);
    expect(f(2)).toMatch(/on the 2nd/);
    expect(f(3)).toMatch(/on the 3rd/);
    expect(f(11)).toMatch(/on the 11th/);
  });
});
