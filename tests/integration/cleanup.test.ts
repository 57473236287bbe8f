import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from '../../functions/adapters/dynamodb/account-repository';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { putMatchCandidate } from '../../functions/adapters/dynamodb/match-candidate-repository';
import { queryPrefix } from '../../functions/adapters/dynamodb/paging';
import { accountTransactions } from '../../functions/adapters/dynamodb/transaction-repository';
import type { CleanupAnalysis, CleanupDeleteResponse } from '../../functions/contracts/review';
import type { MatchCandidate } from '../../functions/domain/matching';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { familyIdOf, seedRows } from '../support/review';
import { startTestTwin } from '../support/twin';

/**
 * Data Cleanup on the twin (spec 2 §2, §5 Bad transaction, §7 deletes, §8). The pipeline never writes a row
 * without a type or a signed amount, so bad rows are seeded through the transaction repository: rows from
 * older data whose type attribute is missing altogether, or whose signed amount is null.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
beforeAll(async () => {
  twin = await startTestTwin({ s3Events: false });
});
afterAll(async () => {
  await twin?.stop();
});

let n = 0;
async function family() {
  n++;
  const caller = await signedIn(twin, `cleanup-${n}-${Date.now()}`, `cleanup${n}@example.com`);
  const accountId = await familyWithAccount(caller);
  return { caller, familyId: await familyIdOf(caller), accountId };
}

async function secondAccount(caller: ApiCaller) {
  const { body } = await caller.call<{ accounts: Array<{ id: string }> }>('POST', '/api/accounts', {
    accounts: [{ name: 'Saver', bank_name: 'Nationwide', account_type: 'savings' }],
  });
  return body.accounts[0]!.id;
}

const analyse = async (caller: ApiCaller) =>
  (await caller.call<CleanupAnalysis>('GET', '/api/transactions/cleanup')).body;

const LONG = 'CARD PAYMENT TO A VERY LONG MERCHANT NAME THAT GOES ON AND ON';

describe('analysis', () => {
  it('counts bad rows (type missing, signed amount null) and breaks them down by account', async () => {
    const { caller, familyId, accountId } = await family();
    const saver = await secondAccount(caller);
    await seedRows(familyId, accountId, [
      { date: '2026-01-05', description: 'GOOD ONE', signed: -10 },
      { date: '2026-01-11', description: LONG, signed: -20, type: null },
      { date: '2026-01-07', description: 'NO SIGN', signed: null, type: 'debit' },
      { date: '2026-01-08', description: 'NEITHER', signed: null, type: null },
      { date: '2026-01-09', description: 'FOURTH BAD', signed: -1.5, type: null },
      { date: '2026-01-10', description: 'FIFTH BAD', signed: null, type: 'credit' },
    ]);
    await seedRows(familyId, saver, [
      { date: '2026-02-01', description: 'INTEREST', signed: 1 },
      { date: '2026-02-03', description: 'SAVER BAD', signed: null, type: 'credit' },
    ]);
    const a = await analyse(caller);
    expect(a).toMatchObject({
      total_transactions: 8,
      bad_transactions: 6,
      missing_type: 3,
      missing_signed_amount: 4,
    });
    expect(a.bad).toHaveLength(6);
    const current = a.by_account.find((b) => b.account_id === accountId)!;
    expect(current).toMatchObject({
      account_name: 'Everyday',
      bank_name: 'Monzo',
      count: 5,
      date_range: { from: '2026-01-07', to: '2026-01-11' },
      more: '... and 2 more',
    });
    // amounts of rows without a signed amount are the seed's positive amounts (10 + position)
    expect(current.total).toBeCloseTo(20 + 12 + 13 + 1.5 + 15, 2);
    expect(current.samples).toHaveLength(3);
    const long = current.samples.find((s) => s.description.startsWith('CARD PAYMENT'));
    expect(long?.description).toBe(`${LONG.slice(0, 40)}...`);
    expect(long?.missing).toEqual(['type']);
    // the newest three
    expect(current.samples.map((s) => s.missing)).toEqual([['type'], ['signed_amount'], ['type']]);
    // most bad rows first
    expect(a.by_account.map((b) => b.count)).toEqual([5, 1]);
  });
});

describe('deletion', () => {
  it('deletes bad rows in a batch, removes their transfer candidates and updates the account summary', async () => {
    const { caller, familyId, accountId } = await family();
    const saver = await secondAccount(caller);
    const [good, bad1] = await seedRows(familyId, accountId, [
      { date: '2026-01-05', description: 'TRANSFER TO SAVER', signed: -100 },
      { date: '2026-01-06', description: 'TRANSFER TO SAVER', signed: -50, type: null },
      { date: '2026-01-07', description: 'BAD TOO', signed: null, type: 'debit' },
    ]);
    const [saverIn] = await seedRows(familyId, saver, [
      { date: '2026-01-06', description: 'TRANSFER FROM CURRENT', signed: 50 },
    ]);
    const pair = (a: { id: string }, b: { id: string }) =>
      ({
        id: [a.id, b.id].sort().join('_'),
        transaction1: a,
        transaction2: b,
        confidence: 0.9,
        reason: 'test',
        date_diff: 0,
        amount_match: true,
      }) as unknown as MatchCandidate;
    await putMatchCandidate(familyId, pair(bad1!, saverIn!), new Date().toISOString());
    await putMatchCandidate(familyId, pair(good!, saverIn!), new Date().toISOString());

    const { bad } = await analyse(caller);
    expect(bad).toHaveLength(2);
    const res = await caller.call<CleanupDeleteResponse>('POST', '/api/transactions/cleanup', {
      transactions: bad,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ requested: 2, deleted: 2, not_deleted: 0 });

    const left = await accountTransactions(familyId, accountId);
    expect(left.map((r) => r.description)).toEqual(['TRANSFER TO SAVER']);
    const candidates = await queryPrefix<{ id: string }>(keys.matchCandidatesPrefix(familyId));
    expect(candidates.map((c) => c.id)).toEqual([pair(good!, saverIn!).id]);
    // the account's derived count follows the deletion (rowsChanged; seeding did not report, so none before)
    expect((await getAccount(familyId, accountId))?.transaction_count).toBe(1);
    expect((await analyse(caller)).bad_transactions).toBe(0);
  });

  it('a partial batch: rows gone already or complete now are not deleted, and say so', async () => {
    const { caller, familyId, accountId } = await family();
    const [good, bad] = await seedRows(familyId, accountId, [
      { date: '2026-01-05', description: 'COMPLETE', signed: -10 },
      { date: '2026-01-06', description: 'BAD', signed: null, type: 'debit' },
    ]);
    const ref = (r: { id: string; account_id: string; transaction_date: string }) => ({
      id: r.id,
      account_id: r.account_id,
      transaction_date: r.transaction_date,
    });
    const first = await caller.call<CleanupDeleteResponse>('POST', '/api/transactions/cleanup', {
      transactions: [ref(bad!)],
    });
    expect(first.body.deleted).toBe(1);
    const second = await caller.call<CleanupDeleteResponse>('POST', '/api/transactions/cleanup', {
      transactions: [ref(bad!), ref(good!)],
    });
    expect(second.body).toEqual({ requested: 2, deleted: 0, not_deleted: 2 });
    expect((await accountTransactions(familyId, accountId)).map((r) => r.description)).toEqual(['COMPLETE']);
  });

  it('takes 150 bad rows in two batches of at most 100; a batch over 100 is refused with a clear message', async () => {
    const { caller, familyId, accountId } = await family();
    await seedRows(
      familyId,
      accountId,
      Array.from({ length: 150 }, (_, i) => ({
        date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        description: `OLD ROW ${i}`,
        signed: null,
        type: 'debit' as const,
      })),
    );
    const { bad } = await analyse(caller);
    expect(bad).toHaveLength(150);
    const tooMany = await caller.call<{ error: { message: string } }>('POST', '/api/transactions/cleanup', {
      transactions: bad.slice(0, 101),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('Send between 1 and 100 transactions to delete');
    let deleted = 0;
    for (const batch of [bad.slice(0, 100), bad.slice(100)]) {
      const res = await caller.call<CleanupDeleteResponse>('POST', '/api/transactions/cleanup', {
        transactions: batch,
      });
      deleted += res.body.deleted;
    }
    expect(deleted).toBe(150);
    expect(await accountTransactions(familyId, accountId)).toHaveLength(0);
  });

  it("another family's rows are out of reach: not in its analysis, not deleted by its batches", async () => {
    const a = await family();
    const b = await family();
    await seedRows(a.familyId, a.accountId, [
      { date: '2026-01-06', description: 'A BAD', signed: null, type: 'debit' },
    ]);
    const aBad = (await analyse(a.caller)).bad;
    expect((await analyse(b.caller)).bad_transactions).toBe(0);
    const res = await b.caller.call<CleanupDeleteResponse>('POST', '/api/transactions/cleanup', {
      transactions: aBad,
    });
    expect(res.body).toEqual({ requested: 1, deleted: 0, not_deleted: 1 });
    expect(await accountTransactions(a.familyId, a.accountId)).toHaveLength(1);
    const stranger = await signedIn(twin, `cleanup-none-${Date.now()}`, 'nobody@example.com');
    expect((await stranger.call('GET', '/api/transactions/cleanup')).status).toBe(404);
  });
});
