import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_MESSAGES } from '../../functions/adapters/ocr/scan-reader';
import { TEXTRACT_MAX_WAIT_SECONDS } from '../../functions/contracts/pipeline-states';
import type { Upload } from '../../functions/contracts/uploads';
import {
  generateNoTablePdf,
  generateStatement,
  LAYOUTS,
  type LayoutName,
  type StatementTruth,
} from '../fixtures/statements/generate';
import { scanPdf } from '../fixtures/statements/scan';
import { type ApiCaller, signedIn } from '../support/api';
import {
  createAccount as createAccountOf,
  transactionsOf as transactionsOfAccount,
  uploadStatement,
} from '../support/statements';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * Scanned statements on the twin, end to end: the family uploads an image-only PDF (a statement printed and
 * scanned on a flatbed, 300 dpi greyscale JPEG: tests/fixtures/statements/scan.ts), Extract finds no text
 * layer and starts the local OCR stand-in at the text-recognition port, the real Wait → PollTextract loop
 * awaits it, and the reader gets Textract-shaped blocks. Every generated layout's scan, once, in one twin
 * (about 1–2 s a page on an idle machine; 10 pages in all).
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;

const createAccount = (name: string, accountType: string, bankName: string) =>
  createAccountOf(ada, name, accountType, bankName);
/**
 * How long a scan may take: the pipeline's own ceiling (it fails a scan that Textract has not read within
 * TEXTRACT_MAX_WAIT_SECONDS) and a minute for the steps around it. The test waits for the upload's end state;
 * on a busy machine the pages simply take longer, and only a pipeline that breaks its own ceiling fails here.
 */
const SCAN_CEILING_MS = (TEXTRACT_MAX_WAIT_SECONDS + 60) * 1000;
const upload = (accountId: string, fileName: string, bytes: Uint8Array) =>
  uploadStatement(ada, accountId, fileName, bytes, { timeoutMs: SCAN_CEILING_MS });
const transactionsOf = (accountId: string) => transactionsOfAccount(ada, accountId);

const byDateThenText = <
  T extends { date: string; description: string; signedAmount: number | null; balance: number | null },
>(
  xs: T[],
) =>
  [...xs].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.description.localeCompare(b.description) ||
      (a.signedAmount ?? 0) - (b.signedAmount ?? 0) ||
      (a.balance ?? 0) - (b.balance ?? 0),
  );

const scanned = new Map<LayoutName, { truth: StatementTruth; accountId: string; result: Promise<Upload> }>();

beforeAll(async () => {
  // The scans are made first (drawing pages is work too), then uploaded at once, as a family uploading a
  // pile of scans would; the OCR workers take the pages in turn.
  const scans = [];
  for (const layout of LAYOUTS) {
    const { pdf, truth } = await generateStatement(layout);
    scans.push({ layout, truth, scan: new Uint8Array(await scanPdf(pdf)) });
  }
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  await ada.call('POST', '/api/family');
  for (const { layout, truth, scan } of scans) {
    const card = truth.accountKind === 'credit_card';
    const accountId = await createAccount(
      `Scanned ${layout}`,
      card ? 'credit' : 'current',
      truth.institution,
    );
    const result = upload(accountId, `${layout} scan.pdf`, scan);
    result.catch(() => undefined);
    scanned.set(layout, { truth, accountId, result });
  }
}, 300_000);
afterAll(async () => {
  await twin?.stop();
});

describe('spec 2 §4 Upload: a scanned statement is read on the twin (the local OCR stand-in)', () => {
  it.each(LAYOUTS)(
    'the %s layout, scanned: every row exactly, reconciled',
    async (layout) => {
      const { truth, accountId, result } = scanned.get(layout)!;
      let done = await result;
      if (done.stage === 'needs_check') {
        // A word of a description the recogniser read with little confidence: the figures cannot prove
        // words, so the family is asked to look at the marked rows first. Nothing else may hold it, and
        // the family's Import (nothing changed: it adds up) loads exactly the rows read.
        expect(done.checkReasons).toEqual(['unreadable_words']);
        const imported = await ada.call<Upload>('POST', `/api/uploads/${done.uploadId}/check/import`, {
          anyway: false,
        });
        expect(imported.status).toBe(200);
        done = await waitFor(
          async () => {
            const { body } = await ada.call<Upload>('GET', `/api/uploads/${done.uploadId}`);
            return body.stage === 'done' || body.stage === 'failed' ? body : null;
          },
          60_000,
          250,
        );
      }
      expect(done).toMatchObject({
        stage: 'done',
        message: 'All done! Your transactions are now loaded below.',
        reconciliation: { ok: true, breaks: [] },
        institution: truth.institution,
        period: truth.period,
        pages: truth.pages,
        source: 'textract',
        counts: { parsed: truth.transactions.length, added: truth.transactions.length, duplicates: 0 },
      });
      const listed = (await transactionsOf(accountId)).map((t) => ({
        date: t.transaction_date,
        description: t.description,
        amount: t.amount,
        signedAmount: t.signed_amount,
        type: t.type,
        balance: t.balance,
      }));
      expect(byDateThenText(listed)).toEqual(byDateThenText(truth.transactions));
    },
    SCAN_CEILING_MS,
  );

  it('a blank scanned page fails with the reason in the family words, and writes nothing', async () => {
    const accountId = await createAccount(`Blank ${ulid()}`, 'current', 'Monzo');
    // A page with nothing printed on it, through the scanner.
    const blank = new Uint8Array(await scanPdf(new Uint8Array(await generateNoTablePdf()), { blank: true }));
    const failed = await upload(accountId, 'blank scan.pdf', blank);
    expect(failed).toMatchObject({
      stage: 'failed',
      message: SCAN_MESSAGES.unreadable,
      counts: { added: 0 },
    });
    expect(failed.message).not.toMatch(/textract|tesseract|ocr|cloud|locally/i);
    expect(await transactionsOf(accountId)).toEqual([]);
    expect((await fetch(`${twin.url}/api/health`)).status).toBe(200);
  }, 120_000);
});
