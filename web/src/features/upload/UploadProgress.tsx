import { useId } from 'react';
import { Link } from 'react-router';
import { ProgressBar } from '../../components/ProgressBar';
import { checkPath } from '../check/WaitingChecksBanner';
import { formatBytes } from './format';
import type { JobView } from './jobs';
import { countsText, mappingPath, PIPELINE_STEPS, reconciliationNote, STAGE_LABELS, stepOf } from './stages';

/**
 * One file: a labelled progress bar (the bytes while uploading, then the pipeline's step), the current stage
 * (announced politely when it changes, never per percent), then what the statement added or why it failed.
 */
function progressOf(view: JobView): { now: number | undefined; text: string } {
  switch (view.phase) {
    case 'starting':
      return { now: undefined, text: 'Preparing the upload' };
    case 'sending': {
      const percent = view.size > 0 ? Math.round((view.sent / view.size) * 100) : 0;
      return {
        now: percent,
        text: `${percent}% uploaded (${formatBytes(view.sent)} of ${formatBytes(view.size)})`,
      };
    }
    case 'processing': {
      const step = stepOf(view.stage);
      const total = PIPELINE_STEPS.length;
      return {
        now: Math.round((step / (total + 1)) * 100),
        text: step ? `Step ${step} of ${total}: ${STAGE_LABELS[view.stage]}` : STAGE_LABELS[view.stage],
      };
    }
    default:
      return { now: 100, text: STAGE_LABELS[view.stage] };
  }
}

const PHASE_LABELS = { starting: 'Preparing the upload', sending: 'Uploading' } as const;

export function UploadProgress({ view }: { view: JobView }) {
  const nameId = useId();
  const progress = progressOf(view);
  const stage =
    view.phase === 'starting' || view.phase === 'sending'
      ? PHASE_LABELS[view.phase]
      : STAGE_LABELS[view.stage];
  const note = view.phase === 'done' && view.upload ? reconciliationNote(view.upload.reconciliation) : null;
  return (
    <li className={`upload-file upload-file-${view.phase}`}>
      <div className="upload-file-head">
        <span id={nameId} className="upload-file-name" title={view.name}>
          {view.name}
        </span>
        <span className="upload-file-size">{formatBytes(view.size)}</span>
      </div>
      {view.phase === 'failed' ? null : (
        <ProgressBar
          className="upload-bar"
          labelledBy={nameId}
          value={progress.now}
          valueText={progress.text}
          tone={view.phase === 'done' ? 'success' : 'brand'}
        />
      )}
      <p className="upload-file-stage">
        <span aria-live="polite">{stage}</span>
        {view.phase === 'sending' ? <span aria-hidden="true"> · {progress.now}%</span> : null}
      </p>
      {view.phase === 'done' && view.upload ? (
        <p className="upload-file-outcome">{countsText(view.upload.counts)}</p>
      ) : null}
      {note ? <p className="upload-file-warning">{note}</p> : null}
      {view.phase === 'done' && view.upload?.warnings.length ? (
        <ul className="upload-file-notes" aria-label={`Notes on ${view.name}`}>
          {view.upload.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      {view.stage === 'needs_check' && view.upload ? (
        <p className="upload-file-warning">
          {view.upload.message} <Link to={checkPath(view.upload.uploadId)}>Check this statement</Link>
        </p>
      ) : null}
      {view.stage === 'needs_mapping' && view.upload ? (
        <p className="upload-file-warning">
          {view.upload.message} <Link to={mappingPath(view.upload.uploadId)}>Map its columns</Link>
        </p>
      ) : null}
      {view.phase === 'failed' ? <p className="upload-file-error">{view.message}</p> : null}
    </li>
  );
}
