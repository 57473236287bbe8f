import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_MESSAGES } from '../../functions/adapters/ocr/scan-reader';
import type { Transaction } from '../../functions/contracts/transactions';
import { MAX_UPLOAD_BYTES, type Upload } from '../../functions/contracts/uploads';
import { otherCurrencyMessage } from '../../functions/domain/statement/currency';
import { CORPUS, generateCorpusStatement } from '../fixtures/statements/corpus';
import {
  generateImageOnlyPdf,
  generateNoTablePdf,
  generateStatement,
  LAYOUTS,
  type LayoutName,
  type StatementTruth,
} from '../fixtures/statements/generate';
import { VARIATIONS } from '../fixtures/statements/variations';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, transactionsOf, uploadStatement } from '../support/statements';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * The whole statement pipeline on the local twin, as the family drives it: POST /api/uploads, PUT the PDF to
 * the presigned URL, s3rver's ObjectCreated event starts the real state machine definition, and the upload
 * record and the account's transactions are read back through the API.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let eve: ApiCaller;
let card: string;

const uploadBytes = (
  caller: ApiCaller,
  accountId: string,
  fileName: string,
  bytes: Uint8Array | string,
  declaredSize?: number,
) => uploadStatement(caller, accountId, fileName, bytes, declaredSize === undefined ? {} : { declaredSize });

/** The truth's rows as the API lists them: newest first. */
function expectRows(rows: Transaction[], truth: StatementTruth) {
  const listed = rows.map((t) => ({
    date: t.transaction_date,
    description: t.description,
    amount: t.amount,
    signedAmount: t.signed_amount,
    type: t.type,
    balance: t.balance,
  }));
  const sort = <
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
  expect(sort(listed)).toEqual(sort(truth.transactions));
}

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  await ada.call('POST', '/api/family');
  await eve.call('POST', '/api/family');
  card = await createAccount(ada, 'Amex', 'credit', 'American Express');
});
afterAll(async () => {
  await twin?.stop();
});

describe('spec 2 §2 File Upload, §4 Upload: a statement PDF becomes classified transactions', () => {
  it.each(LAYOUTS.filter((l) => l !== 'credit-card'))(
    'the %s layout: every row exactly, reconciled, classified',
    async (layout: LayoutName) => {
      const { pdf, truth } = await generateStatement(layout);
      const accountId = await createAccount(ada, `Account for ${layout}`, 'current', truth.institution);
      const upload = await uploadBytes(ada, accountId, `${layout}.pdf`, pdf);
      expect(upload).toMatchObject({
        stage: 'done',
        message: 'All done! Your transactions are now loaded below.',
        reconciliation: { ok: true, breaks: [] },
        institution: truth.institution,
        period: truth.period,
        pages: truth.pages,
        source: 'text-layer',
        warnings: expect.not.arrayContaining([expect.stringMatching(/Please check you chose/)]),
        counts: { parsed: truth.transactions.length, added: truth.transactions.length, duplicates: 0 },
      });
      const rows = await transactionsOf(ada, accountId);
      expectRows(rows, truth);
      // Every row has a flow type from the family's patterns or the rule table, stored as ai_auto.
      for (const t of rows) {
        expect(t.flow_type, t.description).not.toBeNull();
        expect(t.classification_method).toBe('ai_auto');
      }
      const salary = rows.find((t) => t.description.startsWith('SALARY ACME'));
      if (salary) expect(salary.flow_type).toBe('income');
      const savings = rows.find((t) => t.description.startsWith('TFR 12345678'));
      if (savings) expect(savings.flow_type).toBe('internal_transfer');
    },
  );

  it('a credit card statement on a card account: payments are money in to the card', async () => {
    const { pdf, truth } = await generateStatement('credit-card');
    const upload = await uploadBytes(ada, card, 'amex.pdf', pdf);
    expect(upload).toMatchObject({ stage: 'done', reconciliation: { ok: true }, warnings: [] });
    const rows = await transactionsOf(ada, card);
    expectRows(rows, truth);
    const payment = rows.find((t) => /PAYMENT RECEIVED/.test(t.description));
    expect(payment).toMatchObject({ type: 'credit', flow_type: 'internal_transfer' });
    expect(payment!.signed_amount).toBeGreaterThan(0);
  });

  it('a card statement uploaded to a current account waits for the check, with the warnings', async () => {
    const accountId = await createAccount(ada, 'Mistaken current', 'current');
    const { pdf, truth } = await generateStatement('credit-card');
    const upload = await uploadBytes(ada, accountId, 'amex.pdf', pdf);
    expect(upload).toMatchObject({
      stage: 'needs_check',
      checkReasons: ['other_bank', 'other_account_kind'],
      counts: { parsed: truth.transactions.length },
    });
    expect(upload.warnings).toContain(
      'This looks like a credit card statement, but it was uploaded to a current account. Please check you chose the right account.',
    );
    expect(
      upload.warnings.some((w) => w.startsWith('This statement looks like it is from American Express')),
    ).toBe(true);
    // Its rows are kept apart until the family imports it.
    expect(await transactionsOf(ada, accountId)).toEqual([]);
  });

  it('a bank statement uploaded to a card account reads as the bank statement it is, and waits', async () => {
    const accountId = await createAccount(ada, 'Mistaken card', 'credit', 'Barclays');
    const { pdf, truth } = await generateStatement('paid-out-paid-in', { seed: 4 });
    const upload = await uploadBytes(ada, accountId, 'barclays.pdf', pdf);
    expect(upload).toMatchObject({
      stage: 'needs_check',
      checkReasons: ['other_account_kind'],
      reconciliation: { ok: true },
    });
    expect(upload.warnings).toContain(
      'This looks like a bank account statement, but it was uploaded to a credit card account. Please check you chose the right account.',
    );
    expect(await transactionsOf(ada, accountId)).toEqual([]);
    // Confirmed by the family (it is the account they meant), it imports as read.
    await ada.call('POST', `/api/uploads/${upload.uploadId}/check/edits`, {
      op: 'move_account',
      accountId,
    });
    expect((await ada.call('POST', `/api/uploads/${upload.uploadId}/check/import`, {})).status).toBe(200);
    await waitFor(async () => {
      const { body } = await ada.call<Upload>('GET', `/api/uploads/${upload.uploadId}`);
      return body.stage === 'done';
    });
    expectRows(await transactionsOf(ada, accountId), truth);
  });

  it("another family cannot see the upload or the account's rows", async () => {
    const { pdf } = await generateStatement('signed-amount', { seed: 3 });
    const accountId = await createAccount(ada, 'Private', 'current');
    const upload = await uploadBytes(ada, accountId, 'private.pdf', pdf);
    expect((await eve.call('GET', `/api/uploads/${upload.uploadId}`)).status).toBe(404);
    expect((await eve.call('GET', `/api/accounts/${accountId}/transactions`)).status).toBe(404);
  });
});

