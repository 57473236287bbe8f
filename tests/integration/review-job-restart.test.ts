import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { accountTransactions } from '../../functions/adapters/dynamodb/transaction-repository';
import type { ClassificationJobResponse } from '../../functions/contracts/review';
import { familyWithAccount, signedIn } from '../support/api';
import { familyIdOf, seedRows } from '../support/review';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * The twin stopped while a family's classification job runs (Ctrl-C, a restart): the worker stops between
 * rows and gives its lease back; the job stays 'running'. After the restart, the screen's next look at the
 * job starts a worker that carries on with the rows still to review: every row is reviewed once, by this job.
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
    caller = await signedIn(twin, 'restart-user', 'restart@example.com');
    const { body: after } = await caller.call<ClassificationJobResponse>('GET', '/api/transactions/classify');
    expect(after.job).toMatchObject({ id: jobId, status: 'running' });
    expect(after.job?.processed).toBeGreaterThanOrEqual(partway.processed);
    expect(after.job?.processed).toBeLessThan(6);
    const done = await waitFor(async () => {
      const { body } = await caller.call<ClassificationJobResponse>('GET', '/api/transactions/classify');
      return body.job?.status === 'done' ? body.job : null;
    }, 20_000);
    expect(done).toMatchObject({ id: jobId, total: 6, processed: 6, fell_back: 6 });
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
