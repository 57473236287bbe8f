import { DEFAULT_TIME_ZONE, localDate, toEpochDay } from './dates';
import { moneyDirection } from './flow-direction';
import { effectiveFlowType } from './flow-types';
import { findMerchant } from './merchants';
import { roundMoney } from './money';
import type { DataQuality, Transaction } from './types';

/**
 * Spend by category (spec 3 §2.4, §3 spending aggregate, §5 data quality, §9).
 */

export const TOP_CATEGORIES = 10;
export const TOP_MERCHANTS = 5;
export const UNCATEGORIZED = 'Uncategorized';
export const STALE_ACTIVITY_DAYS = 14;
export const OLD_TRANSACTION_DAYS = 30;

export type SpendingTransaction = Pick<
  Transaction,
  | 'id'
  | 'amount'
  | 'description'
  | 'transaction_date'
  | 'flow_type'
  | 'user_corrected_flow_type'
  | 'primary_category'
  | 'subcategory'
  | 'merchant_name'
  | 'category_confidence'
>;

export interface MerchantTotal {
  merchant: string;
  total: number;
  count: number;
}

export interface SpendingAggregate<T> {
  category: string;
  totalAmount: number;
  transactionCount: number;
  /** Share of all spending in the result, 0–100 with one decimal. */
  percentage: number;
  /** Mean category_confidence of the transactions that have one; null when none do. */
  averageConfidence: number | null;
  topMerchants: MerchantTotal[];
  transactions: T[];
}

/** The merchant a transaction is attributed to: merchant_name, else a known merchant, else the description. */
export function merchantOf(tx: Pick<Transaction, 'merchant_name' | 'description'>): string {
  const named = tx.merchant_name?.trim();
  if (named) return named;
  const known = findMerchant(tx.description ?? '');
  if (known) return known.name;
  return (tx.description ?? '').trim().replace(/\s+/g, ' ') || 'Unknown';
}

/**
 * Spending by category (spec 3 §3): external expenses (by effective flow type) grouped by primary_category
 * (or subcategory when `by` is 'subcategory'), each with total, count, percentage of the total, average
 * confidence and the top 5 merchants by amount. Uncategorised spending is grouped as 'Uncategorized' and left
 * out when includeUncategorized is false. Sorted by total, largest first.
 */
export function spendingByCategory<T extends SpendingTransaction>(
  transactions: readonly T[],
  options: { by?: 'category' | 'subcategory'; includeUncategorized?: boolean } = {},
): SpendingAggregate<T>[] {
  const by = options.by ?? 'category';
  const groups = new Map<string, T[]>();
  for (const t of transactions) {
    if (effectiveFlowType(t) !== 'external_expense') continue;
    const raw = by === 'category' ? t.primary_category : t.subcategory;
    const key = raw?.trim() || UNCATEGORIZED;
    if (key === UNCATEGORIZED && options.includeUncategorized === false) continue;
    const list = groups.get(key) ?? [];
    list.push(t);
    groups.set(key, list);
  }
  const magnitude = (t: T) => Math.abs(Number.isFinite(t.amount) ? t.amount : 0);
  const grand = [...groups.values()].flat().reduce((s, t) => s + magnitude(t), 0);
  const out = [...groups.entries()].map(([category, list]): SpendingAggregate<T> => {
    const total = list.reduce((s, t) => s + magnitude(t), 0);
    const confidences = list
      .map((t) => t.category_confidence)
      .filter((c): c is number => typeof c === 'number');
    const merchants = new Map<string, MerchantTotal>();
    for (const t of list) {
      const name = merchantOf(t);
      const m = merchants.get(name) ?? { merchant: name, total: 0, count: 0 };
      m.total += magnitude(t);
      m.count++;
      merchants.set(name, m);
    }
    return {
      category,
      totalAmount: roundMoney(total),
      transactionCount: list.length,
      percentage: grand === 0 ? 0 : Math.round((total / grand) * 1000) / 10,
      averageConfidence: confidences.length
        ? Math.round((confidences.reduce((s, c) => s + c, 0) / confidences.length) * 1000) / 1000
        : null,
      topMerchants: [...merchants.values()]
        .map((m) => ({ ...m, total: roundMoney(m.total) }))
        .sort((a, b) => b.total - a.total || b.count - a.count || (a.merchant < b.merchant ? -1 : 1))
        .slice(0, TOP_MERCHANTS),
      transactions: list,
    };
  });
  return out.sort((a, b) => b.totalAmount - a.totalAmount || (a.category < b.category ? -1 : 1));
}

