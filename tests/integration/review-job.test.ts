import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../functions/adapters/dynamodb/client';
import { keys } from '../../functions/adapters/dynamodb/keys';
import { accountTransactions } from '../../functions/adapters/dynamodb/transaction-repository';
import { localReviewClassifier } from '../../functions/adapters/local-classifier';
import { registerServices, services } from '../../functions/app/container';
import type { ClassificationJobResponse, ReviewList } from '../../functions/contracts/review';
import { handler as classificationWorker } from '../../functions/handlers/jobs/classification-job';
import type { AiClassificationItem, ReviewClassifier } from '../../functions/shared/ports';
import { type ApiCaller, familyWithAccount, signedIn } from '../support/api';
import { familyIdOf, type SeedRow, seedRows } from '../support/review';
import { startTestTwin, waitFor } from '../support/twin';

/**
 * Smart Transaction Review's job on the twin: the real API, table, job runner and (by default) the local
 * stand-in classifier; the AI port is replaced only where a test needs a classifier that fails, records its
 * calls or answers in batches.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
beforeAll(async () => {
  twin = await startTestTwin({ s3Events: false });
});
afterAll(async () => {
  await twin?.stop();
});
afterEach(() => {
  registerServices({ reviewClassifier: localReviewClassifier });
});

let n = 0;
async function family(): Promise<{ caller: ApiCaller; familyId: string; accountId: string }> {
  n++;
  const caller = await signedIn(twin, `review-${n}-${Date.now()}`, `review${n}@example.com`);
  const accountId = await familyWithAccount(caller);
  return { caller, familyId: await familyIdOf(caller), accountId };
}

const job = async (caller: ApiCaller) =>
  (await caller.call<ClassificationJobResponse>('GET', '/api/transactions/classify')).body.job;

async function finished(caller: ApiCaller, limit = 30_000) {
  return waitFor(
    async () => {
      const j = await job(caller);
      return j && j.status !== 'running' ? j : null;
    },
    limit,
    100,
  );
}

async function rowsOf(familyId: string, accountId: string) {
  const rows = (await accountTransactions(familyId, accountId)) as Array<
    Awaited<ReturnType<typeof accountTransactions>>[number] & {
      classified_by?: string;
      review_job_id?: string;
    }
  >;
  return new Map(rows.map((r) => [r.description, r]));
}

/** A classifier standing in for Bedrock: records each call (when, what) and answers with `answer`. */
function recordingClassifier(
  batchSize: number,
  answer: (
    item: AiClassificationItem,
  ) => ReturnType<ReviewClassifier['classify']> extends Promise<infer R>
    ? R extends Array<infer E>
      ? E
      : never
    : never,
  options: { throws?: boolean } = {},
) {
  const calls: Array<{ at: number; items: string[] }> = [];
  const classifier: ReviewClassifier = {
    label: 'bedrock',
    batchSize,
    async classify(items) {
      calls.push({ at: Date.now(), items: items.map((i) => i.description) });
      if (options.throws) throw new Error('ThrottlingException');
      return items.map(answer);
    },
  };
  registerServices({ reviewClassifier: () => classifier });
  return calls;
}

const unclassified = (description: string, date = '2026-03-01', signed = -12.5): SeedRow => ({
  date,
  description,
  signed,
});

describe('the review list', () => {
  it('counts the tiles and lists unclassified and low-confidence rows, not confident or corrected ones', async () => {
    const { caller, familyId, accountId } = await family();
    await seedRows(familyId, accountId, [
      unclassified('MYSTERY ONE', '2026-03-03'),
      {
        date: '2026-03-02',
        description: 'CORNER SHOP 22',
        signed: -4,
        flow_type: 'external_expense',
        confidence: 0.6,
      },
      {
        date: '2026-03-01',
        description: 'TESCO STORES',
        signed: -30,
        flow_type: 'external_expense',
        confidence: 0.95,
      },
      { date: '2026-02-28', description: 'MYSTERY TWO', signed: -8, corrected: 'income' },
    ]);
    const { status, body } = await caller.call<ReviewList>('GET', '/api/transactions/unclassified');
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 4, categorized: 3, need_review: 2, classifier: 'local' });
    expect(body.transactions.map((t) => [t.description, t.reason, t.account_type])).toEqual([
      ['MYSTERY ONE', 'unclassified', 'current'],
      ['CORNER SHOP 22', 'low_confidence', 'current'],
    ]);
  });

  it('lists at most 20 rows but counts them all', async () => {
    const { caller, familyId, accountId } = await family();
    await seedRows(
      familyId,
      accountId,
      Array.from({ length: 23 }, (_, i) =>
        unclassified(`UNKNOWN ${i}`, `2026-01-${String(i + 1).padStart(2, '0')}`),
      ),
    );
    const { body } = await caller.call<ReviewList>('GET', '/api/transactions/unclassified');
    expect(body.need_review).toBe(23);
    expect(body.transactions).toHaveLength(20);
    expect(body.transactions[0]?.transaction_date).toBe('2026-01-23');
  });
});

