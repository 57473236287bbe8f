import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Family, InitialiseFamilyResponse } from '../../functions/contracts/family';
import type { Profile } from '../../functions/contracts/profile';
import type {
  InitialiseSubscriptionResponse,
  SubscriptionInfoResponse,
} from '../../functions/contracts/subscription';
import { type ApiCaller, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let bob: ApiCaller;

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada.lovelace@example.co.uk');
  bob = await signedIn(twin, `bob-${ulid()}`, 'Bob@Example.com');
});
afterAll(async () => {
  await twin?.stop();
});

describe('family: POST /api/family and GET /api/family', () => {
  it('has no family before onboarding (404)', async () => {
    const { status, body } = await ada.call<{ error: { code: string } }>('GET', '/api/family');
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });

  it('initialises one family per owner, idempotently', async () => {
    const first = await ada.call<InitialiseFamilyResponse>('POST', '/api/family', { name: 'The Lovelaces' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      created: true,
      family: { name: 'The Lovelaces', role: 'admin', user_id: ada.sub },
    });
    expect(first.body.family_id).toMatch(/^[0-9A-Z]{26}$/);

    const [again, concurrent] = await Promise.all([
      ada.call<InitialiseFamilyResponse>('POST', '/api/family', { name: 'The Lovelaces' }),
      ada.call<InitialiseFamilyResponse>('POST', '/api/family'),
    ]);
    for (const r of [again, concurrent]) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ created: false, family_id: first.body.family_id });
    }
    const own = await ada.call<Family>('GET', '/api/family');
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: first.body.family_id, name: 'The Lovelaces', role: 'admin' });
  });

  it('gives concurrent first calls one family between them', async () => {
    const cara = await signedIn(twin, `cara-${ulid()}`, 'cara@example.com');
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => cara.call<InitialiseFamilyResponse>('POST', '/api/family')),
    );
    expect(new Set(results.map((r) => r.body.family_id)).size).toBe(1);
    expect(results.filter((r) => r.body.created)).toHaveLength(1);
  });

  it('renames the family when the owner initialises again with another name', async () => {
    const r = await ada.call<InitialiseFamilyResponse>('POST', '/api/family', {
      name: '  Lovelace Household ',
    });
    expect(r.body.family.name).toBe('Lovelace Household');
    expect((await ada.call<Family>('GET', '/api/family')).body.name).toBe('Lovelace Household');
  });

  it("names a family without a name after the e-mail's local part", async () => {
    const r = await bob.call<InitialiseFamilyResponse>('POST', '/api/family');
    expect(r.status).toBe(201);
    expect(r.body.family.name).toBe("bob's Family");
    const blank = await bob.call<InitialiseFamilyResponse>('POST', '/api/family', { name: '   ' });
    expect(blank.body).toMatchObject({ created: false, family: { name: "bob's Family" } });
  });

  it('ignores a family id in the body or the query: the family is always the caller own', async () => {
    const adaFamily = (await ada.call<Family>('GET', '/api/family')).body;
    const r = await bob.call<InitialiseFamilyResponse>('POST', '/api/family', {
      family_id: adaFamily.id,
      id: adaFamily.id,
    });
    expect(r.body.family_id).not.toBe(adaFamily.id);
    const viaQuery = await bob.call<Family>(
      'GET',
      `/api/family?family_id=${adaFamily.id}&id=${adaFamily.id}`,
    );
    expect(viaQuery.body.id).toBe(r.body.family_id);
    expect(viaQuery.body.name).toBe("bob's Family");
  });

  it('refuses a bad body or no token', async () => {
    expect((await ada.call('POST', '/api/family', '{not json')).status).toBe(400);
    expect((await ada.call('POST', '/api/family', { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await fetch(`${twin.url}/api/family`)).status).toBe(401);
  });
});

