import { setTimeout as sleep } from 'node:timers/promises';
import { ulid } from 'ulid';
import { type AccountItem, listAccounts } from '../adapters/dynamodb/account-repository';
import { listPatterns } from '../adapters/dynamodb/pattern-repository';
import {
  type ClassifiedBy,
  getJob,
  putJobUnlessRunning,
  recordReview,
  STARTING,
  type StoredJob,
  takeJobLease,
  updateJob,
} from '../adapters/dynamodb/review-repository';
import { familyTransactions, type TransactionItem } from '../adapters/dynamodb/transaction-repository';
import {
  type ClassificationJob,
  type ClassificationJobResponse,
  REVIEW_MESSAGES,
  type ReviewList,
  type ReviewRow,
} from '../contracts/review';
import { isUserCorrected } from '../domain/flow-types';
import type { FamilyContext } from '../shared/context';
import { ServiceUnavailableError } from '../shared/errors';
import { logger } from '../shared/logger';
import type { AiClassifier, Ports } from '../shared/ports';
import { classifyTransactions } from './classification';
import { changesOf, rowsChanged } from './row-changes';

/** The ports this service's use cases are handed (the composition root passes them). */
export type ClassificationJobDeps = Pick<Ports, 'now' | 'jobs' | 'reviewClassifier'>;

/**
 * Smart Transaction Review (spec 2 §2, §4 "Classification batch", §7, §8 Classification), run server-side as a
 * JOB rather than in the browser:
 *
 * - The rows to review: those with no flow type (no correction either), and automatic answers of 0.60 or less
 *   (a catch-all rule's, or a failed call's fallback) that no classifier has answered yet: a row that
 *   defaulted because classification failed stays to review, so the screen never calls it categorised.
 * - One job per family: its state is one item (`JOB#CLASSIFICATION`); a start while one runs joins it.
 * - A worker holds the job's lease (renewed after every batch) and classifies the rows in batches of the
 *   classifier's size through the AI classifier port (`classifyTransactions`: learned patterns and rules
 *   first, then the classifier; the spec's fallback, external_expense 0.1, for a row no rule fits when the call
 *   fails), with the spec's 1-second pause between calls to the AI service (none between the twin's local
 *   stand-in's answers: 166 rows take seconds, not minutes). Each batch is written (ai_auto and the
 *   confidence), reported to `rowsChanged`, and the job's progress and current row updated.
 * - A worker stopped part-way (the twin stopping, a Lambda ending) gives its lease back or lets it run out;
 *   the next look at the job (the screen polls it) or the next start finds a running job without a live
 *   worker and starts one, which carries on from the rows still to review. Nothing is done twice: reviewed
 *   rows carry the job's id.
 */

/** The spec's pause between AI calls (spec 2 §4, §9). */
export const CLASSIFICATION_PAUSE_MS = 1000;
/** How long one run of the worker in AWS reviews rows before handing over to the next run (see the handler). */
export const CLASSIFICATION_JOB_RUN_MS = 240_000;
/** A worker's lease on its job, renewed after every batch (a Bedrock call with its retry ends within it). */
export const JOB_LEASE_SECONDS = 60;
/** Rows listed on the screen (spec 2 §9). */
export const REVIEW_LIST_LIMIT = 20;
/** Automatic answers at or below this are reviewed again: the catch-all rules' 0.60 and the fallback's 0.1. */
export const LOW_CONFIDENCE_REVIEW = 0.6;

const EPOCH = new Date(0).toISOString();

type Row = TransactionItem & { classified_by?: ClassifiedBy; review_job_id?: string };

/** Why a row needs review, or null when it does not (`jobId`: rows this job already reviewed do not). */
export function reviewReason(row: Row, jobId?: string): ReviewRow['reason'] | null {
  if (isUserCorrected(row)) return null;
  if (jobId !== undefined && row.review_job_id === jobId) return null;
  if (!row.flow_type) return 'unclassified';
  const confidence = row.classification_confidence;
  const low = typeof confidence !== 'number' || confidence <= LOW_CONFIDENCE_REVIEW;
  if (!low || row.classification_method !== 'ai_auto') return null;
  // Reviewed before: a catch-all answer kept, or the fallback given, because the classifier failed is still
  // to review (listed, counted in Need Review, and tried again by the next review).
  if (row.classified_by && row.classified_by !== 'rules' && row.classified_by !== 'fallback') return null;
  return 'low_confidence';
}

