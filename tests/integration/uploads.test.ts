import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerServices } from '../../functions/app/container';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { CreateUploadResponse, Upload } from '../../functions/contracts/uploads';
import { MAX_UPLOAD_BYTES } from '../../functions/contracts/uploads';
import { ABANDONED_AFTER_MS } from '../../functions/services/uploads';
import { type ApiCaller, signedIn } from '../support/api';
import { startTestTwin, waitFor } from '../support/twin';

let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let eve: ApiCaller;
let adaAccount: string;
let eveAccount: string;
type ErrorBody = { error: { code: string; message: string } };

async function familyWithAccount(caller: ApiCaller): Promise<string> {
  await caller.call('POST', '/api/family');
  const { body } = await caller.call<CreateAccountsResponse>('POST', '/api/accounts', {
    accounts: [{ name: 'Joint current', bank_name: 'Barclays', account_type: 'current' }],
  });
  return body.accounts[0]!.id;
}

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  adaAccount = await familyWithAccount(ada);
  eveAccount = await familyWithAccount(eve);
});
afterAll(async () => {
  await twin?.stop();
});

describe('POST /api/uploads', () => {
  it('creates an upload record and a presigned PUT under {familyId}/{uploadId}_{file}', async () => {
    const { status, body } = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
      accountId: adaAccount,
      fileName: 'January 2026 statement.PDF',
      size: 1234,
    });
    expect(status).toBe(201);
    expect(body.upload).toMatchObject({
      accountId: adaAccount,
      stage: 'uploading',
      fileName: 'January 2026 statement.PDF',
    });
    const url = new URL(body.put.url);
    expect(url.pathname).toMatch(
      new RegExp(`/${twin.bucket}/[0-9A-Z]{26}/${body.upload.uploadId}_January-2026-statement\\.pdf$`),
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(body.put.headers).toEqual({ 'content-type': 'application/pdf', 'if-none-match': '*' });
  });

  it.each([
    [{ accountId: '', fileName: 'a.pdf', size: 10 }, 'Which account are these statements for?'],
    [{ fileName: 'a.pdf', size: 10 }, 'Which account are these statements for?'],
    [{ accountId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', size: 10 }, 'A file name is required'],
    [
      { accountId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', fileName: 'notes.docx', size: 10 },
      'Only PDF, CSV, OFX, QFX and QIF files can be uploaded.',
    ],
    [{ accountId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', fileName: 'a.pdf', size: 0 }, 'This PDF is empty.'],
    [{ accountId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', fileName: 'a.csv', size: 0 }, 'This file is empty.'],
    [
      { accountId: '01ARZ3NDEKTSV4RRFFQ69G5FAV', fileName: 'a.pdf', size: MAX_UPLOAD_BYTES + 1 },
      'This PDF is larger than 20 MB.',
    ],
  ])('refuses %j with a clear message', async (request, message) => {
    const { status, body } = await ada.call<ErrorBody>('POST', '/api/uploads', request);
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
  });

  it("answers 404 for another family's account", async () => {
    const { status } = await ada.call('POST', '/api/uploads', {
      accountId: eveAccount,
      fileName: 'a.pdf',
      size: 10,
    });
    expect(status).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const response = await fetch(`${twin.url}/api/uploads`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/uploads/{id}', () => {
  it('shows the pipeline result to the family that uploaded, and 404 to another family', async () => {
    const { body } = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
      accountId: adaAccount,
      fileName: 'not-really.pdf',
      size: 11,
    });
    const put = await fetch(body.put.url, { method: 'PUT', headers: body.put.headers, body: 'hello world' });
    expect(put.status).toBe(200);
    const finished = await waitFor(async () => {
      const { body: upload } = await ada.call<Upload>('GET', `/api/uploads/${body.upload.uploadId}`);
      return upload.stage === 'done' || upload.stage === 'failed' ? upload : null;
    });
    expect(finished.stage).toBe('failed');
    expect(finished.message).toBeTruthy();
    expect((await eve.call('GET', `/api/uploads/${body.upload.uploadId}`)).status).toBe(404);
    expect((await ada.call('GET', '/api/uploads/not-an-id')).status).toBe(400);
  });
});

describe('GET /api/uploads/{id}: a file that never arrived', () => {
  it('reads as failed once its upload URL has long expired, and not before', async () => {
    const { body } = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
      accountId: adaAccount,
      fileName: 'abandoned.pdf',
      size: 2048,
    });
    const path = `/api/uploads/${body.upload.uploadId}`;
    const created = Date.parse(body.upload.createdAt);
    try {
      registerServices({ now: () => new Date(created + ABANDONED_AFTER_MS - 1000) });
      expect((await ada.call<Upload>('GET', path)).body).toMatchObject({ stage: 'uploading', message: null });
      registerServices({ now: () => new Date(created + ABANDONED_AFTER_MS + 1000) });
      expect((await ada.call<Upload>('GET', path)).body).toMatchObject({
        stage: 'failed',
        message: 'This statement never finished uploading. Please upload it again.',
      });
    } finally {
      registerServices({ now: () => new Date() });
    }
  });
});

describe('GET /api/accounts/{id}/transactions', () => {
  it("lists the account's latest transactions, and 404 for another family's account", async () => {
    const own = await ada.call<{ transactions: unknown[] }>(
      'GET',
      `/api/accounts/${adaAccount}/transactions`,
    );
    expect(own.status).toBe(200);
    expect(own.body.transactions).toEqual([]);
    expect((await ada.call('GET', `/api/accounts/${eveAccount}/transactions`)).status).toBe(404);
    expect((await ada.call('GET', `/api/accounts/${adaAccount}/transactions?limit=0`)).status).toBe(400);
  });
});
