import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ulid } from 'ulid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signStripePayload } from '../../functions/adapters/stripe/stripe-billing';
import { registerServices, services } from '../../functions/app/container';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import type {
  CheckoutResponse,
  SubscriptionInfoResponse,
  WebhookResponse,
} from '../../functions/contracts/subscription';
import { PAYMENT_REQUIRED_MESSAGE } from '../../functions/services/subscription';
import type { Billing } from '../../functions/shared/ports';
import { type ApiCaller, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * Subscription and billing on the twin (spec 1 §1, §4, §8): the trial, checkout through the Stripe stand-in,
 * and Stripe's webhooks as Stripe delivers them: signed (forgeries refused), sometimes twice (replays),
 * sometimes out of order, sometimes about a failed payment. Expiry is reached with the twin's test clock,
 * never by editing rows.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
type ErrorBody = { error: { code: string; message: string } };

beforeAll(async () => {
  twin = await startTestTwin();
});
afterAll(async () => {
  await twin?.stop();
});
afterEach(() => {
  // Put the stand-in back after a test replaced the billing port.
  const stripe = twin.stripe;
  if (stripe) registerServices({ billing: async () => stripe.billing });
});

async function newFamily(name: string): Promise<{ caller: ApiCaller; familyId: string }> {
  const caller = await signedIn(twin, `${name}-${ulid()}`, `${name}.${ulid().toLowerCase()}@example.co.uk`);
  const family = await caller.call<InitialiseFamilyResponse>('POST', '/api/family', { name: `The ${name}s` });
  await caller.call('POST', '/api/subscription');
  return { caller, familyId: family.body.family_id };
}

/** A plain member of the admin's family: invited, signed in, accepted. */
async function memberOf(admin: ApiCaller, name: string): Promise<ApiCaller> {
  const email = `${name}.${ulid().toLowerCase()}@example.co.uk`;
  expect((await admin.call('POST', '/api/family/members', { email })).status).toBe(201);
  const mails = (await (await fetch(`${twin.url}/local/outbox`)).json()) as Array<{
    to: string;
    link?: string;
  }>;
  const token = new URL(mails.find((m) => m.to === email)?.link ?? 'http://x/').searchParams.get('token');
  const member = await signedIn(twin, `${name}-${ulid()}`, email);
  expect((await member.call('POST', '/api/invitations/accept', { token })).status).toBe(200);
  return member;
}

const info = async (caller: ApiCaller) =>
  (await caller.call<SubscriptionInfoResponse>('GET', '/api/subscription')).body;

async function local(path: string, body: unknown) {
  const response = await fetch(`${twin.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const moveClock = (familyId: string, days: number) =>
  local('/local/clock', { family_id: familyId, offset_days: days });

/** A Stripe event envelope as Stripe sends it (API reference: the Event object). */
function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_test_${ulid()}`,
    object: 'event',
    api_version: '2026-02-25.clover',
    created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

function subscriptionObject(familyId: string, id: string, status: string) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'subscription',
    status,
    customer: `cus_test_${familyId}`,
    metadata: { family_id: familyId, plan: 'pro_monthly' },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          current_period_start: now,
          current_period_end: now + 2_592_000,
        },
      ],
    },
  };
}

