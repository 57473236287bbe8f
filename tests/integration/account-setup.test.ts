import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/dynamodb/client';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { queryPrefix } from '../../functions/adapters/dynamodb/paging';
import {
  putNewTransactions,
  type TransactionItem,
} from '../../functions/adapters/dynamodb/transaction-repository';
import { advanceUpload, createUpload } from '../../functions/adapters/dynamodb/upload-repository';
import { putObject } from '../../functions/adapters/s3/storage';
import { services } from '../../functions/app/container';
import type {
  AccountListResponse,
  AccountResponse,
  AccountWithSummary,
  CreateAccountsResponse,
} from '../../functions/contracts/accounts';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import { artefactKey, type PipelineState, uploadObjectKey } from '../../functions/contracts/pipeline';
import type { ParsedStatementContract } from '../../functions/contracts/statement';
import type { Transaction, TransactionPage } from '../../functions/contracts/transactions';
import type {
  RemoveStatementResponse,
  StatementList,
  StatementRemoval,
} from '../../functions/contracts/uploads';
import { finishStep } from '../../functions/services/pipeline/finish';
import { persistStep } from '../../functions/services/pipeline/persist';
import { recordFailureStep } from '../../functions/services/pipeline/record-failure';
import { registerStep } from '../../functions/services/pipeline/register';
import { type ApiCaller, signedIn } from '../support/api';
import { startTestTwin } from '../support/twin';

/**
 * Account Setup's API on the twin: the family's accounts with their derived fields, rename, archive and
 * restore; every row of an account reachable page by page in statement order; the CSV export; an account's
 * statements and removing one, with overlapping statements.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let eve: ApiCaller;
let familyId: string;

type ErrorBody = { error: { code: string; message: string } };

async function createAccount(name: string, bank = 'Barclays'): Promise<AccountWithSummary> {
  const { body } = await ada.call<CreateAccountsResponse>('POST', '/api/accounts', {
    accounts: [{ bank_name: bank, name, account_type: 'current' }],
  });
  return body.accounts[0] as AccountWithSummary;
}

beforeAll(async () => {
  twin = await startTestTwin({ s3Events: false });
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  familyId = (await ada.call<InitialiseFamilyResponse>('POST', '/api/family', { name: 'Lovelace' })).body
    .family_id;
  await eve.call('POST', '/api/family');
});
afterAll(async () => {
  await twin?.stop();
});

// ── rows as a bank prints them ─────────────────────────────────────────────────────────────────────────────

/**
 * A current account's history: `perDay` rows a day for `days` days from `start`, in time order, each with the
 * balance after it (a statement's running balance). Descriptions are chosen so that the fingerprint order of
 * a day's rows is not their statement order.
 */
function history(accountId: string, start: string, days: number, perDay: number): TransactionItem[] {
  const rows: TransactionItem[] = [];
  let balance = 1000;
  const first = Date.parse(`${start}T00:00:00Z`);
  for (let day = 0; day < days; day++) {
    const date = new Date(first + day * 86_400_000).toISOString().slice(0, 10);
    for (let position = 0; position < perDay; position++) {
      const signed = position === 0 ? 250 : -((position * 7 + day) % 40) - 1.25;
      balance = Math.round((balance + signed) * 100) / 100;
      rows.push({
        id: `${accountId.slice(-6)}-${date}-${String((position * 37) % perDay).padStart(3, '0')}-${position}`,
        family_id: familyId,
        account_id: accountId,
        upload_id: 'seed',
        transaction_date: date,
        description: position === 0 ? 'FASTER PAYMENT FROM SAVINGS' : `CARD PAYMENT SHOP ${position}`,
        amount: Math.abs(signed),
        signed_amount: signed,
        type: signed >= 0 ? 'credit' : 'debit',
        balance,
        flow_type: position === 0 ? 'internal_transfer' : 'external_expense',
        user_corrected_flow_type: null,
        classification_confidence: 0.9,
        classification_method: 'rule',
        created_at: new Date().toISOString(),
        position,
      });
    }
  }
  return rows;
}

