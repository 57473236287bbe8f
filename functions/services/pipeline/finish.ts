import { advanceUpload } from '../../adapters/dynamodb/upload-repository';
import type { PipelineState } from '../../contracts/pipeline';
import { changesOf, rowsChanged } from '../row-changes';
import { now } from './common';
import { MESSAGES } from './messages';
import { readAdded, removeArtefacts } from './working-files';

/**
 * The pipeline's Finish step: the upload is `done` with the spec's message; what follows the rows (the
 * account's derived fields and more, `rowsChanged`) is recomputed for the rows it added; its working files go.
 */
export async function finishStep(state: PipelineState): Promise<PipelineState> {
  await advanceUpload(
    state.familyId,
    state.uploadId,
    'done',
    { message: MESSAGES.done, counts: state.counts ?? {} },
    now(),
  );
  // The rows this upload added (none when every row was already held): what the account's figures follow.
  // A retried Finish may find the working files gone: this step already reported them before removing them.
  const added = state.counts?.added
    ? await readAdded(state).catch((error: Error) => {
        if (error.name === 'NoSuchKey') return [];
        throw error;
      })
    : [];
  if (state.accountId)
    await rowsChanged(state.familyId, [{ accountId: state.accountId, dates: [] }, ...changesOf(added)]);
  await removeArtefacts(state);
  return state;
}
