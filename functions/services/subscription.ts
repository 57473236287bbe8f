import { ulid } from 'ulid';
import {
  createSubscriptionIfAbsent,
  getSubscription,
  type SubscriptionItem,
} from '../adapters/dynamodb/subscription-repository';
import type { InitialiseSubscriptionResponse, SubscriptionInfoResponse } from '../contracts/subscription';
import { computeSubscriptionInfo, TRIAL_DEFAULT_DAYS } from '../domain/subscription';
import { services } from '../shared/container';
import type { FamilyContext } from '../shared/http';

/**
 * The family's subscription (spec 1 §4): a free trial of 14 days started on the server's clock, then
 * active or expired. What the app shows is computed by the domain from the stored record.
 */
const DAY_MS = 86_400_000;

function info(item: SubscriptionItem | null, now: Date): SubscriptionInfoResponse {
  const computed = computeSubscriptionInfo(item, now);
  return {
    ...computed,
    days_left: computed.trial_days_remaining,
    trial_ends_at: item?.trial_ends_at ?? null,
  };
}

/** The family admin starts the family's trial (the route's `admin` scope). */
export async function initialiseTrial(family: FamilyContext): Promise<InitialiseSubscriptionResponse> {
  const { familyId } = family;
  const now = services().now();
  const at = now.toISOString();
  const { subscription, created } = await createSubscriptionIfAbsent({
    id: ulid(),
    family_id: familyId,
    status: 'trial',
    plan_type: 'free_trial',
    trial_started_at: at,
    trial_ends_at: new Date(now.getTime() + TRIAL_DEFAULT_DAYS * DAY_MS).toISOString(),
    trial_total_days: TRIAL_DEFAULT_DAYS,
    is_team_member: false,
    is_early_adopter: false,
    current_period_end: null,
    notifications_sent: [],
    created_at: at,
    updated_at: at,
  });
  return { id: subscription.id, created, info: info(subscription, now) };
}

/** The caller's subscription info; without a family or a subscription, should_initialize. */
export async function subscriptionInfo(family: FamilyContext | null): Promise<SubscriptionInfoResponse> {
  const item = family ? await getSubscription(family.familyId) : null;
  return info(item, services().now());
}
