import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../functions/adapters/pdf/text-layer';
import { unreadablePagesWarning } from '../../functions/adapters/pdf/unreadable-text';
import {
  collectTextractBlocks,
  TEXTRACT_MESSAGES,
  type TextractPage,
} from '../../functions/adapters/textract/blocks';
import { registerServices, services } from '../../functions/app/container';
import type { CreateAccountsResponse } from '../../functions/contracts/accounts';
import { TEXTRACT_POLL_SECONDS } from '../../functions/contracts/pipeline-states';
import type { Transaction } from '../../functions/contracts/transactions';
import type { CreateUploadResponse, Upload } from '../../functions/contracts/uploads';
import { EXTRACTION_MESSAGES } from '../../functions/services/pipeline/messages';
import { MAX_TEXTRACT_POLLS, pollTextractStep } from '../../functions/services/pipeline/poll-textract';
import type { TextRecognition } from '../../functions/shared/ports';
import { generateImageOnlyPdf, generateStatement } from '../fixtures/statements/generate';
import { generatePdfTraitStatement } from '../fixtures/statements/pdf-traits';
import { type ApiCaller, signedIn } from '../support/api';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * A scanned statement on the twin with Textract replaced at its SDK edge: the real state machine definition
 * runs Extract → Wait → PollTextract → Choice until the job is done, and the Textract adapter's own paging
 * (collectTextractBlocks over NextToken) turns the responses into the reader's blocks. Responses are the
 * shapes of GetDocumentTextDetection: a statement's words in that shape, and a recorded real response.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let accountId: string;
let scan: Uint8Array;

interface FakeJob {
  /** GetDocumentTextDetection answers 'IN_PROGRESS' this many times first. */
  inProgress: number;
  pages: TextractPage[];
}
const started: Array<{ bucket: string; key: string; token: string }> = [];
let job: FakeJob;

const recognition: TextRecognition = {
  async start(location) {
    started.push(location);
    return `job-${location.token}`;
  },
  result(_jobId) {
    return collectTextractBlocks(async (nextToken) => {
      if (job.inProgress > 0) {
        job.inProgress--;
        return { JobStatus: 'IN_PROGRESS' };
      }
      return job.pages[nextToken ? Number(nextToken) : 0]!;
    });
  },
};

/** A document's blocks as GetDocumentTextDetection pages them: `parts` responses chained by NextToken. */
function asTextractPages(blocks: TextractPage['Blocks'], pages: number, parts: number): TextractPage[] {
  const all = blocks ?? [];
  const size = Math.ceil(all.length / parts);
  return Array.from({ length: parts }, (_, i) => ({
    JobStatus: 'SUCCEEDED',
    DocumentMetadata: { Pages: pages },
    Blocks: all.slice(i * size, (i + 1) * size),
    ...(i < parts - 1 ? { NextToken: String(i + 1) } : {}),
  }));
}

async function uploadScan(
  bytes: Uint8Array = scan,
  fileName = 'scanned statement.pdf',
  to = accountId,
): Promise<Upload> {
  const { body } = await ada.call<CreateUploadResponse>('POST', '/api/uploads', {
    accountId: to,
    fileName,
    size: bytes.byteLength,
  });
  await fetch(body.put.url, { method: 'PUT', headers: body.put.headers, body: new Uint8Array(bytes) });
  return waitFor(async () => {
    const { body: upload } = await ada.call<Upload>('GET', `/api/uploads/${body.upload.uploadId}`);
    return upload.stage === 'done' || upload.stage === 'failed' ? upload : null;
  }, 20_000);
}

beforeAll(async () => {
  twin = await startTestTwin();
  registerServices({ textRecognition: recognition });
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  await ada.call('POST', '/api/family');
  scan = new Uint8Array(await generateImageOnlyPdf());
});
beforeEach(async () => {
  const { body } = await ada.call<CreateAccountsResponse>('POST', '/api/accounts', {
    accounts: [{ name: `Current ${ulid()}`, bank_name: 'Monzo', account_type: 'current' }],
  });
  accountId = body.accounts[0]!.id;
});
afterAll(async () => {
  await twin?.stop();
});

