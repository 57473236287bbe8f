import { getFamily } from '../adapters/dynamodb/family-repository';
import {
  familyOfBillingCustomer,
  linkBillingCustomer,
  replaceSubscription,
} from '../adapters/dynamodb/subscription-repository';
import { secretString } from '../adapters/secrets/secrets-manager';
import { stripeBilling, WebhookSignatureError } from '../adapters/stripe/stripe-billing';
import type { CheckoutResponse, PortalResponse, WebhookResponse } from '../contracts/subscription';
import { applyBillingEvent } from '../domain/billing';
import { computeSubscriptionInfo, SUBSCRIPTION_MESSAGES } from '../domain/subscription';
import { config, requireConfig } from '../shared/config';
import type { FamilyContext } from '../shared/context';
import { AppError, ConflictError, ServiceUnavailableError, ValidationError } from '../shared/errors';
import { logger } from '../shared/logger';
import type { Billing, Ports } from '../shared/ports';
import { ensureSubscription, subscriptionNow } from './subscription';

/** The ports this service's use cases are handed (the composition root passes them). */
export type BillingDeps = Pick<Ports, 'billing' | 'now' | 'subscriptionClock'>;

/**
 * Upgrading to Pro and keeping the family's status in step with Stripe (spec 1 §1, §4 checkout, §8):
 *  - checkout: a Checkout Session for the Pro plan naming the family, returning to /subscription/success or
 *    /subscription/cancelled; 'Stripe not configured' without keys, 'Failed to create checkout session'
 *    when Stripe gives no URL;
 *  - the Customer Portal for a family that has paid;
 *  - webhooks: verified by the stripe library, then applied by the domain's rules (idempotent by event id,
 *    safe against out-of-order delivery) with an optimistic write, so concurrent deliveries lose nothing.
 *
 * The Billing port is composed here rather than in the composition root so that only the billing function's
 * bundle carries the stripe library: a registered one (the twin's stand-in, a test's) first, else Stripe with
 * its keys from Secrets Manager (STRIPE_SECRET_NAME, AWS) or the environment (a twin given a test key).
 */
