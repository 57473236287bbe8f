import * as z from 'zod/mini';
import { DISMISSAL_KEYS, PRO_PLAN, SUBSCRIPTION_STATUSES } from '../domain/subscription';
import { lazy } from './lazy';

/**
 * Subscription API (spec 1 §3 subscription info, §4, §7 get_subscription_info / initialize_user_subscription).
 * The info is computed by the domain (functions/domain/subscription.ts); `days_left` repeats
 * trial_days_remaining under the spec's "days left" name, and `trial_ends_at` lets the app show the date.
 */
export const subscriptionInfoSchema = lazy(() =>
  z.object({
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
  }),
);
export type SubscriptionInfoResponse = z.infer<typeof subscriptionInfoSchema>;

/** POST /api/subscription: the subscription's id; created is false when the trial had already started. */
export const initialiseSubscriptionResponseSchema = lazy(() =>
  z.object({
    id: z.string(),
    created: z.boolean(),
    info: subscriptionInfoSchema,
  }),
);
export type InitialiseSubscriptionResponse = z.infer<typeof initialiseSubscriptionResponseSchema>;

/** POST /api/subscription/notifications (spec 1 §7 mark_notification_sent): the banner a member dismissed. */
export const dismissNotificationRequestSchema = lazy(() =>
  z.object({
    notification_type: z.enum(DISMISSAL_KEYS, `notification_type is one of ${DISMISSAL_KEYS.join(', ')}`),
  }),
);
export type DismissNotificationRequest = z.infer<typeof dismissNotificationRequestSchema>;

/**
 * POST /api/subscription/checkout (spec 1 §7 create-checkout-session): the plan only. The server sets the
 * price, the family and the return addresses (/subscription/success, /subscription/cancelled) itself.
 */
export const checkoutRequestSchema = lazy(() =>
  z.optional(
    z.object({
      plan: z.optional(z.literal(PRO_PLAN.key, `plan is '${PRO_PLAN.key}'`)),
    }),
  ),
);
export type CheckoutRequestBody = z.infer<typeof checkoutRequestSchema>;

/** Where to send the browser: the provider's checkout page (the twin's stand-in page on the twin). */
export const checkoutResponseSchema = lazy(() =>
  z.object({ session_id: z.string(), session_url: z.string() }),
);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** POST /api/subscription/portal: the provider's page where a paying family updates its card or cancels. */
export const portalResponseSchema = lazy(() => z.object({ url: z.string() }));
export type PortalResponse = z.infer<typeof portalResponseSchema>;

/** POST /api/webhooks/stripe: what the delivery did (Stripe only reads the status). */
export const webhookResponseSchema = lazy(() =>
  z.object({
    received: z.literal(true),
    outcome: z.enum(['applied', 'duplicate', 'stale', 'ignored']),
  }),
);
export type WebhookResponse = z.infer<typeof webhookResponseSchema>;