async function deliver(event: unknown, secret = twin.stripe?.webhookSecret ?? '') {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const response = await fetch(`${twin.url}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, secret) },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as WebhookResponse & ErrorBody };
}

async function checkoutAndPay(caller: ApiCaller): Promise<string> {
  const checkout = await caller.call<CheckoutResponse>('POST', '/api/subscription/checkout', {
    plan: 'pro_monthly',
  });
  expect(checkout.status).toBe(200);
  const paid = await local(`${new URL(checkout.body.session_url).pathname}/pay`, {});
  expect(paid.status).toBe(200);
  return paid.body.redirect as string;
}

describe('the trial', () => {
  it('starts at onboarding: 14 days, trial status, access, no banner', async () => {
    const { caller } = await newFamily('trial');
    expect(await info(caller)).toMatchObject({
      status: 'trial',
      plan_type: 'free_trial',
      trial_days_remaining: 14, // calendar days: 14 on the day it starts
      trial_total_days: 14,
      has_access: true,
      should_initialize: false,
      show_3_day_warning: false,
      show_1_day_warning: false,
      show_expired_notice: false,
    });
  });

  it("moves with the family's test clock, and only that family's", async () => {
    const { caller, familyId } = await newFamily('clock');
    const other = await newFamily('other');
    expect((await moveClock(familyId, 13)).status).toBe(200);
    expect(await info(caller)).toMatchObject({ trial_days_remaining: 1, show_1_day_warning: true });
    expect(await info(other.caller)).toMatchObject({ trial_days_remaining: 14 });
    // advance_days moves on from where the clock is (here back one day); offset_days sets it.
    const back = await local('/local/clock', { family_id: familyId, advance_days: -1 });
    expect(back.body).toMatchObject({ family_id: familyId, offset_days: 12 });
    expect(await info(caller)).toMatchObject({ trial_days_remaining: 2, show_3_day_warning: true });
    expect((await local('/local/clock', { family_id: familyId })).status).toBe(400);
  });
});

describe('checkout through the Stripe stand-in', () => {
  it('checkout → Pay → signed webhooks → active on the Pro plan, then the success page', async () => {
    const { caller } = await newFamily('payer');
    const checkout = await caller.call<CheckoutResponse>('POST', '/api/subscription/checkout');
    expect(checkout.status).toBe(200);
    expect(checkout.body.session_url).toMatch(new RegExp(`^${twin.url}/local/stripe/checkout/cs_local_`));
    const page = await fetch(checkout.body.session_url);
    const html = await page.text();
    expect(html).toContain('Local stand-in for Stripe');
    expect(html).toContain('Pay £9.99');
    expect((await info(caller)).status).toBe('trial');

    const redirect = await checkoutAndPayFrom(checkout.body.session_url);
    expect(redirect).toBe(`${twin.url}/subscription/success?session_id=${checkout.body.session_id}`);
    expect(await info(caller)).toMatchObject({
      status: 'active',
      plan_type: 'pro_monthly',
      has_access: true,
      show_1_day_warning: false,
    });
    // A paid session cannot be paid again; a family with Pro is not sold it twice.
    expect((await local(`${new URL(checkout.body.session_url).pathname}/pay`, {})).status).toBe(409);
    const again = await caller.call<ErrorBody>('POST', '/api/subscription/checkout');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Your family already has the Pro plan.');
  });

  it('Cancel returns to /subscription/cancelled and changes nothing', async () => {
    const { caller } = await newFamily('canceller');
    const checkout = await caller.call<CheckoutResponse>('POST', '/api/subscription/checkout');
    const cancelled = await local(`${new URL(checkout.body.session_url).pathname}/cancel`, {});
    expect(cancelled.body.redirect).toBe(`${twin.url}/subscription/cancelled`);
    expect((await info(caller)).status).toBe('trial');
  });

  it("answers 'Stripe not configured' without keys, and 'Failed to create checkout session' without a URL", async () => {
    const { caller } = await newFamily('unconfigured');
    registerServices({ billing: async () => null });
    const none = await caller.call<ErrorBody>('POST', '/api/subscription/checkout');
    expect(none.status).toBe(503);
    expect(none.body.error.message).toBe('Stripe not configured');
    const noUrl: Billing = {
      kind: 'test',
      createCheckoutSession: async () => ({ id: 'cs_test_no_url', url: null }),
      createPortalSession: async () => ({ url: null }),
      readWebhook: async () => {
        throw new Error('unused');
      },
    };
    registerServices({ billing: async () => noUrl });
    const missing = await caller.call<ErrorBody>('POST', '/api/subscription/checkout');
    expect(missing.status).toBe(502);
    expect(missing.body.error.message).toBe('Failed to create checkout session');
  });

  it('refuses an unknown plan with a clear message', async () => {
    const { caller } = await newFamily('planner');
    const bad = await caller.call<ErrorBody>('POST', '/api/subscription/checkout', { plan: 'gold' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("plan is 'pro_monthly'");
  });

  it('opens the billing portal only for a family that has paid', async () => {
    const { caller } = await newFamily('portal');
    const before = await caller.call<ErrorBody>('POST', '/api/subscription/portal');
    expect(before.status).toBe(409);
    await checkoutAndPay(caller);
    const portal = await caller.call<{ url: string }>('POST', '/api/subscription/portal');
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(`${twin.url}/local/stripe/portal/`);
    // Cancelling in the portal ends the subscription (customer.subscription.deleted): back to the trial's dates.
    const cancel = await local(`${new URL(portal.body.url).pathname}/cancel`, {});
    expect(cancel.body.redirect).toBe(`${twin.url}/app`);
    expect((await info(caller)).status).toBe('trial');
  });

  it("is the admin's: a plain member cannot open the portal (where the subscription is cancelled)", async () => {
    const { caller } = await newFamily('portaladmin');
    await checkoutAndPay(caller);
    const member = await memberOf(caller, 'kid');
    const refused = await member.call<ErrorBody>('POST', '/api/subscription/portal');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe("Only the family's admin can do this.");
    expect((await info(caller)).status).toBe('active');
    expect((await caller.call('POST', '/api/subscription/portal')).status).toBe(200);
  });
});

async function checkoutAndPayFrom(sessionUrl: string): Promise<string> {
  const paid = await local(`${new URL(sessionUrl).pathname}/pay`, {});
  expect(paid.status).toBe(200);
  return paid.body.redirect as string;
}

describe('the webhook', () => {
  it('refuses a forged, a missing or a stale signature with 400, and changes nothing', async () => {
    const { caller, familyId } = await newFamily('forged');
    const event = stripeEvent(
      'customer.subscription.created',
      subscriptionObject(familyId, `sub_${ulid()}`, 'active'),
    );
    const forged = await deliver(event, 'whsec_not_the_twins_secret');
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toBe('The webhook signature could not be verified.');

    const payload = JSON.stringify(event);
    const unsigned = await fetch(`${twin.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    // Signed correctly, then the body altered (a family id swapped in): the signature no longer matches.
    const header = signStripePayload(payload, twin.stripe?.webhookSecret ?? '');
    const altered = await fetch(`${twin.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload.replace('"active"', '"trialing"'),
    });
    expect(altered.status).toBe(400);
    // An old signature (beyond Stripe's 5-minute tolerance): a recorded delivery replayed later.
    const old = signStripePayload(
      payload,
      twin.stripe?.webhookSecret ?? '',
      Math.floor(Date.now() / 1000) - 3600,
    );
    const late = await fetch(`${twin.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': old },
      body: payload,
    });
    expect(late.status).toBe(400);
    expect((await info(caller)).status).toBe('trial');
  });

  it('refuses a correctly signed body that is not an event (null, a list, no object) with 400', async () => {
    const { caller, familyId } = await newFamily('nullbody');
    for (const payload of [
      'null',
      '[]',
      '42',
      '"x"',
      '{}',
      JSON.stringify({ id: 'evt_1', type: 'customer.subscription.created', created: 1 }),
      JSON.stringify({
        id: 'evt_2',
        type: 'customer.subscription.created',
        created: 1,
        data: { object: null },
      }),
    ]) {
      const delivered = await deliver(payload);
      expect(delivered.status, payload).toBe(400);
      expect(delivered.body.error.message).toBe('The webhook body is not a Stripe event.');
    }
    // The family is as it was, and a real event still goes through.
    expect((await info(caller)).status).toBe('trial');
    const event = stripeEvent(
      'customer.subscription.created',
      subscriptionObject(familyId, `sub_${ulid()}`, 'active'),
    );
    expect((await deliver(event)).status).toBe(200);
  });

  it('applies a replayed event once', async () => {
    const { caller, familyId } = await newFamily('replay');
    const subscriptionId = `sub_${ulid()}`;
    const paid = stripeEvent(
      'customer.subscription.created',
      subscriptionObject(familyId, subscriptionId, 'active'),
    );
    expect((await deliver(paid)).body.outcome).toBe('applied');
    const ended = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(familyId, subscriptionId, 'past_due'),
    );
    expect((await deliver(ended)).body.outcome).toBe('applied');
    expect((await info(caller)).status).toBe('trial');
    // Stripe delivers the 'active' event again: it must not undo the later past_due.
    const replay = await deliver(paid);
    expect(replay.status).toBe(200);
    expect(replay.body.outcome).toBe('duplicate');
    expect((await info(caller)).status).toBe('trial');
  });

  it('ignores an event older than the newest applied (out-of-order delivery)', async () => {
    const { caller, familyId } = await newFamily('order');
    const subscriptionId = `sub_${ulid()}`;
    const t = Math.floor(Date.now() / 1000);
    const created = stripeEvent(
      'customer.subscription.created',
      subscriptionObject(familyId, subscriptionId, 'active'),
      t,
    );
    const deleted = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject(familyId, subscriptionId, 'canceled'),
      t + 60,
    );
    const updated = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(familyId, subscriptionId, 'active'),
      t + 30,
    );
    // Delivered: deleted first, then the older ones.
    expect((await deliver(deleted)).body.outcome).toBe('applied');
    expect((await deliver(updated)).body.outcome).toBe('stale');
    expect((await deliver(created)).body.outcome).toBe('stale');
    expect((await info(caller)).status).toBe('trial');
    // Even a later-stamped event about the ended subscription cannot revive it.
    const late = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject(familyId, subscriptionId, 'active'),
      t + 90,
    );
    expect((await deliver(late)).body.outcome).toBe('stale');
    expect((await info(caller)).status).toBe('trial');
  });

  it('activates on the stand-in events in either order', async () => {
    const { caller, familyId } = await newFamily('either');
    const subscriptionId = `sub_${ulid()}`;
    const session = {
      id: `cs_test_${ulid()}`,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: familyId,
      customer: `cus_test_${familyId}`,
      subscription: subscriptionId,
      metadata: { family_id: familyId },
    };
    expect((await deliver(stripeEvent('checkout.session.completed', session))).body.outcome).toBe('applied');
    expect((await info(caller)).status).toBe('active');
  });

  it('a failed renewal ends paid access: back to the trial while it lasts, expired after (402 on uploads)', async () => {
    const { caller, familyId } = await newFamily('failing');
    await checkoutAndPay(caller);
    expect((await info(caller)).status).toBe('active');
    const failed = await local('/local/stripe/events', { family_id: familyId, event: 'payment_failed' });
    expect(failed.status).toBe(200);
    expect(await info(caller)).toMatchObject({ status: 'trial', has_access: true });
    await moveClock(familyId, 15);
    expect(await info(caller)).toMatchObject({
      status: 'expired',
      has_access: false,
      show_expired_notice: true,
    });
    // A retry that succeeds restores Pro.
    await local('/local/stripe/events', { family_id: familyId, event: 'renewed' });
    expect(await info(caller)).toMatchObject({ status: 'active', has_access: true });
  });

  it('acknowledges an event for no known family without changing anything', async () => {
    const event = stripeEvent(
      'customer.subscription.created',
      subscriptionObject(ulid(), `sub_${ulid()}`, 'active'),
    );
    const out = await deliver(event);
    expect(out.status).toBe(200);
    expect(out.body.outcome).toBe('ignored');
  });

  it("moves only the named family: another family's subscription is untouched", async () => {
    const a = await newFamily('alpha');
    const b = await newFamily('beta');
    await deliver(
      stripeEvent('customer.subscription.created', subscriptionObject(a.familyId, `sub_${ulid()}`, 'active')),
    );
    expect((await info(a.caller)).status).toBe('active');
    expect((await info(b.caller)).status).toBe('trial');
  });

  it('keeps both of two events delivered at the same moment', async () => {
    const { caller, familyId } = await newFamily('concurrent');
    const subscriptionId = `sub_${ulid()}`;
    const t = Math.floor(Date.now() / 1000);
    const results = await Promise.all([
      deliver(
        stripeEvent(
          'customer.subscription.created',
          subscriptionObject(familyId, subscriptionId, 'active'),
          t,
        ),
      ),
      deliver(stripeEvent('invoice.paid', { id: `in_${ulid()}`, object: 'invoice', customer: null }, t)),
      deliver(
        stripeEvent(
          'customer.subscription.updated',
          subscriptionObject(familyId, subscriptionId, 'active'),
          t,
        ),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await info(caller)).status).toBe('active');
  });
});

