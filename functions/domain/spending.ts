import { DEFAULT_TIME_ZONE, localDate, toEpochDay } from './dates';
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