interface StripeSecret {
  secret_key?: unknown;
  webhook_secret?: unknown;
  price_id?: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

let fromSecret: { source: string; billing: Billing | null } | undefined;

/** Stripe from the deployment's secret: null while the secret holds no keys (a fresh deployment). */
function stripeFromSecret(source: string): Billing | null {
  if (fromSecret?.source === source) return fromSecret.billing;
  let parsed: StripeSecret = {};
  try {
    parsed = JSON.parse(source) as StripeSecret;
  } catch {
    logger.warn('The Stripe secret is not JSON: billing is not configured');
  }
  const secretKey = text(parsed.secret_key);
  const webhookSecret = text(parsed.webhook_secret);
  const priceId = text(parsed.price_id);
  const billing =
    secretKey && webhookSecret
      ? stripeBilling({ secretKey, webhookSecret, ...(priceId ? { priceId } : {}) })
      : null;
  fromSecret = { source, billing };
  return billing;
}

let fromEnvironment: Billing | undefined;

export async function billingProvider(deps: BillingDeps): Promise<Billing | null> {
  const registered = deps.billing;
  if (registered) return registered();
  const { STRIPE_SECRET_NAME, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID } = config();
  if (STRIPE_SECRET_NAME) return stripeFromSecret(await secretString(STRIPE_SECRET_NAME));
  if (STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET) {
    fromEnvironment ??= stripeBilling({
      secretKey: STRIPE_SECRET_KEY,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      ...(STRIPE_PRICE_ID ? { priceId: STRIPE_PRICE_ID } : {}),
    });
    return fromEnvironment;
  }
  return null;
}

async function configured(deps: BillingDeps): Promise<Billing> {
  const billing = await billingProvider(deps);
  if (!billing) throw new ServiceUnavailableError(SUBSCRIPTION_MESSAGES.notConfigured);
  return billing;
}

export const BILLING_MESSAGES = {
  alreadyPro: 'Your family already has the Pro plan.',
  noPaidSubscription: 'Your family has no paid subscription to manage yet.',
  portalFailed: 'Failed to open the billing portal. Please try again.',
  busy: 'The subscription is being updated. Please try again.',
} as const;

/** Start the family's upgrade: the checkout page to send the browser to. */
export async function startCheckout(deps: BillingDeps, family: FamilyContext): Promise<CheckoutResponse> {
  const billing = await configured(deps);
  const { subscription } = await ensureSubscription(deps, family.familyId);
  if (computeSubscriptionInfo(subscription, subscriptionNow(deps, family.familyId)).status === 'active')
    throw new ConflictError(BILLING_MESSAGES.alreadyPro);
  const appUrl = requireConfig('APP_URL').replace(/\/$/, '');
  let session: { id: string; url: string | null };
  try {
    session = await billing.createCheckoutSession({
      familyId: family.familyId,
      email: family.email,
      customerId: subscription.stripe_customer_id ?? null,
      successUrl: `${appUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${appUrl}/subscription/cancelled`,
    });
  } catch (error) {
    logger.error('checkout session failed', { error: error as Error });
    throw new AppError(SUBSCRIPTION_MESSAGES.noSessionUrl, 502, 'checkout_failed');
  }
  if (!session.url) throw new AppError(SUBSCRIPTION_MESSAGES.noSessionUrl, 502, 'checkout_failed');
  return { session_id: session.id, session_url: session.url };
}

/** The Customer Portal for a family that has paid: update the card, or cancel. */
export async function openPortal(deps: BillingDeps, family: FamilyContext): Promise<PortalResponse> {
  const billing = await configured(deps);
  const { subscription } = await ensureSubscription(deps, family.familyId);
  const customerId = subscription.stripe_customer_id;
  if (!customerId) throw new ConflictError(BILLING_MESSAGES.noPaidSubscription);
  const appUrl = requireConfig('APP_URL').replace(/\/$/, '');
  let url: string | null;
  try {
    ({ url } = await billing.createPortalSession({ customerId, returnUrl: `${appUrl}/app` }));
  } catch (error) {
    logger.error('portal session failed', { error: error as Error });
    throw new AppError(BILLING_MESSAGES.portalFailed, 502, 'portal_failed');
  }
  if (!url) throw new AppError(BILLING_MESSAGES.portalFailed, 502, 'portal_failed');
  return { url };
}

const WRITE_ATTEMPTS = 5;

/**
 * A webhook delivery: a bad or missing signature is a 400 and changes nothing; an event for no known family
 * is acknowledged and ignored (Stripe would otherwise retry it for days); otherwise the domain decides and
 * the subscription is replaced only if nothing else wrote it since it was read.
 */
export async function receiveWebhook(
  deps: BillingDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<WebhookResponse> {
  const billing = await configured(deps);
  let event: Awaited<ReturnType<Billing['readWebhook']>>;
  try {
    event = await billing.readWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) throw new ValidationError(error.message);
    throw error;
  }
  const familyId =
    event.familyId ?? (event.customerId ? await familyOfBillingCustomer(event.customerId) : null);
  if (!familyId || !(await getFamily(familyId))) {
    if (event.change !== 'none')
      logger.warn('billing event for no known family', { eventId: event.id, type: event.type });
    return { received: true, outcome: 'ignored' };
  }
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const { subscription } = await ensureSubscription(deps, familyId);
    const now = subscriptionNow(deps, familyId);
    const decision = applyBillingEvent(subscription, event, now);
    if (!decision.next) return { received: true, outcome: decision.outcome };
    if (event.familyId && event.customerId)
      await linkBillingCustomer(event.customerId, familyId, now.toISOString());
    if (await replaceSubscription(subscription, { ...decision.next, updated_at: now.toISOString() })) {
      logger.info('billing event', { eventId: event.id, type: event.type, outcome: decision.outcome });
      return { received: true, outcome: decision.outcome };
    }
  }
  throw new ServiceUnavailableError(BILLING_MESSAGES.busy);
}
