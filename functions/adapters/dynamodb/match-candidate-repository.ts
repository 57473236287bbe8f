import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { MatchableTransaction, MatchCandidate } from '../../domain/matching';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { batchWriteAll, queryPrefix } from './paging';

/**
 * The current transfer candidates for the matching screen: pairs of the family's transactions that matching
 * proposes as one transfer between its own accounts. The candidate's id is the pair's, so proposing a pair
 * again writes the same item. Each leg is kept by its key (id, account, date), so the screen and an accept
 * read exactly the two rows.
 */
export interface MatchLegRef {
  id: string;
  account_id: string;
  transaction_date: string;
}

export interface StoredMatchCandidate {
  id: string;
  transaction1_id: string;
  transaction2_id: string;
  /** The legs' keys (absent on candidates stored before they were kept: those are dropped when listed). */
  transaction1?: MatchLegRef;
  transaction2?: MatchLegRef;
  confidence: number;
  reason: string;
  date_diff: number;
  amount_match: boolean;
  created_at: string;
}

const legOf = (t: MatchableTransaction): MatchLegRef => ({
  id: t.id,
  account_id: t.account_id,
  transaction_date: t.transaction_date,
});

export function toStoredCandidate(
  candidate: MatchCandidate<MatchableTransaction>,
  now: string,
): StoredMatchCandidate {
  return {
    id: candidate.id,
    transaction1_id: candidate.transaction1.id,
    transaction2_id: candidate.transaction2.id,
    transaction1: legOf(candidate.transaction1),
    transaction2: legOf(candidate.transaction2),
    confidence: candidate.confidence,
    reason: candidate.reason,
    date_diff: candidate.date_diff,
    amount_match: candidate.amount_match,
    created_at: now,
  };
}

export async function putMatchCandidate(
  familyId: string,
  candidate: MatchCandidate<MatchableTransaction>,
  now: string,
) {
  const item = toStoredCandidate(candidate, now);
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.matchCandidate(familyId, candidate.id), entity: 'match', ...item },
    }),
  );
}

function strip(item: Record<string, unknown>): StoredMatchCandidate {
  const { pk: _pk, sk: _sk, entity: _e, ...rest } = item;
  return rest as unknown as StoredMatchCandidate;
}

/** Every stored candidate of the family. */
export async function listMatchCandidates(familyId: string): Promise<StoredMatchCandidate[]> {
  return (await queryPrefix(keys.matchCandidatesPrefix(familyId), { consistentRead: true })).map(strip);
}

export async function getMatchCandidate(familyId: string, id: string): Promise<StoredMatchCandidate | null> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.matchCandidate(familyId, id), ConsistentRead: true }),
  );
  return out.Item ? strip(out.Item) : null;
}

/** Remove one candidate; false when it was not there (already accepted, rejected or replaced). */
export async function deleteMatchCandidate(familyId: string, id: string): Promise<boolean> {
  const out = await documentClient().send(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.matchCandidate(familyId, id),
      ReturnValues: 'ALL_OLD',
    }),
  );
  return Boolean(out.Attributes);
}

/** Remove these candidates by id. */
export async function deleteMatchCandidates(familyId: string, ids: readonly string[]) {
  await batchWriteAll(
    ids.map((id) => ({ DeleteRequest: { Key: { ...keys.matchCandidate(familyId, id) } } })),
  );
}

/** Remove the candidates that pair any of these transactions (their rows were removed); answers those removed. */
export async function deleteMatchCandidatesOf(
  familyId: string,
  transactionIds: ReadonlySet<string>,
): Promise<StoredMatchCandidate[]> {
  if (!transactionIds.size) return [];
  const candidates = await listMatchCandidates(familyId);
  const gone = candidates.filter(
    (c) => transactionIds.has(c.transaction1_id) || transactionIds.has(c.transaction2_id),
  );
  await deleteMatchCandidates(
    familyId,
    gone.map((c) => c.id),
  );
  return gone;
}
