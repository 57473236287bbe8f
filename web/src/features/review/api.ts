import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  type ClassificationJob,
  classificationJobResponseSchema,
  reviewListSchema,
  verificationReportSchema,
} from '../../../../functions/contracts/review';
import { apiRequest } from '../../api/client';
import { TRANSACTIONS_KEY, TRANSACTIONS_UPDATED } from '../../api/transaction-events';

/**
 * Smart Transaction Review's calls and hooks: the rows that need review (under TRANSACTIONS_KEY, so the
 * global transaction events reload them), the family's classification job (polled while it runs), and the
 * verification report.
 */
export const reviewKeys = {
  list: [...TRANSACTIONS_KEY, 'review'] as const,
  job: ['classification-job'] as const,
  verification: [...TRANSACTIONS_KEY, 'verification'] as const,
};

/** How often a running job is polled. */
export const JOB_POLL_MS = 1000;

export const reviewApi = {
  list: (signal?: AbortSignal) => apiRequest('/transactions/unclassified', reviewListSchema, { signal }),
  job: (signal?: AbortSignal) =>
    apiRequest('/transactions/classify', classificationJobResponseSchema, { signal }).then((r) => r.job),
  start: () =>
    apiRequest('/transactions/classify', classificationJobResponseSchema, { method: 'POST' }).then(
      (r) => r.job,
    ),
  verification: (signal?: AbortSignal) =>
    apiRequest('/transactions/verification', verificationReportSchema, { signal }),
};

export function useReviewList() {
  return useQuery({ queryKey: reviewKeys.list, queryFn: ({ signal }) => reviewApi.list(signal) });
}

/**
 * The family's job, polled every second while it runs (also in a background tab: a family may leave and come
 * back). When a run ends, every transaction list and figure reloads ('transactions-updated').
 */
export function useClassificationJob() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: reviewKeys.job,
    queryFn: ({ signal }) => reviewApi.job(signal),
    refetchInterval: (q) => (q.state.data?.status === 'running' ? JOB_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const status = query.data?.status;
  const previous = useRef<ClassificationJob['status'] | undefined>(undefined);
  useEffect(() => {
    if (previous.current === 'running' && status && status !== 'running') {
      void client.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
      window.dispatchEvent(new Event(TRANSACTIONS_UPDATED));
    }
    previous.current = status;
  }, [status, client]);
  return query;
}

export function useStartClassification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reviewApi.start,
    onSuccess: (job) => client.setQueryData(reviewKeys.job, job),
  });
}
