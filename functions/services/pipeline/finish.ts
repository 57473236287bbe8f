import { advanceUpload } from '../../adapters/dynamodb/upload-repository';
import type { PipelineState } from '../../contracts/pipeline';
import { refreshAccountSummary } from '../accounts';
import { now } from './common';
import { MESSAGES } from './messages';
import { removeArtefacts } from './working-files';

/**
 * The pipeline's Finish step: the upload is `done` with the spec's message; the account's derived fields
 * (count, last transaction date, last statement upload) are recomputed; its working files go.
 */
export async function finishStep(state: PipelineState): Promise<PipelineState> {
  await advanceUpload(
    state.familyId,
    state.uploadId,
    'done',
    { message: MESSAGES.done, counts: state.counts ?? {} },
    now(),
  );
  if (state.accountId) await refreshAccountSummary(state.familyId, state.accountId);
  await removeArtefacts(state);
  return state;
}