describe('spec 2 §4 Upload: a scanned statement is read by Textract (Wait → PollTextract loop)', () => {
  it('polls until the job is done, reads every result page and persists the statement', async () => {
    const { pdf, truth } = await generateStatement('signed-amount', { seed: 21 });
    const text = await extractTextLayer(new Uint8Array(pdf));
    if (!text.ok) throw new Error(text.message);
    job = { inProgress: 2, pages: asTextractPages(text.blocks, text.pages, 3) };
    const upload = await uploadScan();
    expect(upload).toMatchObject({
      stage: 'done',
      source: 'textract',
      pages: truth.pages,
      reconciliation: { ok: true },
      counts: { parsed: truth.transactions.length, added: truth.transactions.length },
    });
    expect(started.at(-1)).toEqual({
      bucket: twin.bucket,
      key: expect.stringMatching(new RegExp(`/${upload.uploadId}_scanned-statement\\.pdf$`)),
      token: upload.uploadId,
    });
    const { body } = await ada.call<{ transactions: Transaction[] }>(
      'GET',
      `/api/accounts/${accountId}/transactions?limit=500`,
    );
    expect(body.transactions).toHaveLength(truth.transactions.length);
    // The upload reads 'done' from the last step; the execution itself ends a moment later.
    await twin.runner.idle();
    const execution = twin.runner.list(50).find((e) => e.name.startsWith(upload.uploadId));
    expect(execution?.status).toBe('SUCCEEDED');
  });

  it('a text layer with a page in a font without a character map: that page is read by Textract, the others from the text layer', async () => {
    // pdf-traits.ts 'no-tounicode' on page 2 only: its text layer is glyph codes, the page shows the statement.
    const { pdf, truth } = await generatePdfTraitStatement('no-tounicode', 'multi-page', { onPages: [2] });
    const plain = await extractTextLayer(new Uint8Array((await generateStatement('multi-page')).pdf));
    if (!plain.ok) throw new Error(plain.message);
    // Textract's reading of the document: page 2 as printed, and nothing on pages 1 and 3, which must
    // therefore come from the text layer.
    const recognised = plain.blocks.filter((b) => b.Page === 2 || b.BlockType === 'PAGE');
    job = { inProgress: 1, pages: asTextractPages(recognised, plain.pages, 2) };
    const { body: accounts } = await ada.call<CreateAccountsResponse>('POST', '/api/accounts', {
      accounts: [{ name: `Santander ${ulid()}`, bank_name: 'Santander', account_type: 'current' }],
    });
    const santander = accounts.accounts[0]!.id;
    const upload = await uploadScan(new Uint8Array(pdf), 'statement.pdf', santander);
    expect(upload).toMatchObject({
      stage: 'done',
      source: 'textract',
      reconciliation: { ok: true },
      counts: { parsed: truth.transactions.length, added: truth.transactions.length },
    });
    expect(upload.warnings).toContain(unreadablePagesWarning([2]));
    expect(started.at(-1)?.token).toBe(upload.uploadId);
  });

  it('gives up after ten minutes of polls with a clear message', async () => {
    job = { inProgress: 1, pages: [] };
    const state = {
      bucket: twin.bucket,
      key: `${ulid()}/${ulid()}_scan.pdf`,
      etag: '',
      size: 1,
      familyId: ulid(),
      uploadId: ulid(),
      fileName: 'scan.pdf',
      extraction: {
        status: 'IN_PROGRESS' as const,
        source: 'textract' as const,
        jobId: 'job-1',
        polls: MAX_TEXTRACT_POLLS - 1,
      },
    };
    expect(MAX_TEXTRACT_POLLS * TEXTRACT_POLL_SECONDS).toBe(600);
    await expect(pollTextractStep(services(), state)).rejects.toThrow(EXTRACTION_MESSAGES.textractTimeout);
  });

  it('a failed Textract job fails the upload with a clear message', async () => {
    job = { inProgress: 1, pages: [{ JobStatus: 'FAILED', StatusMessage: 'UNSUPPORTED_DOCUMENT' }] };
    const upload = await uploadScan();
    expect(upload).toMatchObject({
      stage: 'failed',
      message: TEXTRACT_MESSAGES.failed,
      counts: { added: 0 },
    });
  });

  it('a recorded real response that is not a statement: no transaction table, nothing written', async () => {
    const recorded = JSON.parse(
      readFileSync(
        join(import.meta.dirname, '../fixtures/textract/textractor__test_detect_document_text.json'),
        'utf8',
      ),
    ) as TextractPage;
    job = { inProgress: 0, pages: [{ ...recorded, JobStatus: 'SUCCEEDED' }] };
    const upload = await uploadScan();
    expect(upload).toMatchObject({
      stage: 'failed',
      message: 'We could not find a transaction table in this statement.',
    });
    const { body } = await ada.call<{ transactions: Transaction[] }>(
      'GET',
      `/api/accounts/${accountId}/transactions`,
    );
    expect(body.transactions).toEqual([]);
  });
});
