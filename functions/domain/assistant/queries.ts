import { CATEGORIES } from '../categories';
import { monthLabel } from '../dates';
import type { FlowFigure } from '../figures';
import { flowDirection } from '../flow-direction';
import { effectiveFlowType, flowTypeLabel, isExpenseFlowType } from '../flow-types';
import { toPence } from '../money';
import { percentageChange } from '../percentage-change';
import type { Figures, PayerCell } from '../rollups';
import { monthBounds, monthOf, monthsBetween } from '../rollups';
import {
  type CategoryInfo,
  merchantOf,
  type RollupTransaction,
  type SpendRollup,
  spendingAmount,
  summariseSpending,
} from '../spending';
import type { EffectiveFlowType, Transaction } from '../types';
import { categoryOf, payeeOf, UNCATEGORIZED } from './categories';
import type { DateRange } from './date-phrases';
import type { IntentFlow, IntentKind } from './intents';
import { categoryCells, merchantInRollups, payeeIs } from './spend';

/**
 * The queries behind each intent (spec 3 §2.5 example questions), computed in code. Totals of whole flows
 * (spending, net income, transfers) come from the monthly flow roll-ups' figures; spending by category and
 * at a merchant from the spending roll-ups (./spend.ts: stored ones for whole months, the rows of partly
 * covered months rolled up the same way); income sources and the largest rows from the period's rows. Each
 * returns an
 * AssistantResult: named figures, a breakdown, and the transactions the answer rests on. Sums are made in
 * whole pence and given in pounds.
 */
export type AssistantRow = Pick<
  Transaction,
  | 'id'
  | 'account_id'
  | 'transaction_date'
  | 'description'
  | 'amount'
  | 'signed_amount'
  | 'type'
  | 'flow_type'
  | 'user_corrected_flow_type'
  | 'primary_category'
  | 'merchant_name'
  | 'category_id'
  | 'subcategory_id'
  | 'category_confidence'
>;

/** A transaction an answer rests on, as shown under it. */
export interface UsedTransaction {
  id: string;
  account_id: string;
  date: string;
  description: string;
  /** Signed: money in positive, money out negative. */
  amount: number;
  flow: EffectiveFlowType;
  category: string;
  merchant: string;
}

export interface BreakdownRow {
  label: string;
  total: number;
  count: number;
  /** Share of the breakdown's total, 0–100 with one decimal. */
  share?: number;
}

export interface AssistantResult {
  intent: IntentKind;
  period: DateRange | null;
  /** The category or merchant the question was about. */
  subject?: string;
  flow?: IntentFlow;
  /** Named figures: pounds, counts or percentages (see each query). */
  figures: Record<string, number>;
  breakdown: BreakdownRow[];
  /** The transactions shown (at most SHOWN_TRANSACTIONS, or the asked-for largest). */
  transactions: UsedTransaction[];
  /** How many rows the figures were made from. */
  transaction_count: number;
}

/** The prompt gets at most 30 transactions (spec 3 §7). */
export const SHOWN_TRANSACTIONS = 30;
/** The enhanced sample (spec 3 §7): 25 rows; a month-specific question may use up to 100. */
export const SAMPLE_SIZE = 25;
export const TREND_MONTHS_DEFAULT = 6;

const pounds = (pence: number) => pence / 100;
const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
const signed = (r: AssistantRow) => flowDirection(r).signedAmount;
const magnitude = (r: AssistantRow) => Math.abs(Number.isFinite(r.amount) ? r.amount : signed(r));

export function used(row: AssistantRow): UsedTransaction {
  return {
    id: row.id,
    account_id: row.account_id,
    date: row.transaction_date,
    description: row.description,
    amount: Math.round(signed(row) * 100) / 100,
    flow: effectiveFlowType(row),
    category: categoryOf(row),
    merchant: payeeOf(row),
  };
}

const byDateDesc = (a: AssistantRow, b: AssistantRow) =>
  b.transaction_date.localeCompare(a.transaction_date) || a.id.localeCompare(b.id);
const byMagnitudeDesc = (a: AssistantRow, b: AssistantRow) => magnitude(b) - magnitude(a) || byDateDesc(a, b);

