import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../functions/contracts/transactions';
import type { Upload } from '../../functions/contracts/uploads';
import { csvField, EXPORT_MESSAGES, readExport } from '../../functions/domain/exports';
import { generateStatement } from '../fixtures/statements/generate';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, transactionsOf, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * Bank exports (CSV, OFX/QFX, QIF) through the whole pipeline on the twin, as the family's browser sends
 * them: POST /api/uploads, PUT to the presigned URL with the file's content type, the real state machine,
 * the rows read back through the API. Everything after the reading step is the PDF's.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let eve: ApiCaller;

const fixture = (file: string) => new Uint8Array(readFileSync(join(__dirname, '../fixtures/exports', file)));

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  await ada.call('POST', '/api/family');
  await eve.call('POST', '/api/family');
});
afterAll(async () => {
  await twin?.stop();
});

const listed = (rows: Transaction[]) =>
  rows
    .map((t) => [t.transaction_date, t.signed_amount, t.balance, t.description] as const)
    .sort((a, b) => a[0].localeCompare(b[0]) || (a[1] ?? 0) - (b[1] ?? 0) || a[3].localeCompare(b[3]));

describe('each format through the pipeline: every row exactly, then classified like a PDF', () => {
  it.each([
    ['barclays.csv', 'current', 'Barclays'],
    ['lloyds.csv', 'current', 'Lloyds Bank'],
    ['nationwide.csv', 'current', 'Nationwide'],
    ['monzo.csv', 'current', 'Monzo'],
    ['amex.csv', 'credit', 'American Express'],
    ['bank-sgml.ofx', 'current', 'Nationwide'],
    ['bank-xml.ofx', 'current', 'First Direct'],
    ['card.qfx', 'credit', 'American Express'],
    ['bank.qif', 'current', 'Monzo'],
  ])('%s', async (file, type, bank) => {
    const expected = readExport(fixture(file), file);
    if (!expected.ok) throw new Error(expected.message);
    const { statement } = expected;
    const accountId = await createAccount(ada, `${file} account`, type, bank);
    const upload = await uploadStatement(ada, accountId, file, fixture(file));
    expect(upload).toMatchObject({
      stage: 'done',
      source: 'export',
      reconciliation: statement.reconciliation,
      period: statement.period,
      counts: { parsed: statement.transactions.length, added: statement.transactions.length, duplicates: 0 },
    });
    expect(upload.warnings).toEqual(expect.arrayContaining(statement.warnings));
    expect(upload.warnings.some((w) => /Please check you chose/.test(w))).toBe(false);
    const rows = await transactionsOf(ada, accountId);
    expect(listed(rows)).toEqual(
      listed(
        statement.transactions.map((t) => ({
          transaction_date: t.date,
          signed_amount: t.signedAmount,
          balance: t.balance,
          description: t.description,
        })) as Transaction[],
      ),
    );
    for (const row of rows) expect(row.flow_type, row.description).not.toBeNull();
  });

  it('a file whose balances reconcile says so; one without balances says it could not be checked', async () => {
    const nationwide = await createAccount(ada, 'Nationwide check', 'current', 'Nationwide');
    expect(
      (await uploadStatement(ada, nationwide, 'n.csv', fixture('nationwide.csv'))).reconciliation,
    ).toEqual({
      ok: true,
      breaks: [],
    });
    const monzo = await createAccount(ada, 'Monzo check', 'current', 'Monzo');
    const upload = await uploadStatement(ada, monzo, 'm.csv', fixture('monzo.csv'));
    expect(upload.reconciliation).toEqual({ ok: false, breaks: [] });
    expect(upload.warnings).toContain(EXPORT_MESSAGES.noBalances);
  });

  it('the same export twice adds nothing the second time', async () => {
    const accountId = await createAccount(ada, 'Twice', 'current', 'Barclays');
    await uploadStatement(ada, accountId, 'a.csv', fixture('barclays.csv'));
    const again = await uploadStatement(ada, accountId, 'b.csv', fixture('barclays.csv'));
    expect(again.counts).toMatchObject({ parsed: 3, added: 0, duplicates: 3 });
  });
});

