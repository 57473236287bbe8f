import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { Transaction } from '../../functions/contracts/transactions';
import type { CreateUploadResponse, Upload } from '../../functions/contracts/uploads';
import { createLocalSigner } from '../../functions/local/jwt';
import type { ExecutionRecord } from '../../functions/local/pipeline-runner';
import { ABANDONED_AFTER_MS, ABANDONED_MESSAGE } from '../../functions/services/uploads';
import { generateStatement } from '../fixtures/statements/generate';
import { scriptBundle } from '../support/script-bundle';
import { waitFor } from '../support/twin';

/**
 * The statement pipeline when the twin dies: the twin runs as its own process and is killed with SIGKILL (no
 * drain, nothing saved on the way out) just after each step of a statement's execution has finished, and
 * once in the middle of Persist; then started again on the same DATA_DIR. The twin re-runs the executions it
 * was running, and every step is idempotent: each account ends with exactly its statement's rows (none lost,
 * none twice) and every upload done with its counts. An upload whose PUT was cut off by the kill reads failed
 * with its message once its presigned URL has expired (the restarted twin's clock is moved on past
 * ABANDONED_AFTER_MS rather than waited for).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'ff-faults-'));
let child: ChildProcess | null = null;
let url = '';
let token = '';

async function start(clockOffsetMs = 0) {
  // One process (plain node, not the tsx wrapper, whose child would outlive a SIGKILL), on the twin's code
  // bundled once for the file: started a dozen times, it would otherwise compile every module each time.
  const proc = spawn(process.execPath, [await scriptBundle('tests/integration/faults/twin-process.ts')], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'ERROR', CLOCK_OFFSET_MS: String(clockOffsetMs) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let output = '';
  proc.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the twin did not start: ${output}`)), 120_000);
    proc.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      const ready = /READY (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    });
    proc.on('exit', (code) => reject(new Error(`the twin exited (${code}): ${output}`)));
  });
  const signer = await createLocalSigner({ keyPath: join(dataDir, 'keys', 'signing-key.json'), origin: url });
  token = await signer.sign({ sub: 'ada-faults', email: 'ada@example.co.uk', tokenUse: 'id' });
}

/** SIGKILL, as a crash or `kill -9` would stop it. */
async function kill() {
  const proc = child;
  if (!proc || proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGKILL');
  await exited;
  child = null;
}

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const executions = async () =>
  ((await (await fetch(`${url}/local/status`)).json()) as { executions: ExecutionRecord[] }).executions;
const executionOf = async (uploadId: string) =>
  (await executions()).find((e) => JSON.stringify(e.input).includes(uploadId));

interface Case {
  accountId: string;
  uploadId: string;
  rows: number;
}

/** A new account and a statement uploaded to it; resolves once the PUT is answered (the pipeline starts). */
async function uploadStatement(seed: number): Promise<Case> {
  const accounts = await api<CreateAccountsResponse>('POST', '/api/accounts', {
    accounts: [{ bank_name: 'Barclays', name: `Current ${seed}`, account_type: 'current' }],
  });
  const accountId = accounts.body.accounts[0]!.id;
  const statement = await generateStatement('paid-out-paid-in', { seed });
  const created = await api<CreateUploadResponse>('POST', '/api/uploads', {
    accountId,
    fileName: `statement-${seed}.pdf`,
    size: statement.pdf.byteLength,
  });
  expect(created.status).toBe(201);
  const put = await fetch(created.body.put.url, {
    method: 'PUT',
    headers: created.body.put.headers,
    body: new Uint8Array(statement.pdf),
  });
  expect(put.status).toBe(200);
  return { accountId, uploadId: created.body.upload.uploadId, rows: statement.truth.transactions.length };
}

async function settled(c: Case): Promise<Upload> {
  return waitFor(
    async () => {
      const { body } = await api<Upload>('GET', `/api/uploads/${c.uploadId}`);
      return body.stage === 'done' || body.stage === 'failed' ? body : null;
    },
    90_000,
    50,
  );
}

async function expectWhole(c: Case) {
  const upload = await settled(c);
  expect(upload.stage, upload.message ?? '').toBe('done');
  expect(upload.counts.added).toBe(c.rows);
  const { body } = await api<{ transactions: Transaction[] }>(
    'GET',
    `/api/accounts/${c.accountId}/transactions?limit=500`,
  );
  expect(body.transactions).toHaveLength(c.rows);
  expect(new Set(body.transactions.map((t) => t.id)).size).toBe(c.rows);
}

/** The tasks a text-layer statement's execution runs, in order, and how long each took (from a clean run). */
let steps: Array<{ task: string; ms: number; cpuMs?: number; dynamoCalls?: number }> = [];

beforeAll(async () => {
  await start();
  expect((await api('POST', '/api/family', { name: 'Lovelace' })).status).toBeLessThan(300);
  const clean = await uploadStatement(1);
  await expectWhole(clean);
  // The upload reads done inside Finish; the execution records Finish once its handler has returned.
  const execution = await waitFor(async () => {
    const e = await executionOf(clean.uploadId);
    return e && e.status !== 'RUNNING' ? e : null;
  });
  steps = execution.steps ?? [];
  console.log(`pipeline steps of a clean run: ${steps.map((s) => `${s.task} ${s.ms} ms`).join(', ')}`);
}, 180_000);
afterAll(async () => {
  await kill();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the statement pipeline when the twin is killed (SIGKILL) and started again on the same data', () => {
  it('ran the steps this test kills between', () => {
    expect(steps.map((s) => s.task)).toEqual(
      expect.arrayContaining(['Register', 'Extract', 'Parse', 'Persist', 'Classify', 'Match', 'Finish']),
    );
    // Each step records the twin's CPU time and the DynamoDB requests made meanwhile (the benches print both).
    const persist = steps.find((s) => s.task === 'Persist');
    expect(persist?.cpuMs).toBeGreaterThan(0);
    expect(persist?.dynamoCalls).toBeGreaterThan(0);
  });

  it('loses no row and duplicates none when killed after each step, and leaves no upload unfinished', async () => {
    const cases: Array<Case & { killedAfter: string }> = [];
    for (let k = 1; k < steps.length; k++) {
      const c = await uploadStatement(100 + k);
      // Kill as soon as the k-th step is recorded finished: between it and the next, or just inside the next.
      await waitFor(async () => ((await executionOf(c.uploadId))?.steps?.length ?? 0) >= k, 60_000, 5);
      await kill();
      cases.push({ ...c, killedAfter: steps[k - 1]!.task });
      await start();
      await expectWhole(c);
    }
    console.log(`killed after: ${cases.map((c) => c.killedAfter).join(', ')}`);
    for (const c of cases) await expectWhole(c);
  }, 600_000);

  it('loses no row and duplicates none when killed in the middle of Persist', async () => {
    const parse = steps.findIndex((s) => s.task === 'Parse');
    const persistMs = steps.find((s) => s.task === 'Persist')?.ms ?? 0;
    const c = await uploadStatement(200);
    await waitFor(async () => ((await executionOf(c.uploadId))?.steps?.length ?? 0) > parse, 60_000, 5);
    await new Promise((r) => setTimeout(r, Math.floor(persistMs / 2)));
    await kill();
    await start();
    await expectWhole(c);
  }, 300_000);

  it('reads an upload whose PUT the kill cut off as failed, with its message, once its URL has expired', async () => {
    const accounts = await api<CreateAccountsResponse>('POST', '/api/accounts', {
      accounts: [{ bank_name: 'Barclays', name: 'Cut off', account_type: 'current' }],
    });
    const statement = await generateStatement('paid-out-paid-in', { seed: 300 });
    const created = await api<CreateUploadResponse>('POST', '/api/uploads', {
      accountId: accounts.body.accounts[0]!.id,
      fileName: 'cut-off.pdf',
      size: statement.pdf.byteLength,
    });
    const { put, upload } = created.body;
    // Half the file, then the twin dies with the PUT still open.
    const target = new URL(put.url);
    const half = statement.pdf.subarray(0, Math.floor(statement.pdf.byteLength / 2));
    const req = request(target, {
      method: 'PUT',
      headers: { ...put.headers, 'content-length': String(statement.pdf.byteLength) },
    });
    req.on('error', () => undefined);
    await new Promise<void>((resolve) => req.write(half, () => resolve()));
    await kill();
    req.destroy();

    await start();
    const soon = await api<Upload>('GET', `/api/uploads/${upload.uploadId}`);
    expect(soon.body.stage).toBe('uploading');
    await kill();
    // The same data some minutes later: past the URL's expiry and the margin for a slow transfer.
    await start(ABANDONED_AFTER_MS + 60_000);
    const later = await api<Upload>('GET', `/api/uploads/${upload.uploadId}`);
    expect(later.body).toMatchObject({ stage: 'failed', message: ABANDONED_MESSAGE });
    const { body } = await api<{ transactions: Transaction[] }>(
      'GET',
      `/api/accounts/${accounts.body.accounts[0]!.id}/transactions?limit=500`,
    );
    expect(body.transactions).toEqual([]);
    expect((await executions()).filter((e) => e.status === 'RUNNING')).toEqual([]);
  }, 300_000);
});
