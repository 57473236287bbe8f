import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { localSecret } from '../adapters/secrets/local-secret';
import { signStripePayload, verifyStripeWebhook } from '../adapters/stripe/stripe-billing';
import { PRO_PLAN } from '../domain/subscription';
import type { Billing } from '../shared/ports';

/**
 * The twin's LOCAL STAND-IN for Stripe, used when no Stripe key is set (with STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET set, the twin uses real Stripe instead). It serves the Billing port:
 *  - a Checkout Session is a local page, /local/stripe/checkout/{id}, clearly marked as a stand-in, with
 *    Pay and Cancel. Pay sends the events Stripe sends for a paid subscription checkout
 *    (checkout.session.completed, customer.subscription.created), shaped as Stripe documents them, signed
 *    with the twin's local webhook secret by the stripe library's test-header helper, to the product's own
 *    webhook route (POST /api/webhooks/stripe, the same handler as in AWS); then the browser goes to the
 *    success URL. Cancel goes to the cancel URL and sends nothing.
 *  - the Customer Portal is a local page with 'Cancel subscription' (customer.subscription.deleted);
 *  - POST /local/stripe/events { family_id, event: 'payment_failed' | 'renewed' | 'cancelled' } sends what
 *    Stripe sends when a renewal fails (invoice.payment_failed, the subscription past_due), a retry
 *    succeeds, or the subscription ends.
 * Webhooks are verified exactly as in AWS, by the stripe library, with the local secret (generated once into
 * `{dataDir}/keys/stripe-webhook-secret`). Sessions and subscriptions persist in `{dataDir}/stripe-standin.json`.
 */
export const LOCAL_PRICE_ID = 'price_local_pro_monthly';
const API_VERSION = '2026-02-25.clover';
const MONTH_SECONDS = 30 * 86_400;

interface LocalSession {
  id: string;
  familyId: string;
  email: string;
  customerId: string;
  successUrl: string;
  cancelUrl: string;
  status: 'open' | 'complete' | 'expired';
  subscriptionId: string | null;
  created: number;
}
interface LocalSubscription {
  id: string;
  familyId: string;
  customerId: string;
  status: 'active' | 'past_due' | 'canceled';
  created: number;
  periodStart: number;
}
interface State {
  sessions: Record<string, LocalSession>;
  subscriptions: Record<string, LocalSubscription>;
  customers: Record<string, string>;
  portals: Record<string, { customerId: string; returnUrl: string }>;
}

const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const seconds = () => Math.floor(Date.now() / 1000);