describe('expiry (the trial over, no upgrade)', () => {
  it('answers 402 on uploads while reading and exporting still work', async () => {
    const { caller, familyId } = await newFamily('expired');
    const accounts = await caller.call<{ accounts: Array<{ id: string }> }>('POST', '/api/accounts', {
      accounts: [{ name: 'Everyday', bank_name: 'Monzo', account_type: 'current' }],
    });
    const accountId = accounts.body.accounts[0]?.id ?? '';
    const upload = { accountId, fileName: 'statement.pdf', size: 1234 };
    expect((await caller.call('POST', '/api/uploads', upload)).status).toBe(201);

    await moveClock(familyId, 14);
    expect(await info(caller)).toMatchObject({
      status: 'expired',
      has_access: false,
      trial_days_remaining: 0,
    });
    const refused = await caller.call<ErrorBody>('POST', '/api/uploads', upload);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toEqual({ code: 'payment_required', message: PAYMENT_REQUIRED_MESSAGE });
    expect((await caller.call('GET', '/api/accounts')).status).toBe(200);
    expect((await caller.call('GET', `/api/accounts/${accountId}/transactions`)).status).toBe(200);
    expect((await caller.call('GET', `/api/accounts/${accountId}/transactions/csv`)).status).toBe(200);
    expect((await caller.call('GET', `/api/accounts/${accountId}/statements`)).status).toBe(200);

    // Upgrading reopens uploads.
    await checkoutAndPay(caller);
    expect((await caller.call('POST', '/api/uploads', upload)).status).toBe(201);
  });

  it('team members and early adopters keep access after the trial', async () => {
    const { caller, familyId } = await newFamily('team');
    const { flagSubscription } = await import('../../functions/services/subscription');
    await flagSubscription(services(), familyId, 'team');
    await moveClock(familyId, 30);
    const now = await info(caller);
    expect(now).toMatchObject({ is_team_member: true, has_access: true, show_expired_notice: false });
  });
});

