import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOfDay } from '../../functions/adapters/dynamodb/analytics-repository';
import { documentClient, tableName } from '../../functions/adapters/dynamodb/client';
import { abReport } from '../../functions/domain/ab-testing';
import { createApiRouter } from '../../functions/local/api-router';
import { signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * The front door's public writes against the twin (its DynamoDB, its API Gateway router): feedback from the
 * landing page and the app, and the landing page's analytics events. Real-world traits: every visitor of an
 * office or a mobile network can share one address (limits are per address and window), bots post junk and
 * huge bodies (size limits, contract checks), sign-in codes travel in page addresses (the stored page has no
 * query), and nothing stored may identify a person beyond what they typed into the feedback form.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let router: ReturnType<typeof createApiRouter>;

beforeAll(async () => {
  twin = await startTestTwin();
  router = createApiRouter({ signer: twin.signer });
}, 60_000);
afterAll(async () => twin?.stop());

let nextAddress = 10;
/** A fresh caller address (each test its own, so rate limits do not leak between tests). */
const address = () => `203.0.113.${nextAddress++}`;

async function post(path: string, body: unknown, from: string, headers: Record<string, string> = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const out = await router({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 (Test)', ...headers },
    body: Buffer.from(raw),
    sourceIp: from,
  });
  return { status: out.statusCode ?? 200, body: out.body ? JSON.parse(out.body as string) : null };
}

/** Limits count per fixed window: start a burst well inside one, so it cannot straddle two. */
async function awayFromWindowEdge(windowSeconds: number) {
  const into = (Date.now() / 1000) % windowSeconds;
  if (into > windowSeconds - 8) await new Promise((r) => setTimeout(r, (windowSeconds - into + 0.5) * 1000));
}

async function items(prefix: string): Promise<Record<string, unknown>[]> {
  const out = await documentClient().send(new ScanCommand({ TableName: tableName() }));
  return (out.Items ?? []).filter((i) => String(i.pk).startsWith(prefix));
}

describe('POST /api/feedback (public, landing page)', () => {
  it('stores the message trimmed, an empty e-mail as null, source, time, user agent and the page without its query', async () => {
    const message = `Love the transfer view ${ulid()}`;
    const from = address();
    const { status, body } = await post(
      '/api/feedback',
      {
        message: `  ${message}  `,
        email: '',
        url: 'https://family.example/login?code=SECRET#access_token=x',
      },
      from,
    );
    expect(status).toBe(201);
    expect(body).toEqual({ received: true });
    const stored = (await items('FEEDBACK')).find((i) => i.message === message);
    expect(stored).toMatchObject({
      contact_email: null,
      source: 'landing_page',
      user_agent: 'Mozilla/5.0 (Test)',
      url: 'https://family.example/login',
      user_id: null,
    });
    expect(Date.parse(String(stored?.submitted_at))).toBeGreaterThan(Date.now() - 60_000);
    // The caller's address is not stored, in the feedback or in the rate-limit counter.
    const everything = JSON.stringify(await items(''));
    expect(everything).not.toContain(from);
  });

  it('keeps a given e-mail and refuses an invalid one', async () => {
    const from = address();
    expect((await post('/api/feedback', { message: 'Hi', email: 'ada@example.co.uk' }, from)).status).toBe(
      201,
    );
    const bad = await post('/api/feedback', { message: 'Hi', email: 'not-an-address' }, from);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Please enter a valid email address');
    expect((await items('FEEDBACK')).some((i) => i.contact_email === 'ada@example.co.uk')).toBe(true);
  });

  it('refuses a blank message, an over-long one and a body over 8 KB', async () => {
    const from = address();
    const blank = await post('/api/feedback', { message: '   \n ' }, from);
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe('Please enter your feedback');
    const long = await post('/api/feedback', { message: 'x'.repeat(2001) }, from);
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Please keep your feedback under 2000 characters');
    const huge = await post('/api/feedback', { message: 'x', padding: 'y'.repeat(9000) }, from);
    expect(huge.status).toBe(413);
    expect((await post('/api/feedback', 'not json', from)).status).toBe(400);
  });

  it('allows 5 messages per address in 10 minutes; another address is not affected', async () => {
    const office = address();
    await awayFromWindowEdge(600);
    for (let i = 0; i < 5; i++)
      expect((await post('/api/feedback', { message: `n${i}` }, office)).status).toBe(201);
    const sixth = await post('/api/feedback', { message: 'n5' }, office);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe('Too many requests. Please wait a moment before trying again.');
    expect((await items('FEEDBACK')).some((i) => i.message === 'n5')).toBe(false);
    expect((await post('/api/feedback', { message: 'elsewhere' }, address())).status).toBe(201);
  }, 30_000);
});

describe('PUT /api/profile: the phone from onboarding', () => {
  it('keeps an onboarding phone as typed (no format check there); the profile screen checks it', async () => {
    const ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
    const names = { first_name: 'Ada', last_name: 'Lovelace' };
    const onboarding = await ada.call<{ phone: string }>('PUT', '/api/profile', {
      ...names,
      phone: 'abc',
      from_onboarding: true,
    });
    expect(onboarding.status).toBe(200);
    expect(onboarding.body.phone).toBe('abc');
    const screen = await ada.call<{ error: { message: string } }>('PUT', '/api/profile', {
      ...names,
      phone: 'abc',
    });
    expect(screen.status).toBe(400);
    expect(screen.body.error.message).toBe('Please enter a valid phone number');
    // Names are still required from onboarding.
    expect(
      (await ada.call('PUT', '/api/profile', { first_name: ' ', last_name: 'L', from_onboarding: true }))
        .status,
    ).toBe(400);
  });
});

describe('POST /api/feedback/signed-in (the app)', () => {
  it('records the signed-in user with source app; refuses a caller without a token', async () => {
    const ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
    const message = `From the app ${ulid()}`;
    const { status } = await ada.call('POST', '/api/feedback/signed-in', {
      message,
      url: 'http://localhost/app',
    });
    expect(status).toBe(201);
    const stored = (await items('FEEDBACK')).find((i) => i.message === message);
    expect(stored).toMatchObject({ source: 'app', user_id: ada.sub, url: 'http://localhost/app' });
    const anonymous = await fetch(`${twin.url}/api/feedback/signed-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/events (public, landing analytics)', () => {
  const visitor = () => crypto.randomUUID();

  it('stores each event with the visitor id and the time only: no address, no user agent', async () => {
    const id = visitor();
    const from = address();
    const { status } = await post(
      '/api/events',
      {
        visitor_id: id,
        events: [
          { type: 'page_view', path: '/' },
          { type: 'ab_view', test: 'headline', variant: 'clarity' },
          { type: 'scroll', depth: 50 },
          { type: 'engaged', seconds: 30 },
        ],
      },
      from,
    );
    expect(status).toBe(204);
    const stored = (await items('ANALYTICS#')).filter((i) => i.visitor_id === id);
    expect(stored.map((i) => i.type).sort()).toEqual(['ab_view', 'engaged', 'page_view', 'scroll']);
    const fields = new Set(stored.flatMap((i) => Object.keys(i)));
    for (const f of fields)
      expect([
        'pk',
        'sk',
        'entity',
        'id',
        'visitor_id',
        'at',
        'type',
        'path',
        'test',
        'variant',
        'depth',
        'seconds',
        'cta',
        'expiresAt',
      ]).toContain(f);
    const text = JSON.stringify(stored);
    expect(text).not.toContain(from);
    expect(text).not.toContain('Mozilla');
  });

  it('refuses an e-mail as visitor id, unknown tests and variants, more than 20 events and bodies over 8 KB', async () => {
    const from = address();
    const one = [{ type: 'page_view', path: '/' }];
    expect((await post('/api/events', { visitor_id: 'ada@example.co.uk', events: one }, from)).status).toBe(
      400,
    );
    expect(
      (
        await post(
          '/api/events',
          { visitor_id: visitor(), events: [{ type: 'ab_view', test: 'colour', variant: 'red' }] },
          from,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await post(
          '/api/events',
          { visitor_id: visitor(), events: [{ type: 'ab_view', test: 'cta', variant: 'benefit' }] },
          from,
        )
      ).status,
    ).toBe(400);
    expect(
      (await post('/api/events', { visitor_id: visitor(), events: [{ type: 'ab_view' }] }, from)).status,
    ).toBe(400);
    expect(
      (
        await post(
          '/api/events',
          { visitor_id: visitor(), events: Array.from({ length: 21 }, () => one[0]) },
          from,
        )
      ).status,
    ).toBe(400);
    expect(
      (await post('/api/events', { visitor_id: visitor(), events: one, padding: 'x'.repeat(9000) }, from))
        .status,
    ).toBe(413);
    expect(
      (
        await post(
          '/api/events',
          { visitor_id: visitor(), events: [{ type: 'page_view', path: '/?email=a@b.co' }] },
          from,
        )
      ).status,
    ).toBe(400);
  });

  it('allows 60 requests per address a minute', async () => {
    const from = address();
    const batch = { visitor_id: visitor(), events: [{ type: 'scroll', depth: 25 }] };
    await awayFromWindowEdge(60);
    for (let i = 0; i < 60; i++) expect((await post('/api/events', batch, from)).status).toBe(204);
    expect((await post('/api/events', batch, from)).status).toBe(429);
    expect((await post('/api/events', batch, address())).status).toBe(204);
  }, 60_000);

  it('the stored events make the A/B report: views per variant, a conversion is a call to action then a sign-in', async () => {
    const from = address();
    const converts = visitor();
    const leaves = visitor();
    await post(
      '/api/events',
      {
        visitor_id: converts,
        events: [
          { type: 'ab_view', test: 'cta', variant: 'social' },
          { type: 'cta_click', cta: 'hero' },
        ],
      },
      from,
    );
    await post('/api/events', { visitor_id: converts, events: [{ type: 'sign_in' }] }, from);
    await post(
      '/api/events',
      {
        visitor_id: leaves,
        events: [
          { type: 'ab_view', test: 'cta', variant: 'social' },
          { type: 'cta_click', cta: 'hero' },
        ],
      },
      from,
    );
    const today = new Date().toISOString().slice(0, 10);
    const report = abReport(await eventsOfDay(today));
    const social = report.find((r) => r.test === 'cta')?.variants.find((v) => v.variant === 'social');
    expect(social).toMatchObject({ views: 2, conversions: 1, rate: 0.5 });
  });

  it('npm run analytics prints the report from the running twin’s table', async () => {
    const from = address();
    await post(
      '/api/events',
      { visitor_id: visitor(), events: [{ type: 'ab_view', test: 'valueProps', variant: 'pain_points' }] },
      from,
    );
    // Node with tsx's loader, as `npx tsx` runs it, without starting npx and tsx's own process first.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'bin/analytics.ts', '--days', '1'],
      {
        env: { ...process.env, PORT: String(twin.port) },
        timeout: 60_000,
      },
    );
    expect(stdout).toContain('A/B test: valueProps');
    expect(stdout).toMatch(/pain_points\s+1\s+0\s+0\.0%/);
    expect(stdout).toMatch(/social\s+2\s+1\s+50\.0%/);
  }, 90_000);
});