describe("bad files get the family's words", () => {
  const failed = async (file: string, bytes: Uint8Array | string, accountId?: string) => {
    const account = accountId ?? (await createAccount(ada, `Bad ${file} ${ulid()}`, 'current', 'Barclays'));
    const upload: Upload = await uploadStatement(ada, account, file, bytes);
    expect(upload.stage).toBe('failed');
    expect(await transactionsOf(ada, account)).toEqual([]);
    return upload;
  };

  it('a PDF named .csv, and a CSV named .ofx: not what its name says', async () => {
    expect((await failed('march.csv', '%PDF-1.7\n1 0 obj\n')).message).toBe(
      'This file is not a CSV file, although its name ends in .csv. Please upload the file exactly as your bank gave it.',
    );
    expect((await failed('march.ofx', fixture('barclays.csv'))).message).toBe(
      'This file is not an OFX file, although its name ends in .ofx. Please upload the file exactly as your bank gave it.',
    );
  });

  it('a CSV with no date column', async () => {
    expect((await failed('no-date.csv', fixture('no-date.csv'))).message).toBe(EXPORT_MESSAGES.noDateColumn);
  });

  it("an empty file: refused before it is sent, in a file's words", async () => {
    const accountId = await createAccount(ada, 'Empty', 'current');
    const refused = await ada.call<{ error: { message: string } }>('POST', '/api/uploads', {
      accountId,
      fileName: 'march.csv',
      size: 0,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('This file is empty.');
  });

  it("another account's file: its account number differs from the chosen account's", async () => {
    const accountId = await createAccount(ada, 'Joint', 'current', 'Barclays');
    const numbers = await ada.call('PUT', `/api/accounts/${accountId}/numbers`, {
      sort_code: '200000',
      account_number: '55554444',
    });
    expect(numbers.status).toBe(200);
    expect((await failed('barclays.csv', fixture('barclays.csv'), accountId)).message).toBe(
      'This file is for the account ending 5678, but the account you chose ends 4444. Please choose the account it belongs to.',
    );
  });
});

describe("an export's account numbers are kept on an account that has none", () => {
  it('the first file teaches the account its numbers; a file of another account is then refused', async () => {
    // A family of its own: a number another of the family's accounts has is not taken.
    const bob = await signedIn(twin, `bob-${ulid()}`, 'bob@example.co.uk');
    await bob.call('POST', '/api/family');
    const accountId = await createAccount(bob, 'Learns', 'current', 'Barclays');
    expect((await uploadStatement(bob, accountId, 'barclays.csv', fixture('barclays.csv'))).stage).toBe(
      'done',
    );
    const { body } = await bob.call<{
      accounts: Array<{ account_id: string; sort_code: string | null; account_number: string | null }>;
    }>('GET', '/api/account-numbers');
    expect(body.accounts.find((a) => a.account_id === accountId)).toMatchObject({
      sort_code: '200000',
      account_number: '12345678',
    });
    const lloyds = await uploadStatement(bob, accountId, 'lloyds.csv', fixture('lloyds.csv'));
    expect(lloyds).toMatchObject({
      stage: 'failed',
      message: EXPORT_MESSAGES.otherAccount('4812', '5678'),
    });
  });
});

describe('an export overlapping a PDF statement of the same account', () => {
  /** The PDF's rows as an export writes them: other descriptions, no balances, and days after the PDF ends. */
  async function pdfAndExport() {
    const { pdf, truth } = await generateStatement('paid-out-paid-in');
    const daysAfterEnd = (days: number) =>
      new Date(Date.parse(`${truth.period.end}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const uk = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
    const extra = [
      { date: daysAfterEnd(2), description: 'COFFEE CORNER', signedAmount: -3.2 },
      { date: daysAfterEnd(2), description: 'COFFEE CORNER', signedAmount: -3.2 },
      { date: daysAfterEnd(3), description: 'ACME LTD SALARY', signedAmount: 1500 },
    ];
    const rows = [
      ...truth.transactions.map((t) => ({
        date: t.date,
        description: `CARD PAYMENT TO ${t.description} ON ${t.date}`,
        signedAmount: t.signedAmount,
      })),
      ...extra,
    ];
    const csv = ['Date,Description,Amount']
      .concat(rows.map((r) => [uk(r.date), csvField(r.description), r.signedAmount.toFixed(2)].join(',')))
      .join('\n');
    return { pdf, truth, csv, extra };
  }

  it('the export after the PDF adds only the days the PDF did not cover; two identical purchases on one day are both kept', async () => {
    const { pdf, truth, csv, extra } = await pdfAndExport();
    const accountId = await createAccount(ada, 'Overlap, PDF first', 'current', truth.institution);
    const first = await uploadStatement(ada, accountId, 'statement.pdf', pdf);
    expect(first.counts).toMatchObject({ added: truth.transactions.length });
    const second = await uploadStatement(ada, accountId, 'export.csv', csv);
    expect(second).toMatchObject({
      stage: 'done',
      counts: { parsed: truth.transactions.length + 3, added: 3, duplicates: truth.transactions.length },
    });
    const rows = await transactionsOf(ada, accountId);
    expect(rows).toHaveLength(truth.transactions.length + 3);
    const later = rows.filter((r) => r.transaction_date > truth.period.end);
    expect(listed(later)).toEqual(
      listed(
        extra.map((e) => ({
          transaction_date: e.date,
          signed_amount: e.signedAmount,
          balance: null,
          description: e.description,
        })) as Transaction[],
      ),
    );
  });

  it('the PDF after the export adds nothing the export already holds', async () => {
    const { pdf, truth, csv } = await pdfAndExport();
    const accountId = await createAccount(ada, 'Overlap, export first', 'current', truth.institution);
    const first = await uploadStatement(ada, accountId, 'export.csv', csv);
    expect(first.counts).toMatchObject({ added: truth.transactions.length + 3 });
    const second = await uploadStatement(ada, accountId, 'statement.pdf', pdf);
    expect(second.counts).toMatchObject({ added: 0, duplicates: truth.transactions.length });
    expect(await transactionsOf(ada, accountId)).toHaveLength(truth.transactions.length + 3);
  });
});

describe("another family's account and uploads answer 404", () => {
  it('an upload to it, and reading an upload of it', async () => {
    const accountId = await createAccount(ada, 'Private', 'current', 'Barclays');
    const theirs = await eve.call('POST', '/api/uploads', { accountId, fileName: 'x.csv', size: 10 });
    expect(theirs.status).toBe(404);
    const upload = await uploadStatement(ada, accountId, 'barclays.csv', fixture('barclays.csv'));
    expect((await eve.call('GET', `/api/uploads/${upload.uploadId}`)).status).toBe(404);
  });
});
