import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  checkoutParams,
  readStripeEvent,
  signStripePayload,
  verifyStripeWebhook,
  WebhookSignatureError,
} from '../../../functions/adapters/stripe/stripe-billing';

/**
 * The Stripe adapter on the object shapes Stripe's API reference documents for the library's API version
 * (2026-02-25.clover): the Event envelope; a Checkout Session; a Subscription whose period is on its items; an
 * Invoice whose subscription is under parent.subscription_details.
 */
const SECRET = 'whsec_test_secret';

function envelope(type: string, object: Record<string, unknown>, created = 1_767_000_000) {
  return {
    id: 'evt_1SxYz',
    object: 'event',
    api_version: '2026-02-25.clover',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: 'req_abc', idempotency_key: 'idem_1' },
    type,
  } as unknown as Stripe.Event;
}

const subscription = (status: string) => ({
  id: 'sub_1Q',
  object: 'subscription',
  status,
  customer: 'cus_Q1',
  metadata: { family_id: '01FAMILY', plan: 'pro_monthly' },
  items: {
    object: 'list',
    data: [
      {
        id: 'si_1',
        object: 'subscription_item',
        current_period_start: 1_767_000_000,
        current_period_end: 1_769_592_000,
      },
    ],
  },
});

describe('readStripeEvent', () => {
  it('checkout.session.completed (paid, subscription mode): the family from client_reference_id', () => {
    const event = envelope('checkout.session.completed', {
      id: 'cs_test_a1',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      status: 'complete',
      client_reference_id: '01FAMILY',
      customer: 'cus_Q1',
      subscription: 'sub_1Q',
      metadata: {},
    });
    expect(readStripeEvent(event)).toEqual({
      id: 'evt_1SxYz',
      type: 'checkout.session.completed',
      created: 1_767_000_000,
      familyId: '01FAMILY',
      customerId: 'cus_Q1',
      subscriptionId: 'sub_1Q',
      change: 'paid',
      currentPeriodEnd: null,
    });
  });

  it('checkout.session.completed still unpaid (a delayed payment method) changes nothing', () => {
    const event = envelope('checkout.session.completed', {
      id: 'cs_test_a2',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'unpaid',
      client_reference_id: '01FAMILY',
      customer: { id: 'cus_Q1', object: 'customer' },
      subscription: { id: 'sub_1Q', object: 'subscription' },
    });
    expect(readStripeEvent(event)).toMatchObject({
      change: 'none',
      customerId: 'cus_Q1',
      subscriptionId: 'sub_1Q',
    });
  });

  it.each([
    ['active', 'paid'],
    ['trialing', 'paid'],
    ['past_due', 'unpaid'],
    ['unpaid', 'unpaid'],
    ['paused', 'unpaid'],
    ['canceled', 'ended'],
    ['incomplete_expired', 'ended'],
    ['incomplete', 'none'],
  ])('customer.subscription.updated with status %s → %s', (status, change) => {
    const out = readStripeEvent(envelope('customer.subscription.updated', subscription(status)));
    expect(out).toMatchObject({
      change,
      familyId: '01FAMILY',
      customerId: 'cus_Q1',
      subscriptionId: 'sub_1Q',
      currentPeriodEnd: new Date(1_769_592_000 * 1000).toISOString(),
    });
  });

  it('customer.subscription.deleted ends the subscription', () => {
    expect(readStripeEvent(envelope('customer.subscription.deleted', subscription('canceled'))).change).toBe(
      'ended',
    );
  });

  it('invoice.payment_failed: the subscription and family from parent.subscription_details', () => {
    const event = envelope('invoice.payment_failed', {
      id: 'in_1',
      object: 'invoice',
      customer: 'cus_Q1',
      status: 'open',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: { family_id: '01FAMILY' }, subscription: 'sub_1Q' },
      },
    });
    expect(readStripeEvent(event)).toMatchObject({
      change: 'unpaid',
      familyId: '01FAMILY',
      subscriptionId: 'sub_1Q',
    });
  });

  it('other event types change nothing', () => {
    expect(readStripeEvent(envelope('customer.created', { id: 'cus_Q1', object: 'customer' })).change).toBe(
      'none',
    );
  });
});

describe('verifyStripeWebhook: the library signature check', () => {
  const payload = JSON.stringify(envelope('customer.subscription.created', subscription('active')));

  it('accepts the signature the library makes for this body and secret', () => {
    const header = signStripePayload(payload, SECRET);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyStripeWebhook(payload, header, SECRET).change).toBe('paid');
  });

  it.each([
    ['missing', undefined],
    ['another secret', signStripePayload(payload, 'whsec_other')],
    ['too old (over 5 minutes)', signStripePayload(payload, SECRET, Math.floor(Date.now() / 1000) - 600)],
    ['garbage', 't=1,v1=00'],
  ])('refuses a %s signature', (_what, header) => {
    expect(() => verifyStripeWebhook(payload, header, SECRET)).toThrow(WebhookSignatureError);
  });

  it('refuses a body altered after signing', () => {
    const header = signStripePayload(payload, SECRET);
    expect(() => verifyStripeWebhook(payload.replace('01FAMILY', '01OTHER'), header, SECRET)).toThrow(
      'The webhook signature could not be verified.',
    );
  });
});

describe('checkoutParams: the Checkout Session a family is sent to', () => {
  const request = {
    familyId: '01FAMILY',
    email: 'ada@example.co.uk',
    customerId: null,
    successUrl: 'https://app.example.co.uk/subscription/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://app.example.co.uk/subscription/cancelled',
  };
  it('subscription mode, the family as client reference and on the subscription, the return URLs', () => {
    expect(checkoutParams(request, 'price_123')).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_123', quantity: 1 }],
      client_reference_id: '01FAMILY',
      customer_email: 'ada@example.co.uk',
      metadata: { family_id: '01FAMILY', plan: 'pro_monthly' },
      subscription_data: { metadata: { family_id: '01FAMILY', plan: 'pro_monthly' } },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
  });
  it('without a price id, £9.99 a month inline; an existing customer is reused', () => {
    const params = checkoutParams({ ...request, customerId: 'cus_Q1' }, undefined);
    expect(params.line_items).toEqual([
      {
        quantity: 1,
        price_data: {
          currency: 'gbp',
          unit_amount: 999,
          recurring: { interval: 'month' },
          product_data: { name: 'Family Finance Pro' },
        },
      },
    ]);
    expect(params.customer).toBe('cus_Q1');
    expect(params.customer_email).toBeUndefined();
  });
  it('the stripe library accepts these parameters as its own type', () => {
    const typed: Stripe.Checkout.SessionCreateParams = checkoutParams(request, 'price_123');
    expect(typed.mode).toBe('subscription');
  });
});
