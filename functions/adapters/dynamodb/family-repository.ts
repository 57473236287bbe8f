import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberRole } from '../../contracts/family';
import type { ReadAlong } from '../../shared/context';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { queryAll, queryPrefix } from './paging';
import { readAlongItem } from './read-along';
import { TTL_ATTRIBUTE } from './table-definition';

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
  /** The name the admin gave when inviting them (null: none given, or the creator). */
  name?: string | null;
  invited_at?: string | null;
  invited_by?: string | null;
}

/** Someone invited by e-mail who has not joined yet: `FAMILY#{id}` / `PENDING#{email}`, found by e-mail on gsi1. */
export interface PendingItem {
  id: string;
  family_id: string;
  email: string;
  name: string | null;
  role: MemberRole;
  invited_by: string;
  invited_at: string;
  /** The current invitation: its token's hash and expiry (a new invitation replaces both). */
  token_hash: string;
  expires_at: string;
}

/** An invitation link, by the SHA-256 of its token (the token itself is never stored). */
export interface InvitationItem {
  token_hash: string;
  family_id: string;
  email: string;
  pending_id: string;
  invited_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: string | null;
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

/** The family's record (consistent), or the one the middleware read with the membership (`along`). */
export async function getFamily(familyId: string, along?: ReadAlong): Promise<FamilyItem | null> {
  const read = readAlongItem(along, familyId, { kind: 'family' });
  const item = read !== undefined ? read : await get(keys.family(familyId));
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
  return putIfAbsent({
    ...keys.member(member.family_id, member.user_id),
    ...keys.memberOfIndex(member.user_id, member.family_id),
    entity: 'member',
    ...member,
  });
}

function toMember(item: Record<string, unknown>): MemberItem {
  return {
    family_id: item.family_id as string,
    user_id: item.user_id as string,
    email: (item.email as string | undefined) ?? '',
    // A role other than admin (or none) is a plain member (spec 1 §3: 'member' when missing).
    role: item.role === 'admin' ? 'admin' : 'member',
    status: 'active',
    joined_at: item.joined_at as string,
    name: (item.name as string | null | undefined) ?? null,
    invited_at: (item.invited_at as string | null | undefined) ?? null,
    invited_by: (item.invited_by as string | null | undefined) ?? null,
  };
}

/** An active member of the family (a consistent read: a member removed a moment ago is not found). */
export async function getMember(familyId: string, userId: string): Promise<MemberItem | null> {
  const item = await get(keys.member(familyId, userId));
  return item ? toMember(item) : null;
}

export async function listMembers(familyId: string): Promise<MemberItem[]> {
  const items = await queryPrefix(keys.membersPrefix(familyId), { consistentRead: true });
  return items.map(toMember);
}

/** Sets an active member's role; false when they are not (or no longer) a member. */
export async function setMemberRole(familyId: string, userId: string, role: MemberRole): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.member(familyId, userId),
        UpdateExpression: 'SET #role = :role',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': role },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * The family's admins, kept as one string set beside the member rows, so that "at least one admin" is one
 * conditional write (DynamoDB Local stand-ins have no transactions; this is correct on both). Null: not kept
 * yet (a family from before it), built from the member rows on first use.
 */
export async function getAdminSet(familyId: string): Promise<string[] | null> {
  const item = await get(keys.admins(familyId));
  if (!item) return null;
  const admins = item.admins as Set<string> | string[] | undefined;
  return admins ? [...admins] : [];
}

/** Creates the admin set from the member rows; false when another request created it first. */
export async function createAdminSet(familyId: string, admins: string[]): Promise<boolean> {
  if (!admins.length) return false;
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.admins(familyId), admins: new Set(admins) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Adds an admin to the set (after their member row says admin); false when the set is not kept yet. */
export async function addToAdminSet(familyId: string, userId: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.admins(familyId),
        UpdateExpression: 'ADD admins :id',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':id': new Set([userId]) },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Takes an admin out of the set only if they are in it and someone else stays: the one write that decides,
 * whatever else runs at the same moment. False: they were not in it, or they are the last admin.
 */
export async function removeFromAdminSet(familyId: string, userId: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.admins(familyId),
        UpdateExpression: 'DELETE admins :id',
        ConditionExpression: 'contains(admins, :user) AND size(admins) > :one',
        ExpressionAttributeValues: { ':id': new Set([userId]), ':user': userId, ':one': 1 },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Drops an id whose member row is no longer an admin (removed another way): unconditional, never the last. */
export async function dropStaleAdmin(familyId: string, userId: string): Promise<void> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.admins(familyId),
        UpdateExpression: 'DELETE admins :id',
        ConditionExpression: 'size(admins) > :one',
        ExpressionAttributeValues: { ':id': new Set([userId]), ':one': 1 },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** Removes an active member's row (their access to the family ends with it); false when there was none. */
export async function deleteMember(familyId: string, userId: string): Promise<boolean> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.member(familyId, userId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The families a user is an active member of (gsi1 on the member rows), as family ids with the role. */
export async function familiesOfUser(userId: string): Promise<Array<{ familyId: string; role: MemberRole }>> {
  const index = keys.familiesOfUser(userId);
  const items = await queryAll({
    TableName: tableName(),
    IndexName: index.index,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': index.pk },
  });
  return items.map((item) => ({
    familyId: item.family_id as string,
    role: item.role === 'admin' ? 'admin' : 'member',
  }));
}

// ── pending members ──────────────────────────────────────────────────────────────────────────────────────

/** The pending member's primary key (its key builder also carries the gsi1 attributes). */
function pendingKey(familyId: string, email: string) {
  const { pk, sk } = keys.pendingMember(familyId, email);
  return { pk, sk };
}

function toPending(item: Record<string, unknown>): PendingItem {
  return {
    id: item.id as string,
    family_id: item.family_id as string,
    email: item.email as string,
    name: (item.name as string | null | undefined) ?? null,
    role: item.role === 'admin' ? 'admin' : 'member',
    invited_by: item.invited_by as string,
    invited_at: item.invited_at as string,
    token_hash: item.token_hash as string,
    expires_at: item.expires_at as string,
  };
}

export async function getPending(familyId: string, email: string): Promise<PendingItem | null> {
  const item = await get(pendingKey(familyId, email));
  return item ? toPending(item) : null;
}

export async function listPending(familyId: string): Promise<PendingItem[]> {
  const items = await queryPrefix(
    { pk: keys.family(familyId).pk, skPrefix: 'PENDING#' },
    { consistentRead: true },
  );
  return items.map(toPending);
}

/** The pending memberships of an address across families (gsi1: eventually consistent, read at sign-in). */
export async function pendingOfEmail(email: string): Promise<PendingItem[]> {
  const index = keys.pendingByEmail(email);
  const items = await queryAll({
    TableName: tableName(),
    IndexName: index.index,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :sk)',
    ExpressionAttributeValues: { ':pk': index.pk, ':sk': index.skPrefix },
  });
  return items.map(toPending);
}

/**
 * Writes the pending member with its current invitation. `previousTokenHash`: the invitation it replaces
 * (null: a new pending member, refused if one appeared meanwhile). False when someone else changed it first.
 */
export async function putPending(pending: PendingItem, previousTokenHash: string | null): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.pendingMember(pending.family_id, pending.email),
          entity: 'pending_member',
          ...pending,
        },
        ...(previousTokenHash === null
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: 'token_hash = :previous',
              ExpressionAttributeValues: { ':previous': previousTokenHash },
            }),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Removes the pending member; with `tokenHash`, only while that is still its invitation. */
export async function deletePending(familyId: string, email: string, tokenHash?: string): Promise<boolean> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: pendingKey(familyId, email),
        ConditionExpression: tokenHash ? 'token_hash = :hash' : 'attribute_exists(pk)',
        ...(tokenHash ? { ExpressionAttributeValues: { ':hash': tokenHash } } : {}),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

// ── invitations ──────────────────────────────────────────────────────────────────────────────────────────

/** Kept a day past its expiry (so a late click reads 'expired', not 'not valid'), then DynamoDB's TTL removes it. */
const INVITATION_KEPT_MS = 24 * 3600 * 1000;

export async function putInvitation(invitation: InvitationItem): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.invitation(invitation.token_hash),
        entity: 'invitation',
        ...invitation,
        [TTL_ATTRIBUTE]: Math.floor((Date.parse(invitation.expires_at) + INVITATION_KEPT_MS) / 1000),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getInvitation(tokenHash: string): Promise<InvitationItem | null> {
  const item = await get(keys.invitation(tokenHash));
  if (!item) return null;
  return {
    token_hash: tokenHash,
    family_id: item.family_id as string,
    email: item.email as string,
    pending_id: item.pending_id as string,
    invited_by: item.invited_by as string,
    created_at: item.created_at as string,
    expires_at: item.expires_at as string,
    used_at: (item.used_at as string | null | undefined) ?? null,
    used_by: (item.used_by as string | null | undefined) ?? null,
  };
}

/** Uses the invitation up: true exactly once. */
export async function markInvitationUsed(tokenHash: string, userId: string, now: string): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.invitation(tokenHash),
        UpdateExpression: 'SET used_at = :now, used_by = :user',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(used_at) OR used_at = :null)',
        ExpressionAttributeValues: { ':now': now, ':user': userId, ':null': null },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function deleteInvitation(tokenHash: string): Promise<void> {
  await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: keys.invitation(tokenHash) }));
}