/** Seed rows through the repository, a batch at a time (as Persist writes them). */
async function seed(rows: TransactionItem[]) {
  for (let start = 0; start < rows.length; start += 1000)
    await putNewTransactions(rows.slice(start, start + 1000));
}

async function allPages(path: string, limit: number) {
  const rows: Transaction[] = [];
  const totals: Array<number | null> = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const url: string = `${path}${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const { status, body }: { status: number; body: TransactionPage } = await ada.call<TransactionPage>(
      'GET',
      url,
    );
    expect(status).toBe(200);
    rows.push(...body.transactions);
    totals.push(body.total);
    cursor = body.next_cursor;
    pages++;
  } while (cursor && pages < 1000);
  return { rows, totals, pages };
}

// ── accounts ───────────────────────────────────────────────────────────────────────────────────────────────

describe("'Your Bank Accounts': rename, archive and restore", () => {
  it('lists each account with its derived fields (none yet for a new account)', async () => {
    const account = await createAccount('Everyday');
    const { body } = await ada.call<AccountListResponse>('GET', '/api/accounts');
    expect(body.accounts.find((a) => a.id === account.id)).toMatchObject({
      name: 'Everyday',
      bank_name: 'Barclays',
      account_type: 'current',
      services: [],
      transaction_count: 0,
      last_transaction_date: null,
      last_statement_upload: null,
    });
  });

  it('renames an account (trimmed); an empty nickname or nothing to change is a 400 with the reason', async () => {
    const account = await createAccount('Old name');
    const renamed = await ada.call<AccountResponse>('PATCH', `/api/accounts/${account.id}`, {
      name: '  Joint bills ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.account).toMatchObject({ id: account.id, name: 'Joint bills' });
    const empty = await ada.call<ErrorBody>('PATCH', `/api/accounts/${account.id}`, { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('The nickname is required');
    const nothing = await ada.call<ErrorBody>('PATCH', `/api/accounts/${account.id}`, {});
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toBe('Nothing to change: send the new nickname as name');
    const tooLong = await ada.call<ErrorBody>('PATCH', `/api/accounts/${account.id}`, {
      name: 'x'.repeat(101),
    });
    expect(tooLong.body.error.message).toBe('The nickname is too long');
    expect((await ada.call<AccountResponse>('GET', `/api/accounts/${account.id}`)).body).toMatchObject({
      name: 'Joint bills',
    });
  });

  it('another family cannot rename, archive, restore or read an account: 404, and nothing changes', async () => {
    const account = await createAccount('Private');
    for (const [method, path, body] of [
      ['PATCH', `/api/accounts/${account.id}`, { name: 'Mine now' }],
      ['POST', `/api/accounts/${account.id}/archive`, undefined],
      ['POST', `/api/accounts/${account.id}/restore`, undefined],
      ['GET', `/api/accounts/${account.id}/transactions`, undefined],
      ['GET', `/api/accounts/${account.id}/transactions/csv`, undefined],
      ['GET', `/api/accounts/${account.id}/statements`, undefined],
      ['GET', `/api/transactions?accounts=${account.id}`, undefined],
    ] as const) {
      const response = await eve.call<ErrorBody>(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const { body } = await ada.call<AccountListResponse>('GET', '/api/accounts');
    expect(body.accounts.find((a) => a.id === account.id)).toMatchObject({
      name: 'Private',
      is_archived: false,
    });
  });

  it('archives: hidden from the list, the pickers (no uploads) and the family totals, its data kept; restores', async () => {
    const account = await createAccount('Old ISA');
    await seed(history(account.id, '2025-03-01', 3, 2));
    const before = (await ada.call<TransactionPage>('GET', '/api/transactions')).body.total ?? 0;

    const archived = await ada.call<AccountResponse>('POST', `/api/accounts/${account.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.account).toMatchObject({
      is_archived: true,
      is_active: false,
      transaction_count: 6,
    });
    expect(archived.body.account.archived_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Archiving twice changes nothing.
    const again = await ada.call<AccountResponse>('POST', `/api/accounts/${account.id}/archive`);
    expect(again.body.account.archived_at).toBe(archived.body.account.archived_at);

    const active = (await ada.call<AccountListResponse>('GET', '/api/accounts')).body.accounts;
    expect(active.map((a) => a.id)).not.toContain(account.id);
    const archivedList = (await ada.call<AccountListResponse>('GET', '/api/accounts?status=archived')).body;
    expect(archivedList.accounts.map((a) => a.id)).toContain(account.id);
    expect((await ada.call<ErrorBody>('GET', '/api/accounts?status=gone')).body.error.message).toBe(
      "status is 'active' or 'archived'",
    );

    // Left out of the family's totals; its rows kept and still reachable by name.
    expect((await ada.call<TransactionPage>('GET', '/api/transactions')).body.total).toBe(before - 6);
    expect(
      (await ada.call<TransactionPage>('GET', `/api/transactions?accounts=${account.id}`)).body.total,
    ).toBe(6);
    expect(
      (await ada.call<TransactionPage>('GET', `/api/accounts/${account.id}/transactions`)).body.total,
    ).toBe(6);

    const upload = await ada.call<ErrorBody>('POST', '/api/uploads', {
      accountId: account.id,
      fileName: 'statement.pdf',
      size: 1024,
    });
    expect(upload.status).toBe(409);
    expect(upload.body.error.message).toBe('This account is archived. Restore it to upload statements.');

    const restored = await ada.call<AccountResponse>('POST', `/api/accounts/${account.id}/restore`);
    expect(restored.body.account).toMatchObject({ is_archived: false, is_active: true, archived_at: null });
    expect(
      (await ada.call<AccountListResponse>('GET', '/api/accounts')).body.accounts.map((a) => a.id),
    ).toContain(account.id);
    expect((await ada.call<TransactionPage>('GET', '/api/transactions')).body.total).toBe(before);
  });
});

