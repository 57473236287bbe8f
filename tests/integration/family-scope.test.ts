import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementCheck } from '../../functions/adapters/dynamodb/check-repository';
import {
  putMemberIfAbsent,
  putMembershipIfAbsent,
} from '../../functions/adapters/dynamodb/family-repository';
import { putNewTransactions } from '../../functions/adapters/dynamodb/transaction-repository';
import { advanceUpload } from '../../functions/adapters/dynamodb/upload-repository';
import { putObject } from '../../functions/adapters/s3/storage';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import { checkReadingKey, uploadObjectKey } from '../../functions/contracts/pipeline';
import type { CreateUploadResponse } from '../../functions/contracts/uploads';
import type { CheckReading } from '../../functions/domain/statement-check';
import { FUNCTIONS, type HttpRoute } from '../../functions/handlers/manifest';
import { generateNoTablePdf } from '../fixtures/statements/generate';
import { type ApiCaller, signedIn } from '../support/api';
import { seedLearning } from '../support/learning';
import { startTestTwin } from '../support/twin';

/**
 * Family isolation, route by route from the manifest: every `member` route called by a user of another family
 * with the first family's resource ids answers 404 (a route without ids: a user with no family gets 404), and
 * every `admin` route called by a plain member of the family answers 403. A route added to the manifest is
 * checked without touching this file, unless it names a resource this file cannot provide an id for.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
/** The family's admin (created it), a plain member of the same family, a user of another family, a newcomer. */
let ada: ApiCaller;
let bob: ApiCaller;
let eve: ApiCaller;
let newcomer: ApiCaller;
/** Family A's resources, by the path segment that names them (/api/accounts/{id}, /api/uploads/{id}). */
const ids: Record<string, string> = {};

type ErrorBody = { error: { code: string; message: string } };

const ROUTES = FUNCTIONS.flatMap((f) => (f.trigger.type === 'http' ? f.trigger.routes : []));
const key = (r: HttpRoute) => `${r.method} ${r.path}`;
const withIds = (route: HttpRoute) => route.path.includes('{');

/** The route's path with family A's ids in its parameters; a parameter this test cannot fill fails it. */
function pathFor(route: HttpRoute): string {
  const segments = route.path.split('/');
  return segments
    .map((segment, i) => {
      if (!/^\{\w+\}$/.test(segment)) return segment;
      const resource = segments[i - 1] ?? '';
      const id = ROUTE_IDS[key(route)]?.[resource] ?? ids[resource];
      if (!id) throw new Error(`${key(route)}: no id of family A's ${resource} to call it with; add one`);
      return id;
    })
    .join('/');
}

/**
 * Ids a route needs other than the shared ones: a statement check is read, edited and imported on one held
 * statement, and another is discarded (a statement imported cannot also be discarded).
 */
const ROUTE_IDS: Record<string, Record<string, string>> = {};

