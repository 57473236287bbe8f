import { useQueries } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { announceTransactionsUploaded } from '../../api/transaction-events';
import { uploadStatusQuery } from './api';
import { batchSummary, type FileJob, viewOf } from './jobs';
import { MAX_WAIT_MS } from './stages';

/**
 * One batch of files: each stored file's pipeline stage is polled (GET /api/uploads/{id}) until it is done or
 * failed. When every file is finished, or at the latest 45 s after the last one was stored, the batch has a
 * summary and 'transactions-uploaded' is fired so the lists reload; a batch still being processed at 45 s is
 * followed on, and fires again when it finishes. Each file done before then fires it too.
 */
export function useUploadBatch(jobs: readonly FileJob[]) {
  const tracked = jobs.flatMap((job) =>
    job.state === 'sent' && job.uploadId ? [{ key: job.key, uploadId: job.uploadId }] : [],
  );
  const statuses = useQueries({ queries: tracked.map(({ uploadId }) => uploadStatusQuery(uploadId)) });
  const uploads = new Map(tracked.map(({ key }, i) => [key, statuses[i]?.data]));
  const views = jobs.map((job) => viewOf(job, uploads.get(job.key)));

  const sending = jobs.some((job) => job.state === 'starting' || job.state === 'sending');
  const [capped, setCapped] = useState(false);
  const summary = batchSummary(views, capped);
  const final = summary?.state === 'final';

  useEffect(() => {
    if (sending || final || capped) return;
    const timer = setTimeout(() => setCapped(true), MAX_WAIT_MS);
    return () => clearTimeout(timer);
  }, [sending, final, capped]);

  // A statement done while others of its batch are still being read (or wait for the family's check) is in the
  // family's figures already: the lists reload then, not only when the whole batch has finished.
  const done = views.filter((view) => view.phase === 'done').length;
  const waiting = summary === null;
  useEffect(() => {
    if (done > 0 && waiting) announceTransactionsUploaded();
  }, [done, waiting]);

  // Reload the lists at the cap, and when the batch finishes with something stored.
  const reloadOn = summary && (summary.state === 'capped' || summary.succeeded > 0) ? summary.state : null;
  useEffect(() => {
    if (reloadOn) announceTransactionsUploaded();
  }, [reloadOn]);

  return { views, summary };
}