interface FamilyRows {
  rows: Row[];
  accounts: Map<string, AccountItem>;
}

/** The family's rows on its active accounts (archived accounts are out of every list). */
async function familyRows(familyId: string): Promise<FamilyRows> {
  const [rows, accounts] = await Promise.all([
    familyTransactions(familyId) as Promise<Row[]>,
    listAccounts(familyId),
  ]);
  const active = new Map(accounts.filter((a) => !a.is_archived).map((a) => [a.id, a]));
  return { rows: rows.filter((r) => active.has(r.account_id)), accounts: active };
}

function classifierLabel(deps: ClassificationJobDeps): 'bedrock' | 'local' | null {
  const factory = deps.reviewClassifier;
  return factory ? factory({ patterns: [], corrected: [] }).label : null;
}

/** GET /api/transactions/unclassified: tiles and the first 20 rows needing review, newest first. */
export async function reviewList(deps: ClassificationJobDeps, family: FamilyContext): Promise<ReviewList> {
  const { rows, accounts } = await familyRows(family.familyId);
  const listed: ReviewRow[] = [];
  let needReview = 0;
  let categorized = 0;
  for (const row of rows) {
    if (row.user_corrected_flow_type || row.flow_type) categorized++;
    const reason = reviewReason(row);
    if (!reason) continue;
    needReview++;
    if (listed.length >= REVIEW_LIST_LIMIT) continue;
    const account = accounts.get(row.account_id);
    listed.push({
      id: row.id,
      account_id: row.account_id,
      account_name: account?.name ?? null,
      account_type: account?.account_type ?? null,
      transaction_date: row.transaction_date,
      description: row.description ?? '',
      amount: Number.isFinite(row.amount) ? row.amount : 0,
      signed_amount: typeof row.signed_amount === 'number' ? row.signed_amount : null,
      flow_type: row.flow_type ?? null,
      classification_confidence: row.classification_confidence ?? null,
      reason,
    });
  }
  return {
    total: rows.length,
    categorized,
    need_review: needReview,
    transactions: listed,
    classifier: classifierLabel(deps),
  };
}

function publicJob(job: StoredJob): ClassificationJob {
  return {
    id: job.id,
    status: job.status,
    classifier: job.classifier,
    total: job.total,
    processed: job.processed,
    answered: job.answered,
    fell_back: job.fell_back,
    kept: job.kept,
    current: job.current ?? null,
    started_at: job.started_at,
    updated_at: job.updated_at,
    finished_at: job.finished_at ?? null,
    message: job.message ?? null,
  };
}

const leaseRanOut = (job: StoredJob, now: Date) =>
  job.status === 'running' && job.lease_until < now.toISOString();

/** How long a worker being started has to take the job before another poll may start one. */
export const WORKER_START_SECONDS = 30;

/** Start a worker for a running job that has none, unless another request is starting one already. */
async function resume(
  deps: ClassificationJobDeps,
  familyId: string,
  job: StoredJob,
  now: Date,
): Promise<void> {
  if (!leaseRanOut(job, now)) return;
  if (await takeJobLease(familyId, job.id, STARTING, now, WORKER_START_SECONDS, 'ran-out'))
    await deps.jobs.startClassification(familyId, job.id);
}

export type ResumeOutcome =
  | { state: 'started' }
  | { state: 'ended' }
  /** A worker holds the job (or is being started for it) until `until`; it may be tried again then. */
  | { state: 'held'; until: string };

/**
 * Start a worker again for a job a stopped runner left unfinished (the twin starting): nothing when the job
 * ended or was replaced, nor while a worker's lease on it is live (the caller may try again when it runs
 * out). The reservation and the worker's lease keep it to one worker, and reviewed rows carry the job's id,
 * so no row is reviewed twice.
 */
