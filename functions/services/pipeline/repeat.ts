import { countHeldBy } from '../../adapters/dynamodb/transaction-repository';
import { advanceUpload, getUpload, setRepeats } from '../../adapters/dynamodb/upload-repository';
import type { PipelineState } from '../../contracts/pipeline';
import { refreshLastStatementUpload } from '../accounts';
import type { PipelineDeps } from './common';
import { MESSAGES } from './messages';

/**
 * A file uploaded again: the same bytes as a statement already loaded into the same account. Its reading
 * would be the same rows, every one a duplicate, so it is not read again. Extract finds the loaded upload by
 * the file's fingerprint (`repeatOf`, ./loaded-files.ts); Persist checks that every row that upload holds is still stored and,
 * if so, the upload is done with nothing new, as a re-upload of the statement always reported: Classify,
 * Match and Finish have nothing to do (no roll-up, category or transfer candidate changes). The repeat holds
 * the rows through the upload it repeats (`repeats`); removing that one hands its rows on to the repeat
 * (services/statements.ts), so either statement can be removed first, as before.
 *
 * It is read in full, as any upload, when the first upload is not simply loaded: removed (or being
 * removed), still waiting for the family's check or its columns, or loaded before its file's fingerprint was
 * kept; and when rows it held have been deleted since (the family's cleanup advises uploading the statement
 * again), so those rows come back.
 */

/**
 * Persist for a repeated file: done with nothing new when every row of the upload it repeats is still
 * stored; else the state asks for the file to be read in full (`readInFull`).
 *
 * The link is recorded before the first upload is read (consistently): its removal marks it `removing`
 * before it looks for repeats to hand its rows to, so either this step sees the mark (and reads in full), or
 * the removal sees the link (and hands the rows on).
 */
export async function persistRepeat(
  deps: PipelineDeps,
  state: PipelineState,
  accountId: string,
  repeatOf: string,
): Promise<PipelineState> {
  const { familyId, uploadId } = state;
  await advanceUpload(familyId, uploadId, 'analysing', { repeats: repeatOf }, deps.now());
  const first = await getUpload(familyId, repeatOf, { consistent: true });
  const parsed = first?.counts?.parsed ?? 0;
  const stillLoaded =
    first &&
    first.stage === 'done' &&
    !first.removing &&
    !first.repeats &&
    first.accountId === accountId &&
    first.fileHash === state.fileHash &&
    first.rowDates &&
    parsed > 0 &&
    (await countHeldBy(familyId, accountId, repeatOf, first.rowDates)) === parsed;
  if (!stillLoaded || !first) {
    await setRepeats(familyId, uploadId, null);
    const { repeatOf: _repeatOf, ...rest } = state;
    return { ...rest, readInFull: true };
  }
  const counts = { parsed, added: 0, duplicates: parsed, classified: 0, matches: 0 };
  await advanceUpload(
    familyId,
    uploadId,
    'done',
    {
      message: MESSAGES.done,
      counts,
      reconciliation: first.reconciliation ?? null,
      institution: first.institution ?? null,
      period: first.period ?? null,
      warnings: first.warnings ?? [],
      ...(first.pages !== undefined ? { pages: first.pages } : {}),
      ...(first.source !== undefined ? { source: first.source } : {}),
      ...(state.fileHash ? { fileHash: state.fileHash } : {}),
      rowDates: first.rowDates!,
    },
    deps.now(),
  );
  await refreshLastStatementUpload(familyId, accountId);
  return { ...state, counts, repeated: true };
}