describe('spec 2 §4 Upload: nothing is added twice', () => {
  it('re-uploading a statement adds nothing', async () => {
    const accountId = await createAccount(ada, 'Re-upload', 'current', 'Barclays');
    const { pdf, truth } = await generateStatement('paid-out-paid-in', { seed: 11 });
    const first = await uploadBytes(ada, accountId, 'january.pdf', pdf);
    const again = await uploadBytes(ada, accountId, 'january (1).pdf', pdf);
    const n = truth.transactions.length;
    expect(first.counts).toMatchObject({ parsed: n, added: n, duplicates: 0 });
    expect(again).toMatchObject({ stage: 'done', counts: { parsed: n, added: 0, duplicates: n } });
    expect(await transactionsOf(ada, accountId)).toHaveLength(n);
  });

  it('an overlapping statement adds only its new rows', async () => {
    const accountId = await createAccount(ada, 'Overlap', 'current');
    const history = { transactions: 40, seed: 5 };
    const a = await generateStatement('signed-amount', { ...history, slice: { from: 0, to: 25 } });
    const b = await generateStatement('signed-amount', { ...history, slice: { from: 15, to: 40 } });
    expect((await uploadBytes(ada, accountId, 'a.pdf', a.pdf)).counts).toMatchObject({ added: 25 });
    const second = await uploadBytes(ada, accountId, 'b.pdf', b.pdf);
    expect(second.counts).toMatchObject({ parsed: 25, added: 15, duplicates: 10 });
    const whole = await generateStatement('signed-amount', history);
    expectRows(await transactionsOf(ada, accountId), whole.truth);
  });

  it('the same S3 event delivered three times starts one execution', async () => {
    const accountId = await createAccount(ada, 'Triple', 'current');
    const { pdf, truth } = await generateStatement('signed-amount', { seed: 8 });
    const upload = await uploadBytes(ada, accountId, 'triple.pdf', pdf);
    const executions = twin.runner.list(500).filter((e) => e.name.startsWith(upload.uploadId));
    expect(executions).toHaveLength(1);
    const [execution] = executions;
    const input = execution!.input as { bucket: string; key: string; etag: string; size: number };
    const { handler } = await import('../../functions/handlers/triggers/s3-object-created');
    const record = {
      eventName: 'ObjectCreated:Put',
      s3: {
        bucket: { name: input.bucket },
        object: { key: encodeURIComponent(input.key), eTag: input.etag, size: input.size },
      },
    };
    for (let i = 0; i < 3; i++) {
      const out = (await handler({ Records: [record] } as never, {} as never)) as {
        results: Array<{ started: boolean }>;
      };
      expect(out.results[0]!.started).toBe(false);
    }
    await twin.runner.idle();
    expect(twin.runner.list(500).filter((e) => e.name.startsWith(upload.uploadId))).toHaveLength(1);
    expect(await transactionsOf(ada, accountId)).toHaveLength(truth.transactions.length);
  });
});