/** Spend by category data quality (spec 3 §5): complete over 20 transactions, partial over 5, else insufficient. */
export function spendingDataQuality(transactionCount: number): DataQuality {
  if (transactionCount > 20) return 'complete';
  if (transactionCount > 5) return 'partial';
  return 'insufficient';
}

/**
 * Hints of the spending page (spec 3 §9): stale activity after 14 days since the last account activity;
 * old transactions after 30 days since the latest transaction.
 */
export function spendingHints(
  input: { lastActivityDate?: string | null; latestTransactionDate?: string | null },
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): { staleActivity: boolean; oldTransactions: boolean } {
  const today = toEpochDay(localDate(now, timeZone));
  const since = (d?: string | null) => (d ? today - toEpochDay(d) : Number.NaN);
  return {
    staleActivity: since(input.lastActivityDate) > STALE_ACTIVITY_DAYS,
    oldTransactions: since(input.latestTransactionDate) > OLD_TRANSACTION_DAYS,
  };
}

export const SPENDING_MESSAGES = {
  empty: 'No Spending Data',
  emptyHint: 'Try changing the period or filters',
  loadFailedTitle: 'Unable to Load Spending Data',
  familyFailed: 'Unable to load family data',
  accountsFailed: 'Unable to load accounts',
  transactionsFailed: 'Unable to load transaction data',
  failed: 'Failed to load data',
  spendingFailed: 'Failed to load spending data',
} as const;

// ── Spending roll-ups: per month, account and category (spec 3 §3 spending aggregate) ───────────────────

/**
 * What a row adds to spending, in pounds (negative for a refund), or null when it is not spending: an
 * external expense (effective flow type) adds its amount when money goes out and takes it off when money
 * comes in (a refund: the rules file a REFUND line coming in as an expense, and a family may correct one to
 * External Expense). Nothing else counts (income, internal transfers, the mortgage types, unclassified rows),
 * whatever its words: a row the family's figures count as money in is never also less spending, so a refund
 * lowers money out and its category alike (README "Figures"). The direction is signed_amount, else
 * credit/debit; an expense of unknown direction counts as money out.
 */
export function spendingAmount(
  row: Pick<
    Transaction,
    'amount' | 'signed_amount' | 'type' | 'description' | 'flow_type' | 'user_corrected_flow_type'
  >,
): number | null {
  if (effectiveFlowType(row) !== 'external_expense') return null;
  const magnitude = Math.abs(Number.isFinite(row.amount) ? row.amount : 0);
  return moneyDirection(row) === 'in' ? -magnitude : magnitude;
}

/** A row as a roll-up reads it; its account is the roll-up's when not given. */
export type SpendRollupRow = Partial<Pick<Transaction, 'account_id'>> &
  Pick<
    Transaction,
    | 'id'
    | 'amount'
    | 'signed_amount'
    | 'type'
    | 'description'
    | 'transaction_date'
    | 'flow_type'
    | 'user_corrected_flow_type'
    | 'category_id'
    | 'subcategory_id'
    | 'merchant_name'
    | 'category_confidence'
  >;

/** A merchant's spending within a cell: money out and refunds kept apart (the type filter). */
export interface RollupMerchant {
  merchant: string;
  out: number;
  out_count: number;
  in: number;
  in_count: number;
}

/** One of the largest rows of a cell, to show under the category without reading the rows. */
export interface RollupTransaction {
  id: string;
  account_id: string;
  transaction_date: string;
  description: string;
  merchant_name: string | null;
  /** What it adds to spending (negative for a refund). */
  amount: number;
}

/** Spending of one leaf category (subcategory, else category, else uncategorised) in one account-month. */
export interface SpendRollupCell {
  /** The leaf: a subcategory id, a category id without children, or 'uncategorised'. */
  leaf: string;
  category_id: string | null;
  /** Money out (pounds, 2 decimals) and its row count. */
  out: number;
  out_count: number;
  /** Refunds (pounds, positive) and their row count. */
  in: number;
  in_count: number;
  /** Sum and count of category_confidence over rows that have one. */
  confidence_sum: number;
  confidence_count: number;
  /** The merchants of the cell by money out, at most ROLLUP_MERCHANTS. */
  merchants: RollupMerchant[];
  /** The largest rows by money out (then refunds), at most ROLLUP_TRANSACTIONS of each. */
  transactions: RollupTransaction[];
}

export interface SpendRollup {
  month: string;
  account_id: string;
  cells: SpendRollupCell[];
  /** The newest transaction_date among the month's spending rows. */
  latest_date: string | null;
}

