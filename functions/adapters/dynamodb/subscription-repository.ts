import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/**
 * The family's subscription (spec 1 §3, §4): one item per family, created once with a conditional put so
 * initialising twice (a retry, two tabs) keeps the first trial and its dates.
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