/**
 * The enhanced sample (spec 3 §7): `size` rows, 30% the most recent, 25% the largest, 25% from diverse
 * merchants (the first row of merchants not yet in), the rest spread evenly across the date-sorted list.
 * Every row at most once; returned newest first.
 */
export function sampleTransactions<T extends AssistantRow>(rows: readonly T[], size = SAMPLE_SIZE): T[] {
  if (rows.length <= size) return [...rows].sort(byDateDesc);
  const chosen = new Map<string, T>();
  const take = (list: readonly T[], n: number) => {
    for (const r of list) {
      if (n <= 0 || chosen.size >= size) break;
      if (!chosen.has(r.id)) {
        chosen.set(r.id, r);
        n--;
      }
    }
  };
  const recent = [...rows].sort(byDateDesc);
  take(recent, Math.round(size * 0.3));
  take([...rows].sort(byMagnitudeDesc), Math.round(size * 0.25));
  const seen = new Set([...chosen.values()].map((r) => payeeOf(r)));
  const diverse: T[] = [];
  for (const r of recent) {
    const p = payeeOf(r);
    if (!seen.has(p)) {
      seen.add(p);
      diverse.push(r);
    }
  }
  take(diverse, Math.round(size * 0.25));
  const rest = recent.filter((r) => !chosen.has(r.id));
  const left = size - chosen.size;
  for (let i = 0; i < left && rest.length; i++) {
    const r = rest[Math.floor((i * rest.length) / left)];
    if (r) chosen.set(r.id, r);
  }
  take(rest, size - chosen.size);
  return [...chosen.values()].sort(byDateDesc);
}

const inPeriod = (period: DateRange) => (r: AssistantRow) =>
  r.transaction_date >= period.start && r.transaction_date <= period.end;
const isExpense = (r: AssistantRow) => isExpenseFlowType(effectiveFlowType(r));
const isInternal = (r: AssistantRow) => effectiveFlowType(r) === 'internal_transfer';
const isIncome = (r: AssistantRow) => effectiveFlowType(r) === 'income';
const isUnclassified = (r: AssistantRow) => effectiveFlowType(r) === 'unclassified';
/** A row of money out: an expense, or an unclassified row whose money left (./figures.ts). */
const isMoneyOut = (r: AssistantRow) => isExpense(r) || (isUnclassified(r) && signed(r) < 0);
const isMoneyIn = (r: AssistantRow) => isIncome(r) || (isUnclassified(r) && signed(r) > 0);

function shown(rows: readonly AssistantRow[], month: boolean): UsedTransaction[] {
  return sampleTransactions(rows, month ? SHOWN_TRANSACTIONS : SAMPLE_SIZE).map(used);
}

function result(
  intent: IntentKind,
  period: DateRange,
  figures: Record<string, number>,
  rows: readonly AssistantRow[],
  extra: Partial<AssistantResult> = {},
  month = false,
): AssistantResult {
  return {
    intent,
    period,
    figures,
    breakdown: [],
    transactions: shown(rows, month),
    transaction_count: rows.length,
    ...extra,
  };
}

/** Spending in a period: real spending (external expenses and mortgage flows), internal transfers apart. */
export function spendingQuery(
  period: DateRange,
  figures: Figures,
  rows: readonly AssistantRow[],
  month = false,
): AssistantResult {
  const expenses = rows.filter(inPeriod(period)).filter(isMoneyOut);
  const parts = (Object.entries(figures.byFlow) as Array<[EffectiveFlowType, FlowFigure]>)
    .filter(([flow]) => isExpenseFlowType(flow))
    .map(([flow, v]) => [flow, v.total, v.count] as const);
  // money out of unclassified rows is part of money out (the overview's rule): shown as its own part
  if (figures.unclassifiedOut > 0)
    parts.push(['unclassified', figures.unclassifiedOut, figures.unclassifiedRowsOut]);
  const breakdown = parts
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([flow, total, count]) => ({
      label: flowTypeLabel(flow),
      total: pounds(total),
      count,
      share: share(total, figures.expenses),
    }));
  const expenseCount = breakdown.reduce((n, b) => n + b.count, 0);
  return result(
    'spending',
    period,
    {
      expenses: pounds(figures.expenses),
      expense_count: expenseCount,
      internal: pounds(figures.internal),
      income: pounds(figures.income),
    },
    expenses,
    { breakdown, transaction_count: expenseCount },
    month,
  );
}

