import { claimUpload, getUpload } from '../../adapters/dynamodb/upload-repository';
import { type PipelineInput, type PipelineState, parseUploadObjectKey } from '../../contracts/pipeline';
import { MAX_UPLOAD_BYTES } from '../../contracts/uploads';
import { StatementError } from '../../shared/errors';
import { type PipelineDeps, UploadClosedError } from './common';
import { MESSAGES } from './messages';

/**
 * The pipeline's Register step: the object key must be one the API issued (`{familyId}/{uploadId}_{file}.pdf`, or an export's `.csv`, `.ofx`, `.qfx`, `.qif`,
 * matching the upload record), its size 1 B – 20 MB. The upload is then `reading`, claimed by this object
 * version (its ETag); an upload already final or claimed by another version stops the execution unchanged.
 */
export async function registerStep(deps: PipelineDeps, input: PipelineInput): Promise<PipelineState> {
  const parsed = parseUploadObjectKey(input.key);
  if (!parsed) throw new StatementError(MESSAGES.notStarted, 'unknown_key');
  const upload = await getUpload(parsed.familyId, parsed.uploadId);
  if (!upload || upload.objectKey !== input.key)
    throw new StatementError(MESSAGES.notStarted, 'unknown_upload');
  const state: PipelineState = { ...input, ...parsed, accountId: upload.accountId };
  // One upload id is one statement: the first object version claims it; a later PUT to the same URL (the
  // upload already read, or being read) ends its execution here, before any check could fail the upload.
  if (!(await claimUpload(parsed.familyId, parsed.uploadId, input.etag, deps.now())))
    throw new UploadClosedError(parsed.uploadId);
  const head = await deps.storage.headObject(input.key, input.bucket);
  const pdf = /\.pdf$/i.test(parsed.fileName);
  if (head.size === 0) throw new StatementError(pdf ? MESSAGES.empty : MESSAGES.emptyFile, 'empty');
  if (head.size > MAX_UPLOAD_BYTES)
    throw new StatementError(pdf ? MESSAGES.tooLarge : MESSAGES.fileTooLarge, 'too_large');
  return state;
}