describe('banner dismissals', () => {
  it('stop that banner for the member who dismissed it, and say so in the info', async () => {
    const { caller, familyId } = await newFamily('dismiss');
    await moveClock(familyId, 11);
    expect(await info(caller)).toMatchObject({ show_3_day_warning: true });
    const out = await caller.call<SubscriptionInfoResponse>('POST', '/api/subscription/notifications', {
      notification_type: '3_day_warning',
    });
    expect(out.status).toBe(200);
    expect(out.body.show_3_day_warning).toBe(false);
    expect((await info(caller)).show_3_day_warning).toBe(false);
    // The next banner still comes: the final day.
    await moveClock(familyId, 13);
    expect(await info(caller)).toMatchObject({ show_1_day_warning: true });
    // Dismissing twice is the same as once.
    await caller.call('POST', '/api/subscription/notifications', { notification_type: '3_day_warning' });
    expect((await info(caller)).show_1_day_warning).toBe(true);
  });

  it('are per member: another member of the family still sees the banner', async () => {
    const { caller, familyId } = await newFamily('members');
    // A second member of the same family (the members feature's invitation, done here through its repository).
    const { putMemberIfAbsent, putMembershipIfAbsent } = await import(
      '../../functions/adapters/dynamodb/family-repository'
    );
    const partner = await signedIn(
      twin,
      `partner-${ulid()}`,
      `partner.${ulid().toLowerCase()}@example.co.uk`,
    );
    const at = new Date().toISOString();
    await putMemberIfAbsent({
      family_id: familyId,
      user_id: partner.sub,
      email: partner.email,
      role: 'member',
      status: 'active',
      joined_at: at,
    });
    await putMembershipIfAbsent({ familyId, user_id: partner.sub, role: 'member', created_at: at });
    await moveClock(familyId, 13);
    await caller.call('POST', '/api/subscription/notifications', { notification_type: '1_day_warning' });
    expect((await info(caller)).show_1_day_warning).toBe(false);
    expect((await info(partner)).show_1_day_warning).toBe(true);
    // A plain member may dismiss too, and upgrade the family.
    const dismissed = await partner.call<SubscriptionInfoResponse>(
      'POST',
      '/api/subscription/notifications',
      {
        notification_type: '1_day_warning',
      },
    );
    expect(dismissed.body.show_1_day_warning).toBe(false);
    expect((await partner.call('POST', '/api/subscription/checkout')).status).toBe(200);
  });

  it('refuses an unknown banner key with the keys it accepts', async () => {
    const { caller } = await newFamily('badkey');
    const bad = await caller.call<ErrorBody>('POST', '/api/subscription/notifications', {
      notification_type: '2_day_warning',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(
      'notification_type is one of 3_day_warning, 1_day_warning, trial_expired',
    );
  });
});

describe('the operator command: npm run subscription -- flag <email> team|early', () => {
  const run = promisify(execFile);
  async function command(...args: string[]) {
    try {
      const out = await run(process.execPath, ['--import', 'tsx', 'bin/subscription.ts', ...args], {
        cwd: join(import.meta.dirname, '../..'),
        env: { ...process.env, NODE_OPTIONS: '', PORT: String(twin.port), APP_MODE: '' },
      });
      return { code: 0, ...out };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  it('flags the family of a member by address, in the running twin, and --off clears it', async () => {
    const { caller, familyId } = await newFamily('operator');
    const early = await command('flag', caller.email.toUpperCase(), 'early');
    expect(early.stderr).toBe('');
    expect(early.stdout).toContain(`is an early adopter in the running twin on port ${twin.port}`);
    expect(early.stdout).toContain(familyId);
    await moveClock(familyId, 20);
    expect(await info(caller)).toMatchObject({
      is_early_adopter: true,
      has_access: true,
      show_expired_notice: false,
    });
    const cleared = await command('flag', caller.email, 'early', '--off');
    expect(cleared.stdout).toContain('is no longer an early adopter');
    expect(await info(caller)).toMatchObject({
      is_early_adopter: false,
      has_access: false,
      status: 'expired',
    });
  });

  it('says clearly when no family has that member, and how to use it', async () => {
    const unknown = await command('flag', 'nobody@example.com', 'team');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No family has a member with the address nobody@example.com.');
    const usage = await command('flag', 'ada@example.com', 'gold');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run subscription -- flag <email> team|early');
  });
});
