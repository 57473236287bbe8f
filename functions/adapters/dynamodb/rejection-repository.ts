import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { queryPrefix } from './paging';

/**
 * Transfer matches the family rejected, remembered so that matching never proposes the same pair again. The
 * spec finds them by reading audit rows whose reason starts 'Cross-account match rejected:'; those rows are
 * written too (audit-repository.ts), and this item per rejected pair is the same fact kept where the Match
 * step reads it in one query, however long the family's audit grows.
 */

/** Match ids the family rejected (their audit reason starts 'Cross-account match rejected:'). */
export async function listRejectedMatchIds(familyId: string): Promise<string[]> {
  return (await queryPrefix(keys.rejectedMatchesPrefix(familyId), { consistentRead: true })).map((item) =>
    String(item.match_id),
  );
}

/** Remember a rejected pair (idempotent: the pair's id is the key). */
export async function putRejectedMatch(
  familyId: string,
  rejection: { match_id: string; transaction_ids: [string, string]; rejected_by: string; reason: string },
  now: string,
): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.rejectedMatch(familyId, rejection.match_id),
        entity: 'rejection',
        ...rejection,
        created_at: now,
      },
    }),
  );
}