/** Bodies a route needs to serve its rightful caller (any other route gets {}). */
const SAMPLE_BODIES: Record<string, unknown> = {
  'POST /api/uploads/{id}/check/edits': { op: 'swap_in_out' },
  'POST /api/uploads/{id}/check/import': { anyway: true },
  'POST /api/family/members': { email: 'dee@example.com', name: 'Dee' },
  'PATCH /api/family/members/{id}': { role: 'member' },
};
/** Queries a route needs to serve its rightful caller (family A's row is named by its account and date). */
const SAMPLE_QUERIES: Record<string, () => string> = {
  'GET /api/transactions/{id}/category/similar': () =>
    `?account_id=${ids.accounts}&transaction_date=2025-03-03`,
};
const call = (who: ApiCaller, route: HttpRoute) =>
  who.call<ErrorBody>(
    route.method,
    `${pathFor(route)}${SAMPLE_QUERIES[key(route)]?.() ?? ''}`,
    route.method === 'GET' ? undefined : (SAMPLE_BODIES[key(route)] ?? {}),
  );

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  bob = await signedIn(twin, `bob-${ulid()}`, 'bob@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  newcomer = await signedIn(twin, `new-${ulid()}`, 'new@example.com');

  const family = (await ada.call<InitialiseFamilyResponse>('POST', '/api/family', { name: 'Lovelace' })).body;
  expect(family.family.role).toBe('admin');
  await eve.call('POST', '/api/family');
  // Bob joins Ada's family as a plain member (as an accepted invitation will record him).
  const now = new Date().toISOString();
  await putMemberIfAbsent({
    family_id: family.family_id,
    user_id: bob.sub,
    email: bob.email,
    role: 'member',
    status: 'active',
    joined_at: now,
  });
  await putMembershipIfAbsent({
    familyId: family.family_id,
    user_id: bob.sub,
    role: 'member',
    created_at: now,
  });

  // Cy, another plain member: the member routes that change or remove someone are called with him.
  const cy = `cy-${ulid()}`;
  await putMemberIfAbsent({
    family_id: family.family_id,
    user_id: cy,
    email: 'cy@example.co.uk',
    role: 'member',
    status: 'active',
    joined_at: now,
  });
  await putMembershipIfAbsent({ familyId: family.family_id, user_id: cy, role: 'member', created_at: now });
  ids.members = cy;
  // The first page of a held statement (Check Statement draws its pages by number).
  ids.pages = '1';

  const accounts = await ada.call<CreateAccountsResponse>('POST', '/api/accounts', {
    accounts: [{ bank_name: 'Barclays', name: 'Joint current', account_type: 'current' }],
  });
  ids.accounts = accounts.body.accounts[0]!.id;
  const upload = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
    accountId: ids.accounts,
    fileName: 'statement.pdf',
    size: 1024,
  });
  expect(upload.status).toBe(201);
  ids.uploads = upload.body.upload.uploadId;
  Object.assign(ids, await seedLearning(family.family_id, ids.accounts!));
  // Two statements held for the family's check: one to look at, fix and import, one to discard.
  ids.uploads = await heldStatement(family.family_id, ids.accounts!);
  ROUTE_IDS['POST /api/uploads/{id}/check/discard'] = {
    uploads: await heldStatement(family.family_id, ids.accounts!),
  };
  // A bank export whose columns the family is asked to map.
  ROUTE_IDS['GET /api/uploads/{id}/mapping'] = {
    uploads: await exportToMap(family.family_id, ids.accounts!),
  };
  // One of family A's rows (as a statement writes it), for the routes that name a transaction.
  ids.transactions = 'familyARow0000000000001';
  await putNewTransactions([
    {
      id: ids.transactions,
      family_id: family.family_id,
      account_id: ids.accounts,
      upload_id: ids.uploads,
      transaction_date: '2025-03-03',
      description: 'TESCO STORES 2345',
      amount: 12.5,
      signed_amount: -12.5,
      type: 'debit',
      balance: null,
      flow_type: 'external_expense',
      user_corrected_flow_type: null,
      classification_confidence: 0.95,
      classification_method: 'ai_auto',
      created_at: now,
    },
  ]);
});
afterAll(async () => {
  await twin?.stop();
});

/** A CSV export of columns no bank's layout names, waiting for the family to map them, as Parse leaves one. */
async function exportToMap(familyId: string, accountId: string): Promise<string> {
  const text = 'When,What,How much\n03/03/2025,TESCO STORES,-20.00\n04/03/2025,SALARY,1500.00\n';
  const created = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
    accountId,
    fileName: 'export.csv',
    size: text.length,
  });
  expect(created.status).toBe(201);
  const { uploadId } = created.body.upload;
  await putObject(uploadObjectKey(familyId, uploadId, 'export.csv'), text, 'text/csv');
  await advanceUpload(familyId, uploadId, 'needs_mapping', { source: 'export' });
  return uploadId;
}

