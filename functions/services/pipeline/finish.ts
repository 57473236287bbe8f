import { advanceUpload } from '../../adapters/dynamodb/upload-repository';
import type { PipelineState } from '../../contracts/pipeline';
import { now } from './common';
import { MESSAGES } from './messages';
import { removeArtefacts } from './working-files';

/** The pipeline's Finish step: the upload is `done` with the spec's message; its working files go. */
export async function finishStep(state: PipelineState): Promise<PipelineState> {
  await advanceUpload(
    state.familyId,
    state.uploadId,
    'done',
    { message: MESSAGES.done, counts: state.counts ?? {} },
    now(),
  );
  await removeArtefacts(state);
  return state;
}