/** Net income: income less real spending; the savings rate when there was income. */
export function netIncomeQuery(
  period: DateRange,
  figures: Figures,
  rows: readonly AssistantRow[],
  month = false,
): AssistantResult {
  const used = rows.filter(inPeriod(period)).filter((r) => isMoneyIn(r) || isMoneyOut(r));
  const net = figures.income - figures.expenses;
  const incomeCount = (figures.byFlow.income?.count ?? 0) + figures.unclassifiedRowsIn;
  const expenseCount =
    (Object.entries(figures.byFlow) as Array<[EffectiveFlowType, { count: number }]>)
      .filter(([flow]) => isExpenseFlowType(flow))
      .reduce((n, [, v]) => n + v.count, 0) + figures.unclassifiedRowsOut;
  return result(
    'net_income',
    period,
    {
      income: pounds(figures.income),
      expenses: pounds(figures.expenses),
      net: pounds(net),
      internal: pounds(figures.internal),
      ...(figures.income > 0 ? { savings_rate: share(net, figures.income) } : {}),
    },
    used,
    { transaction_count: incomeCount + expenseCount },
    month,
  );
}

/** Money moved between the family's accounts: the internal transfers, out of and into each account. */
export function transfersQuery(
  period: DateRange,
  figures: Figures,
  rows: readonly AssistantRow[],
  accountNames: ReadonlyMap<string, string>,
  month = false,
): AssistantResult {
  const internal = rows.filter(inPeriod(period)).filter(isInternal);
  const byAccount = new Map<string, { out: number; in: number; count: number }>();
  for (const r of internal) {
    const a = byAccount.get(r.account_id) ?? { out: 0, in: 0, count: 0 };
    const s = toPence(signed(r));
    if (s < 0) a.out -= s;
    else a.in += s;
    a.count++;
    byAccount.set(r.account_id, a);
  }
  const breakdown = [...byAccount.entries()]
    .map(([id, a]) => ({
      label: accountNames.get(id) ?? 'Unknown account',
      total: pounds(a.out + a.in),
      count: a.count,
    }))
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  const count = figures.transfers;
  return result(
    'transfers',
    period,
    { internal: pounds(figures.internal), transfer_count: count },
    internal,
    { breakdown, transaction_count: count },
    month,
  );
}

/** Internal transfers against real spending: both totals, the ratio, and the transfer share of all money moved. */
export function transfersVsExpensesQuery(
  period: DateRange,
  figures: Figures,
  rows: readonly AssistantRow[],
  month = false,
): AssistantResult {
  const list = rows.filter(inPeriod(period)).filter((r) => isInternal(r) || isExpense(r));
  const all = figures.income + figures.expenses + figures.internal;
  return result(
    'transfers_vs_expenses',
    period,
    {
      internal: pounds(figures.internal),
      expenses: pounds(figures.expenses),
      ...(figures.expenses > 0
        ? { ratio: Math.round((figures.internal / figures.expenses) * 100) / 100 }
        : {}),
      transfer_share: share(figures.internal, all),
    },
    list,
    {
      transaction_count: (Object.entries(figures.byFlow) as Array<[EffectiveFlowType, { count: number }]>)
        .filter(([flow]) => flow === 'internal_transfer' || isExpenseFlowType(flow))
        .reduce((n, [, v]) => n + v.count, 0),
    },
    month,
  );
}

/** A row of a spending roll-up (one of a cell's largest), as shown under an answer. */
function usedOfRollup(t: RollupTransaction, category: string): UsedTransaction {
  return {
    id: t.id,
    account_id: t.account_id,
    date: t.transaction_date,
    description: t.description,
    amount: -t.amount,
    flow: 'external_expense',
    category,
    merchant: merchantOf(t),
  };
}

/** The largest of the shown rows (at most `size`), newest first. */
function largestShown(list: readonly UsedTransaction[], size: number): UsedTransaction[] {
  return [...list]
    .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount) || a.id.localeCompare(b.id))
    .slice(0, size)
    .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));
}

