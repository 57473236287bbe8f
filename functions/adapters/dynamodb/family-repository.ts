import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberRole } from '../../contracts/family';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/**
 * The family aggregate: the family item, its owner guard (one family per owner), the member rows and each
 * user's membership (which family they belong to). DynamoDB Local has no transactions, so every write is a
 * single conditional put that is a no-op when repeated, and callers order them so the membership (what every
 * family-scoped read starts from) is written last: a retry after a partial failure completes the rest.
 */
export interface FamilyItem {
  id: string;
  user_id: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface MemberItem {
  family_id: string;
  user_id: string;
  email: string;
  role: MemberRole;
  status: 'active' | 'pending';
  joined_at: string;
}

export interface MembershipItem {
  familyId: string;
  user_id: string;
  role: MemberRole;
  created_at: string;
}

async function putIfAbsent(item: Record<string, unknown>): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

async function get(key: { pk: string; sk: string }): Promise<Record<string, unknown> | null> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  return out.Item ?? null;
}

export async function getFamily(familyId: string): Promise<FamilyItem | null> {
  const item = await get(keys.family(familyId));
  if (!item) return null;
  return {
    id: item.id as string,
    user_id: item.user_id as string,
    name: item.name as string,
    created_at: item.created_at as string,
    updated_at: (item.updated_at as string | undefined) ?? (item.created_at as string),
  };
}

/**
 * Claim `familyId` as the one family `userId` owns. Returns the owner's family id: this one when the claim
 * won, the earlier one when the user already owns a family (a retry, or a concurrent request).
 */
export async function claimFamilyOwnership(userId: string, familyId: string, now: string): Promise<string> {
  const won = await putIfAbsent({
    ...keys.familyOwner(userId),
    entity: 'family_owner',
    familyId,
    user_id: userId,
    created_at: now,
  });
  if (won) return familyId;
  const existing = await get(keys.familyOwner(userId));
  if (!existing) throw new Error('Family owner guard vanished after a conditional failure');
  return existing.familyId as string;
}

export async function ownedFamilyId(userId: string): Promise<string | null> {
  return ((await get(keys.familyOwner(userId)))?.familyId as string | undefined) ?? null;
}

/** Create the family item unless it exists (a retry). */
export async function putFamilyIfAbsent(family: FamilyItem): Promise<boolean> {
  return putIfAbsent({ ...keys.family(family.id), entity: 'family', ...family });
}

export async function renameFamily(familyId: string, name: string, now: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.family(familyId),
      UpdateExpression: 'SET #name = :name, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':name': name, ':now': now },
    }),
  );
}

export async function putMemberIfAbsent(member: MemberItem): Promise<boolean> {
  return putIfAbsent({ ...keys.member(member.family_id, member.user_id), entity: 'member', ...member });
}

export async function getMembership(userId: string): Promise<MembershipItem | null> {
  const item = await get(keys.membership(userId));
  if (!item) return null;
  return {
    familyId: item.familyId as string,
    user_id: userId,
    role: item.role === 'admin' ? 'admin' : 'member',
    created_at: item.created_at as string,
  };
}

/**
 * Record which family the user belongs to, unless they already belong to one. Returns the membership that
 * stands (the existing one wins: a user is in exactly one family).
 */
export async function putMembershipIfAbsent(membership: MembershipItem): Promise<MembershipItem> {
  const won = await putIfAbsent({
    ...keys.membership(membership.user_id),
    entity: 'membership',
    ...membership,
  });
  if (won) return membership;
  const existing = await getMembership(membership.user_id);
  if (!existing) throw new Error('Membership vanished after a conditional failure');
  return existing;
}
