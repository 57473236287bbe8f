import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  putMemberIfAbsent,
  putMembershipIfAbsent,
} from '../../functions/adapters/dynamodb/family-repository';
import { headObject } from '../../functions/adapters/s3/storage';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import type { Transaction } from '../../functions/contracts/transactions';
import type { CreateUploadResponse, Upload } from '../../functions/contracts/uploads';
import { FUNCTIONS, type HttpRoute, type Scope } from '../../functions/handlers/manifest';
import { LOCAL_CLIENT_ID } from '../../functions/local/jwt';
import { generateStatement } from '../fixtures/statements/generate';
import { seedLearning } from '../support/learning';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * Every route of the manifest, attacked by every kind of caller that must not reach family A's data: a member
 * of another family (with family A's real ids in the path and body), a plain member where the admin is
 * required, a signed-in user with no family, and six broken tokens (none, expired, signed by another key,
 * alg "none", another audience, another issuer), which API Gateway's JWT authorizer answers 401 before any
 * function runs. Family A's data, read through the API before and after, is unchanged. A route this file
 * cannot give family A's ids to fails it (add the resource to `seedFamilyA`).
 * family-scope.test.ts checks the messages and that the rightful callers are served; this one is the matrix.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
const ROUTES = FUNCTIONS.flatMap((f) => (f.trigger.type === 'http' ? f.trigger.routes : []));
const key = (r: HttpRoute) => `${r.method} ${r.path}`;

type Caller = { token: string | null };
/** Family A's admin and plain member; family B's admin; a signed-in user who has no family yet. */
const people: Record<'adaAdmin' | 'bobMember' | 'eveOtherFamily' | 'newcomer', Caller> = {
  adaAdmin: { token: null },
  bobMember: { token: null },
  eveOtherFamily: { token: null },
  newcomer: { token: null },
};
/** Broken credentials, each a way a request without a valid Cognito token could arrive. */
const BROKEN = [
  'no token',
  'expired token',
  'forged signature',
  'alg none',
  'wrong audience',
  'wrong issuer',
] as const;
const broken: Record<(typeof BROKEN)[number], Caller> = Object.fromEntries(
  BROKEN.map((b) => [b, { token: null }]),
) as Record<(typeof BROKEN)[number], Caller>;

/**
 * Family A's resources by the path segment that names them (/api/accounts/{id}, /api/uploads/{id}; statements
 * are uploads; transactions, for routes that will name one).
 */
const ids: Record<string, string> = {};
let familyA = '';

function pathFor(route: HttpRoute): string {
  const segments = route.path.split('/');
  return segments
    .map((segment, i) => {
      if (!/^\{\w+\+?\}$/.test(segment)) return segment;
      const resource = segments[i - 1] ?? '';
      const id = ids[resource];
      if (!id) throw new Error(`${key(route)}: no id of family A's ${resource} to call it with; add one`);
      return id;
    })
    .join('/');
}

/** A body that names family A's things every way a contract might take them. */
const hostileBody = () => ({
  accountId: ids.accounts,
  account_id: ids.accounts,
  uploadId: ids.uploads,
  id: ids.accounts,
  familyId: familyA,
  family_id: familyA,
  role: 'admin',
  name: 'Taken over',
  fileName: 'statement.pdf',
  size: 1024,
  accounts: [{ bank_name: 'Barclays', name: 'Intruder', account_type: 'current' }],
  // An edit of a statement check that moves it into family A's account.
  op: 'move_account',
});

/** Every upload link (presigned PUT) an answer in this run carried, with the headers it was signed with. */
const links = new Map<string, Record<string, string>>();
function collectLinks(text: string) {
  try {
    const body = JSON.parse(text) as { put?: { url?: string; headers?: Record<string, string> } };
    if (body?.put?.url) links.set(body.put.url, body.put.headers ?? {});
  } catch {
    // not JSON
  }
}

/**
 * The query parameters a filter might name family A's things with: the contracts' own filter names (a comma
 * list of accounts, one account, an upload), each given family A's real id.
 */
const foreignFilters = () =>
  new URLSearchParams({
    accounts: ids.accounts ?? '',
    account: ids.accounts ?? '',
    account_id: ids.accounts ?? '',
    accountId: ids.accounts ?? '',
    upload_id: ids.uploads ?? '',
    uploadId: ids.uploads ?? '',
  }).toString();

async function call(who: Caller, route: HttpRoute, query = '') {
  const response = await fetch(`${twin.url}${pathFor(route)}${query ? `?${query}` : ''}`, {
    method: route.method,
    headers: {
      ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
      ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    body: route.method === 'GET' ? undefined : JSON.stringify(hostileBody()),
  });
  const text = await response.text();
  collectLinks(text);
  return { status: response.status, text };
}

const api = async <T>(who: Caller, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${twin.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
};

/**
 * Family A as its admin sees it: every GET route that is not public, with family A's ids (accounts, uploads,
 * transactions, the family, profile, subscription, and whatever GET routes are added).
 */
async function snapshotOfFamilyA() {
  const out: Record<string, unknown> = {};
  for (const route of ROUTES.filter((r) => r.method === 'GET' && r.scope !== 'public')) {
    const response = await fetch(`${twin.url}${pathFor(route)}`, {
      headers: { authorization: `Bearer ${people.adaAdmin.token}` },
    });
    out[key(route)] = { status: response.status, body: await response.text() };
  }
  return out;
}

async function seedFamilyA() {
  const family = await api<InitialiseFamilyResponse>(people.adaAdmin, 'POST', '/api/family', {
    name: 'Lovelace',
  });
  expect(family.status).toBeLessThan(300);
  familyA = family.body.family_id;
  const accounts = await api<CreateAccountsResponse>(people.adaAdmin, 'POST', '/api/accounts', {
    accounts: [{ bank_name: 'Barclays', name: 'Joint current', account_type: 'current' }],
  });
  ids.accounts = accounts.body.accounts[0]!.id;
  // A statement read through the whole pipeline: family A has an upload, its statement and its rows.
  const statement = await generateStatement('paid-out-paid-in', { seed: 7 });
  const upload = await api<CreateUploadResponse>(people.adaAdmin, 'POST', '/api/uploads', {
    accountId: ids.accounts,
    fileName: 'statement.pdf',
    size: statement.pdf.byteLength,
  });
  expect(upload.status).toBe(201);
  links.set(upload.body.put.url, upload.body.put.headers);
  const put = await fetch(upload.body.put.url, {
    method: 'PUT',
    headers: upload.body.put.headers,
    body: new Uint8Array(statement.pdf),
  });
  expect(put.status).toBe(200);
  ids.uploads = upload.body.upload.uploadId;
  ids.statements = ids.uploads;
  await waitFor(async () => {
    const read = await api<Upload>(people.adaAdmin, 'GET', `/api/uploads/${ids.uploads}`);
    return read.body.stage === 'done' || read.body.stage === 'failed' ? read.body : null;
  }, 30_000);
  const rows = await api<{ transactions: Transaction[] }>(
    people.adaAdmin,
    'GET',
    `/api/accounts/${ids.accounts}/transactions?limit=500`,
  );
  expect(rows.body.transactions).toHaveLength(statement.truth.transactions.length);
  ids.transactions = rows.body.transactions[0]!.id;
  Object.assign(ids, await seedLearning(familyA, ids.accounts!));
}

async function signWith(key: CryptoKey | Uint8Array, kid: string, claims: JWTPayload, iss: string) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid })
    .setSubject(String(claims.sub))
    .setIssuer(iss)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(key);
}

