import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteMember,
  putMemberIfAbsent,
  setCurrentFamily,
} from '../../functions/adapters/dynamodb/family-repository';
import { forgetRememberedFamilies } from '../../functions/adapters/dynamodb/membership';
import type { Account } from '../../functions/contracts/accounts';
import type { Family } from '../../functions/contracts/family';
import type { CreateUploadResponse } from '../../functions/contracts/uploads';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * The DynamoDB requests each of the SPA's frequent reads makes, counted by the twin's table as they arrive
 * (functions/local/dynamo-calls.ts): every request of the API pays the AWS SDK's work for each, so a route
 * that goes back to more calls shows here. The caller's membership is two consistent reads (the user's
 * membership, then the member row of the family it names), one BatchGetItem once this container has read the
 * user's membership before. A route that reads one record of the family by its id (the account, the upload) or
 * the family's own record has it read in that same BatchGetItem.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let caller: ApiCaller;
let accountId: string;
let uploadId: string;

beforeAll(async () => {
  twin = await startTestTwin();
  caller = await signedIn(twin, `calls-${ulid()}`, `calls.${ulid().toLowerCase()}@example.co.uk`);
  accountId = await familyWithAccount(caller);
  const created = await caller.call<CreateUploadResponse>('POST', '/api/uploads', {
    accountId,
    fileName: 'statement.pdf',
    size: 1000,
  });
  expect(created.status).toBe(201);
  uploadId = created.body.upload.uploadId;
});
afterAll(async () => {
  await twin?.stop();
});

/** The table's requests a call to `path` made, by operation. */
async function callsOf(path: string, who: ApiCaller = caller, status = 200): Promise<Record<string, number>> {
  const before = twin.dynamo.calls();
  const response = await who.call('GET', path);
  expect(response.status).toBe(status);
  const after = twin.dynamo.calls();
  const made: Record<string, number> = {};
  for (const [operation, n] of Object.entries(after)) {
    const more = n - ((before as Record<string, number>)[operation] ?? 0);
    if (more) made[operation] = more;
  }
  return made;
}

describe("the DynamoDB calls of the SPA's frequent reads", () => {
  it("reads the caller's membership in one BatchGetItem once it has been read before", async () => {
    await callsOf('/api/family');
    expect(await callsOf('/api/family')).toEqual({ BatchGetItem: 1 });
  });

  it('reads the membership with two GetItems the first time (the member row named by the membership)', async () => {
    forgetRememberedFamilies();
    expect(await callsOf('/api/family')).toEqual({ GetItem: 3 });
    forgetRememberedFamilies();
    expect(await callsOf(`/api/accounts/${accountId}`)).toEqual({ GetItem: 3 });
  });

  // An account with no statement loaded yet: its summary (three Queries) and its transactions' total (one) are
  // worked out at each read; once a statement has loaded, they are stored on the account.
  it.each([
    ['/api/accounts', { BatchGetItem: 1, Query: 4 }],
    // The account, the upload and the family read in the membership's BatchGetItem.
    ['/api/accounts/{account}', { BatchGetItem: 1 }],
    ['/api/accounts/{account}/transactions', { BatchGetItem: 1, Query: 2 }],
    ['/api/uploads/{upload}', { BatchGetItem: 1 }],
    ['/api/family', { BatchGetItem: 1 }],
    // The caller's own profile: no membership read.
    ['/api/profile', { GetItem: 1 }],
  ])('GET %s', async (route, expected) => {
    const path = route.replace('{account}', accountId).replace('{upload}', uploadId);
    await callsOf(path);
    expect(await callsOf(path)).toEqual(expected);
  });

  it('GET /api/health reads the table once and no membership', async () => {
    const before = twin.dynamo.calls();
    expect((await fetch(`${twin.url}/api/health`)).status).toBe(200);
    const after = twin.dynamo.calls();
    expect((after.GetItem ?? 0) - (before.GetItem ?? 0)).toBe(1);
    expect(after.BatchGetItem ?? 0).toBe(before.BatchGetItem ?? 0);
  });
});

describe("a route's own record read with the membership", () => {
  let other: ApiCaller;
  let otherAccount: string;
  let otherUpload: string;
  beforeAll(async () => {
    other = await signedIn(twin, `calls-${ulid()}`, `other.${ulid().toLowerCase()}@example.co.uk`);
    otherAccount = await familyWithAccount(other);
    const created = await other.call<CreateUploadResponse>('POST', '/api/uploads', {
      accountId: otherAccount,
      fileName: 'statement.pdf',
      size: 1000,
    });
    otherUpload = created.body.upload.uploadId;
  });

  it("answers another family's account and upload ids 404, as a record this family does not have", async () => {
    await callsOf('/api/family');
    for (const path of [
      `/api/accounts/${otherAccount}`,
      `/api/accounts/${otherAccount}/transactions`,
      `/api/uploads/${otherUpload}`,
      `/api/accounts/${ulid()}`,
    ])
      expect(await callsOf(path, caller, 404)).toEqual({ BatchGetItem: 1 });
    expect((await other.call('GET', `/api/accounts/${otherAccount}`)).status).toBe(200);
  });

  it('gives the record as it is now: a change made just before is read', async () => {
    await callsOf(`/api/accounts/${accountId}`);
    const name = `Renamed ${ulid()}`;
    expect((await caller.call('PATCH', `/api/accounts/${accountId}`, { name })).status).toBe(200);
    const read = await caller.call<Account>('GET', `/api/accounts/${accountId}`);
    expect(read.body.name).toBe(name);
  });

  it("never hands a record of the family the membership named before: a member who switched reads the new family's", async () => {
    const mover = await signedIn(twin, `calls-${ulid()}`, `mover.${ulid().toLowerCase()}@example.co.uk`);
    const moverAccount = await familyWithAccount(mover);
    const first = await mover.call<Family>('GET', '/api/family');
    // The mover joins the other family and makes it their current one (as accepting an invitation does).
    const otherFamily = (await other.call<Family>('GET', '/api/family')).body;
    const now = new Date().toISOString();
    await putMemberIfAbsent({
      family_id: otherFamily.id,
      user_id: mover.sub,
      email: mover.email,
      role: 'member',
      status: 'active',
      joined_at: now,
    });
    await setCurrentFamily({ familyId: otherFamily.id, user_id: mover.sub, role: 'member', created_at: now });
    const family = await mover.call<Family>('GET', '/api/family');
    expect(family.body.id).toBe(otherFamily.id);
    expect(family.body.id).not.toBe(first.body.id);
    expect((await mover.call('GET', `/api/accounts/${moverAccount}`)).status).toBe(404);
    expect((await mover.call('GET', `/api/accounts/${otherAccount}`)).status).toBe(200);
  });

  it('refuses a removed member at once, though the record was read with their membership', async () => {
    const leaver = await signedIn(twin, `calls-${ulid()}`, `leaver.${ulid().toLowerCase()}@example.co.uk`);
    const leaverAccount = await familyWithAccount(leaver);
    const family = await leaver.call<Family>('GET', '/api/family');
    expect((await leaver.call('GET', `/api/accounts/${leaverAccount}`)).status).toBe(200);
    await deleteMember(family.body.id, leaver.sub);
    for (const path of [`/api/accounts/${leaverAccount}`, `/api/family`])
      expect((await leaver.call('GET', path)).status).toBe(404);
  });
});