export async function resumeClassificationJob(
  deps: ClassificationJobDeps,
  familyId: string,
  jobId: string,
): Promise<ResumeOutcome> {
  const job = await getJob(familyId);
  if (!job || job.id !== jobId || job.status !== 'running') return { state: 'ended' };
  const now = deps.now();
  if (
    leaseRanOut(job, now) &&
    (await takeJobLease(familyId, job.id, STARTING, now, WORKER_START_SECONDS, 'ran-out'))
  ) {
    await deps.jobs.startClassification(familyId, job.id);
    return { state: 'started' };
  }
  return { state: 'held', until: job.lease_until };
}

/** GET /api/transactions/classify: the family's job; a running job without a live worker gets one again. */
export async function classificationStatus(
  deps: ClassificationJobDeps,
  family: FamilyContext,
): Promise<ClassificationJobResponse> {
  const job = await getJob(family.familyId);
  if (!job) return { job: null };
  await resume(deps, family.familyId, job, deps.now());
  return { job: publicJob(job) };
}

/**
 * POST /api/transactions/classify: start the family's job, or join the one running (a second click, another
 * member); a running job without a live worker is resumed. Without a classifier: 503 with the reason.
 */
export async function startClassification(
  deps: ClassificationJobDeps,
  family: FamilyContext,
): Promise<ClassificationJobResponse> {
  const label = classifierLabel(deps);
  if (!label) throw new ServiceUnavailableError(REVIEW_MESSAGES.noClassifier);
  const { familyId } = family;
  const now = deps.now();
  const running = await getJob(familyId);
  if (running?.status === 'running') {
    await resume(deps, familyId, running, now);
    return { job: publicJob(running), joined: true };
  }
  const { rows } = await familyRows(familyId);
  const total = rows.filter((row) => reviewReason(row)).length;
  const at = now.toISOString();
  const job: StoredJob = {
    id: ulid(),
    status: total ? 'running' : 'done',
    classifier: label,
    total,
    processed: 0,
    answered: 0,
    fell_back: 0,
    kept: 0,
    current: null,
    started_at: at,
    updated_at: at,
    finished_at: total ? null : at,
    message: null,
    // reserved for the worker started below, so that polls in between do not start another
    lease_owner: total ? STARTING : null,
    lease_until: total ? new Date(now.getTime() + WORKER_START_SECONDS * 1000).toISOString() : EPOCH,
  };
  if (!(await putJobUnlessRunning(familyId, job))) {
    const other = await getJob(familyId);
    if (other) return { job: publicJob(other), joined: true };
  }
  if (total) await deps.jobs.startClassification(familyId, job.id);
  return { job: publicJob(job), joined: false };
}

/** Consecutive rows of one account, at most `size` a batch (a call describes one account). */
function batchesOf(rows: readonly Row[], size: number): Row[][] {
  const batches: Row[][] = [];
  let current: Row[] = [];
  for (const row of rows) {
    if (current.length >= size || (current[0] && current[0].account_id !== row.account_id)) {
      batches.push(current);
      current = [];
    }
    current.push(row);
  }
  if (current.length) batches.push(current);
  return batches;
}

export type WorkerOutcome = 'done' | 'stopped' | 'not-ours' | 'failed';

/**
 * The worker: takes the job's lease and reviews the rows still to review, batch after batch, until none is
 * left ('done'), the signal stops it ('stopped': the lease is given back, the job stays running for the next
 * worker), or another worker holds the job ('not-ours'). An error ends the job as failed with a message.
 */
