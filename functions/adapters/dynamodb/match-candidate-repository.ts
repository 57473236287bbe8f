import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { MatchableTransaction, MatchCandidate } from '../../domain/matching';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { batchWriteAll, queryPrefix } from './paging';

/**
 * The current transfer candidates for the matching screen: pairs of the family's transactions that the
 * pipeline's Match step proposes as one transfer between its own accounts. The candidate's id is the pair's,
 * so proposing a pair again writes the same item.
 */
export interface StoredMatchCandidate {
  id: string;
  transaction1_id: string;
  transaction2_id: string;
  confidence: number;
  reason: string;
  date_diff: number;
  amount_match: boolean;
  created_at: string;
}

export async function putMatchCandidate(
  familyId: string,
  candidate: MatchCandidate<MatchableTransaction>,
  now: string,
) {
  const item: StoredMatchCandidate = {
    id: candidate.id,
    transaction1_id: candidate.transaction1.id,
    transaction2_id: candidate.transaction2.id,
    confidence: candidate.confidence,
    reason: candidate.reason,
    date_diff: candidate.date_diff,
    amount_match: candidate.amount_match,
    created_at: now,
  };
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.matchCandidate(familyId, candidate.id), entity: 'match', ...item },
    }),
  );
}

/** Remove the candidates that pair any of these transactions (their rows were removed); how many went. */
export async function deleteMatchCandidatesOf(familyId: string, transactionIds: ReadonlySet<string>) {
  if (!transactionIds.size) return 0;
  const candidates = await queryPrefix<StoredMatchCandidate>(keys.matchCandidatesPrefix(familyId));
  const gone = candidates.filter(
    (c) => transactionIds.has(c.transaction1_id) || transactionIds.has(c.transaction2_id),
  );
  await batchWriteAll(
    gone.map((c) => ({ DeleteRequest: { Key: { ...keys.matchCandidate(familyId, c.id) } } })),
  );
  return gone.length;
}
