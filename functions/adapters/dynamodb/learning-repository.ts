import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { MatchableTransaction, MatchCandidate } from '../../domain/matching';
import type { LearnedPattern } from '../../domain/types';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/**
 * What the family taught the product and what matching proposed: learned patterns (spec 2 §3 patterns),
 * remembered match rejections, and the current transfer candidates for the matching screen.
 */
async function queryPrefix(pk: string, skPrefix: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': pk, ':sk': skPrefix },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function listPatterns(familyId: string): Promise<LearnedPattern[]> {
  const prefix = keys.patternsPrefix(familyId);
  return (await queryPrefix(prefix.pk, prefix.skPrefix)) as unknown as LearnedPattern[];
}

/** Match ids the family rejected (their audit reason starts 'Cross-account match rejected:'). */
export async function listRejectedMatchIds(familyId: string): Promise<string[]> {
  const prefix = keys.rejectedMatchesPrefix(familyId);
  return (await queryPrefix(prefix.pk, prefix.skPrefix)).map((item) => String(item.match_id));
}

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
