import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccount } from '../../functions/adapters/dynamodb/account-repository';
import { documentClient, tableName } from '../../functions/adapters/dynamodb/client';
import { keys } from '../../functions/adapters/dynamodb/keys';
import {
  countAccountTransactions,
  latestTransactionDate,
} from '../../functions/adapters/dynamodb/transaction-pages';
import { services } from '../../functions/app/container';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import type { RemoveStatementResponse, Upload } from '../../functions/contracts/uploads';
import { csvField } from '../../functions/domain/exports';
import { checkRollups } from '../../functions/services/rollups';
import { rowsChanged } from '../../functions/services/row-changes';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, executionsEnded, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * An account's summary (its count of rows and last transaction date) after a statement loads: Finish adds
 * the rows Persist wrote to the summary Persist read before writing them, under the summary's version, and
 * recomputes it from the rows whenever another write of the summary came in between. Whatever the path, the
 * stored summary must be what a full recount of the account's rows gives: checked here after every upload
 * (first, overlapping, a repeat, two at once) and a removal, against a recount made by the test.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let familyId: string;

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  familyId = (await ada.call<InitialiseFamilyResponse>('POST', '/api/family')).body.family_id;
});
afterAll(async () => {
  await twin?.stop();
});

/** A Lloyds CSV export of `perDay` rows a day from `from`, for `days` days (newest first, with balances). */
function lloydsCsv(from: string, days: number, perDay = 3): string {
  const lines: string[] = [];
  let balance = 250_000;
  const start = Date.parse(`${from}T00:00:00Z`);
  const rows: string[][] = [];
  for (let d = 0; d < days; d++) {
    const iso = new Date(start + d * 86_400_000).toISOString().slice(0, 10);
    for (let k = 0; k < perDay; k++) {
      // The amount depends on the day and the row only, so two files overlapping on a day print it alike.
      const pence = -((((Date.parse(iso) / 86_400_000) * 7 + k * 13) % 5000) + 101);
      balance += pence;
      const uk = `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
      rows.push([
        uk,
        'DEB',
        "'30-91-74",
        '02344812',
        csvField(`SHOP ${k} ${iso}`),
        (Math.abs(pence) / 100).toFixed(2),
        '',
        (balance / 100).toFixed(2),
      ]);
    }
  }
  for (const row of rows.reverse()) lines.push(row.join(','));
  return [
    'Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance',
    ...lines,
  ].join('\n');
}

const settled = (upload: Upload): Promise<Upload> => executionsEnded(twin.runner, upload);

const upload = async (accountId: string, fileName: string, csv: string) =>
  settled(await uploadStatement(ada, accountId, fileName, csv));

/** The stored summary beside a full recount of the account's rows. */
async function summaryAndRecount(accountId: string) {
  const account = await getAccount(familyId, accountId);
  const [count, latest] = await Promise.all([
    countAccountTransactions(familyId, accountId),
    latestTransactionDate(familyId, accountId),
  ]);
  return {
    stored: {
      transaction_count: account?.transaction_count,
      last_transaction_date: account?.last_transaction_date,
    },
    recount: { transaction_count: count, last_transaction_date: latest },
    version: account?.summary_version ?? 0,
  };
}

async function expectRecounted(accountId: string) {
  const { stored, recount } = await summaryAndRecount(accountId);
  expect(stored).toEqual(recount);
  return recount;
}

describe("an account's summary after each upload and removal is what a full recount gives", () => {
  it('first, overlapping, repeated, removed, uploaded again and two at once', async () => {
    const accountId = await createAccount(ada, 'Summary', 'current', 'Lloyds Bank');
    const january = lloydsCsv('2025-01-01', 20);
    const overlapping = lloydsCsv('2025-01-15', 25); // 6 days in common with january
    const first = await upload(accountId, 'january.csv', january);
    expect(first).toMatchObject({ stage: 'done', counts: { added: 60 } });
    expect(await expectRecounted(accountId)).toEqual({
      transaction_count: 60,
      last_transaction_date: '2025-01-20',
    });

    const second = await upload(accountId, 'overlap.csv', overlapping);
    expect(second).toMatchObject({ stage: 'done', counts: { added: 57, duplicates: 18 } });
    expect(await expectRecounted(accountId)).toEqual({
      transaction_count: 117,
      last_transaction_date: '2025-02-08',
    });

    // The same file again: nothing added (the repeat stops after the dedupe).
    expect(await upload(accountId, 'january (1).csv', january)).toMatchObject({ counts: { added: 0 } });
    await expectRecounted(accountId);

    // An older month, so the last date stays.
    const december = await upload(accountId, 'december.csv', lloydsCsv('2024-12-01', 10, 2));
    expect(december).toMatchObject({ stage: 'done', counts: { added: 20 } });
    expect(await expectRecounted(accountId)).toEqual({
      transaction_count: 137,
      last_transaction_date: '2025-02-08',
    });

    // Removing the overlapping statement removes the rows only it holds.
    const removed = await ada.call<RemoveStatementResponse>('DELETE', `/api/uploads/${second.uploadId}`);
    expect(removed.body).toMatchObject({ removed: 57, kept: 18 });
    expect(await expectRecounted(accountId)).toEqual({
      transaction_count: 80,
      last_transaction_date: '2025-01-20',
    });

    // Uploaded again, it adds them back.
    expect(await upload(accountId, 'overlap again.csv', overlapping)).toMatchObject({
      counts: { added: 57 },
    });
    expect(await expectRecounted(accountId)).toMatchObject({ transaction_count: 137 });

    // Two statements of the account at once (one Persists while the other waits, then each Finishes).
    const [march, april] = await Promise.all([
      upload(accountId, 'march.csv', lloydsCsv('2025-03-01', 31)),
      upload(accountId, 'april.csv', lloydsCsv('2025-04-01', 30, 2)),
    ]);
    expect(march).toMatchObject({ stage: 'done', counts: { added: 93 } });
    expect(april).toMatchObject({ stage: 'done', counts: { added: 60 } });
    expect(await expectRecounted(accountId)).toEqual({
      transaction_count: 290,
      last_transaction_date: '2025-04-30',
    });
    // And the month roll-ups, added to as the summary is, are what their rows give.
    expect((await checkRollups(familyId)).differing).toEqual([]);
  });

  it('the rows are added to the stored summary (no recount) while it is the version Persist read', async () => {
    const accountId = await createAccount(ada, 'Summary added to', 'current', 'Lloyds Bank');
    await upload(accountId, 'january.csv', lloydsCsv('2025-01-01', 5));
    const before = await summaryAndRecount(accountId);
    expect(before.stored).toEqual(before.recount);
    // A count that is off (written here, as no code of the product would, without raising the version):
    // an upload that adds to the stored summary keeps it off by as much; a recount would have mended it.
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.account(familyId, accountId),
        UpdateExpression: 'SET transaction_count = :n',
        ExpressionAttributeValues: { ':n': 1000 },
      }),
    );
    await upload(accountId, 'february.csv', lloydsCsv('2025-02-01', 5));
    const after = await summaryAndRecount(accountId);
    expect(after.recount.transaction_count).toBe(30);
    expect(after.stored.transaction_count).toBe(1000 + 15);
    expect(after.version).toBe(before.version + 1);
  });

  it('a summary written since Persist read it (its version raised) is recomputed from the rows', async () => {
    const accountId = await createAccount(ada, 'Summary recounted', 'current', 'Lloyds Bank');
    await upload(accountId, 'january.csv', lloydsCsv('2025-01-01', 4));
    const { version, recount } = await summaryAndRecount(accountId);
    const added = (base: { version: number; count: number; last: string | null }) =>
      rowsChanged(services(), familyId, [{ accountId, dates: [] }], {
        rows: [],
        rollupVersions: {},
        summary: { accountId, base, count: 1, newest: '2030-01-01' },
      });
    // An older version with a wrong count: not added to; the recount stands.
    await added({ version: version - 1, count: 500, last: '2029-01-01' });
    const stale = await summaryAndRecount(accountId);
    expect(stale.stored).toEqual(recount);
    expect(stale.version).toBe(version + 1);
    // The current version: added to (the figures given stand, as the check is the version alone).
    await added({ version: stale.version, count: 500, last: '2029-01-01' });
    const current = await summaryAndRecount(accountId);
    expect(current.stored).toEqual({ transaction_count: 501, last_transaction_date: '2030-01-01' });
    // Put right for the family's other tests: a recount.
    await rowsChanged(services(), familyId, [{ accountId, dates: [] }]);
    expect((await summaryAndRecount(accountId)).stored).toEqual(recount);
  });
});
