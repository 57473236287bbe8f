import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from '../../functions/adapters/dynamodb/account-repository';
import {
  putMemberIfAbsent,
  putMembershipIfAbsent,
} from '../../functions/adapters/dynamodb/family-repository';
import { type ExportMapping, MAPPING_MESSAGES } from '../../functions/contracts/export-mapping';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import type { VerificationReport } from '../../functions/contracts/review';
import type { StatementChecksList } from '../../functions/contracts/statement-check';
import type { Upload } from '../../functions/contracts/uploads';
import { type CsvMapping, readMappedCsv } from '../../functions/domain/exports';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, transactionsOf, uploadStatement } from '../support/statements';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * The column-mapping step on the twin: a CSV file of columns no bank's layout names waits in 'needs_mapping'
 * (nothing of it written); the family's admin maps it, the mapping is checked against the whole file, kept
 * with the account and the file goes through the real state machine; the account's next file of the same
 * header is read without asking, another account's is asked again. A QIF file whose dates could be either
 * order asks only that, once per account. A plain member may look but not answer (403); another family
 * finds nothing (404).
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let bob: ApiCaller; // a plain member of Ada's family
let eve: ApiCaller; // another family's admin
let familyId: string;

const fixture = (file: string) => new Uint8Array(readFileSync(join(__dirname, '../fixtures/exports', file)));

/** A building society's download no layout names: the account above the header, 'Running total' last. */
const unknownCsv = (rows: Array<[string, string, string, string]>) =>
  [
    'Exported from Online Banking',
    'Date posted,Payee,Memo,Money (GBP),Running total',
    ...rows.map(([date, payee, amount, total]) => `${date},${payee},REF,"${amount}","${total}"`),
  ].join('\r\n');

const JANUARY = unknownCsv([
  ['02/01/2025', 'TESCO STORES 2041', '-23.40', '976.60'],
  ['03/01/2025', 'ACME LTD SALARY', '2,500.00', '3,476.60'],
  ['15/01/2025', 'COUNCIL TAX', '-150.00', '3,326.60'],
]);
const FEBRUARY = unknownCsv([
  ['03/02/2025', 'ACME LTD SALARY', '2,500.00', '5,826.60'],
  ['14/02/2025', 'FLORIST', '-35.00', '5,791.60'],
]);

const MAPPING: CsvMapping = {
  date: 0,
  description: 1,
  amountKind: 'one',
  amount: 3,
  moneyOut: null,
  moneyIn: null,
  balance: 4,
  dateFormat: 'dmy',
  sign: 'in_positive',
};

const rowsOf = async (caller: ApiCaller, accountId: string) =>
  (await transactionsOf(caller, accountId))
    .map((t) => [t.transaction_date, t.description, t.signed_amount, t.balance] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));

const expected = (text: string) => {
  const read = readMappedCsv(text, MAPPING);
  if (!read.ok) throw new Error(read.message);
  return read.statement.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance] as const);
};

async function finished(caller: ApiCaller, uploadId: string): Promise<Upload> {
  return waitFor(
    async () => {
      const { body } = await caller
        .call<Upload>('GET', `/api/uploads/${uploadId}`)
        .catch(() => ({ body: null }));
      return body && ['done', 'failed', 'needs_check', 'needs_mapping'].includes(body.stage) ? body : null;
    },
    20_000,
    250,
  );
}

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  bob = await signedIn(twin, `bob-${ulid()}`, 'bob@example.co.uk');
  eve = await signedIn(twin, `eve-${ulid()}`, 'eve@example.com');
  familyId = (await ada.call<InitialiseFamilyResponse>('POST', '/api/family', { name: 'Lovelace' })).body
    .family_id;
  await eve.call('POST', '/api/family');
  const joined = new Date().toISOString();
  await putMemberIfAbsent({
    family_id: familyId,
    user_id: bob.sub,
    email: bob.email,
    role: 'member',
    status: 'active',
    joined_at: joined,
  });
  await putMembershipIfAbsent({ familyId, user_id: bob.sub, role: 'member', created_at: joined });
}, 120_000);
afterAll(async () => {
  await twin?.stop();
});

