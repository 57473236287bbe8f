import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/**
 * The current sign-in link of an address (`EMAIL#{email}` / `MAGIC_LINK`): the SHA-256 hash of the link's
 * token (never the token), when it expires, and when a link was last sent (the rate limit). One item per
 * address, so a newer link replaces the older one. Times are epoch milliseconds (numbers compare in
 * condition expressions; ISO strings would too, but numbers need no care about formats).
 */
export interface MagicLinkItem {
  email: string;
  linkHash?: string;
  expiresAt?: number;
  lastSentAt: number;
}

/**
 * Stores a new link for the address unless one was sent less than `minIntervalMs` ago: a single conditional
 * write, so two concurrent requests cannot both send. Returns false when the rate limit refused it.
 */
export async function putLinkIfIntervalPassed(input: {
  email: string;
  linkHash: string;
  expiresAt: number;
  now: number;
  minIntervalMs: number;
}): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.magicLink(input.email),
        UpdateExpression:
          'SET entity = :entity, email = :email, linkHash = :hash, expiresAt = :exp, lastSentAt = :now',
        ConditionExpression: 'attribute_not_exists(lastSentAt) OR lastSentAt <= :cutoff',
        ExpressionAttributeValues: {
          ':entity': 'magic-link',
          ':email': input.email,
          ':hash': input.linkHash,
          ':exp': input.expiresAt,
          ':now': input.now,
          ':cutoff': input.now - input.minIntervalMs,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function getLink(email: string): Promise<MagicLinkItem | null> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.magicLink(email), ConsistentRead: true }),
  );
  if (!out.Item) return null;
  const { email: stored, linkHash, expiresAt, lastSentAt } = out.Item as MagicLinkItem;
  return { email: stored, linkHash, expiresAt, lastSentAt };
}

/**
 * Uses the link up: removes its hash only if it is still the current, unexpired one. Exactly one of two
 * concurrent attempts with the same link succeeds (single-use).
 */
export async function consumeLink(email: string, linkHash: string, now: number): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.magicLink(email),
        UpdateExpression: 'REMOVE linkHash, expiresAt',
        ConditionExpression: 'linkHash = :hash AND expiresAt > :now',
        ExpressionAttributeValues: { ':hash': linkHash, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
