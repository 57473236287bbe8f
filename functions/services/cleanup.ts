import { listAccounts } from '../adapters/dynamodb/account-repository';
import { deleteIfBad } from '../adapters/dynamodb/review-repository';
import { familyTransactions, type TransactionItem } from '../adapters/dynamodb/transaction-repository';
import type { CleanupAnalysis, CleanupDeleteRequest, CleanupDeleteResponse } from '../contracts/review';
import { analyseCleanup } from '../domain/cleanup';
import type { FamilyContext } from '../shared/context';
import { logger } from '../shared/logger';
import type { Ports } from '../shared/ports';
import { forgetPairsOf } from './matches';
import { changesOf, rowsChanged } from './row-changes';

/** The ports this service's use cases are handed (the composition root passes them). */
export type CleanupDeps = Pick<Ports, 'now'>;

/**
 * Data Cleanup (spec 2 §2, §4 Cleanup, §5 Bad transaction, §7 deletes, §8 Cleanup deletion): find the
 * family's bad rows (type missing, or signed_amount null or missing) and delete them in batches of 100.
 *
 * Rows this product's pipeline writes always have both, so bad rows come only from elsewhere (older data,
 * imports); the analysis reads all of the family's rows (every account, archived ones too: a bad row is bad
 * wherever it is). Deletion takes the rows the analysis listed, by key, and deletes each only while it is
 * still bad; then the transfer candidates that pair a deleted row go, and `rowsChanged` brings what is
 * derived from the rows (account summaries, roll-ups) up to date.
 */
export async function analyseFamilyCleanup(family: FamilyContext): Promise<CleanupAnalysis> {
  const [rows, accounts] = await Promise.all([
    familyTransactions(family.familyId),
    listAccounts(family.familyId),
  ]);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const analysis = analyseCleanup(
    rows.map((row) => {
      const account = byId.get(row.account_id);
      return {
        id: row.id,
        account_id: row.account_id,
        transaction_date: row.transaction_date,
        amount: row.amount,
        description: row.description,
        signed_amount: row.signed_amount,
        type: row.type,
        account: account ? { name: account.name, bank_name: account.bank_name } : null,
      };
    }),
  );
  const rowById = new Map(rows.map((row) => [row.id, row]));
  return {
    total_transactions: analysis.totalTransactions,
    bad_transactions: analysis.badTransactions,
    missing_type: analysis.missingType,
    missing_signed_amount: analysis.missingSignedAmount,
    bad: analysis.badIds.flatMap((id) => {
      const row = rowById.get(id);
      return row ? [{ id, account_id: row.account_id, transaction_date: row.transaction_date }] : [];
    }),
    by_account: analysis.byAccount.map((a) => ({
      account_id: a.accountId,
      account_name: a.accountName,
      bank_name: a.bankName,
      count: a.count,
      total: a.total,
      date_range: a.dateRange,
      samples: a.samples.map((s) => ({
        id: s.id,
        date: s.date,
        description: s.description,
        amount: Number.isFinite(s.amount) ? s.amount : 0,
        missing: s.missing,
      })),
      more: a.more,
    })),
  };
}

const DELETES_IN_FLIGHT = 25;

/** One deletion batch (at most 100 rows, checked by the contract): what was deleted and what was not. */
export async function deleteBadTransactions(
  deps: CleanupDeps,
  family: FamilyContext,
  request: CleanupDeleteRequest,
): Promise<CleanupDeleteResponse> {
  const { familyId } = family;
  const refs = [
    ...new Map(
      request.transactions.map((t) => [`${t.account_id}#${t.transaction_date}#${t.id}`, t]),
    ).values(),
  ];
  const deleted: TransactionItem[] = [];
  for (let start = 0; start < refs.length; start += DELETES_IN_FLIGHT) {
    const slice = refs.slice(start, start + DELETES_IN_FLIGHT);
    const outcomes = await Promise.all(slice.map((ref) => deleteIfBad({ ...ref, family_id: familyId })));
    for (const row of outcomes) if (row) deleted.push(row);
  }
  if (deleted.length) {
    await forgetPairsOf(deps, familyId, new Set(deleted.map((row) => row.id)));
    await rowsChanged(deps, familyId, changesOf(deleted));
  }
  logger.info('bad transactions deleted', {
    requested: request.transactions.length,
    deleted: deleted.length,
  });
  return {
    requested: request.transactions.length,
    deleted: deleted.length,
    not_deleted: request.transactions.length - deleted.length,
  };
}
