import { advanceUpload, getUpload } from '../../adapters/dynamodb/upload-repository';
import { type PipelineInput, type PipelineState, parseUploadObjectKey } from '../../contracts/pipeline';
import { MAX_UPLOAD_BYTES } from '../../contracts/uploads';
import { services } from '../../shared/container';
import { StatementError } from '../../shared/errors';
import { now } from './common';
import { MESSAGES } from './messages';

/**
 * The pipeline's Register step: the object key must be one the API issued (`{familyId}/{uploadId}_{file}.pdf`,
 * matching the upload record), its size 1 B – 20 MB. The upload is then `reading`.
 */
export async function registerStep(input: PipelineInput): Promise<PipelineState> {
  const parsed = parseUploadObjectKey(input.key);
  if (!parsed) throw new StatementError(MESSAGES.notStarted, 'unknown_key');
  const upload = await getUpload(parsed.familyId, parsed.uploadId);
  if (!upload || upload.objectKey !== input.key)
    throw new StatementError(MESSAGES.notStarted, 'unknown_upload');
  const state: PipelineState = { ...input, ...parsed, accountId: upload.accountId };
  const head = await services().storage.headObject(input.key, input.bucket);
  if (head.size === 0) throw new StatementError(MESSAGES.empty, 'empty');
  if (head.size > MAX_UPLOAD_BYTES) throw new StatementError(MESSAGES.tooLarge, 'too_large');
  await advanceUpload(parsed.familyId, parsed.uploadId, 'reading', {}, now());
  return state;
}
