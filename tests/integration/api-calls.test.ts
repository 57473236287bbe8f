import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetRememberedFamilies } from '../../functions/adapters/dynamodb/membership';
import type { CreateUploadResponse } from '../../functions/contracts/uploads';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * The DynamoDB requests each of the SPA's frequent reads makes, counted by the twin's table as they arrive
 * (functions/local/dynamo-calls.ts): every request of the API pays the AWS SDK's work for each, so a route
 * that goes back to more calls shows here. The caller's membership is two consistent reads (the user's
 * membership, then the member row of the family it names), one BatchGetItem once this container has read the
 * user's membership before.
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
async function callsOf(path: string, who: ApiCaller = caller): Promise<Record<string, number>> {
  const before = twin.dynamo.calls();
  const response = await who.call('GET', path);
  expect(response.status).toBe(200);
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
    expect(await callsOf('/api/family')).toEqual({ BatchGetItem: 1, GetItem: 1 });
  });

  it('reads the membership with two GetItems the first time (the member row named by the membership)', async () => {
    forgetRememberedFamilies();
    expect(await callsOf('/api/family')).toEqual({ GetItem: 3 });
  });

  // An account with no statement loaded yet: its summary (three Queries) and its transactions' total (one) are
  // worked out at each read; once a statement has loaded, they are stored on the account.
  it.each([
    ['/api/accounts', { BatchGetItem: 1, Query: 4 }],
    ['/api/accounts/{account}', { BatchGetItem: 1, GetItem: 1 }],
    ['/api/accounts/{account}/transactions', { BatchGetItem: 1, GetItem: 1, Query: 2 }],
    ['/api/uploads/{upload}', { BatchGetItem: 1, GetItem: 1 }],
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
