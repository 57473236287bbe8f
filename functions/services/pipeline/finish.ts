import { advanceUpload } from '../../adapters/dynamodb/upload-repository';
import type { PipelineState } from '../../contracts/pipeline';
import { refreshAccountSummary } from '../accounts';
import { changesOf, rowsChanged } from '../row-changes';
import type { PipelineDeps } from './common';
import { MESSAGES } from './messages';
import { readAdded, removeArtefacts } from './working-files';

/**
 * The pipeline's Finish step: what follows the rows (the account's derived fields, the monthly roll-ups and
 * more: `rowsChanged`) is recomputed for the rows this upload added, then the upload is `done` with the
 * spec's message, so a screen that reloads on 'done' finds every figure with the statement in it; the
 * account's summary is read again once the upload counts as done (its last statement upload); the working
 * files go.
 */
export async function finishStep(deps: PipelineDeps, state: PipelineState): Promise<PipelineState> {
  // The rows this upload added (none when every row was already held). A retried Finish may find the
  // working files gone: it reported them before removing them.
  const added = state.counts?.added
    ? await readAdded(deps, state).catch((error: Error) => {
        if (error.name === 'NoSuchKey') return [];
        throw error;
      })
    : [];
  if (state.accountId)
    await rowsChanged(deps, state.familyId, [{ accountId: state.accountId, dates: [] }, ...changesOf(added)]);
  await advanceUpload(
    state.familyId,
    state.uploadId,
    'done',
    { message: MESSAGES.done, counts: state.counts ?? {} },
    deps.now(),
  );
  if (state.accountId) await refreshAccountSummary(state.familyId, state.accountId);
  await removeArtefacts(deps, state);
  return state;
}
