import type { PipelineStage } from '../../../../functions/contracts/pipeline';
import type { Upload } from '../../../../functions/contracts/uploads';
import { UPLOAD_REFRESH_DELAY_MS } from '../../../../functions/domain/upload-validation';

/** How often a statement's pipeline stage is asked for while it is being processed. */
export const POLL_MS = 1_000;
/** Spec 2 §9: the longest a family waits, once the files are stored, before the results reload on their own. */
export const MAX_WAIT_MS = UPLOAD_REFRESH_DELAY_MS;

/** The pipeline's working stages, in order, once the file is stored. */
export const PIPELINE_STEPS: readonly PipelineStage[] = ['reading', 'analysing', 'classifying', 'matching'];

/** The stages as the family reads them ('uploading' here means: stored, the pipeline has not started yet). */
export const STAGE_LABELS: Record<PipelineStage, string> = {
  uploading: 'Waiting to be read',
  reading: 'Reading the statement',
  analysing: 'Analysing transactions',
  classifying: 'Classifying transactions',
  matching: 'Matching transfers between your accounts',
  needs_check: 'Needs your check',
  needs_mapping: 'Needs its columns mapped',
  done: 'Done',
  failed: 'Could not be processed',
};

/** Nothing more happens on its own: done, failed, or waiting for the family's check or mapping. */
export const isFinalStage = (stage: PipelineStage | undefined): boolean =>
  stage === 'done' || stage === 'failed' || stage === 'needs_check' || stage === 'needs_mapping';

/** Where the family maps the columns of an export the reader could not read on its own. */
export const mappingPath = (uploadId: string) => `/app/setup/upload/map/${encodeURIComponent(uploadId)}`;

/** The step number (1 to 4) of a working stage, or 0 before the pipeline starts. */
export function stepOf(stage: PipelineStage): number {
  return PIPELINE_STEPS.indexOf(stage) + 1;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What a finished upload added: '12 new transactions, 3 already loaded'. */
export function countsText(counts: Upload['counts']): string {
  const added = counts.added ?? 0;
  const duplicates = counts.duplicates ?? 0;
  const parts = [added ? `${plural(added, 'new transaction')}` : 'No new transactions'];
  if (duplicates) parts.push(`${duplicates} already loaded`);
  return parts.join(', ');
}

/**
 * A note when the statement's own balances do not add up (counting the rows after which a check failed; one
 * row can fail two checks), or when it printed none to check; null when they add up.
 */
export function reconciliationNote(reconciliation: Upload['reconciliation']): string | null {
  if (!reconciliation || reconciliation.ok) return null;
  if (reconciliation.breaks.length === 0)
    return 'The balances on this statement could not be checked: it prints none to compare with.';
  const rows = new Set(reconciliation.breaks.map((b) => Math.max(b.row, 0))).size;
  return `The balances on this statement don't add up on ${plural(rows, 'row')}. Please check those transactions against the PDF.`;
}