// ── every row reachable ────────────────────────────────────────────────────────────────────────────────────

describe('every row reachable: pages by key, newest first, same-date rows in statement order', () => {
  let account: AccountWithSummary;
  let rows: TransactionItem[];

  beforeAll(async () => {
    account = await createAccount('Busy current');
    rows = history(account.id, '2025-01-01', 250, 20); // 5,000 rows, 20 a day
    await seed(rows);
  }, 120_000);

  it('a 5,000-row account pages through completely: no row twice, no row missed, the total on page one', async () => {
    const { rows: listed, totals, pages } = await allPages(`/api/accounts/${account.id}/transactions`, 500);
    expect(listed).toHaveLength(5000);
    expect(new Set(listed.map((r) => r.id)).size).toBe(5000);
    expect(new Set(listed.map((r) => r.id))).toEqual(new Set(rows.map((r) => r.id)));
    expect(pages).toBe(10);
    expect(totals[0]).toBe(5000);
    expect(totals.slice(1).every((t) => t === null)).toBe(true);
  }, 120_000);

  it('with small pages too (a page boundary inside a day), every running balance reads in sequence', async () => {
    const { rows: listed } = await allPages(
      `/api/accounts/${account.id}/transactions?from=2025-03-01&to=2025-03-31`,
      7,
    );
    expect(listed).toHaveLength(31 * 20);
    expect(listed[0]?.transaction_date).toBe('2025-03-31');
    // Newest first: each row's balance is the balance of the row below it plus its own amount.
    for (let i = 0; i + 1 < listed.length; i++) {
      const [newer, older] = [listed[i]!, listed[i + 1]!];
      expect(newer.transaction_date >= older.transaction_date).toBe(true);
      expect(newer.balance).toBeCloseTo((older.balance ?? 0) + (newer.signed_amount ?? 0), 2);
    }
  }, 60_000);

  it('the first page is the newest 50 (the upload screen), ending in the middle of a day', async () => {
    const { body } = await ada.call<TransactionPage>('GET', `/api/accounts/${account.id}/transactions`);
    expect(body.transactions).toHaveLength(50);
    expect(body.transactions[0]?.transaction_date).toBe('2025-09-07');
    expect(body.transactions.at(-1)?.transaction_date).toBe('2025-09-05');
    expect(body.next_cursor).toEqual(expect.any(String));
  });

  it('filters by effective flow type with its own count', async () => {
    const { rows: listed, totals } = await allPages(
      `/api/accounts/${account.id}/transactions?flow_type=internal_transfer&from=2025-02-01&to=2025-02-28`,
      10,
    );
    expect(totals[0]).toBe(28);
    expect(listed).toHaveLength(28);
    expect(listed.every((r) => r.flow_type === 'internal_transfer')).toBe(true);
  });

  it('refuses a cursor that is not this list’s, a date that is not a date and a range backwards', async () => {
    const first = await ada.call<TransactionPage>('GET', `/api/accounts/${account.id}/transactions?limit=5`);
    const other = await ada.call<ErrorBody>(
      'GET',
      `/api/accounts/${account.id}/transactions?flow_type=income&cursor=${first.body.next_cursor}`,
    );
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe(
      'This page cursor is not valid for this list. Start again from the first page.',
    );
    const junk = await ada.call<ErrorBody>(
      'GET',
      `/api/accounts/${account.id}/transactions?cursor=not-a-cursor`,
    );
    expect(junk.body.error.message).toBe(
      'This page cursor is not valid for this list. Start again from the first page.',
    );
    const date = await ada.call<ErrorBody>('GET', `/api/accounts/${account.id}/transactions?from=1/2/2025`);
    expect(date.body.error.message).toBe('Dates are written YYYY-MM-DD');
    const backwards = await ada.call<ErrorBody>(
      'GET',
      `/api/accounts/${account.id}/transactions?from=2025-03-01&to=2025-02-01`,
    );
    expect(backwards.body.error.message).toBe('The start date (from) is after the end date (to)');
    const limit = await ada.call<ErrorBody>('GET', `/api/accounts/${account.id}/transactions?limit=501`);
    expect(limit.body.error.message).toBe('limit is at most 500');
  });

  it("the family's transactions across accounts page through the named accounts, grouped by account per day", async () => {
    const savings = await createAccount('Rainy day');
    const saved = history(savings.id, '2025-08-01', 10, 3);
    await seed(saved);
    const path = `/api/transactions?accounts=${account.id},${savings.id}&from=2025-08-01&to=2025-08-10`;
    const { rows: listed, totals } = await allPages(path, 13);
    expect(totals[0]).toBe(10 * 20 + 30);
    expect(listed).toHaveLength(230);
    expect(new Set(listed.map((r) => r.id)).size).toBe(230);
    for (let i = 0; i + 1 < listed.length; i++) {
      const [a, b] = [listed[i]!, listed[i + 1]!];
      expect(a.transaction_date >= b.transaction_date).toBe(true);
      if (a.transaction_date === b.transaction_date && a.account_id === b.account_id)
        expect(a.balance).toBeCloseTo((b.balance ?? 0) + (a.signed_amount ?? 0), 2);
    }
    const unknown = await ada.call<ErrorBody>('GET', `/api/transactions?accounts=${ulid()}`);
    expect(unknown.status).toBe(404);
    const badList = await ada.call<ErrorBody>('GET', '/api/transactions?accounts=a,b');
    expect(badList.body.error.message).toBe('accounts is a comma-separated list of at most 50 account ids');
  }, 60_000);
});

