import { UPLOAD_MESSAGES } from '../../../../functions/domain/upload-validation';
import type { FileJob } from './jobs';
import { UploadProgress } from './UploadProgress';
import { useUploadBatch } from './useUploadBatch';

/** The files chosen together: each file's progress, then the batch's summary (spec 2 §8). */
export function UploadBatch({ jobs }: { jobs: readonly FileJob[] }) {
  const { views, summary } = useUploadBatch(jobs);
  return (
    <div className="upload-batch">
      <div role="status">
        {summary ? (
          <div className={`upload-alert upload-alert-${summary.tone}`}>
            {summary.headline.map((line) => (
              <p key={line}>{line}</p>
            ))}
            {summary.failures.map((failure) => (
              <p key={failure.key}>{failure.text}</p>
            ))}
            {summary.timedOut ? (
              <ul>
                {UPLOAD_MESSAGES.timeoutSuggestions.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            ) : null}
            {summary.closing ? <p>{summary.closing}</p> : null}
          </div>
        ) : null}
      </div>
      <ul className="upload-files" aria-label="Statements">
        {views.map((view) => (
          <UploadProgress key={view.key} view={view} />
        ))}
      </ul>
    </div>
  );
}
