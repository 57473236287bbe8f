import Stripe from 'stripe';
import type { BillingChange, BillingEvent } from '../../domain/billing';
import { PRO_PLAN } from '../../domain/subscription';
import type { Billing, CheckoutRequest } from '../../shared/ports';

/**
 * Stripe, behind the Billing port: the only module that imports the stripe library. Checkout Sessions in
 * subscription mode for the Pro plan, Customer Portal sessions, and webhook events verified with the library's
 * own signature check (`Stripe.webhooks.constructEvent`) and read into the provider-neutral BillingEvent the
 * domain decides on (functions/domain/billing.ts). Shapes follow Stripe's API reference for the library's
 * API version (subscription periods on the subscription's items; an invoice's subscription under
 * `parent.subscription_details`).
 */
export const WEBHOOK_SIGNATURE_MESSAGE = 'The webhook signature could not be verified.';

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}
export const WEBHOOK_EVENT_MESSAGE = 'The webhook body is not a Stripe event.';
/** A correctly signed body that is not an event (`null`, a list, an event without its object): refused alike. */
export class WebhookEventError extends WebhookSignatureError {
  override name = 'WebhookEventError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The envelope every Stripe event has: an id, a type, a time, and its object. */
function isStripeEvent(value: unknown): value is Stripe.Event {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.type === 'string' &&
    typeof value.created === 'number' &&
    isRecord(value.data) &&
    isRecord(value.data.object)
  );
}

const PAID_STATUSES = new Set<Stripe.Subscription.Status>(['active', 'trialing']);
/** Statuses without paid access; 'incomplete' (the first payment still pending) changes nothing. */
const UNPAID_STATUSES = new Set<Stripe.Subscription.Status>([
  'past_due',
  'unpaid',
  'paused',
  'canceled',
  'incomplete_expired',
]);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const isoSeconds = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;

const familyFrom = (metadata: Stripe.Metadata | null | undefined): string | null =>
  typeof metadata?.family_id === 'string' && metadata.family_id ? metadata.family_id : null;

function periodEnd(subscription: Stripe.Subscription): string | null {
  const ends = (subscription.items?.data ?? []).map((item) => item.current_period_end);
  return ends.length ? isoSeconds(Math.max(...ends)) : null;
}

function subscriptionChange(subscription: Stripe.Subscription, deleted: boolean): BillingChange {
  if (deleted || subscription.status === 'canceled' || subscription.status === 'incomplete_expired')
    return 'ended';
  if (PAID_STATUSES.has(subscription.status)) return 'paid';
  if (UNPAID_STATUSES.has(subscription.status)) return 'unpaid';
  return 'none';
}

/** A verified Stripe event as the domain reads it; events of other types change nothing ('none'). */
export function readStripeEvent(event: Stripe.Event): BillingEvent {
  const base = {
    id: event.id,
    type: event.type,
    created: event.created,
    familyId: null,
    customerId: null,
    subscriptionId: null,
    change: 'none',
    currentPeriodEnd: null,
  } satisfies BillingEvent;
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return base;
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      return {
        ...base,
        familyId: session.client_reference_id ?? familyFrom(session.metadata),
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        change: paid ? 'paid' : 'none',
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        ...base,
        familyId: familyFrom(subscription.metadata),
        customerId: idOf(subscription.customer),
        subscriptionId: subscription.id,
        change: subscriptionChange(subscription, event.type === 'customer.subscription.deleted'),
        currentPeriodEnd: periodEnd(subscription),
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details ?? null;
      return {
        ...base,
        familyId: familyFrom(details?.metadata),
        customerId: idOf(invoice.customer),
        subscriptionId: idOf(details?.subscription),
        change: details ? 'unpaid' : 'none',
      };
    }
    default:
      return base;
  }
}

/** Verify a webhook's Stripe-Signature against the raw body and read the event; throws WebhookSignatureError. */
export function verifyStripeWebhook(
  rawBody: string,
  signature: string | undefined,
  secret: string,
): BillingEvent {
  if (!signature) throw new WebhookSignatureError(WEBHOOK_SIGNATURE_MESSAGE);
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new WebhookSignatureError(WEBHOOK_SIGNATURE_MESSAGE);
  }
  // Signed is not the same as well formed: the signature covers whatever bytes were sent.
  if (!isStripeEvent(event)) throw new WebhookEventError(WEBHOOK_EVENT_MESSAGE);
  try {
    return readStripeEvent(event);
  } catch {
    throw new WebhookEventError(WEBHOOK_EVENT_MESSAGE);
  }
}

/** A Stripe-Signature header for `payload`, made by the library's test helper (the twin's stand-in, tests). */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

/** The checkout line for the Pro plan: the configured price, else the same price inline (£9.99 a month). */
function proLine(priceId: string | undefined): Stripe.Checkout.SessionCreateParams.LineItem {
  if (priceId) return { price: priceId, quantity: 1 };
  return {
    quantity: 1,
    price_data: {
      currency: PRO_PLAN.currency.toLowerCase(),
      unit_amount: Math.round(PRO_PLAN.price * 100),
      recurring: { interval: 'month' },
      product_data: { name: 'Family Finance Pro' },
    },
  };
}

/** The Checkout Session parameters for a family's upgrade (exported for the adapter's tests). */
export function checkoutParams(
  request: CheckoutRequest,
  priceId: string | undefined,
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'subscription',
    line_items: [proLine(priceId)],
    client_reference_id: request.familyId,
    ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
    metadata: { family_id: request.familyId, plan: PRO_PLAN.key },
    subscription_data: { metadata: { family_id: request.familyId, plan: PRO_PLAN.key } },
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  };
}

export function stripeBilling(options: {
  secretKey: string;
  webhookSecret: string;
  priceId?: string;
}): Billing {
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 10_000 });
  return {
    kind: 'stripe',
    async createCheckoutSession(request) {
      const session = await stripe.checkout.sessions.create(checkoutParams(request, options.priceId));
      return { id: session.id, url: session.url ?? null };
    },
    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url ?? null };
    },
    async readWebhook(rawBody, signature) {
      return verifyStripeWebhook(rawBody, signature, options.webhookSecret);
    },
  };
}
