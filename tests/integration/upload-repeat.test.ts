import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseTransaction } from '../../functions/adapters/dynamodb/transaction-repository';
import type { AccountListResponse } from '../../functions/contracts/accounts';
import type { InitialiseFamilyResponse } from '../../functions/contracts/family';
import type {
  RemoveStatementResponse,
  StatementList,
  StatementRemoval,
  Upload,
} from '../../functions/contracts/uploads';
import { generateStatement } from '../fixtures/statements/generate';
import { type ApiCaller, signedIn } from '../support/api';
import { createAccount, executionsEnded, transactionsOf, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';

/**
 * The same file uploaded again to the same account (the family clicks upload twice, or cannot remember
 * whether they did): once the first upload is loaded, the repeat is done with nothing new without the file
 * being read again, and no later step runs (no classification, matching, roll-ups or categories: nothing
 * changed). Seen through the state machine's history of the upload's execution, never by time. A first
 * upload that was removed, is waiting for the family's check, or whose rows were deleted since, is not
 * repeated: the file is read in full as any upload.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let ada: ApiCaller;
let familyId: string;

/** The task states the upload's executions ran, in order (a repeat's fallback runs Extract twice). */
const stepsOf = (upload: Upload) =>
  twin.runner
    .list(500)
    .filter((e) => e.name.startsWith(upload.uploadId))
    .flatMap((e) => (e.steps ?? []).map((s) => s.task));

const READ_IN_FULL = ['Register', 'Extract', 'Parse', 'Persist', 'Classify', 'Match', 'Finish'];
const REPEATED = ['Register', 'Extract', 'Persist'];

const settled = (upload: Upload): Promise<Upload> => executionsEnded(twin.runner, upload);

const upload = async (accountId: string, fileName: string, pdf: Uint8Array) =>
  settled(await uploadStatement(ada, accountId, fileName, pdf));

beforeAll(async () => {
  twin = await startTestTwin();
  ada = await signedIn(twin, `ada-${ulid()}`, 'ada@example.co.uk');
  familyId = (await ada.call<InitialiseFamilyResponse>('POST', '/api/family')).body.family_id;
});
afterAll(async () => {
  await twin?.stop();
});

describe('spec 2 §4 Upload: the same file uploaded again adds nothing and is not read again', () => {
  it('a repeat of a loaded statement is done with nothing new, and no step after the dedupe runs', async () => {
    const accountId = await createAccount(ada, 'Repeat', 'current', 'Barclays');
    const { pdf, truth } = await generateStatement('paid-out-paid-in', { seed: 21 });
    const n = truth.transactions.length;
    const first = await upload(accountId, 'january.pdf', pdf);
    expect(first).toMatchObject({ stage: 'done', counts: { parsed: n, added: n, duplicates: 0 } });
    expect(stepsOf(first)).toEqual(READ_IN_FULL);
    const rowsBefore = await transactionsOf(ada, accountId);

    const again = await upload(accountId, 'january (1).pdf', pdf);
    // As the family always saw a re-upload: done, every row already loaded, the statement's own reading.
    expect(again).toMatchObject({
      stage: 'done',
      message: 'All done! Your transactions are now loaded below.',
      counts: { parsed: n, added: 0, duplicates: n },
      reconciliation: first.reconciliation,
      institution: first.institution,
      period: first.period,
      pages: first.pages,
      source: 'text-layer',
    });
    expect(stepsOf(again)).toEqual(REPEATED);
    expect(await transactionsOf(ada, accountId)).toEqual(rowsBefore);
    // The account's last statement upload is the repeat, as for any upload that is done.
    const accounts = (await ada.call<AccountListResponse>('GET', '/api/accounts')).body.accounts;
    expect(accounts.find((a) => a.id === accountId)).toMatchObject({
      transaction_count: n,
      last_statement_upload: again.createdAt,
    });
    const listed = await ada.call<StatementList>('GET', `/api/accounts/${accountId}/statements`);
    expect(listed.body.statements.map((s) => [s.uploadId, s.counts.added, s.counts.duplicates])).toEqual([
      [again.uploadId, 0, n],
      [first.uploadId, n, 0],
    ]);

    // A third upload of it is a repeat too.
    expect(stepsOf(await upload(accountId, 'january (2).pdf', pdf))).toEqual(REPEATED);
  });

  it('removing the first statement hands its rows to the repeat; removing that one then removes them', async () => {
    const accountId = await createAccount(ada, 'Repeat removed first', 'current', 'Barclays');
    const { pdf, truth } = await generateStatement('paid-out-paid-in', { seed: 22 });
    const n = truth.transactions.length;
    const first = await upload(accountId, 'january.pdf', pdf);
    const again = await upload(accountId, 'january again.pdf', pdf);
    expect(stepsOf(again)).toEqual(REPEATED);

    // What removing either would do: nothing goes, the other statement holds every row.
    const preview = (id: string) => ada.call<StatementRemoval>('GET', `/api/uploads/${id}/removal`);
    expect((await preview(first.uploadId)).body).toEqual({
      upload_id: first.uploadId,
      removes: 0,
      shared: n,
    });
    expect((await preview(again.uploadId)).body).toEqual({
      upload_id: again.uploadId,
      removes: 0,
      shared: n,
    });
    const removed = await ada.call<RemoveStatementResponse>('DELETE', `/api/uploads/${first.uploadId}`);
    expect(removed.body).toEqual({ upload_id: first.uploadId, account_id: accountId, removed: 0, kept: n });
    expect(await transactionsOf(ada, accountId)).toHaveLength(n);

    // The repeat now holds the rows itself; the file uploaded again repeats it.
    expect((await preview(again.uploadId)).body).toEqual({
      upload_id: again.uploadId,
      removes: n,
      shared: 0,
    });
    const third = await upload(accountId, 'january third.pdf', pdf);
    expect(third).toMatchObject({ stage: 'done', counts: { added: 0, duplicates: n } });
    expect(stepsOf(third)).toEqual(REPEATED);
    await ada.call('DELETE', `/api/uploads/${third.uploadId}`);
    const rest = await ada.call<RemoveStatementResponse>('DELETE', `/api/uploads/${again.uploadId}`);
    expect(rest.body).toMatchObject({ removed: n, kept: 0 });
    expect(await transactionsOf(ada, accountId)).toHaveLength(0);
  });

  it('removing the repeat keeps every row the first statement holds', async () => {
    const accountId = await createAccount(ada, 'Repeat removed', 'current', 'Barclays');
    const { pdf, truth } = await generateStatement('paid-out-paid-in', { seed: 23 });
    const n = truth.transactions.length;
    const first = await upload(accountId, 'january.pdf', pdf);
    const again = await upload(accountId, 'january again.pdf', pdf);
    const removed = await ada.call<RemoveStatementResponse>('DELETE', `/api/uploads/${again.uploadId}`);
    expect(removed.body).toEqual({ upload_id: again.uploadId, account_id: accountId, removed: 0, kept: n });
    expect(await transactionsOf(ada, accountId)).toHaveLength(n);
    const rest = await ada.call<RemoveStatementResponse>('DELETE', `/api/uploads/${first.uploadId}`);
    expect(rest.body).toMatchObject({ removed: n, kept: 0 });
  });

  it('after the first statement was removed, the file is read in full and its rows loaded again', async () => {
    const accountId = await createAccount(ada, 'Removed then again', 'current', 'Barclays');
    const { pdf, truth } = await generateStatement('paid-out-paid-in', { seed: 24 });
    const n = truth.transactions.length;
    const first = await upload(accountId, 'january.pdf', pdf);
    await ada.call('DELETE', `/api/uploads/${first.uploadId}`);
    expect(await transactionsOf(ada, accountId)).toHaveLength(0);
    const again = await upload(accountId, 'january.pdf', pdf);
    expect(again).toMatchObject({ stage: 'done', counts: { parsed: n, added: n, duplicates: 0 } });
    expect(stepsOf(again)).toEqual(READ_IN_FULL);
    expect(await transactionsOf(ada, accountId)).toHaveLength(n);
  });

  it('rows deleted since the first upload come back: the file is read in full', async () => {
    const accountId = await createAccount(ada, 'Rows deleted', 'current', 'Barclays');
    const { pdf, truth } = await generateStatement('paid-out-paid-in', { seed: 25 });
    const n = truth.transactions.length;
    const first = await upload(accountId, 'january.pdf', pdf);
    const [gone] = await transactionsOf(ada, accountId);
    expect(await releaseTransaction({ ...gone!, family_id: familyId }, first.uploadId)).toBe('removed');
    const again = await upload(accountId, 'january again.pdf', pdf);
    expect(again).toMatchObject({ stage: 'done', counts: { parsed: n, added: 1, duplicates: n - 1 } });
    // Extract found the first upload, Persist found a row missing, and the file was read in full.
    expect(stepsOf(again)).toEqual(['Register', 'Extract', 'Persist', ...READ_IN_FULL.slice(1)]);
    expect(await transactionsOf(ada, accountId)).toHaveLength(n);
  });

  it('a first upload waiting for the family’s check is no loaded statement: the repeat waits for its check too', async () => {
    // A Barclays statement on a Monzo account: another bank than the account's, so it waits for the check.
    const accountId = await createAccount(ada, 'Wrong bank', 'current', 'Monzo');
    const { pdf } = await generateStatement('paid-out-paid-in', { seed: 26 });
    const first = await upload(accountId, 'january.pdf', pdf);
    expect(first.stage).toBe('needs_check');
    const again = await upload(accountId, 'january again.pdf', pdf);
    expect(again.stage).toBe('needs_check');
    expect(stepsOf(again)).toEqual(['Register', 'Extract', 'Parse']);
    expect(await transactionsOf(ada, accountId)).toHaveLength(0);
  });

  it('the same file uploaded to another account is read as that account’s statement', async () => {
    const one = await createAccount(ada, 'One', 'current', 'Barclays');
    const two = await createAccount(ada, 'Two', 'current', 'Barclays');
    const { pdf, truth } = await generateStatement('paid-out-paid-in', { seed: 27 });
    await upload(one, 'january.pdf', pdf);
    const other = await upload(two, 'january.pdf', pdf);
    expect(other.counts).toMatchObject({ added: truth.transactions.length });
    expect(stepsOf(other)).toEqual(READ_IN_FULL);
  });
});