describe('the classification job with the local stand-in', () => {
  it('classifies from the merchant list, corrected rows and the rules, and falls back where it has no evidence', async () => {
    const { caller, familyId, accountId } = await family();
    await seedRows(familyId, accountId, [
      // a correction the family made: the stand-in's evidence for the row like it
      {
        date: '2026-02-01',
        description: 'ACME GYM MEMBERSHIP',
        signed: -25,
        flow_type: 'external_expense',
        confidence: 0.6,
        corrected: 'internal_transfer',
      },
      unclassified('ACME GYM MEMBERSHIP', '2026-03-01', -25),
      // left unclassified (no direction known): the rule table's known-merchant rule, which needs no direction,
      // answers before any classifier is asked
      { date: '2026-03-02', description: 'TESCO STORES 2041', signed: null, type: null },
      // only a catch-all rule's answer: reviewed again, the rule is the stand-in's only evidence
      {
        date: '2026-03-03',
        description: 'QWERTY SUPPLIES',
        signed: -9,
        flow_type: 'external_expense',
        confidence: 0.6,
      },
      // no evidence at all (no merchant, no correction, no direction): the spec's fallback
      { date: '2026-03-04', description: 'ZZ 00912', signed: null, type: null },
    ]);
    const start = await caller.call<ClassificationJobResponse>('POST', '/api/transactions/classify');
    expect(start.status).toBe(202);
    expect(start.body.job).toMatchObject({ status: 'running', classifier: 'local', total: 4, processed: 0 });
    const done = await finished(caller);
    expect(done).toMatchObject({
      status: 'done',
      total: 4,
      processed: 4,
      answered: 3,
      fell_back: 1,
      kept: 0,
    });
    expect(done.current).toBeNull();

    const rows = await rowsOf(familyId, accountId);
    const gym = [...(await accountTransactions(familyId, accountId))].find(
      (r) => r.description === 'ACME GYM MEMBERSHIP' && !r.user_corrected_flow_type,
    );
    expect(gym).toMatchObject({ flow_type: 'internal_transfer', classification_method: 'ai_auto' });
    expect(gym?.classification_confidence).toBe(0.95);
    expect(rows.get('TESCO STORES 2041')).toMatchObject({
      flow_type: 'external_expense',
      classification_confidence: 0.95,
      classified_by: 'rules',
    });
    expect(rows.get('QWERTY SUPPLIES')).toMatchObject({
      classification_confidence: 0.6,
      classified_by: 'local',
    });
    expect(rows.get('ZZ 00912')).toMatchObject({
      flow_type: 'external_expense',
      classification_confidence: 0.1,
      classified_by: 'fallback',
    });
    // every reviewed row left the unclassified index, and the list is empty
    const index = await documentClient().send(
      new QueryCommand({
        TableName: twin.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.unclassifiedPrefix(familyId).pk },
      }),
    );
    expect(index.Items ?? []).toEqual([]);
    // the row that defaulted because classification failed is still to review: never "all categorized"
    const list = await caller.call<ReviewList>('GET', '/api/transactions/unclassified');
    expect(list.body).toMatchObject({ need_review: 1, categorized: 5 });
    expect(list.body.transactions.map((t) => [t.description, t.reason])).toEqual([
      ['ZZ 00912', 'low_confidence'],
    ]);
  });

  it('a statement of 166 unknown rows: each one reported, the defaulted ones still to review', async () => {
    const { caller, familyId, accountId } = await family();
    // payees no merchant list, pattern or correction knows, as a real statement has many of (local shops,
    // people paid by bank transfer): the stand-in has no evidence for them and the fallback applies
    await seedRows(
      familyId,
      accountId,
      Array.from({ length: 166 }, (_, i) =>
        unclassified(`PAYEE ${i} REF ${1000 + i}`, `2026-02-${String((i % 28) + 1).padStart(2, '0')}`),
      ),
    );
    await caller.call('POST', '/api/transactions/classify');
    // the spec's 1-second pause is between AI service calls: 165 of them would hold the job over 2 minutes
    const done = await finished(caller, 120_000);
    expect(done).toMatchObject({ status: 'done', total: 166, processed: 166 });
    expect(done.answered + done.fell_back + done.kept).toBe(166);
    const list = await caller.call<ReviewList>('GET', '/api/transactions/unclassified');
    expect(list.body.need_review).toBe(done.fell_back + done.kept);
  }, 180_000);

  it('finishes at once when nothing needs review', async () => {
    const { caller } = await family();
    const start = await caller.call<ClassificationJobResponse>('POST', '/api/transactions/classify');
    expect(start.body.job).toMatchObject({ status: 'done', total: 0, processed: 0 });
  });
});

