import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headObject, putObject } from '../../functions/adapters/s3/storage';
import { services } from '../../functions/app/container';
import type { PipelineState } from '../../functions/contracts/pipeline';
import { UPLOAD_CLOSED_ERROR } from '../../functions/contracts/pipeline-states';
import type { Transaction } from '../../functions/contracts/transactions';
import type { CreateUploadResponse, Upload } from '../../functions/contracts/uploads';
import { extractStep } from '../../functions/services/pipeline/extract';
import { MESSAGES } from '../../functions/services/pipeline/messages';
import { persistStep } from '../../functions/services/pipeline/persist';
import { generateStatement } from '../fixtures/statements/generate';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * One upload id is one statement, for ever. A presigned PUT URL stays valid for its whole lifetime (300 s),
 * so a browser retry, a second tab or a script can PUT to it again after the statement was read. The link is
 * single-use: it is signed with `If-None-Match: *`, so S3 (and the twin's S3) refuses a second write to the key
 * (412) and the stored statement stays the bytes that were read. Behind that, the pipeline itself leaves a
 * finished upload, and the account's rows, as they were if the object is replaced anyway (by a writer holding
 * the bucket's credentials): each write is a new ObjectCreated event.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let account: string;
let finished: Upload | undefined;

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  account = await familyWithAccount(ada, { name: 'Everyday', bank_name: 'Barclays' });
});
afterAll(async () => {
  await twin?.stop();
});

async function rows(): Promise<Transaction[]> {
  const { body } = await ada.call<{ transactions: Transaction[] }>(
    'GET',
    `/api/accounts/${account}/transactions?limit=500`,
  );
  return body.transactions;
}

async function put(
  url: string,
  headers: Record<string, string>,
  bytes: Uint8Array,
  signedSize = bytes.byteLength,
  replacing?: { etag: string },
) {
  const response = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(bytes) });
  if (!replacing) expect(response.status).toBe(200);
  else {
    // The link is used up: another PUT to it is refused, whatever it carries (another size than the one
    // signed: 403, as content-length is signed; the same size: 412, If-None-Match: *), and the object stays.
    expect(response.status).toBe(bytes.byteLength === signedSize ? 412 : 403);
    const key = decodeURIComponent(new URL(url).pathname.split('/').slice(2).join('/'));
    expect((await headObject(key)).etag).toBe(replacing.etag);
    // As if a writer with the bucket's credentials replaced it anyway (a signed SDK call, unconditional).
    await putObject(key, new Uint8Array(bytes), 'application/pdf');
  }
  // The PUT's ObjectCreated event starts an execution (or none); wait until the pipeline is quiet.
  await new Promise((r) => setTimeout(r, 200));
  await twin.runner.idle();
}

describe('a second PUT to a finished upload', () => {
  it.each([
    ['the same bytes', 1],
    ['another statement', 2],
  ])('with %s adds no rows and leaves the upload record as it was', async (_, seed) => {
    const first = await generateStatement('paid-out-paid-in', { seed: 11 });
    const created = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
      accountId: account,
      fileName: `statement-${seed}.pdf`,
      size: first.pdf.byteLength,
    });
    expect(created.status).toBe(201);
    const { upload, put: target } = created.body;
    await put(target.url, target.headers, first.pdf);
    const done = await waitFor(async () => {
      const { body } = await ada.call<Upload>('GET', `/api/uploads/${upload.uploadId}`);
      return body.stage === 'done' || body.stage === 'failed' ? body : null;
    }, 20_000);
    expect(done.stage).toBe('done');
    finished = done;
    const before = await rows();

    const again =
      seed === 1 ? first.pdf : (await generateStatement('paid-out-paid-in', { seed: 99 + seed })).pdf;
    const key = decodeURIComponent(new URL(target.url).pathname.split('/').slice(2).join('/'));
    await put(target.url, target.headers, again, first.pdf.byteLength, await headObject(key));

    expect((await rows()).length).toBe(before.length);
    expect(await rows()).toEqual(before);
    const after = await ada.call<Upload>('GET', `/api/uploads/${upload.uploadId}`);
    expect(after.body).toEqual(done);
    // The same bytes are the same object version: S3's event names the same execution, which starts nothing.
    // Other bytes start a second execution, which ends without failing (or undoing) the upload.
    const executions = twin.runner.list(200).filter((e) => e.name.startsWith(upload.uploadId));
    expect(executions).toHaveLength(seed === 1 ? 1 : 2);
    expect(executions.map((e) => e.status)).toEqual(executions.map(() => 'SUCCEEDED'));
    expect(executions.flatMap((e) => (e.steps ?? []).map((s) => s.task))).not.toContain('RecordFailure');
  });

  it('Persist itself refuses to write rows for an upload already read', async () => {
    const upload = finished!;
    // The state the upload's own execution finished with: as if Step Functions ran its Persist once more.
    const state = twin.runner
      .list(200)
      .map((e) => (e.output ?? {}) as Partial<PipelineState>)
      .find((output) => output.uploadId === upload.uploadId) as PipelineState;
    expect(state.counts?.parsed).toBeGreaterThan(0);
    await expect(persistStep(services(), state)).rejects.toMatchObject({ name: UPLOAD_CLOSED_ERROR });
    expect((await ada.call<Upload>('GET', `/api/uploads/${upload.uploadId}`)).body).toEqual(upload);
  });
});

describe('a second PUT while the first is being read', () => {
  it("is not read in the first one's place: the upload fails asking for the statement again", async () => {
    // The last upload above was claimed by its first version's ETag, then other bytes landed on its key: as if
    // the first execution's Extract ran only now (the second execution stopped at Register).
    const state = twin.runner
      .list(200)
      .map((e) => (e.output ?? {}) as Partial<PipelineState>)
      .find((output) => output.uploadId === finished?.uploadId) as PipelineState;
    const current = await headObject(state.key, state.bucket);
    expect(state.etag.replaceAll('"', '')).not.toBe('');
    expect(current.etag.replaceAll('"', '')).not.toBe(state.etag.replaceAll('"', ''));
    await expect(extractStep(services(), state)).rejects.toMatchObject({
      name: 'StatementError',
      message: MESSAGES.replaced,
    });
    // The version an upload was claimed for is read as before.
    await expect(extractStep(services(), { ...state, etag: current.etag })).resolves.toMatchObject({
      extraction: { status: 'DONE', source: 'text-layer' },
    });
  });
});