/**
 * Spending by category, largest first; the biggest named category is the answer. The categories come from
 * the spending roll-ups of the period (as Spend by Category counts them: external expenses less refunds, by
 * parent category); the mortgage flows, which are real spending but no category's, are listed by their flow
 * type from the flow roll-ups' `figures` (money out less money back, as money out counts them), and
 * unclassified money out as Unclassified (the spending answer's part of the same name). So the spending the
 * answer names is the period's money out, the figure every other answer and screen gives. Uncategorized,
 * Unclassified and the mortgage flows are listed, never "the biggest category".
 */
export function biggestCategoryQuery(
  period: DateRange,
  spend: readonly SpendRollup[],
  figures:
    | (Pick<Figures, 'byFlow'> & Partial<Pick<Figures, 'unclassifiedOut' | 'unclassifiedRowsOut'>>)
    | null,
  month = false,
  categories: readonly CategoryInfo[] = CATEGORIES,
): AssistantResult {
  const summary = summariseSpending(spend, categories);
  const groups = summary.categories.map((c) => ({
    label: c.name,
    pence: toPence(c.total),
    count: c.count,
    rows: c.transactions.map((t) => usedOfRollup(t, c.name)),
    category: true,
  }));
  for (const [flow, v] of Object.entries(figures?.byFlow ?? {}) as Array<[EffectiveFlowType, FlowFigure]>)
    if (flow !== 'external_expense' && isExpenseFlowType(flow) && v.count)
      groups.push({ label: flowTypeLabel(flow), pence: v.total, count: v.count, rows: [], category: false });
  if (figures?.unclassifiedOut)
    groups.push({
      label: flowTypeLabel('unclassified'),
      pence: figures.unclassifiedOut,
      count: figures.unclassifiedRowsOut ?? 0,
      rows: [],
      category: false,
    });
  groups.sort((a, b) => b.pence - a.pence || a.label.localeCompare(b.label));
  const total = groups.reduce((s, g) => s + g.pence, 0);
  const count = groups.reduce((n, g) => n + g.count, 0);
  const top = groups.find((g) => g.category && g.label !== UNCATEGORIZED && g.pence > 0);
  const breakdown = groups.slice(0, 10).map((g) => ({
    label: g.label,
    total: pounds(g.pence),
    count: g.count,
    share: share(g.pence, total),
  }));
  const rows = top ? top.rows : groups.flatMap((g) => g.rows);
  return {
    intent: 'biggest_category',
    period,
    figures: {
      expenses: pounds(total),
      expense_count: count,
      ...(top
        ? { top_total: pounds(top.pence), top_count: top.count, top_share: share(top.pence, total) }
        : {}),
      categories: groups.filter((g) => g.category).length,
    },
    breakdown,
    transactions: largestShown(rows, month ? SHOWN_TRANSACTIONS : SAMPLE_SIZE),
    transaction_count: count,
    ...(top ? { subject: top.label } : {}),
  };
}

/**
 * A category's spending month by month over the period (from its spending roll-ups), and the change from
 * its first month to its last. The category is a parent (all its subcategories), a subcategory or
 * Uncategorized, by name whatever the case; the shown rows are the largest of each month's cells.
 */
export function categoryTrendQuery(
  period: DateRange,
  category: string,
  spend: readonly SpendRollup[],
  categories: readonly CategoryInfo[] = CATEGORIES,
): AssistantResult {
  const { name, keep } = categoryCells(category, categories);
  const months = monthsBetween(period.start, period.end);
  const byMonth = new Map(months.map((m) => [m, { pence: 0, count: 0 }]));
  const rows: UsedTransaction[] = [];
  let total = 0;
  let count = 0;
  for (const rollup of spend) {
    const m = byMonth.get(rollup.month);
    if (!m) continue;
    for (const cell of rollup.cells) {
      if (!keep(cell)) continue;
      const p = toPence(cell.out) - toPence(cell.in);
      const n = cell.out_count + cell.in_count;
      m.pence += p;
      m.count += n;
      total += p;
      count += n;
      rows.push(...cell.transactions.map((t) => usedOfRollup(t, name)));
    }
  }
  const breakdown = months.map((m) => {
    const v = byMonth.get(m) ?? { pence: 0, count: 0 };
    return { label: monthLabel(m), total: pounds(v.pence), count: v.count };
  });
  const first = breakdown[0];
  const last = breakdown.at(-1);
  const change = first && last && breakdown.length > 1 ? percentageChange(last.total, first.total) : null;
  const active = breakdown.filter((b) => b.count > 0).length;
  return {
    intent: 'category_trend',
    period,
    figures: {
      total: pounds(total),
      count,
      months: months.length,
      ...(months.length ? { monthly_average: Math.round(total / months.length) / 100 } : {}),
      ...(change && active ? { change: change.value } : {}),
    },
    breakdown,
    transactions: largestShown(rows, SAMPLE_SIZE),
    transaction_count: count,
    subject: name,
  };
}

