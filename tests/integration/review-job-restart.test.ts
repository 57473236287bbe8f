import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, expect, it } from 'vitest';
import { documentClient } from '../../functions/adapters/dynamodb/client';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { getJob } from '../../functions/adapters/dynamodb/review-repository';
import { accountTransactions } from '../../functions/adapters/dynamodb/transaction-repository';
import type { ClassificationJobResponse } from '../../functions/contracts/review';
import { familyWithAccount, signedIn } from '../support/api';
import { familyIdOf, seedRows } from '../support/review';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * The twin stopped while a family's classification job runs (Ctrl-C, a restart): the worker stops between
 * rows and gives its lease back; the job stays 'running'. The twin's next start resumes it by itself (no one
 * needs to look at the job): a worker carries on with the rows still to review, and every row is reviewed
 * once, by this job.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'ff-review-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('a job interrupted by a restart of the twin resumes and ends with every row reviewed once', async () => {
  let twin = await startTestTwin({ s3Events: false, dataDir });
  let caller = await signedIn(twin, 'restart-user', 'restart@example.com');
  const accountId = await familyWithAccount(caller);
  const familyId = await familyIdOf(caller);
  // rows only the local stand-in's fallback answers: one call a row, a second apart
  await seedRows(
    familyId,
    accountId,
    Array.from({ length: 6 }, (_, i) => ({
      date: `2026-04-0${i + 1}`,
      description: `REF ${i}0${i}`,
      signed: null,
      type: null,
    })),
  );
  const start = await caller.call<ClassificationJobResponse>('POST', '/api/transactions/classify');
  const jobId = start.body.job?.id;
  expect(start.body.job).toMatchObject({ status: 'running', total: 6 });
  const partway = await waitFor(async () => {
    const { body } = await caller.call<ClassificationJobResponse>('GET', '/api/transactions/classify');
    return body.job && body.job.processed >= 2 ? body.job : null;
  });
  await twin.stop();

  twin = await startTestTwin({ s3Events: false, dataDir });
  try {
    // Nothing asks about the job (a GET or POST would start a worker too): the table alone shows it finish.
    const done = await waitFor(async () => {
      const job = await getJob(familyId);
      return job?.status === 'done' ? job : null;
    }, 90_000);
    expect(done).toMatchObject({ id: jobId, total: 6, processed: 6, fell_back: 6 });
    expect(done.processed).toBeGreaterThanOrEqual(partway.processed);
    caller = await signedIn(twin, 'restart-user', 'restart@example.com');
    const { body: after } = await caller.call<ClassificationJobResponse>('GET', '/api/transactions/classify');
    expect(after.job).toMatchObject({ id: jobId, status: 'done', processed: 6 });
    const rows = await accountTransactions(familyId, accountId);
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row).toMatchObject({
        flow_type: 'external_expense',
        classification_confidence: 0.1,
        review_job_id: jobId,
      });
    }
  } finally {
    await twin.stop();
  }
});

const ROWS = 400;
it('a job whose worker died (its lease still live at the restart) is resumed once that lease runs out', async () => {
  let twin = await startTestTwin({ s3Events: false, dataDir });
  const caller = await signedIn(twin, 'died-user', 'died@example.com');
  const accountId = await familyWithAccount(caller);
  const familyId = await familyIdOf(caller);
  await seedRows(
    familyId,
    accountId,
    // Enough batches that the worker is still at work when its lease is taken from it.
    Array.from({ length: ROWS }, (_, i) => ({
      date: `2026-05-${String((i % 28) + 1).padStart(2, '0')}`,
      description: `REF ${i}1${i}`,
      signed: null,
      type: null,
    })),
  );
  const start = await caller.call<ClassificationJobResponse>('POST', '/api/transactions/classify');
  const jobId = start.body.job?.id;
  await waitFor(async () => ((await getJob(familyId))?.processed ?? 0) >= 1);
  // As if its worker's process died: another owner's lease, live for two more seconds, that nobody renews.
  const leaseUntil = new Date(Date.now() + 2000).toISOString();
  await documentClient().send(
    new UpdateCommand({
      TableName: twin.tableName,
      Key: keys.classificationJob(familyId),
      UpdateExpression: 'SET lease_owner = :dead, lease_until = :until',
      ExpressionAttributeValues: { ':dead': 'died', ':until': leaseUntil },
    }),
  );
  await twin.stop();

  twin = await startTestTwin({ s3Events: false, dataDir });
  try {
    const done = await waitFor(async () => {
      const job = await getJob(familyId);
      return job?.status === 'done' ? job : null;
    }, 90_000);
    // A batch the dead worker wrote after its lease was taken is reviewed but not in the resumed job's count.
    expect(done).toMatchObject({ id: jobId, status: 'done' });
    expect(done.processed).toBe(done.total);
    expect(done.fell_back).toBe(done.total);
    expect(done.total).toBeGreaterThan(ROWS / 2);
    expect(done.updated_at >= leaseUntil).toBe(true);
    const rows = await accountTransactions(familyId, accountId);
    expect(rows).toEqual(Array(ROWS).fill(expect.objectContaining({ review_job_id: jobId })));
  } finally {
    await twin.stop();
  }
});