export async function runClassificationJob(
  deps: ClassificationJobDeps,
  familyId: string,
  jobId: string,
  options: { signal?: AbortSignal; owner?: string; handOver?: boolean } = {},
): Promise<WorkerOutcome> {
  const owner = options.owner ?? ulid();
  const { signal } = options;
  /**
   * Stopping: hand the job over to the next run (AWS: the state machine starts it at once, so the lease is
   * kept reserved for it and polls start no other), or give the lease back (the twin stopping: the first
   * look after its restart starts a worker).
   */
  const stopped = () =>
    options.handOver
      ? {
          current: null,
          lease_owner: STARTING,
          lease_until: new Date(now().getTime() + WORKER_START_SECONDS * 1000).toISOString(),
        }
      : { current: null, lease_until: EPOCH };
  const now = () => deps.now();
  if (!(await takeJobLease(familyId, jobId, owner, now(), JOB_LEASE_SECONDS, 'ran-out-or-ours')))
    return 'not-ours';
  const leaseUntil = () => new Date(now().getTime() + JOB_LEASE_SECONDS * 1000).toISOString();
  const update = (fields: Partial<StoredJob>) =>
    updateJob(familyId, jobId, owner, { ...fields, updated_at: now().toISOString() });
  try {
    const job = await getJob(familyId);
    const factory = deps.reviewClassifier;
    if (!job || job.id !== jobId || !factory) {
      await update({
        status: 'failed',
        message: REVIEW_MESSAGES.noClassifier,
        current: null,
        lease_until: EPOCH,
      });
      return 'failed';
    }
    const [{ rows, accounts }, patterns] = await Promise.all([familyRows(familyId), listPatterns(familyId)]);
    const corrected = rows.filter(isUserCorrected);
    const classifier = factory({ patterns, corrected });
    let calls = 0;
    const counted: AiClassifier = {
      batchSize: classifier.batchSize,
      classify: (items) => {
        calls++;
        return classifier.classify(items);
      },
    };
    const targets = rows.filter((row) => reviewReason(row, jobId));
    const counts = {
      processed: job.processed,
      answered: job.answered,
      fell_back: job.fell_back,
      kept: job.kept,
    };
    // On resumption the total is what was done plus what is left.
    if (!(await update({ total: counts.processed + targets.length, lease_until: leaseUntil() })))
      return 'not-ours';
    let previousCalled = false;
    for (const batch of batchesOf(targets, Math.max(1, Math.floor(classifier.batchSize) || 1))) {
      if (signal?.aborted) {
        await update(stopped());
        return 'stopped';
      }
      const first = batch[0]!;
      const current = {
        description: first.description ?? '',
        amount: Number.isFinite(first.amount) ? first.amount : 0,
      };
      if (!(await update({ current, lease_until: leaseUntil() }))) return 'not-ours';
      // the spec's pause is between calls to the AI service; the twin's local stand-in is no service
      if (previousCalled && classifier.label !== 'local') {
        try {
          await sleep(CLASSIFICATION_PAUSE_MS, undefined, signal ? { signal } : {});
        } catch {
          await update(stopped());
          return 'stopped';
        }
      }
      const account = accounts.get(first.account_id) ?? null;
      const before = calls;
      const results = await classifyTransactions(batch, account, patterns, counted);
      previousCalled = calls > before;
      const written: Row[] = [];
      for (const row of batch) {
        const result = results.get(row.id);
        if (!result) continue;
        const keptRule = result.source === 'rules' && reviewReason(row) === 'low_confidence';
        const by: ClassifiedBy =
          result.source === 'ai'
            ? classifier.label
            : result.source === 'fallback'
              ? 'fallback'
              : result.source === 'pattern'
                ? 'pattern'
                : 'rules';
        const ok = await recordReview(row, {
          flow_type: result.flow_type,
          confidence: result.confidence,
          classified_by: by,
          job_id: jobId,
        });
        if (!ok) continue;
        written.push(row);
        if (result.source === 'fallback') counts.fell_back++;
        else if (keptRule) counts.kept++;
        else counts.answered++;
      }
      if (written.length) await rowsChanged(deps, familyId, changesOf(written));
      counts.processed += batch.length;
      if (!(await update({ ...counts, lease_until: leaseUntil() }))) return 'not-ours';
    }
    await update({
      ...counts,
      status: 'done',
      current: null,
      finished_at: now().toISOString(),
      lease_until: EPOCH,
    });
    return 'done';
  } catch (error) {
    logger.error('classification job failed', {
      jobId,
      error: error instanceof Error ? error.name : String(error),
      message: error instanceof Error ? error.message : undefined,
    });
    await update({
      status: 'failed',
      current: null,
      message: REVIEW_MESSAGES.jobFailed,
      finished_at: now().toISOString(),
      lease_until: EPOCH,
    }).catch(() => undefined);
    return 'failed';
  }
}