describe('batches, pause and failures (the AI port replaced)', () => {
  it('sends batches of the classifier size, one account at a time, pausing a second between calls', async () => {
    const { caller, familyId, accountId } = await family();
    await seedRows(
      familyId,
      accountId,
      ['A1', 'A2', 'A3', 'A4', 'A5'].map((d, i) => unclassified(`UNKNOWN ${d}`, `2026-03-0${i + 1}`)),
    );
    const calls = recordingClassifier(2, () => ({ flow_type: 'income', confidence: 1.7, reasoning: '' }));
    await caller.call('POST', '/api/transactions/classify');
    const done = await finished(caller);
    expect(calls.map((c) => c.items.length)).toEqual([2, 2, 1]);
    // newest first, as the list
    expect(calls[0]?.items).toEqual(['UNKNOWN A5', 'UNKNOWN A4']);
    for (let i = 1; i < calls.length; i++)
      expect(calls[i]!.at - calls[i - 1]!.at).toBeGreaterThanOrEqual(990);
    expect(done).toMatchObject({ classifier: 'bedrock', processed: 5, answered: 5, fell_back: 0 });
    // validated and clamped (confidence 1.7 → 1)
    const rows = await rowsOf(familyId, accountId);
    expect(rows.get('UNKNOWN A1')).toMatchObject({
      flow_type: 'income',
      classification_confidence: 1,
      classified_by: 'bedrock',
    });
  });

  it('a failing call: rows without a rule get the fallback, catch-all rows keep their rule, the job ends', async () => {
    const { caller, familyId, accountId } = await family();
    await seedRows(familyId, accountId, [
      { date: '2026-03-02', description: 'NO RULE HERE', signed: null, type: null },
      {
        date: '2026-03-01',
        description: 'CATCH ALL DEBIT',
        signed: -5,
        flow_type: 'external_expense',
        confidence: 0.6,
      },
    ]);
    const calls = recordingClassifier(12, () => null, { throws: true });
    await caller.call('POST', '/api/transactions/classify');
    const done = await finished(caller);
    expect(calls.length).toBe(1); // both rows in one batch of up to 12
    expect(done).toMatchObject({ status: 'done', processed: 2, fell_back: 1, kept: 1, answered: 0 });
    const rows = await rowsOf(familyId, accountId);
    expect(rows.get('NO RULE HERE')).toMatchObject({
      flow_type: 'external_expense',
      classification_confidence: 0.1,
      classified_by: 'fallback',
    });
    expect(rows.get('CATCH ALL DEBIT')).toMatchObject({
      classification_confidence: 0.6,
      classified_by: 'rules',
    });
    // both are still to review and tried again by the next run: the kept catch-all row and the row that
    // defaulted because the call failed
    const list = await caller.call<ReviewList>('GET', '/api/transactions/unclassified');
    expect(list.body.transactions.map((t) => t.description).sort()).toEqual([
      'CATCH ALL DEBIT',
      'NO RULE HERE',
    ]);
    expect(list.body.need_review).toBe(2);
  });

  it('an invalid answer (a flow type outside the three) is a failure for that row', async () => {
    const { caller, familyId, accountId } = await family();
    await seedRows(familyId, accountId, [
      { date: '2026-03-02', description: 'ODD ONE', signed: null, type: null },
    ]);
    recordingClassifier(
      1,
      () => ({ flow_type: 'mortgage_payment', confidence: 0.9, reasoning: 'x' }) as never,
    );
    await caller.call('POST', '/api/transactions/classify');
    expect(await finished(caller)).toMatchObject({ fell_back: 1 });
  });
});

