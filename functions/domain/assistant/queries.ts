import { monthLabel } from '../dates';
import { flowDirection } from '../flow-direction';
import { effectiveFlowType, flowTypeLabel, isExpenseFlowType } from '../flow-types';
import { toPence } from '../money';
import { percentageChange } from '../percentage-change';
import type { Figures } from '../rollups';
import { monthBounds, monthOf, monthsBetween } from '../rollups';
import type { EffectiveFlowType, Transaction } from '../types';
import { atMerchant, categoryOf, payeeOf, sameCategory, UNCATEGORIZED } from './categories';
import type { DateRange } from './date-phrases';
import type { IntentFlow, IntentKind } from './intents';

/**
 * The queries behind each intent (spec 3 §2.5 example questions), computed in code. Totals of whole flows
 * (spending, net income, transfers) come from the monthly roll-ups' figures; what needs a row's words
 * (categories, merchants, income sources, the largest rows) comes from the period's rows. Each returns an
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
  const expenses = rows.filter(inPeriod(period)).filter(isExpense);
  const breakdown = (
    Object.entries(figures.byFlow) as Array<[EffectiveFlowType, { count: number; abs: number }]>
  )
    .filter(([flow]) => isExpenseFlowType(flow))
    .sort((a, b) => b[1].abs - a[1].abs || a[0].localeCompare(b[0]))
    .map(([flow, v]) => ({
      label: flowTypeLabel(flow),
      total: pounds(v.abs),
      count: v.count,
      share: share(v.abs, figures.expenses),
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
  const used = rows.filter(inPeriod(period)).filter((r) => isIncome(r) || isExpense(r));
  const net = figures.income - figures.expenses;
  const incomeCount = figures.byFlow.income?.count ?? 0;
  const expenseCount = (Object.entries(figures.byFlow) as Array<[EffectiveFlowType, { count: number }]>)
    .filter(([flow]) => isExpenseFlowType(flow))
    .reduce((n, [, v]) => n + v.count, 0);
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
      share: share(a.out + a.in, figures.internal),
    }))
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  const count = figures.byFlow.internal_transfer?.count ?? 0;
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

/** Spending by category, largest first; the biggest is the answer. */
export function biggestCategoryQuery(
  period: DateRange,
  rows: readonly AssistantRow[],
  month = false,
): AssistantResult {
  const expenses = rows.filter(inPeriod(period)).filter(isExpense);
  const groups = new Map<string, { pence: number; count: number }>();
  let total = 0;
  for (const r of expenses) {
    const c = categoryOf(r);
    const g = groups.get(c) ?? { pence: 0, count: 0 };
    const p = toPence(magnitude(r));
    g.pence += p;
    g.count++;
    total += p;
    groups.set(c, g);
  }
  const sorted = [...groups.entries()].sort((a, b) => b[1].pence - a[1].pence || a[0].localeCompare(b[0]));
  // the biggest named category answers; Uncategorized is listed but never "the biggest category"
  const top = sorted.find(([c]) => c !== UNCATEGORIZED);
  const breakdown = sorted.slice(0, 10).map(([label, g]) => ({
    label,
    total: pounds(g.pence),
    count: g.count,
    share: share(g.pence, total),
  }));
  const topRows = top ? expenses.filter((r) => categoryOf(r) === top[0]) : [];
  return {
    ...result(
      'biggest_category',
      period,
      {
        expenses: pounds(total),
        expense_count: expenses.length,
        ...(top
          ? {
              top_total: pounds(top[1].pence),
              top_count: top[1].count,
              top_share: share(top[1].pence, total),
            }
          : {}),
        categories: sorted.length,
      },
      topRows.length ? topRows : expenses,
      { breakdown, transaction_count: expenses.length },
      month,
    ),
    ...(top ? { subject: top[0] } : {}),
  };
}

/** A category's spending month by month over the period, and the change from its first month to its last. */
export function categoryTrendQuery(
  period: DateRange,
  category: string,
  rows: readonly AssistantRow[],
): AssistantResult {
  const list = rows
    .filter(inPeriod(period))
    .filter(isExpense)
    .filter((r) => sameCategory(categoryOf(r), category));
  const months = monthsBetween(period.start, period.end);
  const byMonth = new Map(months.map((m) => [m, { pence: 0, count: 0 }]));
  let total = 0;
  for (const r of list) {
    const m = byMonth.get(monthOf(r.transaction_date));
    if (!m) continue;
    const p = toPence(magnitude(r));
    m.pence += p;
    m.count++;
    total += p;
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
    ...result(
      'category_trend',
      period,
      {
        total: pounds(total),
        count: list.length,
        months: months.length,
        ...(months.length ? { monthly_average: Math.round(total / months.length) / 100 } : {}),
        ...(change && active ? { change: change.value } : {}),
      },
      list,
      { breakdown },
    ),
    subject: category,
  };
}

/** The largest transactions of a flow (money out by default): the `limit` largest by amount. */
export function largestQuery(
  period: DateRange,
  flow: IntentFlow,
  limit: number,
  rows: readonly AssistantRow[],
): AssistantResult {
  const keep = flow === 'income' ? isIncome : flow === 'internal_transfer' ? isInternal : isExpense;
  const list = rows.filter(inPeriod(period)).filter(keep).sort(byMagnitudeDesc);
  const top = list.slice(0, limit);
  const sum = top.reduce((s, r) => s + toPence(magnitude(r)), 0);
  return {
    intent: 'largest_transactions',
    period,
    flow,
    figures: { shown: top.length, total: pounds(sum), ...(top[0] ? { largest: magnitude(top[0]) } : {}) },
    breakdown: [],
    transactions: top.map(used),
    transaction_count: list.length,
  };
}

/** What was paid to a merchant: total, count, average and the rows. */
export function merchantQuery(
  period: DateRange,
  merchant: string,
  rows: readonly AssistantRow[],
): AssistantResult {
  const list = rows
    .filter(inPeriod(period))
    .filter((r) => !isInternal(r) && !isIncome(r))
    .filter((r) => atMerchant(r, merchant));
  const pence = list.reduce((s, r) => s - toPence(signed(r)), 0);
  return {
    ...result(
      'merchant_total',
      period,
      {
        total: pounds(pence),
        count: list.length,
        ...(list.length ? { average: Math.round(pence / list.length) / 100 } : {}),
      },
      list,
      {},
      true,
    ),
    subject: list[0] ? payeeOf(list[0]) : merchant,
    transactions: sampleTransactions(list, SHOWN_TRANSACTIONS).map(used),
  };
}

/** Income by source (the payer), largest first. */
export function incomeSourcesQuery(
  period: DateRange,
  rows: readonly AssistantRow[],
  month = false,
): AssistantResult {
  const list = rows.filter(inPeriod(period)).filter(isIncome);
  const groups = new Map<string, { pence: number; count: number }>();
  let total = 0;
  for (const r of list) {
    const source = payeeOf(r);
    const g = groups.get(source) ?? { pence: 0, count: 0 };
    const p = toPence(magnitude(r));
    g.pence += p;
    g.count++;
    total += p;
    groups.set(source, g);
  }
  const breakdown = [...groups.entries()]
    .sort((a, b) => b[1].pence - a[1].pence || a[0].localeCompare(b[0]))
    .slice(0, 10)
    .map(([label, g]) => ({ label, total: pounds(g.pence), count: g.count, share: share(g.pence, total) }));
  return result(
    'income_sources',
    period,
    { income: pounds(total), count: list.length, sources: groups.size },
    list,
    { breakdown },
    month,
  );
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