// ── CSV ────────────────────────────────────────────────────────────────────────────────────────────────────

describe("'Transactions by Account': the CSV export", () => {
  it('has the spec columns, RFC 4180 quoting, formula cells neutralised, and is named by account and date', async () => {
    const account = await createAccount('Joint, "main"');
    const [a, b, c] = history(account.id, '2026-01-05', 1, 3);
    await seed([
      { ...a!, description: 'PAYMENT FROM "SMITH, J"' },
      { ...b!, description: '=HYPERLINK("http://x","y")', user_corrected_flow_type: 'income' },
      { ...c!, description: '@SUM(1+1)', balance: null },
    ]);
    const { status, body, headers } = await ada.call<string>(
      'GET',
      `/api/accounts/${account.id}/transactions/csv`,
    );
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(headers.get('content-disposition')).toMatch(
      /^attachment; filename="joint-main-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(body.split('\r\n')).toEqual([
      'Account,Date,Description,Amount,Flow Type,Balance',
      `"Joint, ""main""",2026-01-05,'@SUM(1+1),${c!.signed_amount},external_expense,`,
      `"Joint, ""main""",2026-01-05,"'=HYPERLINK(""http://x"",""y"")",${b!.signed_amount},income,${b!.balance}`,
      `"Joint, ""main""",2026-01-05,"PAYMENT FROM ""SMITH, J""",250,internal_transfer,${a!.balance}`,
      '',
    ]);
    const ranged = await ada.call<string>(
      'GET',
      `/api/accounts/${account.id}/transactions/csv?from=2026-02-01`,
    );
    expect(ranged.body).toBe('Account,Date,Description,Amount,Flow Type,Balance\r\n');
  });
});

