import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DismissalKey } from '../../domain/subscription';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/**
 * The family's subscription (spec 1 §3, §4): one item per family, created once with a conditional put so
 * initialising twice (a retry, two tabs) keeps the first trial and its dates. Payment events replace it
 * whole under optimistic concurrency (`version`), so two events delivered at once cannot lose either's
 * change. Each member's dismissed banners are a string set of their own; a payment provider's customer is
 * linked to the family it pays for.
 */
export interface SubscriptionItem {
  id: string;
  family_id: string;
  status: 'trial' | 'active' | 'expired';
  plan_type: string;
  trial_started_at: string;
  trial_ends_at: string;
  trial_total_days: number;
  is_team_member: boolean;
  is_early_adopter: boolean;
  current_period_end: string | null;
  notifications_sent: string[];
  created_at: string;
  updated_at: string;
  stripe_customer_id?: string | null;
  stripe_subscription_id?: string | null;
  stripe_ended_subscription_id?: string | null;
  stripe_event_at?: number | null;
  stripe_event_ids?: string[] | null;
  /** Incremented by every replace; absent (0) on an item never replaced. */
  version?: number;
}

export async function getSubscription(familyId: string): Promise<SubscriptionItem | null> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.subscription(familyId), ConsistentRead: true }),
  );
  if (!out.Item) return null;
  const { pk: _pk, sk: _sk, entity: _e, ...item } = out.Item;
  const stored = item as Omit<SubscriptionItem, 'notifications_sent' | 'current_period_end'> &
    Partial<SubscriptionItem>;
  return {
    ...stored,
    notifications_sent: stored.notifications_sent ?? [],
    current_period_end: stored.current_period_end ?? null,
  };
}

/** Create the subscription unless one exists; returns the one that stands. */
export async function createSubscriptionIfAbsent(
  item: SubscriptionItem,
): Promise<{ subscription: SubscriptionItem; created: boolean }> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.subscription(item.family_id), entity: 'subscription', ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { subscription: item, created: true };
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const existing = await getSubscription(item.family_id);
    if (!existing) throw new Error('Subscription vanished after a conditional failure');
    return { subscription: existing, created: false };
  }
}

/**
 * Replace the subscription if nobody replaced it since it was read (its `version` is still `expected.version`).
 * Returns false when another write came first: the caller reads again and decides again.
 */
export async function replaceSubscription(
  expected: SubscriptionItem,
  next: SubscriptionItem,
): Promise<boolean> {
  const version = expected.version ?? 0;
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.subscription(next.family_id), entity: 'subscription', ...next, version: version + 1 },
        ConditionExpression:
          version === 0
            ? 'attribute_exists(pk) AND attribute_not_exists(version)'
            : 'attribute_exists(pk) AND version = :version',
        ...(version === 0 ? {} : { ExpressionAttributeValues: { ':version': version } }),
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Set an operator flag (team member, early adopter) on an existing subscription; false when there is none. */
export async function setSubscriptionFlag(
  familyId: string,
  flag: 'is_team_member' | 'is_early_adopter',
  value: boolean,
  now: string,
): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.subscription(familyId),
        UpdateExpression: 'SET #flag = :value, updated_at = :now ADD version :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#flag': flag },
        ExpressionAttributeValues: { ':value': value, ':now': now, ':one': 1 },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The trial banners this member dismissed. */
export async function dismissalsOf(familyId: string, userId: string): Promise<string[]> {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.subscriptionDismissals(familyId, userId),
      ConsistentRead: true,
    }),
  );
  const set = out.Item?.dismissed as Set<string> | undefined;
  return set ? [...set].sort() : [];
}

/** Record that this member dismissed a banner (idempotent: a set). Returns every banner they dismissed. */
export async function addDismissal(
  familyId: string,
  userId: string,
  key: DismissalKey,
  now: string,
): Promise<string[]> {
  const out = await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.subscriptionDismissals(familyId, userId),
      UpdateExpression: 'ADD dismissed :key SET entity = :entity, updated_at = :now',
      ExpressionAttributeValues: {
        ':key': new Set([key]),
        ':entity': 'subscription_dismissals',
        ':now': now,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const set = out.Attributes?.dismissed as Set<string> | undefined;
  return set ? [...set].sort() : [key];
}

/** Link a payment provider's customer to the family it pays for (a put: the same link again is no change). */
export async function linkBillingCustomer(customerId: string, familyId: string, now: string): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.billingCustomer(customerId),
        entity: 'billing_customer',
        family_id: familyId,
        created_at: now,
      },
    }),
  );
}

export async function familyOfBillingCustomer(customerId: string): Promise<string | null> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.billingCustomer(customerId), ConsistentRead: true }),
  );
  const familyId = out.Item?.family_id;
  return typeof familyId === 'string' ? familyId : null;
}

/**
 * The families an address is an active member of, for the operator's command (npm run subscription): a
 * paged Scan, as the table has no index by member e-mail and the command is run by hand, rarely.
 */
export async function familiesOfMemberEmail(
  email: string,
): Promise<Array<{ familyId: string; role: string }>> {
  const found: Array<{ familyId: string; role: string }> = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'entity = :member AND email = :email',
        ExpressionAttributeValues: { ':member': 'member', ':email': email.trim().toLowerCase() },
        ProjectionExpression: 'family_id, #role',
        ExpressionAttributeNames: { '#role': 'role' },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of out.Items ?? [])
      if (typeof item.family_id === 'string')
        found.push({ familyId: item.family_id, role: String(item.role) });
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}
