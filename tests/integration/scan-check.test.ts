import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckPage, StatementCheck } from '../../functions/contracts/statement-check';
import type { Upload } from '../../functions/contracts/uploads';
import { generateAccountStatement, type OrderedRow } from '../fixtures/statements/generate';
import { scanPdf } from '../fixtures/statements/scan';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, transactionsOf, uploadStatement } from '../support/statements';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * A scanned statement gets the same check as a text one: a Monzo-like statement whose reading misses a row
 * (counted in its printed balances, printed on no line), printed and scanned on a flatbed (300 dpi greyscale
 * JPEG, no text layer: tests/fixtures/statements/scan.ts), goes through Extract's OCR path (the twin's
 * stand-in for Textract behind the text-recognition port) to Needs your check; the rows read by OCR carry
 * where they stand on the scanned page, the page is drawn from the scan, the family adds the missed row, it
 * adds up, and Import adds exactly the statement's rows.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let everyday: string;
let held: Upload;

const ROWS: OrderedRow[] = [
  { date: '2025-05-01', description: 'ACME LTD SALARY', signedAmount: 2400 },
  { date: '2025-05-03', description: 'TESCO STORES 2041', signedAmount: -54.2 },
  { date: '2025-05-05', description: 'PRET A MANGER', signedAmount: -6.45 },
  { date: '2025-05-08', description: 'SAINSBURYS S/MKT', signedAmount: -38.9 },
  { date: '2025-05-12', description: 'COSTA COFFEE', signedAmount: -3.1 },
  { date: '2025-05-20', description: 'WAITROSE 778', signedAmount: -71.15 },
];
const MISSED = 3;
const pence = (n: number) => Math.round(n * 100);

beforeAll(async () => {
  const { pdf } = await generateAccountStatement({ rows: ROWS, unprinted: [MISSED] });
  const scan = new Uint8Array(await scanPdf(pdf));
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  await ada.call('POST', '/api/family');
  everyday = await createAccount(ada, 'Everyday', 'current', 'Monzo');
  held = await uploadStatement(ada, everyday, 'may scan.pdf', scan, { timeoutMs: 240_000 });
}, 300_000);
afterAll(async () => {
  await twin?.stop();
});

describe('a scanned statement with a missed row: OCR, Needs your check, fixed, imported', () => {
  it('is read by OCR (the Textract path) and waits for the check, nothing of it in the figures', async () => {
    expect(held).toMatchObject({
      stage: 'needs_check',
      source: 'textract',
      checkReasons: ['does_not_add_up'],
      counts: { parsed: ROWS.length - 1 },
    });
    expect(await transactionsOf(ada, everyday)).toEqual([]);
  });

  it('the check has the rows OCR read, where they stand on the scanned page, and the page drawn', async () => {
    const { status, body } = await ada.call<StatementCheck>('GET', `/api/uploads/${held.uploadId}/check`);
    expect(status).toBe(200);
    expect(body.rows.map((r) => [r.date, pence(r.signedAmount)])).toEqual(
      ROWS.filter((_, i) => i !== MISSED).map((r) => [r.date, pence(r.signedAmount)]),
    );
    expect(body.pages).toBe(1);
    const tops = body.rows.map((r) => r.region?.row.top ?? -1);
    expect(tops.every((t) => t > 0 && t < 1)).toBe(true);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    expect(body.breaks[0]).toMatchObject({ rowId: `r${MISSED}`, difference: -38.9 });
    const page = await ada.call<CheckPage>('GET', `/api/uploads/${held.uploadId}/check/pages/1`);
    expect(page.status).toBe(200);
    expect(page.body.image.startsWith('data:image/png;base64,')).toBe(true);
  });

  it('the missed row added, it adds up; Import adds exactly the statement', async () => {
    const missed = ROWS[MISSED]!;
    const added = await ada.call<StatementCheck>('POST', `/api/uploads/${held.uploadId}/check/edits`, {
      op: 'add_row',
      after: `r${MISSED - 1}`,
      date: missed.date,
      description: missed.description,
      signedAmount: missed.signedAmount,
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ addsUp: true, canImport: true, open: [] });
    const imported = await ada.call<Upload>('POST', `/api/uploads/${held.uploadId}/check/import`, {
      anyway: false,
    });
    expect(imported.status).toBe(200);
    const done = await waitFor(
      async () => {
        const { body } = await ada.call<Upload>('GET', `/api/uploads/${held.uploadId}`);
        return body.stage === 'done' || body.stage === 'failed' ? body : null;
      },
      60_000,
      250,
    );
    expect(done).toMatchObject({ stage: 'done', counts: { added: ROWS.length } });
    expect(done.notChecked).toBeFalsy();
    const rows = await transactionsOf(ada, everyday);
    expect(rows.map((t) => [t.transaction_date, pence(t.signed_amount ?? 0)]).sort()).toEqual(
      ROWS.map((r) => [r.date, pence(r.signedAmount)]).sort(),
    );
  });
});
