import * as z from 'zod/mini';
import { SUBSCRIPTION_STATUSES } from '../domain/subscription';

/**
 * Subscription API (spec 1 §3 subscription info, §4, §7 get_subscription_info / initialize_user_subscription).
 * The info is computed by the domain (functions/domain/subscription.ts); `days_left` repeats
 * trial_days_remaining under the spec's "days left" name, and `trial_ends_at` lets the app show the date.
 */
export const subscriptionInfoSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan_type: z.nullable(z.string()),
  is_team_member: z.boolean(),
  is_early_adopter: z.boolean(),
  trial_days_remaining: z.nullable(z.number()),
  trial_total_days: z.number(),
  has_access: z.boolean(),
  should_initialize: z.boolean(),
  days_left: z.nullable(z.number()),
  show_3_day_warning: z.boolean(),
  show_1_day_warning: z.boolean(),
  show_expired_notice: z.boolean(),
  trial_ends_at: z.nullable(z.string()),
});
export type SubscriptionInfoResponse = z.infer<typeof subscriptionInfoSchema>;

/** POST /api/subscription: the subscription's id; created is false when the trial had already started. */
export const initialiseSubscriptionResponseSchema = z.object({
  id: z.string(),
  created: z.boolean(),
  info: subscriptionInfoSchema,
});
export type InitialiseSubscriptionResponse = z.infer<typeof initialiseSubscriptionResponseSchema>;