describe('profile: GET /api/profile and PUT /api/profile', () => {
  it('is null before it is saved', async () => {
    const newcomer = await signedIn(twin, `p-${ulid()}`, 'p@example.com');
    const { status, body } = await newcomer.call('GET', '/api/profile');
    expect(status).toBe(200);
    expect(body).toBeNull();
  });

  it('upserts with the spec rules: names trimmed, postcode normalised, blanks and empty date of birth null', async () => {
    const before = Date.now();
    const { status, body } = await ada.call<Profile>('PUT', '/api/profile', {
      first_name: ' Ada ',
      last_name: 'Lovelace',
      phone: '+447700900123',
      postcode: 'sw1a1aa',
      city: '  ',
      date_of_birth: '',
      country: 'UK',
      timezone: 'Europe/London',
      currency: 'GBP',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      user_id: ada.sub,
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+447700900123',
      postcode: 'SW1A 1AA',
      city: null,
      date_of_birth: null,
      country: 'UK',
      currency: 'GBP',
      address_line_1: null,
    });
    expect(Date.parse(body.updated_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect((await ada.call<Profile>('GET', '/api/profile')).body).toEqual(body);
  });

  it('changes only the fields sent (onboarding never wipes an address)', async () => {
    await ada.call('PUT', '/api/profile', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_line_1: '12 St James Square',
    });
    const { body } = await ada.call<Profile>('PUT', '/api/profile', {
      first_name: 'Augusta Ada',
      last_name: 'King',
    });
    expect(body).toMatchObject({
      first_name: 'Augusta Ada',
      last_name: 'King',
      address_line_1: '12 St James Square',
      postcode: 'SW1A 1AA',
    });
  });

  it.each([
    [{ first_name: '', last_name: 'L' }, 'First name is required'],
    [{ first_name: 'A', last_name: '  ' }, 'Last name is required'],
    [{ last_name: 'L' }, 'First name is required'],
    [{ first_name: 'A', last_name: 'L', phone: '12ab' }, 'Please enter a valid phone number'],
    [{ first_name: 'A', last_name: 'L', postcode: 'NOT A CODE' }, 'Please enter a valid UK postcode'],
  ])('refuses %j with the spec message', async (update, message) => {
    const { status, body } = await ada.call<{ error: { message: string } }>('PUT', '/api/profile', update);
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
  });

  it("SECURITY: another user's token never reads or writes this profile", async () => {
    const { body } = await bob.call<Profile | null>('GET', `/api/profile?user_id=${ada.sub}`);
    expect(body?.user_id ?? null).not.toBe(ada.sub);
    await bob.call('PUT', '/api/profile', { user_id: ada.sub, first_name: 'Bob', last_name: 'Intruder' });
    expect((await ada.call<Profile>('GET', '/api/profile')).body.first_name).toBe('Augusta Ada');
  });
});

describe('subscription: POST /api/subscription and GET /api/subscription', () => {
  it('asks to be initialised before there is a subscription', async () => {
    const newcomer = await signedIn(twin, `s-${ulid()}`, 's@example.com');
    const { status, body } = await newcomer.call<SubscriptionInfoResponse>('GET', '/api/subscription');
    expect(status).toBe(200);
    expect(body).toMatchObject({ should_initialize: true, has_access: false });
    expect((await newcomer.call('POST', '/api/subscription')).status).toBe(404); // no family yet
  });

  it('starts a 14-day trial on the server clock, once', async () => {
    const before = Date.now();
    const first = await ada.call<InitialiseSubscriptionResponse>('POST', '/api/subscription', {
      trial_ends_at: '2099-01-01',
    });
    expect(first.status).toBe(201);
    expect(first.body.created).toBe(true);
    const again = await ada.call<InitialiseSubscriptionResponse>('POST', '/api/subscription');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, created: false });

    const { body } = await ada.call<SubscriptionInfoResponse>('GET', '/api/subscription');
    expect(body).toMatchObject({
      status: 'trial',
      plan_type: 'free_trial',
      trial_total_days: 14,
      trial_days_remaining: 14, // calendar days left: a new 14-day trial reads 14 on its first day
      days_left: 14,
      has_access: true,
      should_initialize: false,
      show_3_day_warning: false,
      show_1_day_warning: false,
      show_expired_notice: false,
    });
    const ends = Date.parse(body.trial_ends_at ?? '');
    expect(ends - before).toBeGreaterThanOrEqual(14 * 86_400_000 - 1000);
    expect(ends - Date.now()).toBeLessThanOrEqual(14 * 86_400_000);
  });

  it("SECURITY: a family's subscription is its own", async () => {
    const { body } = await bob.call<SubscriptionInfoResponse>('GET', '/api/subscription');
    expect(body.should_initialize).toBe(true);
  });
});