describe('one job per family', () => {
  it('a second start while one runs joins it; another family has its own', async () => {
    const a = await family();
    const b = await family();
    await seedRows(
      a.familyId,
      a.accountId,
      ['X1', 'X2', 'X3'].map((d, i) => unclassified(`UNKNOWN ${d}`, `2026-03-0${i + 1}`)),
    );
    await seedRows(b.familyId, b.accountId, [unclassified('UNKNOWN B')]);
    recordingClassifier(1, () => ({ flow_type: 'external_expense', confidence: 0.7, reasoning: 'r' }));
    const [first, second] = await Promise.all([
      a.caller.call<ClassificationJobResponse>('POST', '/api/transactions/classify'),
      a.caller.call<ClassificationJobResponse>('POST', '/api/transactions/classify'),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 202]);
    expect(first.body.job?.id).toBe(second.body.job?.id);
    const joined = [first, second].find((r) => r.status === 200);
    expect(joined?.body.joined).toBe(true);
    // while it runs, the screen sees its progress and current row
    const running = await waitFor(async () => {
      const j = await job(a.caller);
      return j?.current ? j : null;
    });
    expect(running.current?.description).toMatch(/^UNKNOWN X/);
    expect(running.current?.amount).toBe(12.5);

    const other = await b.caller.call<ClassificationJobResponse>('GET', '/api/transactions/classify');
    expect(other.body.job).toBeNull();
    const bStart = await b.caller.call<ClassificationJobResponse>('POST', '/api/transactions/classify');
    expect(bStart.status).toBe(202);
    expect(bStart.body.job?.total).toBe(1);
    const doneA = await finished(a.caller);
    expect(doneA.processed).toBe(3);
    // each row reviewed once
    const rows = await accountTransactions(a.familyId, a.accountId);
    expect(new Set(rows.map((r) => (r as { review_job_id?: string }).review_job_id))).toEqual(
      new Set([doneA.id]),
    );
    await finished(b.caller);
  });

  it('without a family: 404; without a classifier: 503 with the reason', async () => {
    const stranger = await signedIn(twin, `review-none-${Date.now()}`, 'none@example.com');
    expect((await stranger.call('POST', '/api/transactions/classify')).status).toBe(404);
    const { caller } = await family();
    registerServices({ reviewClassifier: null });
    const res = await caller.call<{ error: { message: string } }>('POST', '/api/transactions/classify');
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe(
      'Automatic classification is not available: no classifier is configured.',
    );
  });
});

describe("the AWS worker's runs (the state machine's task, invoked as Lambda would)", () => {
  it('a run stops before its time is up with more: true; the next run carries on and ends the job', async () => {
    const { caller, familyId, accountId } = await family();
    await seedRows(
      familyId,
      accountId,
      ['W1', 'W2', 'W3', 'W4'].map((d, i) => ({
        date: `2026-03-0${i + 1}`,
        description: `REF ${d}`,
        signed: null,
        type: null,
      })),
    );
    const twinJobs = services().jobs;
    const twinClassifier = services().reviewClassifier;
    const started: string[] = [];
    // as in AWS: the route starts the state machine (recorded here), which runs the worker, and the
    // classifier is an AI service (the second's pause between its calls)
    registerServices({
      jobs: { startClassification: async (_f, jobId) => void started.push(jobId) },
      reviewClassifier: (evidence) => {
        const local = localReviewClassifier(evidence);
        return { label: 'bedrock', batchSize: 1, classify: (items) => local.classify(items) };
      },
    });
    try {
      const start = await caller.call<ClassificationJobResponse>('POST', '/api/transactions/classify');
      const jobId = start.body.job!.id;
      expect(started).toEqual([jobId]);
      // polls while the worker is being started start no other
      for (let i = 0; i < 3; i++) await job(caller);
      expect(started).toEqual([jobId]);
      const context = (remainingMs: number) => ({ getRemainingTimeInMillis: () => remainingMs }) as never;
      // 61.5 s left: the run keeps a minute in hand, so it reviews for 1.5 s (a row a second) and hands over
      const first = await classificationWorker({ familyId, jobId }, context(61_500));
      expect(first).toMatchObject({ outcome: 'stopped', more: true });
      const between = await job(caller);
      expect(between?.status).toBe('running');
      expect(between?.processed).toBeGreaterThan(0);
      expect(between?.processed).toBeLessThan(4);
      const second = await classificationWorker({ familyId, jobId }, context(300_000));
      expect(second).toMatchObject({ outcome: 'done', more: false });
      expect(await job(caller)).toMatchObject({ status: 'done', processed: 4, total: 4 });
      // a worker that died (its lease ran out): the next polls start exactly one more
      await documentClient().send(
        new UpdateCommand({
          TableName: twin.tableName,
          Key: keys.classificationJob(familyId),
          UpdateExpression: 'SET #s = :running, lease_owner = :dead, lease_until = :past',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':running': 'running',
            ':dead': 'gone',
            ':past': '2020-01-01T00:00:00.000Z',
          },
        }),
      );
      for (let i = 0; i < 3; i++) await job(caller);
      expect(started).toEqual([jobId, jobId]);
      await classificationWorker({ familyId, jobId }, context(300_000));
      expect(await job(caller)).toMatchObject({ status: 'done', processed: 4 });
      // a run for a job that has ended does nothing
      expect(await classificationWorker({ familyId, jobId }, context(300_000))).toMatchObject({
        more: false,
      });
    } finally {
      registerServices({ jobs: twinJobs, reviewClassifier: twinClassifier });
    }
  });
});