// ── statements ─────────────────────────────────────────────────────────────────────────────────────────────

const row = (date: string, description: string, signedAmount: number, balance: number) => ({
  date,
  description,
  amount: Math.abs(signedAmount),
  signedAmount,
  type: signedAmount >= 0 ? ('credit' as const) : ('debit' as const),
  balance,
});
type Row = ReturnType<typeof row>;

/** A statement of `rows` through the real Register, Persist and Finish steps, as the pipeline runs them. */
async function loadStatement(
  accountId: string,
  fileName: string,
  rows: Row[],
  outcome: { warnings?: string[]; fail?: boolean } = {},
): Promise<PipelineState> {
  const uploadId = ulid();
  const key = uploadObjectKey(familyId, uploadId, fileName);
  const now = new Date().toISOString();
  await createUpload({
    uploadId,
    familyId,
    accountId,
    fileName,
    size: 9,
    objectKey: key,
    stage: 'uploading',
    message: null,
    counts: {},
    reconciliation: null,
    institution: null,
    period: null,
    createdBy: ada.sub,
    createdAt: now,
    updatedAt: now,
  });
  await putObject(key, '%PDF-1.7\n', 'application/pdf');
  const state = await registerStep(services(), { bucket: twin.bucket, key, etag: 'e', size: 9 });
  const parsed: ParsedStatementContract = {
    institution: 'Barclays',
    period: { start: rows[0]!.date, end: rows.at(-1)!.date },
    openingBalance: null,
    closingBalance: null,
    transactions: rows,
    reconciliation: { ok: true, breaks: [] },
    warnings: outcome.warnings ?? [],
  };
  const statementKey = artefactKey(familyId, uploadId, 'statement.json');
  await putObject(statementKey, JSON.stringify(parsed), 'application/json');
  // What Parse records on the upload for the family (the reader itself is the pipeline tests' subject).
  const { institution, period, reconciliation, warnings } = parsed;
  await advanceUpload(familyId, uploadId, 'analysing', { institution, period, reconciliation, warnings });
  const persisted = await persistStep(services(), { ...state, statementKey });
  if (!outcome.fail) return finishStep(services(), persisted);
  // A step after Persist failed: the Catch runs RecordFailure with the state as it was.
  await recordFailureStep(services(), { ...persisted, error: { Error: 'Error', Cause: 'Match timed out' } });
  return persisted;
}

/** 1-31 January, one row a day. */
const january: Row[] = Array.from({ length: 31 }, (_, i) => {
  const day = String(i + 1).padStart(2, '0');
  return row(`2026-01-${day}`, `CARD PAYMENT ${day}`, -(i + 1), 1000 - ((i + 1) * (i + 2)) / 2);
});

