import type { PipelineStage } from '../../../../functions/contracts/pipeline';
import type { Upload } from '../../../../functions/contracts/uploads';
import {
  type SummaryTone,
  UPLOAD_MESSAGES,
  uploadSummary,
} from '../../../../functions/domain/upload-validation';
import { isFinalStage } from './stages';

/**
 * One chosen file on its way: asked for (starting), its bytes going to storage (sending), stored (sent, the
 * pipeline's stage then comes from GET /api/uploads/{id}), or failed before the pipeline could start.
 */
export interface FileJob {
  key: string;
  /** Files chosen together form a batch, with one summary. */
  batch: number;
  name: string;
  size: number;
  state: 'starting' | 'sending' | 'sent' | 'failed';
  /** Bytes sent so far. */
  sent: number;
  uploadId: string | null;
  /** Why the file failed before reaching the pipeline. */
  error: string | null;
}

export type JobPhase = 'starting' | 'sending' | 'processing' | 'done' | 'failed';

export interface JobView {
  key: string;
  name: string;
  size: number;
  sent: number;
  phase: JobPhase;
  /** The pipeline's stage while processing (and 'done' / 'failed' at the end). */
  stage: PipelineStage;
  upload: Upload | null;
  /** The failure's message for the family. */
  message: string | null;
}

const FALLBACK_FAILURE = 'We could not process this statement.';

export function viewOf(job: FileJob, upload: Upload | undefined): JobView {
  const base = { key: job.key, name: job.name, size: job.size, sent: job.sent, upload: upload ?? null };
  if (job.state === 'failed')
    return { ...base, phase: 'failed', stage: 'failed', message: job.error ?? FALLBACK_FAILURE };
  if (job.state !== 'sent') return { ...base, phase: job.state, stage: 'uploading', message: null };
  const stage = upload?.stage ?? 'uploading';
  if (stage === 'failed')
    return { ...base, phase: 'failed', stage, message: upload?.message ?? FALLBACK_FAILURE };
  return { ...base, phase: stage === 'done' ? 'done' : 'processing', stage, message: null };
}

export const isFinished = (view: JobView) => view.phase === 'done' || view.phase === 'failed';

/** True when the job needs nothing more: failed, or its pipeline reached done or failed. */
export function jobFinished(job: FileJob, upload: Upload | undefined): boolean {
  return job.state === 'failed' || (job.state === 'sent' && isFinalStage(upload?.stage));
}

/**
 * A batch's summary (spec 2 §8), once every file is finished ('final') or the 45 s wait is over ('capped'): the
 * domain's uploadSummary (at the cap, stored files still being processed count as succeeded), with keys for the
 * list, then 'Almost done! ...' while some are still being processed, 'All done! ...' when all are.
 */
export interface BatchSummary {
  state: 'final' | 'capped';
  ok: boolean;
  /** Green only when every file was read; amber when some failed; red when none was read. */
  tone: SummaryTone;
  succeeded: number;
  headline: string[];
  failures: Array<{ key: string; text: string }>;
  closing: string | null;
  /** Some file failed with the timeout message: show the spec's suggestions. */
  timedOut: boolean;
}

/** The pipeline's reason code for a file that is not a PDF at all (named .pdf, but something else). */
const NOT_PDF = 'not_pdf';

export function batchSummary(views: readonly JobView[], capped: boolean): BatchSummary | null {
  const final = views.every(isFinished);
  if (!final && !capped) return null;
  const failed = views.filter((v) => v.phase === 'failed');
  const succeeded = views.length - failed.length;
  const summary = uploadSummary({
    succeeded,
    failures: failed.map((v) => ({
      file: v.name,
      message: v.message ?? FALLBACK_FAILURE,
      notPdf: v.upload?.reason === NOT_PDF,
    })),
  });
  return {
    state: final ? 'final' : 'capped',
    ok: summary.ok,
    tone: summary.tone,
    succeeded,
    headline: summary.headline,
    failures: failed.map((v, i) => ({ key: v.key, text: summary.failureLines[i] ?? '' })),
    closing: succeeded === 0 ? null : final ? UPLOAD_MESSAGES.allDone : UPLOAD_MESSAGES.almostDone,
    timedOut: failed.some((v) => v.message === UPLOAD_MESSAGES.timeout),
  };
}