/**
 * The largest transactions of a flow: money out (external expenses and the mortgage flows, money going
 * out), money in (income) or internal transfers; the `limit` largest by amount. `more` are rows already
 * shown as a spending roll-up keeps them (its cells' largest rows: see largestInRollups), `count` how many
 * rows of the flow the period has when the rows are not all read.
 */
export function largestQuery(
  period: DateRange,
  flow: IntentFlow,
  limit: number,
  rows: readonly AssistantRow[],
  more: { transactions?: readonly UsedTransaction[]; count?: number } = {},
): AssistantResult {
  const keep =
    flow === 'income'
      ? isIncome
      : flow === 'internal_transfer'
        ? isInternal
        : (r: AssistantRow) => isExpense(r) && signed(r) <= 0;
  // a row read twice (a partly covered month's rows and the mortgage rows) counts once
  const list = [
    ...new Map(
      rows
        .filter(inPeriod(period))
        .filter(keep)
        .map((r) => [r.id, used(r)]),
    ).values(),
  ];
  const seen = new Set(list.map((t) => t.id));
  const all = [...list, ...(more.transactions ?? []).filter((t) => !seen.has(t.id))].sort(
    (a, b) =>
      Math.abs(b.amount) - Math.abs(a.amount) || b.date.localeCompare(a.date) || a.id.localeCompare(b.id),
  );
  const top = all.slice(0, limit);
  const sum = top.reduce((s, t) => s + toPence(Math.abs(t.amount)), 0);
  return {
    intent: 'largest_transactions',
    period,
    flow,
    figures: {
      shown: top.length,
      total: pounds(sum),
      ...(top[0] ? { largest: Math.abs(top[0].amount) } : {}),
    },
    breakdown: [],
    transactions: top,
    transaction_count: more.count ?? all.length,
  };
}

/**
 * The largest money-out rows the spending roll-ups prove: each cell keeps its largest rows, so a row a cell
 * does not list is no larger than the smallest it lists. The cells' listed rows are the candidates; a
 * roll-up whose cell may hide a row larger than the `limit`-th candidate is returned in `reread` (its month
 * and account are then read from the rows), and its candidates are left out. Among rows of equal amount
 * the roll-up's own pick is shown (the figures are the same).
 */
export function largestInRollups(
  rollups: readonly SpendRollup[],
  limit: number,
  categories: readonly CategoryInfo[] = CATEGORIES,
): { transactions: UsedTransaction[]; reread: SpendRollup[] } {
  const listed = (cell: SpendRollup['cells'][number]) => cell.transactions.filter((t) => t.amount > 0);
  const candidates = rollups
    .flatMap((r) => r.cells.flatMap((c) => listed(c).map((t) => t.amount)))
    .sort((a, b) => b - a);
  const nth = candidates[limit - 1] ?? 0;
  const reread = rollups.filter((r) =>
    r.cells.some((c) => {
      const shown = listed(c);
      if (c.out_count <= shown.length) return false;
      const floor = Math.min(...shown.map((t) => t.amount), Number.POSITIVE_INFINITY);
      // a hidden row equal to the limit-th could only swap with it: the amounts stay those of the answer
      return floor > nth || !shown.length;
    }),
  );
  const transactions = rollups
    .filter((r) => !reread.includes(r))
    .flatMap((r) =>
      r.cells.flatMap((c) =>
        listed(c).map((t) =>
          usedOfRollup(t, categoryCellName({ leaf: c.leaf, category_id: c.category_id }, categories)),
        ),
      ),
    );
  return { transactions, reread };
}

