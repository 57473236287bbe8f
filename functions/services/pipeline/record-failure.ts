import { deleteTransaction } from '../../adapters/dynamodb/transaction-repository';
import { advanceUpload, getUpload } from '../../adapters/dynamodb/upload-repository';
import { artefactKey, type PipelineFailure, parseUploadObjectKey } from '../../contracts/pipeline';
import { failureReasonOf } from '../../domain/statement-failures';
import { logger } from '../../shared/logger';
import { changesOf, rowsChanged } from '../row-changes';
import { inBatches, type PipelineDeps } from './common';
import { failureMessage } from './messages';
import { type RowKey, readJson, removeArtefacts } from './working-files';

/**
 * The pipeline's RecordFailure step, the Catch of every step: the family sees why (failureMessage), and
 * whatever the upload added is removed, so nothing is half-written. When Register failed, the upload is found
 * from the object key, and only if that key is the one the app issued for it.
 */
export async function recordFailureStep(
  deps: PipelineDeps,
  failure: PipelineFailure,
): Promise<PipelineFailure> {
  const message = failureMessage(failure.error);
  const fromKey = parseUploadObjectKey(failure.key);
  const familyId = failure.familyId ?? fromKey?.familyId;
  const uploadId = failure.uploadId ?? fromKey?.uploadId;
  logger.warn('statement pipeline failed', { uploadId, error: failure.error?.Error });
  if (!familyId || !uploadId) return failure;
  if (!failure.uploadId && (await getUpload(familyId, uploadId))?.objectKey !== failure.key) return failure;
  const state = { ...failure, familyId, uploadId };
  // Every row the statement holds, recorded before Persist wrote any: release this upload's hold on each
  // (a row goes with its last holder; rows other uploads hold stay).
  let removed = 0;
  const rows = await readJson(deps, artefactKey(familyId, uploadId, 'rows.json')).catch((error: Error) => {
    if (error.name === 'NoSuchKey') return []; // Persist never started: nothing was written.
    throw error;
  });
  for (const deleted of await inBatches(rows as RowKey[], (row) => deleteTransaction(row, uploadId)))
    if (deleted) removed++;
  await advanceUpload(
    familyId,
    uploadId,
    'failed',
    { message, reason: failureReasonOf(message), counts: { ...failure.counts, added: 0 } },
    deps.now(),
  );
  const accountId = failure.accountId ?? (await getUpload(familyId, uploadId))?.accountId;
  if (accountId)
    await rowsChanged(deps, familyId, [
      { accountId, dates: [] },
      ...changesOf(removed ? (rows as RowKey[]) : []),
    ]);
  await removeArtefacts(deps, state);
  if (removed) logger.info('removed rows of a failed upload', { uploadId, removed });
  return failure;
}
