import { toEpochDay } from './dates';
import { roundMoney } from './money';
import type { Transaction } from './types';

/**
 * Data cleanup (spec 2 §2 "Data Cleanup", §4 "Cleanup", §5 "Bad transaction", §8 "Cleanup deletion",
 * §9 deletion batch size).
 */

export const DELETION_BATCH_SIZE = 100;
export const CLEANUP_SAMPLE_ROWS = 3;
export const SAMPLE_DESCRIPTION_LENGTH = 40;

export type CleanupTransaction = Pick<
  Transaction,
  'id' | 'account_id' | 'transaction_date' | 'amount' | 'description' | 'signed_amount' | 'type' | 'account'
>;

export type MissingField = 'type' | 'signed_amount';

/** The fields that make a transaction bad: type missing, signed_amount null or undefined. */
export function missingFields(tx: Pick<Transaction, 'type' | 'signed_amount'>): MissingField[] {
  const missing: MissingField[] = [];
  if (tx.type === null || tx.type === undefined || tx.type === '') missing.push('type');
  if (tx.signed_amount === null || tx.signed_amount === undefined) missing.push('signed_amount');
  return missing;
}

/** Bad transaction (spec 2 §5): type is missing, or signed_amount is null or undefined. */
export function isBadTransaction(tx: Pick<Transaction, 'type' | 'signed_amount'>): boolean {
  return missingFields(tx).length > 0;
}

/** Complete transaction (spec 2 §5 data completeness): amount above 0, description and type present. */
export function isCompleteTransaction(tx: Pick<Transaction, 'amount' | 'description' | 'type'>): boolean {
  return (
    typeof tx.amount === 'number' &&
    tx.amount > 0 &&
    typeof tx.description === 'string' &&
    tx.description.trim() !== '' &&
    typeof tx.type === 'string' &&
    tx.type !== ''
  );
}

/** A description cut to 40 characters; '...' marks a cut (spec 2 §2). */
export function sampleDescription(description: string | null | undefined): string {
  const d = (description ?? '').trim();
  return d.length > SAMPLE_DESCRIPTION_LENGTH ? `${d.slice(0, SAMPLE_DESCRIPTION_LENGTH)}...` : d;
}

/** The line after the samples: '... and N more' (spec 2 §2); null when nothing is hidden. */
export function moreLine(hidden: number): string | null {
  return hidden > 0 ? `... and ${hidden} more` : null;
}

export interface CleanupSample {
  id: string;
  date: string;
  description: string;
  amount: number;
  missing: MissingField[];
}

export interface AccountBreakdown {
  accountId: string;
  accountName: string | null;
  bankName: string | null;
  count: number;
  /** Sum of the amounts, in pounds. */
  total: number;
  dateRange: { from: string; to: string } | null;
  samples: CleanupSample[];
  more: string | null;
}

export interface CleanupAnalysis {
  totalTransactions: number;
  badTransactions: number;
  missingType: number;
  missingSignedAmount: number;
  /** Ids to delete, in input order. */
  badIds: string[];
  byAccount: AccountBreakdown[];
}

/**
 * Analyse transactions for cleanup (spec 2 §2): the tiles (total, bad, missing type, missing signed amount)
 * and the per-account breakdown (count, total, date range, up to 3 samples, '... and N more'). Accounts are
 * listed with the most bad transactions first.
 */
export function analyseCleanup(transactions: readonly CleanupTransaction[]): CleanupAnalysis {
  const byAccount = new Map<string, CleanupTransaction[]>();
  let missingType = 0;
  let missingSignedAmount = 0;
  const badIds: string[] = [];
  for (const tx of transactions) {
    const missing = missingFields(tx);
    if (missing.length === 0) continue;
    badIds.push(tx.id);
    if (missing.includes('type')) missingType++;
    if (missing.includes('signed_amount')) missingSignedAmount++;
    const list = byAccount.get(tx.account_id) ?? [];
    list.push(tx);
    byAccount.set(tx.account_id, list);
  }
  const breakdown = [...byAccount.entries()].map(([accountId, list]): AccountBreakdown => {
    const dates = list
      .map((t) => t.transaction_date)
      .filter((d) => !Number.isNaN(toEpochDay(d)))
      .sort();
    return {
      accountId,
      accountName: list[0]?.account?.name ?? null,
      bankName: list[0]?.account?.bank_name ?? null,
      count: list.length,
      total: roundMoney(list.reduce((sum, t) => sum + (Number.isFinite(t.amount) ? t.amount : 0), 0)),
      dateRange: dates.length ? { from: dates[0]!, to: dates[dates.length - 1]! } : null,
      samples: list.slice(0, CLEANUP_SAMPLE_ROWS).map((t) => ({
        id: t.id,
        date: t.transaction_date,
        description: sampleDescription(t.description),
        amount: t.amount,
        missing: missingFields(t),
      })),
      more: moreLine(list.length - CLEANUP_SAMPLE_ROWS),
    };
  });
  breakdown.sort((a, b) => b.count - a.count || (a.accountId < b.accountId ? -1 : 1));
  return {
    totalTransactions: transactions.length,
    badTransactions: badIds.length,
    missingType,
    missingSignedAmount,
    badIds,
    byAccount: breakdown,
  };
}

/** Ids split into deletion batches of 100 (spec 2 §7, §9). */
export function deletionBatches<T>(ids: readonly T[], size: number = DELETION_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < ids.length; i += size) batches.push(ids.slice(i, i + size));
  return batches;
}

/** Messages of the cleanup screen (spec 2 §2, §8). */
export const CLEANUP_MESSAGES = {
  deleteButton: (n: number) => `Delete ${n} Bad Transactions`,
  warning: (n: number) =>
    `This will permanently delete ${n} transactions. Only do this if you are going to re-upload the original PDF statements.`,
  batchError: (message: string) => `Error deleting transactions: ${message}`,
  partial: (deleted: number, total: number) =>
    `Only deleted ${deleted} of ${total} transactions. Some deletions failed.`,
  exception: 'Deletion failed. Check console for details.',
  success: (n: number) =>
    `Successfully deleted ${n} problematic transactions! Re-upload your PDF statements to restore them correctly.`,
} as const;

/**
 * Outcome of a deletion run (spec 2 §4, §8): 'cleared' on full success (the held list is cleared), 'partial'
 * when fewer were deleted than planned (the list is kept), with the alert to show.
 */
export function deletionOutcome(
  deleted: number,
  planned: number,
): { status: 'cleared' | 'partial'; message: string } {
  return deleted >= planned
    ? { status: 'cleared', message: CLEANUP_MESSAGES.success(deleted) }
    : { status: 'partial', message: CLEANUP_MESSAGES.partial(deleted, planned) };
}
