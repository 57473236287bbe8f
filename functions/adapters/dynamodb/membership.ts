import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { MemberRole } from '../../contracts/family';
import type { OwnRecord, ReadAlong } from '../../shared/context';
import { documentClient, tableName } from './client';
import { type Key, keys } from './keys';
import { ownRecordKey } from './read-along';

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
 * named last time; with a route's own record of that family, that too (read whole, so the batch reads every
 * item whole). Each item is read as a consistent GetItem would read it; a membership or member row that
 * BatchGetItem leaves unprocessed (throttling) is read again with GetItem, the route's own record is then left
 * unread (`own` undefined) for its repository to read.
 */
async function consistentBatch(
  userId: string,
  familyId: string,
  ownKey?: Key,
): Promise<{ current: Item | undefined; member: Item | undefined; own: Item | null | undefined }> {
  const table = tableName();
  const currentKey = keys.membership(userId);
  const memberKey = keys.member(familyId, userId);
  const out = await documentClient().send(
    new BatchGetCommand({
      RequestItems: {
        [table]: ownKey
          ? { Keys: [currentKey, memberKey, ownKey], ConsistentRead: true }
          : {
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
  const isUnprocessed = (key: Key) => unprocessed.some((k) => k.pk === key.pk && k.sk === key.sk);
  const foundItem = (key: Key) => found.find((i) => i.pk === key.pk && i.sk === key.sk);
  const pick = async (key: Key, projection: string) =>
    foundItem(key) ?? (isUnprocessed(key) ? consistentGet(key, projection) : undefined);
  const [current, member] = await Promise.all([
    pick(currentKey, 'familyId, #role'),
    pick(memberKey, 'user_id, #role'),
  ]);
  const own = ownKey ? (foundItem(ownKey) ?? (isUnprocessed(ownKey) ? undefined : null)) : undefined;
  return { current, member, own };
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
  return (await membershipWith(userId)).membership;
}

/** The caller's membership, and the route's own record when it could be read in the same request. */
export interface MembershipRead {
  membership: Membership | null;
  /** Set only when `membership` names a family and the record was read in that family. */
  along?: ReadAlong;
}

/**
 * `membershipOf`, with a route's own record of the caller's family (`own`: its account, its upload, the family)
 * read in the same consistent BatchGetItem when the membership is read with one. The record is read in the
 * family named last time and handed back only when the membership read now names that same family and its
 * member row is there, so it is always of the family the request is resolved to; otherwise (first read here,
 * another family now, no family) it is not handed back and the route reads it as ever.
 */
export async function membershipWith(userId: string, own?: OwnRecord): Promise<MembershipRead> {
  const guess = lastFamily.get(userId);
  let current: Item | undefined;
  let member: Item | undefined;
  let ownItem: Item | null | undefined;
  if (guess)
    ({
      current,
      member,
      own: ownItem,
    } = await consistentBatch(userId, guess, own ? ownRecordKey(guess, own) : undefined));
  else current = await consistentGet(keys.membership(userId), 'familyId, #role');
  const familyId = current?.familyId;
  if (typeof familyId !== 'string' || familyId.length === 0) {
    remember(userId, null);
    return { membership: null };
  }
  if (familyId !== guess) {
    member = await consistentGet(keys.member(familyId, userId), 'user_id, #role');
    ownItem = undefined;
  }
  remember(userId, familyId);
  if (!member) return { membership: null };
  // A role other than admin (or none) is a plain member (spec 1 §3: 'member' when missing).
  const membership: Membership = { familyId, role: member.role === 'admin' ? 'admin' : 'member' };
  return own && ownItem !== undefined
    ? { membership, along: { familyId, record: own, item: ownItem } }
    : { membership };
}
