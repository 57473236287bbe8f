import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listAccounts } from '../../functions/adapters/dynamodb/account-repository';
import { documentClient, tableName } from '../../functions/adapters/dynamodb/client';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { getRollup, rollupMonths, rollupRows } from '../../functions/adapters/dynamodb/rollup-repository';
import {
  spendRollupVersion,
  storedSpendRollups,
} from '../../functions/adapters/dynamodb/spending-repository';
import {
  accountTransactions,
  deleteTransaction,
  putNewTransactions,
  type TransactionItem,
  transactionKey,
} from '../../functions/adapters/dynamodb/transaction-repository';
import { services } from '../../functions/app/container';
import type { Upload } from '../../functions/contracts/uploads';
import { buildRollups } from '../../functions/domain/rollups';
import {
  addRowsToRollups,
  checkRollups,
  repairRollups,
  rollupVersions,
} from '../../functions/services/rollups';
import { changesOf, rowsChanged } from '../../functions/services/row-changes';
import { generateStatement } from '../fixtures/statements/generate';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * Monthly roll-ups follow every write of rows, whoever makes it: statements read (one account's and two at
 * once), statements removed, corrections and deletions written by other parts of the product (simulated here
 * as they will be: rows written, then rowsChanged). After each step the stored roll-ups equal a recomputation
 * from all the family's rows; the repair command puts right roll-ups that were lost, stale or left over.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let familyId: string;
let current: string;
let savings: string;
const uploads: Upload[] = [];