export interface LocalStripe {
  billing: Billing;
  webhookSecret: string;
  /** Mount under the twin's /local/ routes. */
  route(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<boolean>;
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}
const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, inner: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} (local stand-in)</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1a1d21;margin:0;padding:1rem}
main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002;overflow-wrap:anywhere}
.standin{background:#fff4d6;border:1px solid #b7791f;color:#5f3b00;border-radius:8px;padding:.75rem;font-size:.9rem}
.price{font-size:2rem;font-weight:700;margin:.25rem 0}
button{font:inherit;padding:.75rem 1rem;border-radius:8px;border:1px solid #3c4a5c;width:100%;margin-top:.75rem;cursor:pointer;background:#fff;color:#1a1d21}
button.pay{background:#1d4ed8;border-color:#1d4ed8;color:#fff;font-weight:600}
button:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
p.error{color:#9b1c1c}
</style>
<script src="/local/stripe/standin.js" defer></script>
</head><body><main>
<p class="standin" role="note"><strong>Local stand-in for Stripe.</strong> This page runs on this machine only: no card is asked for and no money moves. Pay sends the same signed events Stripe would.</p>
${inner}
</main></body></html>`;
}

/** The pages' one script (the twin's Content-Security-Policy allows no inline script). */
const SCRIPT = `document.addEventListener('click', async (e) => {
  const button = e.target.closest('button[data-action]');
  if (!button) return;
  button.disabled = true;
  const status = document.getElementById('status');
  status.textContent = 'Working...';
  try {
    const r = await fetch(button.dataset.action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const out = await r.json();
    if (!r.ok) throw new Error(out.message || 'The stand-in refused: ' + r.status);
    location.assign(out.redirect);
  } catch (error) {
    status.textContent = error.message;
    status.className = 'error';
    button.disabled = false;
  }
});`;

export function localStripe(options: {
  dataDir: string;
  url: string;
  log?: (line: string) => void;
}): LocalStripe {
  const log = options.log ?? (() => undefined);
  const webhookSecret = `whsec_${localSecret(join(options.dataDir, 'keys', 'stripe-webhook-secret'))}`;
  const statePath = join(options.dataDir, 'stripe-standin.json');
  let state: State = { sessions: {}, subscriptions: {}, customers: {}, portals: {} };
  if (existsSync(statePath)) {
    try {
      state = { ...state, ...(JSON.parse(readFileSync(statePath, 'utf8')) as Partial<State>) };
    } catch {
      log('stripe stand-in: state file unreadable, starting empty');
    }
  }
  const save = () => {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(`${statePath}.tmp`, JSON.stringify(state), { mode: 0o600 });
    renameSync(`${statePath}.tmp`, statePath);
  };

  const metadata = (familyId: string) => ({ family_id: familyId, plan: PRO_PLAN.key });

  const subscriptionObject = (sub: LocalSubscription) => ({
    id: sub.id,
    object: 'subscription',
    status: sub.status,
    customer: sub.customerId,
    metadata: metadata(sub.familyId),
    cancel_at_period_end: false,
    canceled_at: sub.status === 'canceled' ? seconds() : null,
    ended_at: sub.status === 'canceled' ? seconds() : null,
    created: sub.created,
    currency: 'gbp',
    livemode: false,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id}`,
      data: [
        {
          id: `si_${sub.id.slice(4)}`,
          object: 'subscription_item',
          subscription: sub.id,
          current_period_start: sub.periodStart,
          current_period_end: sub.periodStart + MONTH_SECONDS,
          quantity: 1,
          price: {
            id: LOCAL_PRICE_ID,
            object: 'price',
            currency: 'gbp',
            unit_amount: Math.round(PRO_PLAN.price * 100),
            recurring: { interval: 'month', interval_count: 1 },
            lookup_key: PRO_PLAN.key,
          },
        },
      ],
    },
  });

  const sessionObject = (session: LocalSession) => ({
    id: session.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: session.status,
    payment_status: session.status === 'complete' ? 'paid' : 'unpaid',
    client_reference_id: session.familyId,
    customer: session.customerId,
    customer_email: session.email,
    subscription: session.subscriptionId,
    metadata: metadata(session.familyId),
    amount_total: Math.round(PRO_PLAN.price * 100),
    currency: 'gbp',
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    url: null,
    created: session.created,
    livemode: false,
  });

  const invoiceObject = (sub: LocalSubscription) => ({
    id: localId('in'),
    object: 'invoice',
    customer: sub.customerId,
    status: 'open',
    amount_due: Math.round(PRO_PLAN.price * 100),
    amount_paid: 0,
    currency: 'gbp',
    attempt_count: 1,
    billing_reason: 'subscription_cycle',
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: metadata(sub.familyId), subscription: sub.id },
    },
    livemode: false,
  });

  /** Sign and deliver one event to the product's webhook route, as Stripe does. */
  async function deliver(type: string, object: unknown): Promise<number> {
    const event = {
      id: localId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: seconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event);
    const response = await fetch(`${options.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signStripePayload(payload, webhookSecret),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) local stand-in',
      },
      body: payload,
    });
    await response.text();
    log(`stripe stand-in: ${type} → ${response.status}`);
    return response.status;
  }

  const billing: Billing = {
    kind: 'local',
    async createCheckoutSession(request) {
      const customerId = request.customerId ?? state.customers[request.familyId] ?? localId('cus');
      const session: LocalSession = {
        id: localId('cs'),
        familyId: request.familyId,
        email: request.email,
        customerId,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        status: 'open',
        subscriptionId: null,
        created: seconds(),
      };
      state.sessions[session.id] = session;
      save();
      return { id: session.id, url: `${options.url}/local/stripe/checkout/${session.id}` };
    },
    async createPortalSession({ customerId, returnUrl }) {
      const id = localId('bps');
      state.portals[id] = { customerId, returnUrl };
      save();
      return { url: `${options.url}/local/stripe/portal/${id}` };
    },
    async readWebhook(rawBody, signature) {
      return verifyStripeWebhook(rawBody, signature, webhookSecret);
    },
  };

  const currentSubscription = (familyId: string) =>
    Object.values(state.subscriptions)
      .filter((s) => s.familyId === familyId && s.status !== 'canceled')
      .sort((a, b) => b.created - a.created)[0];

  async function pay(session: LocalSession) {
    const now = seconds();
    const sub: LocalSubscription = {
      id: localId('sub'),
      familyId: session.familyId,
      customerId: session.customerId,
      status: 'active',
      created: now,
      periodStart: now,
    };
    state.subscriptions[sub.id] = sub;
    state.customers[session.familyId] = session.customerId;
    Object.assign(session, { status: 'complete', subscriptionId: sub.id });
    save();
    // Stripe's order for a paid subscription checkout (delivery order is not guaranteed; the product copes).
    await deliver('customer.subscription.created', subscriptionObject(sub));
    await deliver('checkout.session.completed', sessionObject(session));
  }

  async function lifecycle(familyId: string, what: string): Promise<{ status: number; message?: string }> {
    const sub = currentSubscription(familyId);
    if (!sub) return { status: 404, message: 'This family has no subscription at the stand-in.' };
    if (what === 'payment_failed') {
      sub.status = 'past_due';
      save();
      await deliver('invoice.payment_failed', invoiceObject(sub));
      await deliver('customer.subscription.updated', subscriptionObject(sub));
    } else if (what === 'renewed') {
      sub.status = 'active';
      sub.periodStart = seconds();
      save();
      await deliver('customer.subscription.updated', subscriptionObject(sub));
    } else if (what === 'cancelled') {
      sub.status = 'canceled';
      save();
      await deliver('customer.subscription.deleted', subscriptionObject(sub));
    } else {
      return { status: 400, message: "event is one of 'payment_failed', 'renewed', 'cancelled'." };
    }
    return { status: 200 };
  }

  async function route(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<boolean> {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!path.startsWith('/local/stripe/')) return false;
    const method = (req.method ?? 'GET').toUpperCase();
    if (path === '/local/stripe/standin.js' && method === 'GET') {
      send(res, 200, 'text/javascript; charset=utf-8', SCRIPT);
      return true;
    }
    const checkout = /^\/local\/stripe\/checkout\/([\w]+)(?:\/(pay|cancel))?$/.exec(path);
    if (checkout) {
      const session = state.sessions[checkout[1] ?? ''];
      if (!session) {
        if (method === 'GET')
          send(res, 404, 'text/html; charset=utf-8', page('Checkout', '<h1>No such checkout session</h1>'));
        else sendJson(res, 404, { message: 'No such checkout session.' });
        return true;
      }
      const action = checkout[2];
      if (!action && method === 'GET') {
        const inner =
          session.status === 'open'
            ? `<h1>Family Finance Pro</h1>
<p class="price">£9.99 <small>per month</small></p>
<p>Billed monthly to ${escapeHtml(session.email)}. Cancel any time.</p>
<button class="pay" type="button" data-action="/local/stripe/checkout/${session.id}/pay">Pay £9.99</button>
<button type="button" data-action="/local/stripe/checkout/${session.id}/cancel">Cancel</button>
<p id="status" role="status" aria-live="polite"></p>`
            : `<h1>This checkout has ended</h1><p>It was ${session.status === 'complete' ? 'paid' : 'cancelled'}.</p>`;
        send(res, 200, 'text/html; charset=utf-8', page('Checkout', inner));
        return true;
      }
      if (method !== 'POST' || !action) return false;
      if (session.status !== 'open') {
        sendJson(res, 409, { message: `This checkout session is already ${session.status}.` });
        return true;
      }
      if (action === 'cancel') {
        session.status = 'expired';
        save();
        sendJson(res, 200, { redirect: session.cancelUrl });
        return true;
      }
      await pay(session);
      sendJson(res, 200, { redirect: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) });
      return true;
    }
    const portal = /^\/local\/stripe\/portal\/([\w]+)(?:\/(cancel|return))?$/.exec(path);
    if (portal) {
      const entry = state.portals[portal[1] ?? ''];
      if (!entry) {
        sendJson(res, 404, { message: 'No such portal session.' });
        return true;
      }
      const familyId = Object.entries(state.customers).find(([, c]) => c === entry.customerId)?.[0];
      if (!portal[2] && method === 'GET') {
        const sub = familyId ? currentSubscription(familyId) : undefined;
        const inner = `<h1>Your subscription</h1>
<p>${sub ? `Family Finance Pro, £9.99 per month (${sub.status === 'active' ? 'active' : 'payment overdue'}).` : 'No active subscription.'}</p>
${sub ? `<button type="button" data-action="/local/stripe/portal/${portal[1]}/cancel">Cancel subscription</button>` : ''}
<button class="pay" type="button" data-action="/local/stripe/portal/${portal[1]}/return">Return to Family Finance</button>
<p id="status" role="status" aria-live="polite"></p>`;
        send(res, 200, 'text/html; charset=utf-8', page('Billing', inner));
        return true;
      }
      if (method !== 'POST') return false;
      if (portal[2] === 'cancel' && familyId) await lifecycle(familyId, 'cancelled');
      sendJson(res, 200, { redirect: entry.returnUrl });
      return true;
    }
    if (path === '/local/stripe/events' && method === 'POST') {
      let input: { family_id?: unknown; event?: unknown } = {};
      try {
        input = JSON.parse(body.toString('utf8') || '{}') as typeof input;
      } catch {
        sendJson(res, 400, {
          message: 'Send a JSON body: { "family_id": "...", "event": "payment_failed" }.',
        });
        return true;
      }
      if (typeof input.family_id !== 'string' || typeof input.event !== 'string') {
        sendJson(res, 400, { message: 'family_id and event are required.' });
        return true;
      }
      const out = await lifecycle(input.family_id, input.event);
      sendJson(res, out.status, out.message ? { message: out.message } : { sent: input.event });
      return true;
    }
    return false;
  }

  return { billing, webhookSecret, route };
}