describe('statements and a wrong upload undone', () => {
  it('lists the statements; removing one deletes only its own rows: rows a later overlapping statement holds stay', async () => {
    const account = await createAccount('Statements');
    const first = await loadStatement(account.id, 'jan-1-20.pdf', january.slice(0, 20)); // 1-20 Jan
    const second = await loadStatement(account.id, 'jan-10-31.pdf', january.slice(9)); // 10-31 Jan: 11 overlap

    const listed = await ada.call<StatementList>('GET', `/api/accounts/${account.id}/statements`);
    expect(
      listed.body.statements.map((s) => [s.fileName, s.stage, s.counts.added, s.counts.duplicates]),
    ).toEqual([
      ['jan-10-31.pdf', 'done', 11, 11],
      ['jan-1-20.pdf', 'done', 20, 0],
    ]);
    expect(listed.body.statements[0]).toMatchObject({
      period: { start: '2026-01-10', end: '2026-01-31' },
      reconciliation: { ok: true, breaks: [] },
      warnings: [],
    });
    const accounts = (await ada.call<AccountListResponse>('GET', '/api/accounts')).body.accounts;
    expect(accounts.find((a) => a.id === account.id)).toMatchObject({
      transaction_count: 31,
      last_transaction_date: '2026-01-31',
      last_statement_upload: listed.body.statements[0]!.createdAt,
    });

    // before the family confirms: what removing it would really do
    const preview = await ada.call<StatementRemoval>('GET', `/api/uploads/${first.uploadId}/removal`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ upload_id: first.uploadId, removes: 9, shared: 11 });
    const removed = await ada.call<RemoveStatementResponse>('DELETE', `/api/uploads/${first.uploadId}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ upload_id: first.uploadId, account_id: account.id, removed: 9, kept: 11 });
    const left = (
      await ada.call<TransactionPage>('GET', `/api/accounts/${account.id}/transactions?limit=100`)
    ).body;
    expect(left.total).toBe(22);
    expect(left.transactions.map((t) => t.transaction_date).sort()).toEqual(
      january.slice(9).map((r) => r.date),
    );
    expect(
      (await ada.call<StatementList>('GET', `/api/accounts/${account.id}/statements`)).body.statements,
    ).toHaveLength(1);
    expect(
      (await ada.call<AccountListResponse>('GET', '/api/accounts')).body.accounts.find(
        (a) => a.id === account.id,
      ),
    ).toMatchObject({ transaction_count: 22, last_transaction_date: '2026-01-31' });

    // Removing it again: not found. The second statement's removal takes the rest.
    expect((await ada.call('DELETE', `/api/uploads/${first.uploadId}`)).status).toBe(404);
    expect((await ada.call('GET', `/api/uploads/${first.uploadId}/removal`)).status).toBe(404);
    expect((await ada.call<StatementRemoval>('GET', `/api/uploads/${second.uploadId}/removal`)).body).toEqual(
      {
        upload_id: second.uploadId,
        removes: 22,
        shared: 0,
      },
    );
    const rest = await ada.call<RemoveStatementResponse>('DELETE', `/api/uploads/${second.uploadId}`);
    expect(rest.body).toMatchObject({ removed: 22, kept: 0 });
    expect(
      (await ada.call<AccountListResponse>('GET', '/api/accounts')).body.accounts.find(
        (a) => a.id === account.id,
      ),
    ).toMatchObject({ transaction_count: 0, last_transaction_date: null, last_statement_upload: null });
  });

  it('removing the later statement keeps the earlier one’s rows, including those both held', async () => {
    const account = await createAccount('Statements two');
    await loadStatement(account.id, 'jan-1-20.pdf', january.slice(0, 20));
    const second = await loadStatement(account.id, 'jan-10-31.pdf', january.slice(9));
    const removed = await ada.call<RemoveStatementResponse>('DELETE', `/api/uploads/${second.uploadId}`);
    expect(removed.body).toMatchObject({ removed: 11, kept: 11 });
    const left = (
      await ada.call<TransactionPage>('GET', `/api/accounts/${account.id}/transactions?limit=100`)
    ).body;
    expect(left.transactions.map((t) => t.transaction_date).sort()).toEqual(
      january.slice(0, 20).map((r) => r.date),
    );
    // The same statement uploaded again after its removal loads its rows again as its own.
    const again = await loadStatement(account.id, 'jan-10-31.pdf', january.slice(9));
    expect(again.counts).toMatchObject({ added: 11, duplicates: 11 });
  });

  it('a statement still being read cannot be removed yet; another family’s answers 404 and keeps its rows', async () => {
    const account = await createAccount('Statements three');
    const pending = await ada.call<{ upload: { uploadId: string } }>('POST', '/api/uploads', {
      accountId: account.id,
      fileName: 'statement.pdf',
      size: 1024,
    });
    const busy = await ada.call<ErrorBody>('DELETE', `/api/uploads/${pending.body.upload.uploadId}`);
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toBe(
      'This statement is still being read. Please wait until it has finished, then remove it.',
    );
    const loaded = await loadStatement(account.id, 'jan.pdf', january.slice(0, 5));
    const outsider = await eve.call<ErrorBody>('DELETE', `/api/uploads/${loaded.uploadId}`);
    expect(outsider.status).toBe(404);
    expect(
      (await ada.call<TransactionPage>('GET', `/api/accounts/${account.id}/transactions`)).body.total,
    ).toBe(5);
  });

  it('the transfer candidates of removed rows go with them; those of rows that stay are kept', async () => {
    const account = await createAccount('Statements four');
    const first = await loadStatement(account.id, 'jan-1-20.pdf', january.slice(0, 20));
    await loadStatement(account.id, 'jan-10-31.pdf', january.slice(9));
    const listed = (
      await ada.call<TransactionPage>('GET', `/api/accounts/${account.id}/transactions?limit=100`)
    ).body.transactions;
    const idOn = (date: string) => listed.find((t) => t.transaction_date === date)!.id;
    const candidate = async (id: string, transactionId: string) =>
      documentClient().send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.matchCandidate(familyId, id),
            entity: 'match',
            id,
            transaction1_id: transactionId,
            transaction2_id: 'a-row-of-another-account',
            confidence: 0.9,
            reason: 'exact amount',
            date_diff: 0,
            amount_match: true,
            created_at: new Date().toISOString(),
          },
        }),
      );
    await candidate(`only-first-${account.id}`, idOn('2026-01-02')); // a row only the first statement holds
    await candidate(`both-${account.id}`, idOn('2026-01-15')); // a row both statements hold
    await ada.call('DELETE', `/api/uploads/${first.uploadId}`);
    const left = (await queryPrefix<{ id: string }>(keys.matchCandidatesPrefix(familyId))).map((c) => c.id);
    expect(left).toContain(`both-${account.id}`);
    expect(left).not.toContain(`only-first-${account.id}`);
  });

  it('a warned statement and a failed one can be removed too; a failed upload holds none of its rows', async () => {
    const account = await createAccount('Statements five');
    const warned = await loadStatement(account.id, 'warned.pdf', january.slice(0, 10), {
      warnings: ['This statement looks like it is from HSBC, but the account is with Barclays.'],
    });
    // Failed after Persist: its new rows were removed, its hold on the rows the warned one holds released.
    const failed = await loadStatement(account.id, 'failed.pdf', january.slice(5, 15), { fail: true });
    const statements = (await ada.call<StatementList>('GET', `/api/accounts/${account.id}/statements`)).body
      .statements;
    expect(statements.map((s) => [s.fileName, s.stage, s.warnings.length])).toEqual([
      ['failed.pdf', 'failed', 0],
      ['warned.pdf', 'done', 1],
    ]);
    const total = async () =>
      (await ada.call<TransactionPage>('GET', `/api/accounts/${account.id}/transactions`)).body.total;
    expect(await total()).toBe(10);

    const removedFailed = await ada.call<RemoveStatementResponse>(
      'DELETE',
      `/api/uploads/${failed.uploadId}`,
    );
    expect(removedFailed.body).toMatchObject({ removed: 0, kept: 0 });
    const removedWarned = await ada.call<RemoveStatementResponse>(
      'DELETE',
      `/api/uploads/${warned.uploadId}`,
    );
    expect(removedWarned.body).toMatchObject({ removed: 10, kept: 0 });
    expect(await total()).toBe(0);
  });
});