/** mulberry32, so a failing run names its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  await ada.call('POST', '/api/family');
  current = await createAccount(ada, 'Everyday', 'current');
  // A bank the statements' recogniser does not know: statements of two layouts go to it.
  savings = await createAccount(ada, 'Rainy day', 'savings', 'Rainy day bank');
  const { body } = await ada.call<{ accounts: Array<{ family_id: string }> }>('GET', '/api/accounts');
  familyId = body.accounts[0]!.family_id;
}, 60_000);
afterAll(async () => {
  await twin?.stop();
});

async function expectInStep(): Promise<void> {
  const { differing, months } = await checkRollups(familyId);
  expect(differing).toEqual([]);
  // and the stored months are exactly the months that have rows
  const accounts = await listAccounts(familyId);
  const rows = (await Promise.all(accounts.map((a) => rollupRows(familyId, a.id)))).flat();
  expect(await rollupMonths(familyId)).toEqual([...buildRollups(rows).keys()]);
  expect(months.length).toBeGreaterThanOrEqual(0);
}

async function upload(accountId: string, seed: number, slice: { from: number; to: number }) {
  const { pdf } = await generateStatement('signed-amount', { seed, slice, transactions: 90 });
  const done = await uploadStatement(ada, accountId, `statement-${seed}-${slice.from}.pdf`, pdf, {
    timeoutMs: 60_000,
  });
  expect(done.stage).toBe('done');
  // the upload reads 'done' from Finish, which then reports its rows: the execution ends a moment later
  await twin.runner.idle();
  uploads.push(done);
  return done;
}

describe('roll-ups follow every write', () => {
  it('a statement read: its months are rolled up', async () => {
    await upload(current, 11, { from: 0, to: 60 });
    expect((await rollupMonths(familyId)).length).toBeGreaterThan(0);
    await expectInStep();
  }, 90_000);

  it('two statements of two accounts read at once (the same months written by both)', async () => {
    await Promise.all([upload(current, 11, { from: 40, to: 90 }), upload(savings, 12, { from: 0, to: 70 })]);
    await expectInStep();
  }, 120_000);

  it('a statement of another month', async () => {
    const { pdf } = await generateStatement('paid-out-paid-in', { seed: 3 });
    const done = await uploadStatement(ada, savings, 'february.pdf', pdf, { timeoutMs: 60_000 });
    expect(done.stage).toBe('done');
    await twin.runner.idle();
    uploads.push(done);
    expect(await rollupMonths(familyId)).toEqual(['2025-02', '2025-03']);
    await expectInStep();
  }, 90_000);

  it('random corrections, deletions and statement removals, each reported through rowsChanged', async () => {
    const next = random(2026);
    const flows = ['income', 'internal_transfer', 'external_expense'] as const;
    for (let step = 0; step < 12; step++) {
      const accountId = next() < 0.5 ? current : savings;
      const rows = await accountTransactions(familyId, accountId);
      const op = next();
      if (op < 0.5 && rows.length) {
        // a correction of a few rows (as the corrections feature writes them)
        const chosen = rows.filter(() => next() < 0.1).slice(0, 8);
        for (const row of chosen)
          await documentClient().send(
            new UpdateCommand({
              TableName: tableName(),
              Key: transactionKey(row),
              UpdateExpression: 'SET user_corrected_flow_type = :f, classification_method = :m',
              ExpressionAttributeValues: {
                ':f': flows[Math.floor(next() * flows.length)],
                ':m': 'user_bulk_corrected',
              },
            }),
          );
        await rowsChanged(services(), familyId, changesOf(chosen));
      } else if (op < 0.8 && rows.length) {
        // a cleanup deleting rows
        const chosen = rows.filter(() => next() < 0.05).slice(0, 5);
        for (const row of chosen) await deleteTransaction(row, row.upload_id);
        await rowsChanged(services(), familyId, changesOf(chosen));
      } else if (uploads.length) {
        const removed = uploads.splice(Math.floor(next() * uploads.length), 1)[0]!;
        const answer = await ada.call('DELETE', `/api/uploads/${removed.uploadId}`);
        expect(answer.status).toBe(200);
      }
      await expectInStep();
    }
  }, 120_000);

  it('new rows added to their months’ roll-ups as written, also when another write lands in between', async () => {
    const row = (accountId: string, id: string, date: string, signed: number): TransactionItem => ({
      id,
      family_id: familyId,
      account_id: accountId,
      upload_id: 'added',
      transaction_date: date,
      description: signed > 0 ? 'BGC ACME LTD SALARY' : 'CARD PAYMENT TO TESCO',
      amount: Math.abs(signed),
      signed_amount: signed,
      type: signed > 0 ? 'credit' : 'debit',
      balance: null,
      flow_type: signed > 0 ? 'income' : 'external_expense',
      user_corrected_flow_type: null,
      classification_confidence: 0.9,
      classification_method: 'rule',
      created_at: '2026-01-01T00:00:00.000Z',
    });
    // Nothing in between: the versions read before the write are still stored, so the rows are summed in.
    const quiet = [
      row(current, `q1-${ulid()}`, '2031-03-04', 2400),
      row(current, `q2-${ulid()}`, '2031-04-09', -12.5),
    ];
    const before = await rollupVersions(
      familyId,
      quiet.map((r) => r.transaction_date),
    );
    await putNewTransactions(quiet);
    // A month read as having no roll-up is summed from the added rows without being read again: its
    // conditional write (no roll-up stored) fails when one was stored in between (below, 2031-05).
    const send = vi.spyOn(documentClient(), 'send');
    try {
      await addRowsToRollups(familyId, quiet, before);
      expect(send.mock.calls.map(([command]) => command.constructor.name)).toEqual([
        'PutCommand',
        'PutCommand',
      ]);
    } finally {
      send.mockRestore();
    }
    expect((await getRollup(familyId, '2031-03'))?.version).toBe(1);
    await expectInStep();
    // Another account's rows of the same month land and are reported between the read and the sum: that
    // month is recomputed from its rows, never summed twice.
    const mine = [
      row(current, `m1-${ulid()}`, '2031-03-20', -40),
      row(current, `m2-${ulid()}`, '2031-05-02', 99),
    ];
    const versions = await rollupVersions(
      familyId,
      mine.map((r) => r.transaction_date),
    );
    await putNewTransactions(mine);
    const theirs = [row(savings, `t1-${ulid()}`, '2031-03-21', 10)];
    await putNewTransactions(theirs);
    await rowsChanged(services(), familyId, changesOf([...theirs, ...mine]));
    await addRowsToRollups(familyId, mine, versions);
    await expectInStep();
  }, 60_000);

  it('the versions of many months read in one request, as each month read alone gives them', async () => {
    const months = [...(await rollupMonths(familyId)).slice(0, 3), '2039-01', '2039-02'];
    const send = vi.spyOn(documentClient(), 'send');
    let versions: Record<string, number | null>;
    let spending: Set<string>;
    try {
      versions = await rollupVersions(
        familyId,
        months.map((month) => `${month}-15`),
      );
      spending = await storedSpendRollups(familyId, months, current);
      expect(send.mock.calls.map(([command]) => command.constructor.name)).toEqual([
        'BatchGetCommand',
        'BatchGetCommand',
      ]);
    } finally {
      send.mockRestore();
    }
    const alone = await Promise.all(months.map((month) => getRollup(familyId, month)));
    expect(versions).toEqual(
      Object.fromEntries(months.map((month, i) => [month, alone[i]?.version ?? null])),
    );
    expect(Object.values(versions).filter((v) => v !== null).length).toBe(3);
    const spendAlone = await Promise.all(months.map((month) => spendRollupVersion(familyId, month, current)));
    expect([...spending].sort()).toEqual(months.filter((_, i) => spendAlone[i] !== null));
  });

  it('reporting the same change twice changes nothing', async () => {
    const rows = await accountTransactions(familyId, current);
    const before = await Promise.all((await rollupMonths(familyId)).map((m) => getRollup(familyId, m)));
    await rowsChanged(services(), familyId, changesOf(rows));
    await rowsChanged(services(), familyId, changesOf(rows));
    const after = await Promise.all((await rollupMonths(familyId)).map((m) => getRollup(familyId, m)));
    expect(after).toEqual(before);
  });
});

describe('the repair', () => {
  it('finds and puts right a lost, a stale and a left-over roll-up', async () => {
    // a statement spanning December and January, of its own account (another account's number than the
    // savings statement's: uploaded there, it would wait for the family's check)
    const december = await createAccount(ada, 'Santander saver', 'savings', 'Santander');
    const { pdf } = await generateStatement('multi-page', { seed: 3 });
    expect((await uploadStatement(ada, december, 'december.pdf', pdf, { timeoutMs: 60_000 })).stage).toBe(
      'done',
    );
    const months = await rollupMonths(familyId);
    expect(months.length).toBeGreaterThanOrEqual(2);
    const [lost, stale] = months as [string, string];
    const client = documentClient();
    await client.send(new DeleteCommand({ TableName: tableName(), Key: keys.rollup(familyId, lost) }));
    await client.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rollup(familyId, stale),
        UpdateExpression: 'SET #c = :c, totals = :t, cells = :t',
        ExpressionAttributeNames: { '#c': 'count' },
        ExpressionAttributeValues: {
          ':c': 1,
          ':t': JSON.stringify([[`${stale}-01`, current, 'income', 1, 0, 100, 100, 0]]),
        },
      }),
    );
    await client.send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.rollup(familyId, '1999-01'),
          month: '1999-01',
          version: 1,
          count: 3,
          totals: '[]',
          cells: '[]',
        },
      }),
    );
    expect((await checkRollups(familyId)).differing).toEqual(['1999-01', lost, stale].sort());

    const report = await repairRollups(familyId);
    expect(report.repaired).toEqual(['1999-01', lost, stale].sort());
    await expectInStep();
    expect((await repairRollups(familyId)).repaired).toEqual([]);
  }, 90_000);
});