/**
 * What was spent at a merchant (as Spend by Category counts spending: money out less refunds): total, count,
 * average and a sample of the rows. `rollups` are spending roll-ups whose merchant lists are whole
 * (merchantsComplete), `rows` the rows of every other part of the period; the total is exact.
 */
export function merchantQuery(
  period: DateRange,
  merchant: string,
  parts: { rollups: readonly SpendRollup[]; rows: readonly AssistantRow[] },
  categories: readonly CategoryInfo[] = CATEGORIES,
): AssistantResult {
  const stored = merchantInRollups(parts.rollups, merchant);
  const names = new Map(stored.names);
  let pence = stored.pence;
  let count = stored.count;
  const shownRows: UsedTransaction[] = stored.transactions.map((t) =>
    usedOfRollup(t, categoryCellName(t, categories)),
  );
  for (const r of parts.rows) {
    if (!inPeriod(period)(r)) continue;
    const amount = spendingAmount(r);
    const payee = payeeOf(r);
    if (amount === null || !payeeIs(payee, merchant)) continue;
    const p = toPence(amount);
    pence += p;
    count++;
    names.set(payee, (names.get(payee) ?? 0) + p);
    shownRows.push(used(r));
  }
  const subject = [...names].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? merchant;
  return {
    intent: 'merchant_total',
    period,
    figures: {
      total: pounds(pence),
      count,
      ...(count ? { average: Math.round(pence / count) / 100 } : {}),
    },
    breakdown: [],
    transactions: largestShown(shownRows, SHOWN_TRANSACTIONS),
    transaction_count: count,
    subject,
  };
}

function categoryCellName(
  t: { leaf: string; category_id: string | null },
  categories: readonly CategoryInfo[],
): string {
  const leaf = categories.find((c) => c.id === t.leaf);
  const parent = leaf?.parent_id ?? t.category_id ?? leaf?.id;
  return categories.find((c) => c.id === parent)?.name ?? UNCATEGORIZED;
}

/** Income by source (the payer), largest first, from the period's rows. */
export function incomeSourcesQuery(
  period: DateRange,
  rows: readonly AssistantRow[],
  month = false,
): AssistantResult {
  return incomeSourcesFrom(period, [], rows, rows, month);
}

/**
 * Income by source from the monthly roll-ups' income by payer (`payers`: the months the period covers whole)
 * and the income rows of the months it covers in part (`rows`), with `shown` as the transactions shown
 * under the answer (the newest of the period's income).
 */
export function incomeSourcesFrom(
  period: DateRange,
  payers: readonly PayerCell[],
  rows: readonly AssistantRow[],
  shown: readonly AssistantRow[],
  month = false,
): AssistantResult {
  const groups = new Map<string, { pence: number; count: number }>();
  const add = (source: string, pence: number, count: number) => {
    const g = groups.get(source) ?? { pence: 0, count: 0 };
    g.pence += pence;
    g.count += count;
    groups.set(source, g);
  };
  for (const p of payers) add(p.payer, p.pence, p.count);
  for (const r of rows.filter(inPeriod(period)).filter(isIncome)) add(payeeOf(r), toPence(magnitude(r)), 1);
  let total = 0;
  let count = 0;
  for (const g of groups.values()) {
    total += g.pence;
    count += g.count;
  }
  const breakdown = [...groups.entries()]
    .sort((a, b) => b[1].pence - a[1].pence || a[0].localeCompare(b[0]))
    .slice(0, 10)
    .map(([label, g]) => ({ label, total: pounds(g.pence), count: g.count, share: share(g.pence, total) }));
  return {
    ...result(
      'income_sources',
      period,
      { income: pounds(total), count, sources: groups.size },
      shown.filter(inPeriod(period)).filter(isIncome),
      { breakdown },
      month,
    ),
    transaction_count: count,
  };
}

/** The default span of a trend: the last TREND_MONTHS_DEFAULT months up to the month of `last`. */
export function trendSpan(last: string): DateRange {
  const end = monthOf(last);
  const index = Number(end.slice(0, 4)) * 12 + Number(end.slice(5, 7)) - 1 - (TREND_MONTHS_DEFAULT - 1);
  const start = `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  return {
    start: `${start}-01`,
    end: monthBounds(end).end,
    label: `the last ${TREND_MONTHS_DEFAULT} months`,
  };
}