/** Merchants kept per cell: enough for the top 5 of a category over months and accounts in practice. */
export const ROLLUP_MERCHANTS = 10;
/** Rows kept per cell and direction: the 5 a category shows before 'Show all'. */
export const ROLLUP_TRANSACTIONS = 5;
export const UNCATEGORISED_LEAF = 'uncategorised';

const cents = (n: number) => Math.round(n * 100);
const pounds = (c: number) => c / 100;

/**
 * The roll-up of one account's rows in one month: every row that counts as spending (spendingAmount), by
 * leaf category. Recomputed from the rows each time (never incremented). Rows of other months or accounts
 * must not be passed.
 */
export function rollupOf(month: string, accountId: string, rows: readonly SpendRollupRow[]): SpendRollup {
  interface Acc {
    cell: SpendRollupCell;
    out: number;
    in: number;
    merchants: Map<string, { out: number; out_count: number; in: number; in_count: number }>;
    rows: RollupTransaction[];
  }
  const cells = new Map<string, Acc>();
  let latest: string | null = null;
  for (const row of rows) {
    const amount = spendingAmount(row);
    if (amount === null) continue;
    if (!latest || row.transaction_date > latest) latest = row.transaction_date;
    const leaf = row.subcategory_id || row.category_id || UNCATEGORISED_LEAF;
    const acc: Acc = cells.get(leaf) ?? {
      cell: {
        leaf,
        category_id: row.category_id || null,
        out: 0,
        out_count: 0,
        in: 0,
        in_count: 0,
        confidence_sum: 0,
        confidence_count: 0,
        merchants: [],
        transactions: [],
      },
      out: 0,
      in: 0,
      merchants: new Map(),
      rows: [],
    };
    cells.set(leaf, acc);
    const c = cents(Math.abs(amount));
    const name = merchantOf(row);
    const m = acc.merchants.get(name) ?? { out: 0, out_count: 0, in: 0, in_count: 0 };
    if (amount >= 0) {
      acc.out += c;
      acc.cell.out_count++;
      m.out += c;
      m.out_count++;
    } else {
      acc.in += c;
      acc.cell.in_count++;
      m.in += c;
      m.in_count++;
    }
    acc.merchants.set(name, m);
    if (typeof row.category_confidence === 'number' && Number.isFinite(row.category_confidence)) {
      acc.cell.confidence_sum += row.category_confidence;
      acc.cell.confidence_count++;
    }
    acc.rows.push({
      id: row.id,
      account_id: row.account_id ?? accountId,
      transaction_date: row.transaction_date,
      description: row.description ?? '',
      merchant_name: row.merchant_name ?? null,
      amount: roundMoney(amount),
    });
  }
  const largest = (list: RollupTransaction[], sign: 1 | -1) =>
    list
      .filter((t) => Math.sign(t.amount) === sign || (sign === 1 && t.amount === 0))
      .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount) || (a.id < b.id ? -1 : 1))
      .slice(0, ROLLUP_TRANSACTIONS);
  const out = [...cells.values()].map(({ cell, out: o, in: i, merchants, rows: list }) => ({
    ...cell,
    out: pounds(o),
    in: pounds(i),
    confidence_sum: Math.round(cell.confidence_sum * 1000) / 1000,
    merchants: [...merchants]
      .map(([merchant, m]) => ({
        merchant,
        out: pounds(m.out),
        out_count: m.out_count,
        in: pounds(m.in),
        in_count: m.in_count,
      }))
      .sort((a, b) => b.out - a.out || b.in - a.in || (a.merchant < b.merchant ? -1 : 1))
      .slice(0, ROLLUP_MERCHANTS),
    transactions: [...largest(list, 1), ...largest(list, -1)],
  }));
  out.sort((a, b) => (a.leaf < b.leaf ? -1 : 1));
  return { month, account_id: accountId, cells: out, latest_date: latest };
}

/** Which rows the type filter keeps: all spending, purchases only (money out) or refunds only. */
export const SPENDING_TYPES = ['all', 'purchases', 'refunds'] as const;
export type SpendingType = (typeof SPENDING_TYPES)[number];

export interface CategoryInfo {
  id: string;
  name: string;
  parent_id: string | null;
  display_order: number;
  color: string;
  icon: string;
}

export interface SpendingSubcategory {
  id: string;
  name: string;
  total: number;
  count: number;
}

