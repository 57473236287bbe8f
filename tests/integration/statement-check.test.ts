import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStatementCheck } from '../../functions/adapters/dynamodb/check-repository';
import {
  putMemberIfAbsent,
  putMembershipIfAbsent,
} from '../../functions/adapters/dynamodb/family-repository';
import type { AskResponse } from '../../functions/contracts/assistant';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import type { PeriodStatsResponse } from '../../functions/contracts/insights';
import type { VerificationReport } from '../../functions/contracts/review';
import type {
  CheckPage,
  StatementCheck,
  StatementChecksList,
} from '../../functions/contracts/statement-check';
import type { Transaction } from '../../functions/contracts/transactions';
import type { Upload } from '../../functions/contracts/uploads';
import { checkRollups } from '../../functions/services/rollups';
import { generateAccountStatement, type OrderedRow } from '../fixtures/statements/generate';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, transactionsOf, uploadStatement } from '../support/statements';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * The statement check on the twin: a reading its own figures do not confirm (a missed row, so the printed
 * balances do not add up), or a statement of another bank or account number than the chosen account, waits in
 * 'needs_check' with its rows in no figure (transactions, period stats, spending, roll-ups, transfer
 * candidates, the assistant's answers); each fix reruns the checks; Import, Import anyway and Discard leave
 * the roll-ups as the rows give them. Any member looks and fixes; importing and discarding are the admin's;
 * another family's statement is not found.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller; // admin
let bob: ApiCaller; // a plain member of Ada's family
let eve: ApiCaller; // another family's admin
let familyId: string;
let everyday: string; // Monzo current account, numbered 04-00-04 12345678 by its first statement
let savings: string; // Santander savings account

type ErrorBody = { error: { code: string; message: string } };

/** A March of a Monzo current account: salary, spending, and a transfer to savings. */
const MARCH: OrderedRow[] = [
  { date: '2025-03-01', description: 'ACME LTD SALARY', signedAmount: 2400 },
  { date: '2025-03-03', description: 'TESCO STORES 2041', signedAmount: -54.2 },
  { date: '2025-03-05', description: 'PRET A MANGER', signedAmount: -6.45 },
  { date: '2025-03-08', description: 'SAINSBURYS S/MKT', signedAmount: -38.9 },
  { date: '2025-03-12', description: 'COSTA COFFEE', signedAmount: -3.1 },
  { date: '2025-03-15', description: 'BOOTS 1123', signedAmount: -12.99 },
  { date: '2025-03-20', description: 'WAITROSE 778', signedAmount: -71.15 },
];
const APRIL: OrderedRow[] = MARCH.map((r) => ({ ...r, date: r.date.replace('-03-', '-04-') }));
const MAY: OrderedRow[] = MARCH.map((r) => ({ ...r, date: r.date.replace('-03-', '-05-') }));
const JUNE: OrderedRow[] = MARCH.map((r) => ({ ...r, date: r.date.replace('-03-', '-06-') }));

const pence = (n: number) => Math.round(n * 100);

async function periodStats(from: string, to: string) {
  const { status, body } = await ada.call<PeriodStatsResponse>(
    'GET',
    `/api/insights/period-stats?from=${from}&to=${to}`,
  );
  expect(status).toBe(200);
  return body;
}

/** Every figure of one month the family can see that the held rows could reach. */
async function figures(from: string, to: string) {
  const [stats, spending, matches, answer] = await Promise.all([
    periodStats(from, to),
    ada.call('GET', `/api/insights/categories?from=${from}&to=${to}`).then((r) => r.body),
    ada.call('GET', '/api/matches').then((r) => r.body),
    ada.call('GET', '/api/accounts').then((r) => r.body),
  ]);
  return { stats: stats.summary, spending, matches, accounts: answer };
}

/** The assistant's figures for a question (what its answer rests on). */
async function ask(question: string) {
  const { status, body } = await ada.call<AskResponse>('POST', '/api/assistant/messages', { question });
  expect(status).toBe(200);
  const result = body.answer.result;
  return result ? { figures: result.figures, transaction_count: result.transaction_count } : null;
}

async function check(caller: ApiCaller, uploadId: string) {
  return caller.call<StatementCheck & ErrorBody>('GET', `/api/uploads/${uploadId}/check`);
}
async function edit(caller: ApiCaller, uploadId: string, body: unknown) {
  return caller.call<StatementCheck & ErrorBody>('POST', `/api/uploads/${uploadId}/check/edits`, body);
}
async function importIt(caller: ApiCaller, uploadId: string, anyway = false) {
  return caller.call<Upload & ErrorBody>('POST', `/api/uploads/${uploadId}/check/import`, { anyway });
}
async function finished(uploadId: string): Promise<Upload> {
  return waitFor(
    async () => {
      const { body } = await ada.call<Upload>('GET', `/api/uploads/${uploadId}`);
      return body.stage === 'done' || body.stage === 'failed' ? body : null;
    },
    30_000,
    200,
  );
}
const sumSigned = (rows: readonly Transaction[]) =>
  rows.reduce((s, t) => s + pence(t.signed_amount ?? 0), 0) / 100;
const inMonth = (rows: readonly Transaction[], month: string) =>
  rows.filter((t) => t.transaction_date.startsWith(month));

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
  everyday = await createAccount(ada, 'Everyday', 'current', 'Monzo');
  savings = await createAccount(ada, 'Saver', 'savings', 'Santander');
  // February reads cleanly: it adds up, in the account it names, and goes straight through (and the account
  // learns its number from it).
  const { pdf } = await generateAccountStatement({
    rows: MARCH.map((r) => ({ ...r, date: r.date.replace('-03-', '-02-') })),
  });
  const upload = await uploadStatement(ada, everyday, 'february.pdf', pdf);
  expect(upload).toMatchObject({ stage: 'done', reconciliation: { ok: true } });
  expect(upload.checkReasons).toBeUndefined();
}, 120_000);
afterAll(async () => {
  await twin?.stop();
});