/** A statement of the account held for the family's check, as Parse leaves one (its reading kept). */
async function heldStatement(familyId: string, accountId: string): Promise<string> {
  const created = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
    accountId,
    fileName: 'held.pdf',
    size: 1024,
  });
  const { uploadId } = created.body.upload;
  const reading: CheckReading = {
    institution: 'Barclays',
    period: { start: '2025-03-01', end: '2025-03-31' },
    openingBalance: 100,
    closingBalance: 50,
    transactions: [
      {
        date: '2025-03-04',
        description: 'TESCO STORES',
        amount: 20,
        signedAmount: -20,
        type: 'debit',
        balance: 80,
      },
    ],
    reconciliation: { ok: false, breaks: [{ row: 0, expected: 50, actual: 80, reason: 'closing balance' }] },
    warnings: [],
    accountKind: 'bank',
    identity: { sort_code: null, account_number: null, card_last4: null },
  };
  const readingKey = checkReadingKey(familyId, uploadId);
  await putObject(readingKey, JSON.stringify(reading), 'application/json');
  await createStatementCheck({
    familyId,
    uploadId,
    accountId,
    fileName: 'held.pdf',
    bucket: 'uploads',
    readingKey,
    reasons: ['does_not_add_up'],
    edits: [],
    createdAt: new Date().toISOString(),
  });
  // Its PDF as uploaded (one page), for the page the check draws.
  await putObject(
    uploadObjectKey(familyId, uploadId, 'held.pdf'),
    new Uint8Array(await generateNoTablePdf()),
    'application/pdf',
  );
  await advanceUpload(familyId, uploadId, 'needs_check', { checkReasons: ['does_not_add_up'], pages: 1 });
  return uploadId;
}

describe('member routes', () => {
  const member = ROUTES.filter((r) => r.scope === 'member');

  it('exist (the family data is behind them)', () => {
    expect(member.length).toBeGreaterThan(0);
  });

  it.each(member.filter(withIds).map((r) => [key(r), r] as const))(
    "%s: family A's ids answer 404 to a user of family B (and work for family A)",
    async (_key, route) => {
      const outsider = await call(eve, route);
      expect(outsider.status).toBe(404);
      expect(outsider.body.error.code).toBe('not_found');
      if (route.method === 'GET') expect((await call(ada, route)).status).toBe(200);
    },
  );

  it.each(member.filter((r) => !withIds(r)).map((r) => [key(r), r] as const))(
    '%s: answers 404 to a signed-in user with no family',
    async (_key, route) => {
      const response = await call(newcomer, route);
      expect(response.status).toBe(404);
      expect(response.body.error).toEqual({ code: 'not_found', message: 'No family found for this user' });
    },
  );

  it("serve a plain member their family's data", async () => {
    const listed = await bob.call<{ accounts: Array<{ id: string }> }>('GET', '/api/accounts');
    expect(listed.status).toBe(200);
    expect(listed.body.accounts.map((a) => a.id)).toEqual([ids.accounts]);
    const family = await bob.call<{ name: string; role: string }>('GET', '/api/family');
    expect(family.body).toMatchObject({ name: 'Lovelace', role: 'member' });
  });
});

describe('admin routes', () => {
  const admin = ROUTES.filter((r) => r.scope === 'admin');
  const called = new Set<string>();

  it.each(admin.map((r) => [key(r), r] as const))(
    '%s: answers 403 to a plain member with the reason, 404 to a user with no family; the admin may',
    async (_key, route) => {
      called.add(key(route));
      const forbidden = await call(bob, route);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.error).toEqual({
        code: 'forbidden',
        message: "Only the family's admin can do this.",
      });
      expect((await call(newcomer, route)).status).toBe(404);
      // The admin passes the scope: served, or refused by the route itself for a reason of its own (the
      // billing portal answers 409 to a family that has not paid yet), never 401, 403 or 404.
      const served = await call(ada, route);
      expect(served.status, JSON.stringify(served.body)).toBeLessThan(500);
      expect([401, 403, 404]).not.toContain(served.status);
    },
  );

  it('were all called above (a new admin route is checked, or this fails)', () => {
    expect([...called].sort()).toEqual(admin.map(key).sort());
    // Starting the family's trial is subscription management: the admin's (spec 1 §6).
    expect(admin.map(key)).toContain('POST /api/subscription');
  });
});
