import { uploadIsOpenTo } from '../../adapters/dynamodb/upload-repository';
import type { PipelineState } from '../../contracts/pipeline';
import { ACCOUNT_BUSY_ERROR, UPLOAD_CLOSED_ERROR } from '../../contracts/pipeline-states';
import { StatementError } from '../../shared/errors';
import type { Ports } from '../../shared/ports';
import { MESSAGES } from './messages';

/**
 * What several pipeline steps share. Each step is idempotent: run twice with the same state it changes
 * nothing more, so Step Functions retries and the twin's resume-after-restart are safe.
 */
/**
 * The ports the statement pipeline's steps are handed by their Lambda handlers (or the twin): the clock, the
 * uploads bucket, text recognition for scans, and the AI classifier (null where none is configured).
 */
export type PipelineDeps = Pick<
  Ports,
  'now' | 'storage' | 'textRecognition' | 'textLayer' | 'keptText' | 'aiClassifier'
>;

/** The account the upload was made to (Register puts it in the state). */
export function requireAccount(state: PipelineState): string {
  if (!state.accountId) throw new StatementError(MESSAGES.notStarted, 'no_account');
  return state.accountId;
}

/**
 * Raised by a step whose upload no longer takes this execution (final, or claimed by another object version):
 * the state machine ends the execution there, and nothing is written or undone.
 */
export class UploadClosedError extends Error {
  override name = UPLOAD_CLOSED_ERROR;
  constructor(uploadId: string) {
    super(`Upload ${uploadId} is already read or taken by another object version`);
  }
}

/** Raised by Persist while another upload of the same account is being persisted: retried after a pause. */
export class AccountBusyError extends Error {
  override name = ACCOUNT_BUSY_ERROR;
  constructor(accountId: string) {
    super(`Account ${accountId} is taking another statement's rows; trying again shortly`);
  }
}

/** Stops the step (UploadClosedError) unless the upload still takes this execution's object version. */
export async function requireOpenUpload(state: PipelineState): Promise<void> {
  if (!(await uploadIsOpenTo(state.familyId, state.uploadId, state.etag)))
    throw new UploadClosedError(state.uploadId);
}

/**
 * Two requests sent at once, awaited both (neither is left running when the step ends); the first failure,
 * if any, is thrown once both have settled.
 */
export async function settledBoth<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/** How many single-item DynamoDB writes (rollback deletes, AI classifications) a step keeps in flight. */
const WRITE_CONCURRENCY = 50;

/** Runs `fn` over `items` with at most WRITE_CONCURRENCY at a time; results in order. */
export async function inBatches<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += WRITE_CONCURRENCY) {
    const batch = items.slice(start, start + WRITE_CONCURRENCY);
    results.push(...(await Promise.all(batch.map((item, k) => fn(item, start + k)))));
  }
  return results;
}