beforeAll(async () => {
  twin = await startTestTwin();
  const sign = (sub: string, email: string) => twin.signer.sign({ sub, email, tokenUse: 'id' });
  people.adaAdmin.token = await sign(`ada-${ulid()}`, 'ada@example.co.uk');
  const bobSub = `bob-${ulid()}`;
  people.bobMember.token = await sign(bobSub, 'bob@example.co.uk');
  people.eveOtherFamily.token = await sign(`eve-${ulid()}`, 'eve@example.com');
  people.newcomer.token = await sign(`new-${ulid()}`, 'new@example.com');

  await seedFamilyA();
  expect((await api(people.eveOtherFamily, 'POST', '/api/family', { name: 'Other' })).status).toBeLessThan(
    300,
  );
  // Family B has an account of its own: a filter that quietly dropped family A's id would answer with it.
  await api(people.eveOtherFamily, 'POST', '/api/accounts', {
    accounts: [{ bank_name: 'Monzo', name: 'Everyday', account_type: 'current' }],
  });
  // Bob joins family A as a plain member (as an accepted invitation records him).
  const now = new Date().toISOString();
  await putMemberIfAbsent({
    family_id: familyA,
    user_id: bobSub,
    email: 'bob@example.co.uk',
    role: 'member',
    status: 'active',
    joined_at: now,
  });
  await putMembershipIfAbsent({ familyId: familyA, user_id: bobSub, role: 'member', created_at: now });
  ids.members = bobSub;
  // A page of a statement (Check Statement draws a held statement's pages by number).
  ids.pages = '1';

  // Ada's own identity, under broken credentials.
  const sub = `ada-${ulid()}`;
  const claims = {
    sub,
    email: 'ada@example.co.uk',
    email_verified: true,
    aud: LOCAL_CLIENT_ID,
    token_use: 'id',
    auth_time: Math.floor(Date.now() / 1000),
  };
  const stored = JSON.parse(readFileSync(join(twin.dataDir, 'keys', 'signing-key.json'), 'utf8')) as {
    kid: string;
    privateJwk: JWK;
  };
  const twinKey = await importJWK(stored.privateJwk, 'RS256');
  const other = await generateKeyPair('RS256');
  broken['expired token'].token = await twin.signer.sign({
    sub,
    email: 'ada@example.co.uk',
    tokenUse: 'id',
    expiresInSeconds: -120,
  });
  broken['forged signature'].token = await signWith(other.privateKey, stored.kid, claims, twin.signer.issuer);
  broken['alg none'].token = new UnsecuredJWT(claims)
    .setIssuer(twin.signer.issuer)
    .setIssuedAt()
    .setExpirationTime('1h')
    .encode();
  broken['wrong audience'].token = await signWith(
    twinKey,
    stored.kid,
    { ...claims, aud: 'someoneelsesclient000000' },
    twin.signer.issuer,
  );
  broken['wrong issuer'].token = await signWith(
    twinKey,
    stored.kid,
    claims,
    'https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_Elsewhere',
  );
  // The broken tokens are refused, and a well-formed one is not: the matrix below can tell them apart.
  expect(await twin.signer.verify(people.adaAdmin.token)).not.toBeNull();
  for (const b of BROKEN) if (broken[b].token) expect(await twin.signer.verify(broken[b].token)).toBeNull();
});
afterAll(async () => {
  await twin?.stop();
});