export interface SpendingCategory {
  /** A category id, or 'uncategorised'. */
  id: string;
  name: string;
  color: string;
  icon: string;
  /** Net spending in pounds (money out less refunds, with the type filter applied). */
  total: number;
  count: number;
  /** Share of the period's total, 0–100 with one decimal. */
  percentage: number;
  /** Mean category confidence of the rows that have one, 0–1 (3 decimals); null when none do. */
  average_confidence: number | null;
  subcategories: SpendingSubcategory[];
  /** Top 5 merchants by spending. */
  top_merchants: MerchantTotal[];
  /** The largest rows (up to 5): enough to show before 'Show all'. */
  transactions: RollupTransaction[];
}

export interface SpendingSummary {
  categories: SpendingCategory[];
  total: number;
  transaction_count: number;
  average_confidence: number | null;
  data_quality: DataQuality;
  latest_date: string | null;
}

/**
 * Spend by category from roll-ups (spec 3 §3, §5, §9): cells merged over months and accounts, leaves
 * grouped under their category, sorted by total (largest first), each with its subcategories, top 5
 * merchants, its largest 5 rows and its average confidence. Refunds reduce their category (type 'all');
 * 'purchases' counts money out only and 'refunds' refunds only (as positive amounts). Uncategorised
 * spending is its own group, left out when includeUncategorised is false. Categories whose net is zero or
 * less (refunds only) are listed after the others with their (negative) total; their share is 0. Each
 * share is of the total shown (every group's net), so a refunds-only group raises the others' shares.
 */
export function summariseSpending(
  rollups: readonly SpendRollup[],
  categories: readonly CategoryInfo[],
  options: { type?: SpendingType; includeUncategorised?: boolean } = {},
): SpendingSummary {
  const type = options.type ?? 'all';
  const byId = new Map(categories.map((c) => [c.id, c]));
  const parentOf = (leaf: string, categoryId: string | null) => {
    if (leaf === UNCATEGORISED_LEAF) return UNCATEGORISED_LEAF;
    const known = byId.get(leaf);
    if (known) return known.parent_id ?? known.id;
    return categoryId ?? UNCATEGORISED_LEAF;
  };
  interface Group {
    total: number;
    count: number;
    confSum: number;
    confCount: number;
    subs: Map<string, { total: number; count: number }>;
    merchants: Map<string, { total: number; count: number }>;
    rows: RollupTransaction[];
  }
  const groups = new Map<string, Group>();
  let latest: string | null = null;
  for (const rollup of rollups) {
    if (rollup.latest_date && (!latest || rollup.latest_date > latest)) latest = rollup.latest_date;
    for (const cell of rollup.cells) {
      const id = parentOf(cell.leaf, cell.category_id);
      if (id === UNCATEGORISED_LEAF && options.includeUncategorised === false) continue;
      const amount =
        type === 'purchases'
          ? cents(cell.out)
          : type === 'refunds'
            ? cents(cell.in)
            : cents(cell.out) - cents(cell.in);
      const count =
        type === 'purchases'
          ? cell.out_count
          : type === 'refunds'
            ? cell.in_count
            : cell.out_count + cell.in_count;
      if (count === 0) continue;
      const g: Group = groups.get(id) ?? {
        total: 0,
        count: 0,
        confSum: 0,
        confCount: 0,
        subs: new Map(),
        merchants: new Map(),
        rows: [],
      };
      groups.set(id, g);
      g.total += amount;
      g.count += count;
      g.confSum += cell.confidence_sum;
      g.confCount += cell.confidence_count;
      if (cell.leaf !== id) {
        const s = g.subs.get(cell.leaf) ?? { total: 0, count: 0 };
        s.total += amount;
        s.count += count;
        g.subs.set(cell.leaf, s);
      }
      for (const m of cell.merchants) {
        const t =
          type === 'purchases' ? cents(m.out) : type === 'refunds' ? cents(m.in) : cents(m.out) - cents(m.in);
        const n =
          type === 'purchases' ? m.out_count : type === 'refunds' ? m.in_count : m.out_count + m.in_count;
        if (n === 0) continue;
        const e = g.merchants.get(m.merchant) ?? { total: 0, count: 0 };
        e.total += t;
        e.count += n;
        g.merchants.set(m.merchant, e);
      }
      for (const t of cell.transactions) {
        if (type === 'purchases' && t.amount < 0) continue;
        if (type === 'refunds' && t.amount >= 0) continue;
        g.rows.push(type === 'refunds' ? { ...t, amount: -t.amount } : t);
      }
    }
  }
  // the total shown: every group's net (a group of refunds only lowers it); shares are of this total
  const grand = [...groups.values()].reduce((s, g) => s + g.total, 0);
  const confSum = [...groups.values()].reduce((s, g) => s + g.confSum, 0);
  const confCount = [...groups.values()].reduce((s, g) => s + g.confCount, 0);
  const average = (sum: number, n: number) => (n ? Math.round((sum / n) * 1000) / 1000 : null);
  const list = [...groups].map(([id, g]): SpendingCategory => {
    const info = byId.get(id);
    return {
      id,
      name: info?.name ?? UNCATEGORIZED,
      color: info?.color ?? '',
      icon: info?.icon ?? 'circle-help',
      total: pounds(g.total),
      count: g.count,
      percentage: grand > 0 && g.total > 0 ? Math.round((g.total / grand) * 1000) / 10 : 0,
      average_confidence: average(g.confSum, g.confCount),
      subcategories: [...g.subs]
        .map(([sid, s]) => ({
          id: sid,
          name: byId.get(sid)?.name ?? sid,
          total: pounds(s.total),
          count: s.count,
        }))
        .sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : 1)),
      top_merchants: [...g.merchants]
        .map(([merchant, m]) => ({ merchant, total: pounds(m.total), count: m.count }))
        .sort((a, b) => b.total - a.total || b.count - a.count || (a.merchant < b.merchant ? -1 : 1))
        .slice(0, TOP_MERCHANTS),
      transactions: g.rows
        .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount) || (a.id < b.id ? -1 : 1))
        .slice(0, ROLLUP_TRANSACTIONS),
    };
  });
  list.sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : 1));
  const count = list.reduce((s, c) => s + c.count, 0);
  return {
    categories: list,
    total: pounds(grand),
    transaction_count: count,
    average_confidence: average(confSum, confCount),
    data_quality: spendingDataQuality(count),
    latest_date: latest,
  };
}

