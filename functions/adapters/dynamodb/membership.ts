import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberRole } from '../../contracts/family';
import { documentClient, tableName } from './client';
import { keys } from './keys';

export interface Membership {
  familyId: string;
  role: MemberRole;
}

/**
 * The caller's family and role, from their membership record (a consistent read: a family initialised a
 * moment ago is found). The HTTP middleware reads it once per request with the user id from the verified
 * token, so a request can never choose another family; services receive the result, never a family id.
 */
export async function membershipOf(userId: string): Promise<Membership | null> {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.membership(userId),
      ProjectionExpression: 'familyId, #role',
      ExpressionAttributeNames: { '#role': 'role' },
      ConsistentRead: true,
    }),
  );
  const familyId = out.Item?.familyId;
  if (typeof familyId !== 'string' || familyId.length === 0) return null;
  // A role other than admin (or none) is a plain member, as the family repository reads it.
  return { familyId, role: out.Item?.role === 'admin' ? 'admin' : 'member' };
}
