import type { AccountSummaryBase } from '../../adapters/dynamodb/account-repository';
import { advanceUpload } from '../../adapters/dynamodb/upload-repository';
import type { PipelineState } from '../../contracts/pipeline';
import type { RollupRow } from '../../domain/rollups';
import { refreshLastStatementUpload } from '../accounts';
import { changesOf, rowsChanged } from '../row-changes';
import type { PipelineDeps } from './common';
import { MESSAGES } from './messages';
import { type AddedRow, readAdded, removeArtefacts } from './working-files';

/** An added row as a roll-up reads it. */
const asRollupRow = (row: AddedRow): RollupRow => ({
  transaction_date: row.transaction_date,
  amount: row.amount,
  signed_amount: row.signed_amount,
  type: row.type,
  flow_type: (row.flow_type ?? null) as RollupRow['flow_type'],
  user_corrected_flow_type: (row.user_corrected_flow_type ?? null) as RollupRow['user_corrected_flow_type'],
  account_id: row.account_id,
  description: row.description,
  merchant_name: row.merchant_name ?? null,
});

/**
 * The added rows as a change of the account's summary read before Persist wrote them: how many (each a
 * row not stored before: Persist hands over its summary only then) and the newest date.
 */
function summaryOf(accountId: string, base: AccountSummaryBase, added: readonly AddedRow[]) {
  const count = new Set(added.map((row) => `${row.account_id}#${row.transaction_date}#${row.id}`)).size;
  const newest =
    added
      .map((row) => row.transaction_date)
      .sort()
      .at(-1) ?? '';
  return { accountId, base, count, newest };
}

/**
 * The pipeline's Finish step: what follows the rows (the account's derived fields, the monthly roll-ups and
 * more: `rowsChanged`) is recomputed for the rows this upload added, then the upload is `done` with the
 * spec's message, so a screen that reloads on 'done' finds every figure with the statement in it; the
 * account's last statement upload is read again once the upload counts as done, while the working files go.
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
  // Rows as Persist wrote them are added to the roll-ups that did not hold them (the versions it read);
  // without those versions (a retried Persist, rows relabelled since) their months are recomputed.
  if (state.accountId)
    await rowsChanged(
      deps,
      state.familyId,
      [{ accountId: state.accountId, dates: [] }, ...changesOf(added)],
      state.rollupVersions && added.length
        ? {
            rows: added.map(asRollupRow),
            rollupVersions: state.rollupVersions,
            ...(state.accountSummary
              ? { summary: summaryOf(state.accountId, state.accountSummary, added) }
              : {}),
            ...(state.newSpendMonths
              ? {
                  spending: {
                    accountId: state.accountId,
                    months: state.newSpendMonths,
                    ...(state.newSpendYears ? { years: state.newSpendYears } : {}),
                    rows: added.map((row) => ({
                      ...row,
                      flow_type: row.flow_type ?? null,
                      user_corrected_flow_type: row.user_corrected_flow_type ?? null,
                    })),
                  },
                }
              : {}),
          }
        : undefined,
    );
  await advanceUpload(
    state.familyId,
    state.uploadId,
    'done',
    { message: MESSAGES.done, counts: state.counts ?? {} },
    deps.now(),
  );
  // Both after 'done', and apart: one reads the account's uploads, the other removes this one's files.
  await Promise.all([
    state.accountId ? refreshLastStatementUpload(state.familyId, state.accountId) : undefined,
    removeArtefacts(deps, state),
  ]);
  return state;
}