/**
 * One roll-up of several (an account's months merged into its year): cells merged by leaf, totals and counts
 * summed, merchants and largest rows kept as rollupOf keeps them. `month` is the label given (e.g. '2025').
 */
export function mergeRollups(label: string, accountId: string, rollups: readonly SpendRollup[]): SpendRollup {
  type Acc = SpendRollupCell & { rows: RollupTransaction[]; m: Map<string, RollupMerchant> };
  const cells = new Map<string, Acc>();
  let latest: string | null = null;
  for (const rollup of rollups) {
    if (rollup.latest_date && (!latest || rollup.latest_date > latest)) latest = rollup.latest_date;
    for (const cell of rollup.cells) {
      const acc: Acc = cells.get(cell.leaf) ?? {
        ...cell,
        out: 0,
        out_count: 0,
        in: 0,
        in_count: 0,
        confidence_sum: 0,
        confidence_count: 0,
        merchants: [],
        transactions: [],
        rows: [],
        m: new Map(),
      };
      cells.set(cell.leaf, acc);
      acc.out = pounds(cents(acc.out) + cents(cell.out));
      acc.in = pounds(cents(acc.in) + cents(cell.in));
      acc.out_count += cell.out_count;
      acc.in_count += cell.in_count;
      acc.confidence_sum = Math.round((acc.confidence_sum + cell.confidence_sum) * 1000) / 1000;
      acc.confidence_count += cell.confidence_count;
      for (const m of cell.merchants) {
        const e = acc.m.get(m.merchant) ?? { merchant: m.merchant, out: 0, out_count: 0, in: 0, in_count: 0 };
        e.out = pounds(cents(e.out) + cents(m.out));
        e.in = pounds(cents(e.in) + cents(m.in));
        e.out_count += m.out_count;
        e.in_count += m.in_count;
        acc.m.set(m.merchant, e);
      }
      acc.rows.push(...cell.transactions);
    }
  }
  const largest = (list: RollupTransaction[], out: boolean) =>
    list
      .filter((t) => (out ? t.amount >= 0 : t.amount < 0))
      .sort((a, b) => Math.abs(b.amount) - Math.abs(a.amount) || (a.id < b.id ? -1 : 1))
      .slice(0, ROLLUP_TRANSACTIONS);
  const merged = [...cells.values()].map(({ rows, m, ...cell }) => ({
    ...cell,
    merchants: [...m.values()]
      .sort((a, b) => b.out - a.out || b.in - a.in || (a.merchant < b.merchant ? -1 : 1))
      .slice(0, ROLLUP_MERCHANTS),
    transactions: [...largest(rows, true), ...largest(rows, false)],
  }));
  merged.sort((a, b) => (a.leaf < b.leaf ? -1 : 1));
  return { month: label, account_id: accountId, cells: merged, latest_date: latest };
}
