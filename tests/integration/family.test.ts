import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Family, InitialiseFamilyResponse } from '../../functions/contracts/family';
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