describe('a statement whose reading misses a row', () => {
  let uploadId: string;
  let before: Awaited<ReturnType<typeof figures>>;
  let rowsBefore: Transaction[];

  it('waits for the check ("Needs your check"), its rows in no figure', async () => {
    before = await figures('2025-03-01', '2025-03-31');
    const answerBefore = await ask('How much did I spend at Waitrose in March 2025?');
    rowsBefore = await transactionsOf(ada, everyday);
    const { pdf } = await generateAccountStatement({ rows: MARCH, unprinted: [3] });
    const upload = await uploadStatement(ada, everyday, 'march.pdf', pdf);
    uploadId = upload.uploadId;
    expect(upload).toMatchObject({
      stage: 'needs_check',
      checkReasons: ['does_not_add_up'],
      counts: { parsed: MARCH.length - 1 },
      reconciliation: { ok: false },
    });
    expect(upload.message).toMatch(/^Needs your check/);
    expect(await transactionsOf(ada, everyday)).toEqual(rowsBefore);
    expect(await figures('2025-03-01', '2025-03-31')).toEqual(before);
    expect((await checkRollups(familyId)).differing).toEqual([]);
    const waiting = await ada.call<StatementChecksList>('GET', '/api/statement-checks');
    expect(waiting.body.statements.map((s) => s.uploadId)).toEqual([uploadId]);
    const answer = await ask('How much did I spend at Waitrose in March 2025?');
    expect(answer).toEqual(answerBefore);
    expect(answer?.transaction_count ?? 0).toBe(0);
  });

  it('the check shows the rows and where the sums break: after the missed row, by its amount', async () => {
    const { status, body } = await check(bob, uploadId);
    expect(status).toBe(200);
    expect(body.rows).toHaveLength(MARCH.length - 1);
    expect(body.addsUp).toBe(false);
    expect(body.canImport).toBe(false);
    expect(body.reasons.map((r) => r.code)).toEqual(['does_not_add_up']);
    // The row after the missed one prints a balance 38.90 lower than the rows read give.
    const breakAt = body.breaks.find((b) => b.reason === 'running balance');
    expect(breakAt).toMatchObject({ rowId: 'r3', difference: -38.9 });
    expect(body.sums.opening).toBe(1000);
    expect(body.sums.closing).toBe(
      (pence(1000) + MARCH.reduce((s, r) => s + pence(r.signedAmount), 0)) / 100,
    );
    expect(body.sums.computedClosing).toBe((pence(body.sums.closing!) + pence(38.9)) / 100);
  });

  it('draws each page as an image, with where each row was read on it (any member; not another family)', async () => {
    const { body } = await check(bob, uploadId);
    expect(body.pages).toBe(1);
    // Each row read has its place on the page: its line, its amount and its printed balance, top to bottom.
    const regions = body.rows.map((r) => r.region!);
    expect(regions.every((r) => r && r.row.page === 1 && r.amount && r.balance)).toBe(true);
    for (const [i, r] of regions.entries()) {
      expect(r.row.left).toBeLessThan(r.amount!.left);
      expect(r.amount!.right).toBeLessThanOrEqual(r.balance!.left);
      expect(r.row.top).toBeGreaterThanOrEqual(0);
      expect(r.row.bottom).toBeLessThanOrEqual(1);
      if (i > 0) expect(r.row.top).toBeGreaterThan(regions[i - 1]!.row.bottom - 0.001);
    }
    const drawn = await bob.call<CheckPage & ErrorBody>('GET', `/api/uploads/${uploadId}/check/pages/1`);
    expect(drawn.status).toBe(200);
    expect(drawn.body).toMatchObject({ page: 1, pages: 1 });
    expect(drawn.body.width).toBeGreaterThan(800);
    expect(drawn.body.height).toBeGreaterThan(drawn.body.width);
    const png = Buffer.from(drawn.body.image.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(drawn.body.width);
    const beyond = await bob.call<ErrorBody>('GET', `/api/uploads/${uploadId}/check/pages/2`);
    expect(beyond.status).toBe(404);
    expect(beyond.body.error.message).toBe('That page is not on this statement.');
    expect((await bob.call<ErrorBody>('GET', `/api/uploads/${uploadId}/check/pages/0`)).status).toBe(400);
    expect((await eve.call<ErrorBody>('GET', `/api/uploads/${uploadId}/check/pages/1`)).status).toBe(404);
  });

  it('each fix reruns the checks; every edit is kept with who and when', async () => {
    const initial = (await check(bob, uploadId)).body;
    // Marking a row as not a transaction: the sums move by it.
    const excluded = await edit(bob, uploadId, { op: 'exclude_row', row: 'r1', excluded: true });
    expect(excluded.status).toBe(200);
    expect(excluded.body.sums.moneyOut).toBe((pence(6.45) + pence(12.99) + pence(71.15) + pence(3.1)) / 100);
    const restored = await edit(bob, uploadId, { op: 'exclude_row', row: 'r1', excluded: false });
    expect(restored.body.breaks).toEqual(initial.breaks);
    expect(restored.body.sums).toEqual(initial.sums);
    // Swapping money in and out: nothing adds up; swapped back, as before.
    const swapped = await edit(bob, uploadId, { op: 'swap_in_out' });
    expect(swapped.body.sums.moneyIn).toBe(restored.body.sums.moneyOut);
    const back = await edit(bob, uploadId, { op: 'swap_in_out' });
    expect(back.body.sums).toEqual(restored.body.sums);
    // Bad input is refused with a clear message, and kept nowhere.
    const bad = await edit(bob, uploadId, { op: 'edit_row', row: 'r2', date: '2025-02-30' });
    expect(bad.status).toBe(400);
    const unknown = await edit(bob, uploadId, { op: 'edit_row', row: 'r99', description: 'X' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('That row is not on this statement.');
    // The missed row, added after the row before it: it adds up.
    const added = await edit(bob, uploadId, {
      op: 'add_row',
      after: 'r2',
      date: '2025-03-08',
      description: 'SAINSBURYS S/MKT',
      signedAmount: -38.9,
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ addsUp: true, canImport: true, breaks: [], open: [] });
    expect(added.body.rows[3]).toMatchObject({ description: 'SAINSBURYS S/MKT', added: true });
    // A row's description fixed: kept as edited, the sums unchanged.
    const described = await edit(ada, uploadId, {
      op: 'edit_row',
      row: 'r4',
      description: 'COSTA COFFEE LONDON',
    });
    expect(described.body.rows.find((r) => r.id === 'r4')).toMatchObject({
      description: 'COSTA COFFEE LONDON',
      edited: true,
    });
    expect(described.body.edits.map((e) => e.by)).toEqual([
      bob.sub,
      bob.sub,
      bob.sub,
      bob.sub,
      bob.sub,
      ada.sub,
    ]);
    expect(described.body.edits.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    // The original reading stays as read.
    expect(described.body.original.rows).toBe(MARCH.length - 1);
    expect(described.body.original.reconciliation.ok).toBe(false);
    // Nothing of it is in a figure yet.
    expect(await figures('2025-03-01', '2025-03-31')).toEqual(before);
  });

  it('a member can look and fix but not import or discard; another family finds nothing', async () => {
    expect((await importIt(bob, uploadId)).status).toBe(403);
    expect((await bob.call('POST', `/api/uploads/${uploadId}/check/discard`)).status).toBe(403);
    expect((await check(eve, uploadId)).status).toBe(404);
    expect((await edit(eve, uploadId, { op: 'swap_in_out' })).status).toBe(404);
    expect((await importIt(eve, uploadId)).status).toBe(404);
    expect((await eve.call('POST', `/api/uploads/${uploadId}/check/discard`)).status).toBe(404);
    expect((await eve.call<StatementChecksList>('GET', '/api/statement-checks')).body.statements).toEqual([]);
  });

  it('Import: the overview changes by exactly that statement; the roll-ups follow the rows', async () => {
    const started = await importIt(ada, uploadId);
    expect(started.status).toBe(200);
    const done = await finished(uploadId);
    expect(done).toMatchObject({
      stage: 'done',
      counts: { parsed: MARCH.length, added: MARCH.length },
      reconciliation: { ok: true },
    });
    expect(done.notChecked).toBeUndefined();
    const rows = await transactionsOf(ada, everyday);
    const march = inMonth(rows, '2025-03');
    expect(march).toHaveLength(MARCH.length);
    expect(march.find((t) => t.description === 'COSTA COFFEE LONDON')).toBeDefined();
    expect(sumSigned(march)).toBe(MARCH.reduce((s, r) => s + pence(r.signedAmount), 0) / 100);
    expect(march.some((t) => t.not_checked)).toBe(false);
    const after = await periodStats('2025-03-01', '2025-03-31');
    expect(after.summary.transactionCount).toBe(before.stats.transactionCount + MARCH.length);
    expect((await checkRollups(familyId)).differing).toEqual([]);
    expect((await ada.call<StatementChecksList>('GET', '/api/statement-checks')).body.statements).toEqual([]);
    // The check is over: no more edits, no second import.
    expect((await edit(ada, uploadId, { op: 'swap_in_out' })).status).toBe(409);
    expect((await importIt(ada, uploadId)).status).toBe(409);
    expect((await getStatementCheck(familyId, uploadId))?.outcome).toBe('imported');
  });
});

describe('Import anyway and Discard', () => {
  it('Import anyway: the statement and its rows keep a "not checked" mark; the roll-ups follow', async () => {
    const { pdf } = await generateAccountStatement({ rows: APRIL, unprinted: [5] });
    const upload = await uploadStatement(ada, everyday, 'april.pdf', pdf);
    expect(upload.stage).toBe('needs_check');
    const refused = await importIt(ada, upload.uploadId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^This statement does not add up yet/);
    expect((await importIt(ada, upload.uploadId, true)).status).toBe(200);
    const done = await finished(upload.uploadId);
    expect(done).toMatchObject({ stage: 'done', notChecked: true, reconciliation: { ok: false } });
    const april = inMonth(await transactionsOf(ada, everyday), '2025-04');
    expect(april).toHaveLength(APRIL.length - 1);
    expect(april.every((t) => t.not_checked === true)).toBe(true);
    expect((await checkRollups(familyId)).differing).toEqual([]);
    const statements = await ada.call<{ statements: Upload[] }>(
      'GET',
      `/api/accounts/${everyday}/statements`,
    );
    expect(statements.body.statements.find((s) => s.uploadId === upload.uploadId)?.notChecked).toBe(true);
    expect((await getStatementCheck(familyId, upload.uploadId))?.outcome).toBe('imported_unchecked');
    // Verification lists it.
    const verification = await ada.call<VerificationReport>(
      'GET',
      `/api/transactions/verification?account=${everyday}`,
    );
    expect(verification.body.checks.find((c) => c.id === `${everyday}:unchecked`)).toMatchObject({
      status: 'attention',
      details: ['april.pdf was imported without adding up (not checked)'],
    });
  });

  it('Discard: the statement goes, nothing of it in any figure; the check is kept for study', async () => {
    const before = await figures('2025-05-01', '2025-05-31');
    const { pdf } = await generateAccountStatement({ rows: MAY, unprinted: [0] });
    const upload = await uploadStatement(ada, everyday, 'may.pdf', pdf);
    expect(upload.stage).toBe('needs_check');
    const discarded = await ada.call('POST', `/api/uploads/${upload.uploadId}/check/discard`);
    expect(discarded.status).toBe(200);
    expect((await ada.call('GET', `/api/uploads/${upload.uploadId}`)).status).toBe(404);
    expect(inMonth(await transactionsOf(ada, everyday), '2025-05')).toEqual([]);
    expect(await figures('2025-05-01', '2025-05-31')).toEqual(before);
    expect((await checkRollups(familyId)).differing).toEqual([]);
    expect((await getStatementCheck(familyId, upload.uploadId))?.outcome).toBe('discarded');
    expect((await ada.call('POST', `/api/uploads/${upload.uploadId}/check/discard`)).status).toBe(404);
  });
});

describe('the wrong account caught', () => {
  it('a Monzo statement uploaded to a Santander account waits; moved to the Monzo account, it imports there', async () => {
    const { pdf } = await generateAccountStatement({ rows: JUNE });
    const upload = await uploadStatement(ada, savings, 'june.pdf', pdf);
    expect(upload.stage).toBe('needs_check');
    expect(upload.checkReasons).toEqual(['other_bank']);
    expect(await transactionsOf(ada, savings)).toEqual([]);
    const first = await check(ada, upload.uploadId);
    expect(first.body).toMatchObject({ addsUp: true, canImport: false });
    expect(first.body.open.map((o) => o.code)).toEqual(['other_bank']);
    const refused = await importIt(ada, upload.uploadId);
    expect(refused.status).toBe(409);
    const eveAccount = await createAccount(eve, 'Eve current', 'current', 'Monzo');
    expect((await edit(ada, upload.uploadId, { op: 'move_account', accountId: eveAccount })).status).toBe(
      404,
    );
    const moved = await edit(ada, upload.uploadId, { op: 'move_account', accountId: everyday });
    expect(moved.body).toMatchObject({ canImport: true, accountId: everyday, open: [] });
    expect((await importIt(ada, upload.uploadId)).status).toBe(200);
    expect(await finished(upload.uploadId)).toMatchObject({ stage: 'done', accountId: everyday });
    expect(inMonth(await transactionsOf(ada, everyday), '2025-06')).toHaveLength(JUNE.length);
    expect(await transactionsOf(ada, savings)).toEqual([]);
    expect((await checkRollups(familyId)).differing).toEqual([]);
  });

  it('a statement naming another account number than the account learned waits', async () => {
    const { pdf } = await generateAccountStatement({
      rows: JUNE.map((r) => ({ ...r, date: r.date.replace('-06-', '-07-') })),
      accountNumber: '87654321',
    });
    const upload = await uploadStatement(ada, everyday, 'july.pdf', pdf);
    expect(upload).toMatchObject({ stage: 'needs_check', checkReasons: ['other_account_number'] });
    const body = (await check(ada, upload.uploadId)).body;
    expect(body.named).toMatchObject({ sort_code: '040004', account_number: '87654321' });
    expect(inMonth(await transactionsOf(ada, everyday), '2025-07')).toEqual([]);
    // Confirming the account it is in (a move to the same account) lets it import.
    const confirmed = await edit(ada, upload.uploadId, { op: 'move_account', accountId: everyday });
    expect(confirmed.body.canImport).toBe(true);
  });
});