describe('spec 2 §8 Upload errors: bad input fails clearly, writes nothing, and the twin keeps serving', () => {
  const cases: Array<[string, () => Promise<{ bytes: Uint8Array | string; size?: number }>, string]> = [
    [
      'a text file named .pdf',
      async () => ({ bytes: 'Date,Description,Amount\n01/03/2025,TESCO,-4.50\n' }),
      'This file is not a PDF.',
    ],
    ['an empty file', async () => ({ bytes: new Uint8Array(), size: 10 }), 'This PDF is empty.'],
    [
      'a truncated PDF',
      async () => {
        const { pdf } = await generateStatement('signed-amount');
        return { bytes: new Uint8Array(pdf.subarray(0, Math.floor(pdf.length / 2))) };
      },
      'This PDF appears to be damaged or incomplete.',
    ],
    [
      'a password-protected PDF',
      async () => ({
        bytes: new Uint8Array((await generateStatement('signed-amount', { userPassword: 'pw' })).pdf),
      }),
      'This PDF is password-protected. Please upload an unprotected copy.',
    ],
    [
      'a PDF over the size limit (sent past the URL the app gave)',
      async () => {
        const { pdf } = await generateStatement('signed-amount');
        const padded = new Uint8Array(MAX_UPLOAD_BYTES + 1024);
        padded.set(pdf);
        return { bytes: padded, size: pdf.length };
      },
      'This PDF is larger than 20 MB. Please upload a single statement.',
    ],
    [
      'a scan with nothing legible on it (grey noise, ruled lines, a black box: no text layer, no words)',
      async () => ({ bytes: new Uint8Array(await generateImageOnlyPdf()) }),
      SCAN_MESSAGES.unreadable,
    ],
    [
      'a PDF with no transaction table',
      async () => ({ bytes: new Uint8Array(await generateNoTablePdf()) }),
      'We could not find a transaction table in this statement.',
    ],
  ];

  it.each(cases)('%s', async (_name, make, message) => {
    const accountId = await createAccount(ada, `Bad ${ulid()}`, 'current');
    const { bytes, size } = await make();
    const upload = await uploadBytes(ada, accountId, 'statement.pdf', bytes, size);
    expect(upload).toMatchObject({ stage: 'failed', message, counts: { added: 0 } });
    expect(await transactionsOf(ada, accountId)).toEqual([]);
    const health = await fetch(`${twin.url}/api/health`);
    expect(health.status).toBe(200);
  });
  it.each(VARIATIONS.filter(([, , change]) => change.currency && change.currency.code !== 'GBP'))(
    'a statement of an account kept in another currency is refused, never filed as pounds: %s',
    async (trait, name, change) => {
      const base = CORPUS.find((l) => l.name === name)!;
      const { pdf } = await generateCorpusStatement({ ...base, ...change, name: `${name}: ${trait}` });
      const accountId = await createAccount(ada, `Abroad ${ulid()}`, 'current', base.institution);
      const upload = await uploadBytes(ada, accountId, 'statement.pdf', new Uint8Array(pdf));
      expect(upload).toMatchObject({
        stage: 'failed',
        reason: 'other_currency',
        message: otherCurrencyMessage(change.currency!.code),
        counts: { added: 0 },
      });
      expect(await transactionsOf(ada, accountId)).toEqual([]);
    },
  );

  it('records why, so the screen can tell a file that is not a PDF from a PDF it could not read', async () => {
    const accountId = await createAccount(ada, `Why ${ulid()}`, 'current');
    const text = await uploadBytes(ada, accountId, 'notes.pdf', 'Date,Description,Amount\n');
    expect(text).toMatchObject({ stage: 'failed', reason: 'not_pdf' });
    const locked = new Uint8Array((await generateStatement('signed-amount', { userPassword: 'pw' })).pdf);
    expect(await uploadBytes(ada, accountId, 'locked.pdf', locked)).toMatchObject({
      stage: 'failed',
      reason: 'encrypted',
    });
    const { pdf } = await generateStatement('signed-amount');
    expect(await uploadBytes(ada, accountId, 'march.pdf', new Uint8Array(pdf))).toMatchObject({
      stage: 'done',
      reason: null,
    });
  });
});