// ── the user's current family ────────────────────────────────────────────────────────────────────────────

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
 * Makes `familyId` the user's current family (accepting an invitation, joining on sign-up, switching). The
 * caller has written the member row first: the membership only points at a family; the member row is what
 * grants access (see membership.ts).
 */
export async function setCurrentFamily(membership: MembershipItem): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.membership(membership.user_id), entity: 'membership', ...membership },
    }),
  );
}

/** Points the user away from `familyId` (they were removed from it): to `fallback`, or to no family at all. */
export async function leaveCurrentFamily(
  userId: string,
  familyId: string,
  fallback: MembershipItem | null,
): Promise<void> {
  try {
    if (fallback) {
      await documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.membership(userId), entity: 'membership', ...fallback },
          ConditionExpression: 'familyId = :family',
          ExpressionAttributeValues: { ':family': familyId },
        }),
      );
    } else {
      await documentClient().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: keys.membership(userId),
          ConditionExpression: 'familyId = :family',
          ExpressionAttributeValues: { ':family': familyId },
        }),
      );
    }
  } catch (error) {
    // Their current family is another one already: nothing to change.
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/**
 * Make `membership` the user's current family unless they already have one they are still a member of.
 * Returns the membership that stands: an existing one wins (a concurrent acceptance of an invitation, say);
 * one left pointing at a family that removed them does not, and is replaced.
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
  if (await getMember(existing.familyId, membership.user_id)) return existing;
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.membership(membership.user_id), entity: 'membership', ...membership },
        ConditionExpression: 'familyId = :stale',
        ExpressionAttributeValues: { ':stale': existing.familyId },
      }),
    );
    return membership;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    return (await getMembership(membership.user_id)) ?? membership;
  }
}
