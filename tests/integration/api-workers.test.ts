import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import type { SubscriptionInfoResponse } from '../../functions/contracts/subscription';
import { generateStatement } from '../fixtures/statements/generate';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * The twin with its API in worker threads, as `npm start` runs it: each invocation runs in a worker (its own
 * modules and SDK clients), and reaches the ports the twin registers in its own thread (health probes, the
 * outbox, the Stripe stand-in, the pipeline runner) and the test clock's offsets, with the same answers, errors
 * and HTTP mapping as in the twin's own thread.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;

beforeAll(async () => {
  twin = await startTestTwin({ apiWorkers: 2 });
});
afterAll(async () => {
  await twin?.stop();
});

const invoked = () => (twin.apiWorkers?.invocations() ?? []).reduce((a, b) => a + b, 0);

async function newFamily(name: string): Promise<{ caller: ApiCaller; familyId: string }> {
  const caller = await signedIn(twin, `${name}-${ulid()}`, `${name}.${ulid().toLowerCase()}@example.co.uk`);
  const family = await caller.call<InitialiseFamilyResponse>('POST', '/api/family', { name: `The ${name}s` });
  expect(family.status).toBe(201);
  expect((await caller.call('POST', '/api/subscription')).status).toBe(201);
  return { caller, familyId: family.body.family_id };
}

async function local(path: string, body: unknown) {
  const response = await fetch(`${twin.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the API in worker threads', () => {
  it('runs each invocation in a worker, with the probes registered in the twin', async () => {
    expect(twin.apiWorkers?.invocations()).toHaveLength(2);
    const before = invoked();
    const response = await fetch(`${twin.url}/api/health`);
    expect(response.status).toBe(200);
    const health = (await response.json()) as {
      status: string;
      parts: Record<string, { state: string; detail?: string }>;
    };
    expect(health.status).toBe('ok');
    expect(health.parts.pipeline).toEqual({ state: 'ok', detail: '0 running' });
    expect(health.parts.web).toEqual({ state: 'ok', detail: 'not served (API only)' });
    expect(health.parts.dynamodb?.state).toBe('ok');
    expect(invoked()).toBe(before + 1);
  });

  it("answers errors as the twin's own thread does: API Gateway's, and the handlers' typed ones", async () => {
    const { caller } = await newFamily('errors');
    expect((await fetch(`${twin.url}/api/accounts`)).status).toBe(401);
    const missing = await caller.call<{ error: { code: string } }>('GET', `/api/uploads/${ulid()}`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const invalid = await caller.call<{ error: { code: string } }>('POST', '/api/accounts', {
      accounts: 'x',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('validation_error');
  });

  it("sees a family's test clock as soon as it is moved, and only that family's", async () => {
    const { caller, familyId } = await newFamily('clock');
    const other = await newFamily('other');
    const info = async (who: ApiCaller) =>
      (await who.call<SubscriptionInfoResponse>('GET', '/api/subscription')).body;
    expect(await info(caller)).toMatchObject({ trial_days_remaining: 14 });
    // Each request below may go to either worker: every one holds the offset before it.
    expect((await local('/local/clock', { family_id: familyId, offset_days: 13 })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect(await info(caller)).toMatchObject({ trial_days_remaining: 1 });
    expect(await info(other.caller)).toMatchObject({ trial_days_remaining: 14 });
    expect((await local('/local/clock', { family_id: familyId, offset_days: 0 })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect(await info(caller)).toMatchObject({ trial_days_remaining: 14 });
  });

  it("mails through the twin's outbox and pays through its Stripe stand-in", async () => {
    const { caller } = await newFamily('ports');
    const email = `invitee.${ulid().toLowerCase()}@example.co.uk`;
    expect((await caller.call('POST', '/api/family/members', { email })).status).toBe(201);
    const mails = (await (await fetch(`${twin.url}/local/outbox`)).json()) as Array<{ to: string }>;
    expect(mails.some((m) => m.to === email)).toBe(true);

    const checkout = await caller.call<{ session_url: string }>('POST', '/api/subscription/checkout', {
      plan: 'pro_monthly',
    });
    expect(checkout.status).toBe(200);
    expect(new URL(checkout.body.session_url).origin).toBe(new URL(twin.url).origin);
    // The stand-in's refusal of a bad signature is rebuilt in the worker as the same error: a 400.
    const refused = await fetch(`${twin.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: '{}',
    });
    expect(refused.status).toBe(400);
  });

  it("starts the twin's pipeline for an upload, and reads the statement's rows", async () => {
    const { caller } = await newFamily('upload');
    const { pdf, truth } = await generateStatement('paid-out-paid-in');
    const accountId = await createAccount(caller, 'Everyday', 'current', truth.institution);
    const upload = await uploadStatement(caller, accountId, 'statement.pdf', pdf);
    expect(upload.stage).toBe('done');
    const rows = await caller.call<{ transactions: unknown[] }>(
      'GET',
      `/api/accounts/${accountId}/transactions?limit=500`,
    );
    expect(rows.body.transactions).toHaveLength(truth.transactions.length);
  });
});