describe('a CSV file of unknown columns', () => {
  let accountId: string;
  let waiting: Upload;

  it('waits for its mapping, nothing of it written', async () => {
    accountId = await createAccount(ada, 'Building society', 'current', 'Leeds Building Society');
    waiting = await uploadStatement(ada, accountId, 'january.csv', JANUARY);
    expect(waiting).toMatchObject({ stage: 'needs_mapping', message: MAPPING_MESSAGES.csvWaiting });
    expect(await transactionsOf(ada, accountId)).toEqual([]);
    // The overview's banner lists it with the statements waiting for the family.
    const listed = await ada.call<StatementChecksList>('GET', '/api/statement-checks');
    expect(listed.body.statements.map((u) => [u.uploadId, u.stage])).toContainEqual([
      waiting.uploadId,
      'needs_mapping',
    ]);
    // Verification lists it, with the way to map it.
    const verification = await ada.call<VerificationReport>(
      'GET',
      `/api/transactions/verification?account=${accountId}`,
    );
    expect(verification.body.checks.find((c) => c.id === `${accountId}:unmapped`)).toMatchObject({
      status: 'warning',
      details: [
        'january.csv waits for its columns to be mapped; its transactions are not in your figures yet',
      ],
      link: { label: 'Map the columns', to: `/app/setup/upload/map/${waiting.uploadId}` },
    });
  });

  it('shows its columns, first rows and a first guess; a member may look, only the admin decides', async () => {
    const { status, body } = await ada.call<ExportMapping>('GET', `/api/uploads/${waiting.uploadId}/mapping`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      kind: 'csv',
      columns: ['Date posted', 'Payee', 'Memo', 'Money (GBP)', 'Running total'],
      rowCount: 3,
      suggested: MAPPING,
      canDecide: true,
    });
    expect(body.rows[0]).toEqual({
      cells: ['02/01/2025', 'TESCO STORES 2041', 'REF', '-23.40', '976.60'],
      line: 3,
    });
    const asBob = await bob.call<ExportMapping>('GET', `/api/uploads/${waiting.uploadId}/mapping`);
    expect(asBob.status).toBe(200);
    expect(asBob.body.canDecide).toBe(false);
    const bobAnswers = await bob.call('POST', `/api/uploads/${waiting.uploadId}/mapping`, {
      kind: 'csv',
      mapping: MAPPING,
    });
    expect(bobAnswers.status).toBe(403);
  });

  it("another family's upload id answers 404, looking or answering", async () => {
    expect((await eve.call('GET', `/api/uploads/${waiting.uploadId}/mapping`)).status).toBe(404);
    expect(
      (await eve.call('POST', `/api/uploads/${waiting.uploadId}/mapping`, { kind: 'csv', mapping: MAPPING }))
        .status,
    ).toBe(404);
  });

  it('a mapping the contract refuses, or that cannot read a row, is a 400 in words; nothing is kept', async () => {
    const twice = await ada.call<{ error: { message: string } }>(
      'POST',
      `/api/uploads/${waiting.uploadId}/mapping`,
      { kind: 'csv', mapping: { ...MAPPING, description: 0 } },
    );
    expect(twice.status).toBe(400);
    expect(JSON.stringify(twice.body)).toContain('Each column can be chosen once only.');
    const wrong = await ada.call<{ error: { message: string } }>(
      'POST',
      `/api/uploads/${waiting.uploadId}/mapping`,
      { kind: 'csv', mapping: { ...MAPPING, dateFormat: 'mdy' } },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('We could not read the date "15/01/2025" on line 5 of this file.');
    expect((await getAccount(familyId, accountId))?.csv_mappings).toBeUndefined();
    expect((await finished(ada, waiting.uploadId)).stage).toBe('needs_mapping');
  });

  it('the right mapping imports every row through the pipeline, its balances reconciled', async () => {
    const { status, body } = await ada.call<Upload>('POST', `/api/uploads/${waiting.uploadId}/mapping`, {
      kind: 'csv',
      mapping: MAPPING,
    });
    expect(status).toBe(200);
    expect(body.stage).not.toBe('needs_mapping');
    const done = await finished(ada, waiting.uploadId);
    expect(done).toMatchObject({
      stage: 'done',
      source: 'export',
      counts: { parsed: 3, added: 3 },
      reconciliation: { ok: true },
    });
    expect(await rowsOf(ada, accountId)).toEqual(expected(JANUARY));
    const again = await ada.call('POST', `/api/uploads/${waiting.uploadId}/mapping`, {
      kind: 'csv',
      mapping: MAPPING,
    });
    expect(again.status).toBe(409);
  });

  it("the account's next file of the same header is read without asking", async () => {
    const next = await uploadStatement(ada, accountId, 'february.csv', FEBRUARY);
    expect(next).toMatchObject({ stage: 'done', counts: { parsed: 2, added: 2 } });
    expect(await rowsOf(ada, accountId)).toEqual([...expected(JANUARY), ...expected(FEBRUARY)]);
  });

  it("another account's file of that header is asked again: the mapping is the account's", async () => {
    const other = await createAccount(ada, 'Joint', 'current', 'Leeds Building Society');
    const upload = await uploadStatement(ada, other, 'joint.csv', FEBRUARY);
    expect(upload.stage).toBe('needs_mapping');
  });
});

