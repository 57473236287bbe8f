import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createUploadRequestSchema } from '../../../../functions/contracts/uploads';
import { isUploadTimeout, UPLOAD_MESSAGES } from '../../../../functions/domain/upload-validation';
import { ApiError } from '../../api/client';
import { putWithProgress, uploadApi, uploadStatusQuery } from './api';
import { type FileJob, jobFinished } from './jobs';

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Unknown error';
}

/** Spec 2 §8: a start that timed out (a 504, or 'timeout' / 'CORS' in the error) has its own message. */
function startFailure(error: unknown): string {
  const status = error instanceof ApiError ? error.status : '';
  return isUploadTimeout(`${status} ${reasonOf(error)}`)
    ? UPLOAD_MESSAGES.timeout
    : UPLOAD_MESSAGES.pipelineFailed(reasonOf(error));
}

/**
 * The files the family has chosen, newest batch first. `send` starts every file of a batch at once: ask the
 * API for an upload record and a presigned URL, then PUT the bytes with their progress. From then on the
 * pipeline's stage is followed by each batch (useUploadBatch). Leaving the page cancels what is still sending.
 */
export function useStatementUploads() {
  const [jobs, setJobs] = useState<FileJob[]>([]);
  const batches = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const client = useQueryClient();

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  const update = useCallback((key: string, change: Partial<FileJob>) => {
    setJobs((all) => all.map((job) => (job.key === key ? { ...job, ...change } : job)));
  }, []);

  const sendFile = useCallback(
    async (key: string, request: { accountId: string; fileName: string; size: number }, file: File) => {
      const signal = controller.current?.signal;
      let started: Awaited<ReturnType<typeof uploadApi.start>>;
      try {
        started = await uploadApi.start(request, signal);
      } catch (error) {
        if (!signal?.aborted) update(key, { state: 'failed', error: startFailure(error) });
        return;
      }
      update(key, { state: 'sending', uploadId: started.upload.uploadId });
      try {
        await putWithProgress(started.put.url, file, {
          headers: started.put.headers,
          signal,
          onProgress: (sent) => update(key, { sent }),
        });
      } catch (error) {
        if (!signal?.aborted)
          update(key, { state: 'failed', error: UPLOAD_MESSAGES.storageFailed(reasonOf(error)) });
        return;
      }
      update(key, { state: 'sent', sent: file.size });
    },
    [update],
  );

  /** Start a batch. Files the upload contract refuses (empty, too large) fail at once, with its message. */
  const send = useCallback(
    (accountId: string, files: readonly File[]) => {
      batches.current += 1;
      const batch = batches.current;
      const planned = files.map((file, index) => {
        const request = createUploadRequestSchema.safeParse({
          accountId,
          fileName: file.name,
          size: file.size,
        });
        const job: FileJob = {
          key: `${batch}-${index}`,
          batch,
          name: file.name,
          size: file.size,
          state: request.success ? 'starting' : 'failed',
          sent: 0,
          uploadId: null,
          error: request.success ? null : (request.error.issues[0]?.message ?? null),
        };
        return { job, file, request: request.success ? request.data : null };
      });
      setJobs((all) => [...planned.map((p) => p.job), ...all]);
      for (const { job, file, request } of planned) if (request) void sendFile(job.key, request, file);
    },
    [sendFile],
  );

  /** Clear Display: drop the batches whose files are all finished (still-running ones stay). */
  const clearFinished = useCallback(() => {
    setJobs((all) => {
      const finished = (job: FileJob) =>
        jobFinished(
          job,
          job.uploadId ? client.getQueryData(uploadStatusQuery(job.uploadId).queryKey) : undefined,
        );
      const open = new Set(all.filter((job) => !finished(job)).map((job) => job.batch));
      return all.filter((job) => open.has(job.batch));
    });
  }, [client]);

  const grouped = useMemo(() => {
    const byBatch = new Map<number, FileJob[]>();
    for (const job of jobs) byBatch.set(job.batch, [...(byBatch.get(job.batch) ?? []), job]);
    return [...byBatch].map(([id, batchJobs]) => ({ id, jobs: batchJobs }));
  }, [jobs]);

  return { batches: grouped, send, clearFinished };
}