/** An answer without what changes from one call to the next (times, generated ids). */
function stable(text: string): unknown {
  try {
    return JSON.parse(text, (k, v) => (/(_at|At|time|Time|now|generated)$/.test(k) ? undefined : v));
  } catch {
    return text;
  }
}

/** What each caller may get from a route of each scope (not 401/403/404 means served, or refused as input). */
function expected(who: keyof typeof people, scope: Scope, hasIds: boolean): (status: number) => boolean {
  const ok = (s: number) => s < 500 && s !== 401 && s !== 403 && s !== 404;
  if (scope === 'public') return ok;
  if (who === 'newcomer') return scope === 'user' || scope === 'self' ? ok : (s) => s === 404;
  // Family A's ids in the path answer 404; in the body, 404 (not found in the caller's family) or the caller's
  // own family is served.
  if (who === 'eveOtherFamily') return hasIds ? (s) => s === 404 : (s) => ok(s) || s === 404;
  if (who === 'bobMember') return scope === 'admin' ? (s) => s === 403 : ok;
  return ok;
}

describe('isolation of every route', () => {
  let before: Record<string, unknown>;
  const called = new Set<string>();

  beforeAll(async () => {
    before = await snapshotOfFamilyA();
  });

  it('covers routes of every scope the manifest uses', () => {
    expect(new Set(ROUTES.map((r) => r.scope))).toEqual(
      new Set(['public', 'self', 'user', 'member', 'admin']),
    );
  });

  it.each(ROUTES.map((r) => [key(r), r] as const))('%s', async (name, route) => {
    called.add(name);
    const hasIds = route.path.includes('{');
    for (const b of BROKEN) {
      const response = await call(broken[b], route);
      if (route.scope === 'public') expect(response.status, `${b}`).toBeLessThan(500);
      else {
        expect(response.status, `${b}: ${response.text}`).toBe(401);
        expect(JSON.parse(response.text)).toEqual({ message: 'Unauthorized' });
      }
    }
    for (const who of ['eveOtherFamily', 'bobMember', 'newcomer'] as const) {
      // A plain member of family A may use its data: only the admin's routes are refused to him.
      if (who === 'bobMember' && route.scope !== 'admin') continue;
      // A newcomer is new at each route (a user route, POST /api/family, gives him a family).
      if (who === 'newcomer')
        people.newcomer.token = await twin.signer.sign({
          sub: `new-${ulid()}`,
          email: 'new@example.com',
          tokenUse: 'id',
        });
      const response = await call(people[who], route);
      expect(
        expected(who, route.scope, hasIds)(response.status),
        `${who} got ${response.status}: ${response.text.slice(0, 300)}`,
      ).toBe(true);
      // Nothing of family A's comes back to someone outside it.
      if (who !== 'bobMember') {
        expect(response.text).not.toContain('Lovelace');
        expect(response.text).not.toContain('Joint current');
        expect(response.text).not.toContain(ids.transactions);
        if (!hasIds) expect(response.text).not.toContain(familyA);
      }
    }
  });

  it.each(
    ROUTES.filter((r) => r.method === 'GET' && r.scope !== 'public' && !r.path.includes('{')).map(
      (r) => [key(r), r] as const,
    ),
  )(
    "%s with family A's ids in its filters: 404 for another family, or the filter is not one it takes",
    async (_, route) => {
      // Another family's caller naming family A's account (or upload) in a query filter is told it is not
      // found, as with an id in the path: never an answer "filtered" to nothing, or to their own data.
      const plain = await call(people.eveOtherFamily, route);
      const filtered = await call(people.eveOtherFamily, route, foreignFilters());
      expect(filtered.status, filtered.text.slice(0, 300)).toBeLessThan(500);
      expect(filtered.text).not.toContain('Joint current');
      expect(filtered.text).not.toContain(ids.transactions);
      if (filtered.status === 404 || filtered.status === 400) return;
      // Otherwise the route takes none of these filters: its answer is the one without them.
      expect(filtered.status).toBe(plain.status);
      expect(stable(filtered.text)).toEqual(stable(plain.text));
    },
  );

  it("leaves family A's data as it was (every GET route, read by its admin)", async () => {
    expect(await snapshotOfFamilyA()).toEqual(before);
    expect(Object.keys(before).length).toBeGreaterThan(3);
    // The snapshot holds family A's real data (a leak or a change would show in it).
    expect(JSON.stringify(before)).toContain(ids.transactions);
    expect(JSON.stringify(before)).toContain('Joint current');
  });

  it('every upload link handed out in this run is single-use: a replacement of the same size is refused', async () => {
    expect(links.size).toBeGreaterThan(0);
    for (const [url, headers] of links) {
      const size = Number(new URL(url).searchParams.get('x-amz-content-length') ?? 0) || undefined;
      const object = decodeURIComponent(new URL(url).pathname.split('/').slice(2).join('/'));
      // A link not used yet is used once, as the browser would.
      const stored = await headObject(object).catch(() => null);
      const length = stored?.size ?? size ?? 10;
      if (!stored) await fetch(url, { method: 'PUT', headers, body: new Uint8Array(length).fill(65) });
      const before = await headObject(object);
      const replaced = await fetch(url, {
        method: 'PUT',
        headers,
        body: new Uint8Array(before.size).fill(66),
      });
      expect([403, 409, 412], url).toContain(replaced.status);
      expect((await headObject(object)).etag).toBe(before.etag);
    }
  });

  it('called every route of the manifest (a new route is attacked, or this fails)', () => {
    expect([...called].sort()).toEqual(ROUTES.map(key).sort());
  });
});