describe('two answers at once', () => {
  it('one is taken, the other is told the file is no longer waiting; the account keeps the one the file was read by', async () => {
    // The payee as the description, or the memo: two admins' different answers to the same file.
    const byPayee = MAPPING;
    const byMemo: CsvMapping = { ...MAPPING, description: 2 };
    for (let round = 0; round < 3; round++) {
      const accountId = await createAccount(ada, `Raced ${round}`, 'current', 'Leeds Building Society');
      const waiting = await uploadStatement(ada, accountId, 'january.csv', JANUARY);
      expect(waiting.stage).toBe('needs_mapping');
      const answers = [byPayee, byMemo];
      const results = await Promise.all(
        answers.map((mapping) =>
          ada.call('POST', `/api/uploads/${waiting.uploadId}/mapping`, { kind: 'csv', mapping }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const winner = answers[results.findIndex((r) => r.status === 200)]!;
      expect(await finished(ada, waiting.uploadId)).toMatchObject({ stage: 'done', counts: { added: 3 } });
      expect((await getAccount(familyId, accountId))?.csv_mappings?.map((m) => m.mapping)).toEqual([winner]);
      const read = readMappedCsv(JANUARY, winner);
      if (!read.ok) throw new Error(read.message);
      expect((await rowsOf(ada, accountId)).map((r) => r[1])).toEqual(
        read.statement.transactions.map((t) => t.description),
      );
    }
  }, 120_000);
});

describe('a kept mapping that no longer reads a file of its header', () => {
  it('asks again, the kept answer as the first guess, and keeps the new one in its place', async () => {
    const accountId = await createAccount(ada, 'Changed its dates', 'current', 'Leeds Building Society');
    const first = await uploadStatement(ada, accountId, 'january.csv', JANUARY);
    await ada.call('POST', `/api/uploads/${first.uploadId}/mapping`, { kind: 'csv', mapping: MAPPING });
    expect((await finished(ada, first.uploadId)).stage).toBe('done');
    // The bank now writes its dates year first: day first cannot read them.
    const march = unknownCsv([['2025-03-04', 'FLORIST', '-20.00', '3,306.60']]);
    const again = await uploadStatement(ada, accountId, 'march.csv', march);
    expect(again.stage).toBe('needs_mapping');
    const shown = await ada.call<ExportMapping>('GET', `/api/uploads/${again.uploadId}/mapping`);
    expect(shown.body.suggested).toEqual(MAPPING);
    const answer = { ...MAPPING, dateFormat: 'ymd' as const };
    await ada.call('POST', `/api/uploads/${again.uploadId}/mapping`, { kind: 'csv', mapping: answer });
    expect(await finished(ada, again.uploadId)).toMatchObject({ stage: 'done', counts: { added: 1 } });
    expect((await getAccount(familyId, accountId))?.csv_mappings?.map((m) => m.mapping)).toEqual([answer]);
  });
});

describe('a QIF file whose dates could be either order', () => {
  it('asks the order once for the account, then reads the next one without asking', async () => {
    const card = await createAccount(ada, 'Amazon card', 'credit', 'American Express');
    const first = await uploadStatement(ada, card, 'card.qif', fixture('card-ambiguous.qif'));
    expect(first).toMatchObject({ stage: 'needs_mapping', message: MAPPING_MESSAGES.qifWaiting });
    const shown = await ada.call<ExportMapping>('GET', `/api/uploads/${first.uploadId}/mapping`);
    expect(shown.body).toMatchObject({ kind: 'qif', columns: ['Date', 'Payee', 'Amount'], rowCount: 2 });
    const answered = await ada.call('POST', `/api/uploads/${first.uploadId}/mapping`, {
      kind: 'qif',
      dateOrder: 'mdy',
    });
    expect(answered.status).toBe(200);
    expect(await finished(ada, first.uploadId)).toMatchObject({ stage: 'done', counts: { added: 2 } });
    expect((await rowsOf(ada, card)).map((r) => [r[0], r[2]])).toEqual([
      ['2024-01-02', -12.99],
      ['2024-02-03', 150],
    ]);
    const later = '!Type:CCard\nD03/04/24\nT-5.00\nPCOFFEE\n^\n';
    const second = await uploadStatement(ada, card, 'later.qif', later);
    expect(second.stage).toBe('done');
    expect((await rowsOf(ada, card)).at(-1)?.slice(0, 3)).toEqual(['2024-03-04', 'COFFEE', -5]);
  });
});
