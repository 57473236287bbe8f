import { expect } from 'vitest';
import { putObject } from '../../functions/adapters/s3/storage';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { Transaction } from '../../functions/contracts/transactions';
import type { CreateUploadResponse, Upload } from '../../functions/contracts/uploads';
import type { ApiCaller } from './api';
import { waitFor } from './twin';

/** Statements through the API, as the family's browser sends them: accounts, uploads, the rows read back. */

export async function createAccount(
  caller: ApiCaller,
  name: string,
  accountType: string,
  bankName = 'Monzo',
): Promise<string> {
  const { body } = await caller.call<CreateAccountsResponse>('POST', '/api/accounts', {
    accounts: [{ name, bank_name: bankName, account_type: accountType }],
  });
  return body.accounts[0]!.id;
}

/**
 * POST /api/uploads, PUT the bytes to the presigned URL, then poll the upload (as the SPA does: a request lost
 * to a busy twin is asked again) until it is done, failed or held for the family's check or mapping. `declaredSize` other
 * than the bytes' size: S3 refuses the presigned PUT (content-length is signed), so the object is put with a
 * signed SDK call, for the pipeline's own checks of an object that got there anyway.
 */
export async function uploadStatement(
  caller: ApiCaller,
  accountId: string,
  fileName: string,
  bytes: Uint8Array | string,
  options: { declaredSize?: number; timeoutMs?: number } = {},
): Promise<Upload> {
  const sentSize = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
  const declaredSize = options.declaredSize ?? sentSize;
  const created = await caller.call<CreateUploadResponse>('POST', '/api/uploads', {
    accountId,
    fileName,
    size: declaredSize,
  });
  expect(created.status).toBe(201);
  const { upload, put } = created.body;
  const body = typeof bytes === 'string' ? bytes : new Uint8Array(bytes);
  const response = await fetch(put.url, { method: 'PUT', headers: put.headers, body });
  if (sentSize !== declaredSize) {
    expect(response.status).toBe(403);
    const key = decodeURIComponent(new URL(put.url).pathname.split('/').slice(2).join('/'));
    await putObject(key, body, 'application/pdf');
  } else expect(response.status).toBe(200);
  return waitFor(
    async () => {
      const polled = await caller.call<Upload>('GET', `/api/uploads/${upload.uploadId}`).catch(() => null);
      const record = polled?.body;
      return record &&
        (record.stage === 'done' ||
          record.stage === 'failed' ||
          record.stage === 'needs_check' ||
          record.stage === 'needs_mapping')
        ? record
        : null;
    },
    options.timeoutMs ?? 90_000, // a ceiling for a hang: a scan on a busy machine takes its time
    250,
  );
}

export async function transactionsOf(caller: ApiCaller, accountId: string): Promise<Transaction[]> {
  const { body } = await caller.call<{ transactions: Transaction[] }>(
    'GET',
    `/api/accounts/${accountId}/transactions?limit=500`,
  );
  return body.transactions;
}

/**
 * Waits until every execution of the upload has ended (Finish's last steps go on a moment after the record
 * is done), then gives the upload back.
 */
export async function executionsEnded<T extends { uploadId: string }>(
  runner: { list(max: number): Array<{ name: string; status: string }> },
  upload: T,
): Promise<T> {
  for (;;) {
    const executions = runner.list(500).filter((e) => e.name.startsWith(upload.uploadId));
    if (executions.length && executions.every((e) => e.status !== 'RUNNING')) return upload;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
