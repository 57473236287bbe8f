import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberRole } from '../../contracts/family';
import { documentClient, tableName } from './client';
import { keys } from './keys';

export interface Membership {
  familyId: string;
  role: MemberRole;
}

type Item = Record<string, unknown>;

const NAMES = { '#role': 'role' };

async function consistentGet(key: { pk: string; sk: string }, projection: string) {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: key,
      ProjectionExpression: projection,
      ExpressionAttributeNames: NAMES,
      ConsistentRead: true,
    }),
  );
  return out.Item;
}

/**
 * Both records in one consistent BatchGetItem: the user's membership, and the member row of the family it
 * named last time. Each item is read as a consistent GetItem would read it; an item BatchGetItem leaves
 * unprocessed (throttling) is read again with GetItem.
 */
async function consistentPair(
  userId: string,
  familyId: string,
): Promise<{ current: Item | undefined; member: Item | undefined }> {
  const table = tableName();
  const currentKey = keys.membership(userId);
  const memberKey = keys.member(familyId, userId);
  const out = await documentClient().send(
    new BatchGetCommand({
      RequestItems: {
        [table]: {
          Keys: [currentKey, memberKey],
          ProjectionExpression: 'pk, sk, familyId, user_id, #role',
          ExpressionAttributeNames: NAMES,
          ConsistentRead: true,
        },
      },
    }),
  );
  const found = out.Responses?.[table] ?? [];
  const unprocessed = out.UnprocessedKeys?.[table]?.Keys ?? [];
  const pick = async (key: { pk: string; sk: string }, projection: string) => {
    const item = found.find((i) => i.pk === key.pk && i.sk === key.sk);
    if (item) return item;
    const again = unprocessed.some((k) => k.pk === key.pk && k.sk === key.sk);
    return again ? consistentGet(key, projection) : undefined;
  };
  const [current, member] = await Promise.all([
    pick(currentKey, 'familyId, #role'),
    pick(memberKey, 'user_id, #role'),
  ]);
  return { current, member };
}

/**
 * Which family each user's membership named when last read here (a bounded map, oldest dropped first): only a
 * guess of which member row to read with the membership, never an answer. Every request still reads both
 * records consistently and decides from what it read; a wrong or stale guess costs one more read, never access.
 */
const LAST_FAMILY_LIMIT = 10_000;
const lastFamily = new Map<string, string>();

function remember(userId: string, familyId: string | null): void {
  lastFamily.delete(userId);
  if (!familyId) return;
  lastFamily.set(userId, familyId);
  if (lastFamily.size > LAST_FAMILY_LIMIT) lastFamily.delete(lastFamily.keys().next().value as string);
}

/** Forgets every remembered family (tests that count a request's reads from a cold start). */
export function forgetRememberedFamilies(): void {
  lastFamily.clear();
}

/**
 * The caller's family and role. The HTTP middleware reads it once per request with the user id from the
 * verified token, so a request can never choose another family; services receive the result, never a family id.
 *
 * Two consistent reads: the user's membership says which family is their current one, and that family's
 * member row says they are (still) an active member and with which role. Removing a member deletes the row,
 * so their very next request is refused, whatever their membership record or their still-valid token says.
 *
 * The member row's key holds the family id, which only the membership gives; but a user's current family
 * rarely changes, so when this container has read the user's membership before, both records are read in one
 * consistent BatchGetItem, the member row of the family named last time. The answer is taken from the records
 * read now, as with two Gets: when the membership now names another family (switched, or left and joined
 * another), that family's member row is read next, as before; a missing membership is no family; a missing
 * member row of the family the membership names is no family. What is remembered decides only which key is
 * read, so a removed member is refused at once here as in every other container.
 */
export async function membershipOf(userId: string): Promise<Membership | null> {
  const guess = lastFamily.get(userId);
  let current: Item | undefined;
  let member: Item | undefined;
  if (guess) ({ current, member } = await consistentPair(userId, guess));
  else current = await consistentGet(keys.membership(userId), 'familyId, #role');
  const familyId = current?.familyId;
  if (typeof familyId !== 'string' || familyId.length === 0) {
    remember(userId, null);
    return null;
  }
  if (familyId !== guess) member = await consistentGet(keys.member(familyId, userId), 'user_id, #role');
  remember(userId, familyId);
  if (!member) return null;
  // A role other than admin (or none) is a plain member (spec 1 §3: 'member' when missing).
  return { familyId, role: member.role === 'admin' ? 'admin' : 'member' };
}
