import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberRole } from '../../contracts/family';
import { documentClient, tableName } from './client';
import { keys } from './keys';

export interface Membership {
  familyId: string;
  role: MemberRole;
}

async function consistentGet(key: { pk: string; sk: string }, projection: string) {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: key,
      ProjectionExpression: projection,
      ExpressionAttributeNames: { '#role': 'role' },
      ConsistentRead: true,
    }),
  );
  return out.Item;
}

/**
 * The caller's family and role. The HTTP middleware reads it once per request with the user id from the
 * verified token, so a request can never choose another family; services receive the result, never a family id.
 *
 * Two consistent reads: the user's membership says which family is their current one, and that family's
 * member row says they are (still) an active member and with which role. Removing a member deletes the row,
 * so their very next request is refused, whatever their membership record or their still-valid token says.
 */
export async function membershipOf(userId: string): Promise<Membership | null> {
  const current = await consistentGet(keys.membership(userId), 'familyId, #role');
  const familyId = current?.familyId;
  if (typeof familyId !== 'string' || familyId.length === 0) return null;
  const member = await consistentGet(keys.member(familyId, userId), 'user_id, #role');
  if (!member) return null;
  // A role other than admin (or none) is a plain member (spec 1 §3: 'member' when missing).
  return { familyId, role: member.role === 'admin' ? 'admin' : 'member' };
}
