import { listAccounts } from '../../adapters/dynamodb/account-repository';
import { putMatchCandidate } from '../../adapters/dynamodb/match-candidate-repository';
import { listRejectedMatchIds } from '../../adapters/dynamodb/rejection-repository';
import { familyTransactions } from '../../adapters/dynamodb/transaction-repository';
import type { PipelineState } from '../../contracts/pipeline';
import { addDays } from '../../domain/dates';
import { detectTransfers, isTransferCandidate, MATCH_MAX_DATE_GAP_DAYS } from '../../domain/matching';
import { now } from './common';
import { readAdded } from './working-files';

/**
 * The pipeline's Match step: propose transfers between the family's own accounts around this statement's
 * dates: every family transaction within the matching window (7 days) of the added rows, scored by the
 * domain's matcher, each transaction in at most one proposed pair, remembered rejections left out.
 */
export async function matchStep(state: PipelineState): Promise<PipelineState> {
  // Only rows that can be one side of a transfer (spec 2 §5 trigger words and exclusions) are matched.
  const added = (await readAdded(state)).filter((row) => isTransferCandidate(row));
  if (!added.length) return { ...state, counts: { ...state.counts, matches: 0 } };
  const dates = added.map((r) => r.transaction_date).sort();
  const from = addDays(dates[0]!, -MATCH_MAX_DATE_GAP_DAYS);
  const to = addDays(dates.at(-1)!, MATCH_MAX_DATE_GAP_DAYS);
  const [transactions, accounts, rejectedMatchIds] = await Promise.all([
    familyTransactions(state.familyId, { from, to }),
    listAccounts(state.familyId),
    listRejectedMatchIds(state.familyId),
  ]);
  const accountType = new Map(accounts.map((a) => [a.id, a.account_type]));
  const addedIds = new Set(added.map((r) => r.id));
  const candidates = detectTransfers(
    transactions.map((t) => ({ ...t, account: { account_type: accountType.get(t.account_id) ?? null } })),
    { rejectedMatchIds },
  ).filter((c) => addedIds.has(c.transaction1.id) || addedIds.has(c.transaction2.id));
  const createdAt = now().toISOString();
  await Promise.all(candidates.map((c) => putMatchCandidate(state.familyId, c, createdAt)));
  return { ...state, counts: { ...state.counts, matches: candidates.length } };
}
