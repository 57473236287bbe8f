import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../functions/adapters/pdf/text-layer';
import { registerServices, services } from '../../functions/app/container';
import { TEXTRACT_MAX_WAIT_SECONDS } from '../../functions/contracts/pipeline-states';
import { MISREAD_FIGURES_WARNING, READ_FAILURE_MESSAGES } from '../../functions/domain/statement';
import type { TextRecognitionResult } from '../../functions/shared/ports';
import { generateStatement } from '../fixtures/statements/generate';
import { generatePdfTraitStatement } from '../fixtures/statements/pdf-traits';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, transactionsOf, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * A PDF whose text layer reads as a statement but whose font gives some digits wrongly (pdf-traits.ts
 * 'digit-swapped-tounicode': 0 and 8, 3 and 5 given each other's digits; firecrawl/pdf-inspector#118), through
 * the real pipeline on the twin: Parse finds the reading contradicted by its own figures, starts the text
 * recognition of the PDF's page images (the local OCR stand-in), the Wait → PollTextract loop awaits it as a
 * scan's, and Parse keeps the images' reading because the figures confirm it. A statement whose text layer's
 * reading the figures confirm never starts a recognition job. One twin for the file; the test waits for the
 * uploads' end states.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
/** Every text-recognition job started on this twin, by upload id (the token). */
const started: string[] = [];
/** What the page images of a file (by name) read as, told instead of read by the stand-in. */
const imagesRead = new Map<string, TextRecognitionResult>();
const toldJobs = new Map<string, TextRecognitionResult>();

/** A scan's ceiling (the pipeline's own wait for the recognition, and a minute for the steps around it). */
const CEILING_MS = (TEXTRACT_MAX_WAIT_SECONDS + 60) * 1000;

/**
 * How the upload ends on the text layer's reading, as it did before the page images were read: its wrong
 * digits put the statement's dates after the upload (a year 20xx read 28xx), which the family is told.
 */
const asTheTextReads = {
  stage: 'failed',
  reason: 'dated_after_upload',
  message: READ_FAILURE_MESSAGES.dated_after_upload,
  counts: { added: 0 },
};

const rowsOf = async (accountId: string) =>
  (await transactionsOf(ada, accountId))
    .map((t) => ({
      date: t.transaction_date,
      description: t.description,
      amount: t.amount,
      signedAmount: t.signed_amount,
      type: t.type,
      balance: t.balance,
    }))
    .sort(byDateThenText);

const byDateThenText = (
  a: { date: string; description: string; balance: number | null },
  b: { date: string; description: string; balance: number | null },
) =>
  a.date.localeCompare(b.date) ||
  a.description.localeCompare(b.description) ||
  (a.balance ?? 0) - (b.balance ?? 0);

beforeAll(async () => {
  twin = await startTestTwin();
  // The twin's own local stand-in, recorded: which uploads it was asked to read.
  const recognition = services().textRecognition;
  if (!recognition) throw new Error('The twin has no text recognition');
  registerServices({
    textRecognition: {
      start: async (location) => {
        started.push(location.token);
        const told = [...imagesRead].find(([name]) => location.key.endsWith(`_${name}`));
        if (!told) return recognition.start(location);
        toldJobs.set(location.token, told[1]);
        return `told:${location.token}`;
      },
      result: async (jobId) => toldJobs.get(jobId.replace(/^told:/, '')) ?? (await recognition.result(jobId)),
    },
  });
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  await ada.call('POST', '/api/family');
}, 120_000);
afterAll(async () => {
  await twin?.stop();
});

describe('spec 2 §4 Upload: a text layer whose figures contradict its reading is read from the page images', () => {
  it(
    'digit-swapped-tounicode (a current account): done, every row exactly, with the warning',
    async () => {
      const { pdf, truth } = await generatePdfTraitStatement('digit-swapped-tounicode', 'paid-out-paid-in');
      const accountId = await createAccount(ada, `Current ${ulid()}`, 'current', truth.institution);
      const done = await uploadStatement(ada, accountId, 'statement.pdf', new Uint8Array(pdf), {
        timeoutMs: CEILING_MS,
      });
      expect(done).toMatchObject({
        stage: 'done',
        reconciliation: { ok: true, breaks: [] },
        institution: truth.institution,
        period: truth.period,
        source: 'textract',
        counts: { parsed: truth.transactions.length, added: truth.transactions.length },
      });
      expect(done.warnings).toContain(MISREAD_FIGURES_WARNING);
      expect(started.filter((token) => token === done.uploadId)).toHaveLength(1);
      expect(await rowsOf(accountId)).toEqual([...truth.transactions].sort(byDateThenText));
    },
    CEILING_MS,
  );

  it('a statement whose text reading its figures confirm never starts a recognition job', async () => {
    const { pdf, truth } = await generateStatement('paid-out-paid-in');
    const accountId = await createAccount(ada, `Current ${ulid()}`, 'current', truth.institution);
    const done = await uploadStatement(ada, accountId, 'statement.pdf', new Uint8Array(pdf));
    expect(done).toMatchObject({
      stage: 'done',
      reconciliation: { ok: true },
      source: 'text-layer',
      counts: { added: truth.transactions.length },
    });
    expect(done.warnings ?? []).not.toContain(MISREAD_FIGURES_WARNING);
    expect(started).not.toContain(done.uploadId);
  }, 120_000);

  it("when the page images do not add up either, the text layer's reading stands as it was, and nothing is read again", async () => {
    const { pdf, truth } = await generatePdfTraitStatement('digit-swapped-tounicode', 'paid-out-paid-in');
    const text = await extractTextLayer(new Uint8Array(pdf));
    if (!text.ok) throw new Error(text.message);
    // The images read as the same wrong digits: nothing confirms them, and the reading stays contradicted.
    imagesRead.set('images-wrong-too.pdf', {
      ok: true,
      blocks: text.blocks,
      pages: text.pages,
      warnings: [],
    });
    const accountId = await createAccount(ada, `Current ${ulid()}`, 'current', truth.institution);
    const held = await uploadStatement(ada, accountId, 'images-wrong-too.pdf', new Uint8Array(pdf));
    expect(held).toMatchObject(asTheTextReads);
    expect(held.warnings ?? []).not.toContain(MISREAD_FIGURES_WARNING);
    await twin.runner.idle();
    expect(started.filter((token) => token === held.uploadId)).toHaveLength(1);
    expect(await transactionsOf(ada, accountId)).toEqual([]);
  }, 120_000);

  it("when the page images cannot be read, the text layer's reading stands as it was", async () => {
    const { pdf, truth } = await generatePdfTraitStatement('digit-swapped-tounicode', 'paid-out-paid-in');
    imagesRead.set('images-unreadable.pdf', { ok: false, reason: 'failed', message: 'Unreadable' });
    const accountId = await createAccount(ada, `Current ${ulid()}`, 'current', truth.institution);
    const held = await uploadStatement(ada, accountId, 'images-unreadable.pdf', new Uint8Array(pdf));
    expect(held).toMatchObject(asTheTextReads);
    expect(started.filter((token) => token === held.uploadId)).toHaveLength(1);
  }, 120_000);
});
