import { queryOptions } from '@tanstack/react-query';
import {
  type CreateUploadRequest,
  createUploadResponseSchema,
  uploadSchema,
} from '../../../../functions/contracts/uploads';
import { ApiError, apiRequest } from '../../api/client';
import { isFinalStage, POLL_MS } from './stages';

export const uploadKeys = {
  upload: (uploadId: string) => ['uploads', uploadId] as const,
};

/** Upload calls (spec 2 §2 File Upload), parsed with the shared contracts. */
export const uploadApi = {
  start: (body: CreateUploadRequest, signal?: AbortSignal) =>
    apiRequest('/uploads', createUploadResponseSchema, { method: 'POST', body, signal }),
  status: (uploadId: string, signal?: AbortSignal) =>
    apiRequest(`/uploads/${encodeURIComponent(uploadId)}`, uploadSchema, { signal }),
};

/** A stored statement's upload record, polled until its pipeline is done or failed. */
export const uploadStatusQuery = (uploadId: string) =>
  queryOptions({
    queryKey: uploadKeys.upload(uploadId),
    queryFn: ({ signal }) => uploadApi.status(uploadId, signal),
    // Until the statement is done or failed; an upload that is not there (404) will not appear later.
    refetchInterval: (query) =>
      isFinalStage(query.state.data?.stage) ||
      (query.state.error instanceof ApiError && query.state.error.status === 404)
        ? false
        : POLL_MS,
    // A family that switches tabs still gets its results when the statement is done.
    refetchIntervalInBackground: true,
  });

/**
 * PUT a file to its presigned URL, reporting the bytes sent (fetch cannot report upload progress; XHR can).
 * Resolves on 2xx; rejects with a readable reason otherwise, or with an AbortError when `signal` aborts.
 */
export function putWithProgress(
  url: string,
  file: Blob,
  options: {
    headers: Record<string, string>;
    onProgress: (sentBytes: number) => void;
    signal?: AbortSignal | undefined;
  },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) return reject(new DOMException('The upload was cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (error?: Error) => {
      signal?.removeEventListener('abort', abort);
      if (error) reject(error);
      else resolve();
    };
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(options.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(Math.min(event.loaded, file.size));
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? settle()
        : settle(new Error(`the storage service answered ${xhr.status}`));
    xhr.onerror = () => settle(new Error('the connection failed'));
    xhr.onabort = () => settle(new DOMException('The upload was cancelled', 'AbortError'));
    xhr.send(file);
  });
}
