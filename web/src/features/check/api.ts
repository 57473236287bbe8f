import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CheckEditRequest,
  checkPageSchema,
  discardCheckResponseSchema,
  statementCheckSchema,
  statementChecksListSchema,
} from '../../../../functions/contracts/statement-check';
import { uploadSchema } from '../../../../functions/contracts/uploads';
import { apiRequest, earlyData } from '../../api/client';
import { TRANSACTIONS_KEY, TRANSACTIONS_UPDATED } from '../../api/transaction-events';

/**
 * The statement check's calls and hooks. The waiting list and each check sit under TRANSACTIONS_KEY: an
 * import or a discard changes the family's rows and statements, and the app shell refreshes them on the
 * global transaction events.
 */
export const checkKeys = {
  waiting: [...TRANSACTIONS_KEY, 'statement-checks'] as const,
  check: (uploadId: string) => [...TRANSACTIONS_KEY, 'statement-check', uploadId] as const,
  upload: (uploadId: string) => ['uploads', uploadId, 'after-import'] as const,
  /** A page drawn is the same until the statement goes: not refreshed with the family's rows. */
  page: (uploadId: string, page: number) => ['statement-page', uploadId, page] as const,
};

const path = (uploadId: string) => `/uploads/${encodeURIComponent(uploadId)}/check`;

export const checkApi = {
  waiting: (signal?: AbortSignal) =>
    apiRequest('/statement-checks', statementChecksListSchema, { signal }).then((r) => r.statements),
  check: (uploadId: string, signal?: AbortSignal) =>
    apiRequest(path(uploadId), statementCheckSchema, { signal }),
  edit: (uploadId: string, edit: CheckEditRequest) =>
    apiRequest(`${path(uploadId)}/edits`, statementCheckSchema, { method: 'POST', body: edit }),
  import: (uploadId: string, anyway: boolean) =>
    apiRequest(`${path(uploadId)}/import`, uploadSchema, { method: 'POST', body: { anyway } }),
  discard: (uploadId: string) =>
    apiRequest(`${path(uploadId)}/discard`, discardCheckResponseSchema, { method: 'POST' }),
  page: (uploadId: string, page: number, signal?: AbortSignal) =>
    apiRequest(`${path(uploadId)}/pages/${page}`, checkPageSchema, { signal }),
  upload: (uploadId: string, signal?: AbortSignal) =>
    apiRequest(`/uploads/${encodeURIComponent(uploadId)}`, uploadSchema, { signal }),
};

export function useWaitingChecks() {
  return useQuery({
    queryKey: checkKeys.waiting,
    queryFn: ({ signal }) => checkApi.waiting(signal),
    // A page load at /app asked for them early: the overview's banner is in its first render if they are here.
    initialData: () => earlyData('/statement-checks', statementChecksListSchema)?.statements,
  });
}

export function useStatementCheck(uploadId: string) {
  return useQuery({
    queryKey: checkKeys.check(uploadId),
    queryFn: ({ signal }) => checkApi.check(uploadId, signal),
  });
}

/** A page of the statement drawn as an image (asked for only when it is shown). */
export function useStatementPage(uploadId: string, page: number) {
  return useQuery({
    queryKey: checkKeys.page(uploadId, page),
    queryFn: ({ signal }) => checkApi.page(uploadId, page, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useCheckEdit(uploadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (edit: CheckEditRequest) => checkApi.edit(uploadId, edit),
    onSuccess: (check) => client.setQueryData(checkKeys.check(uploadId), check),
  });
}

/** After Import, the upload's stage until it is done (or failed): the pipeline adds the rows. */
export function useImportedUpload(uploadId: string, enabled: boolean) {
  return useQuery({
    queryKey: checkKeys.upload(uploadId),
    queryFn: ({ signal }) => checkApi.upload(uploadId, signal),
    enabled,
    refetchInterval: (query) => {
      const stage = query.state.data?.stage;
      return stage === 'done' || stage === 'failed' ? false : 1000;
    },
  });
}

export function useCheckDecision(uploadId: string) {
  const client = useQueryClient();
  const settled = () => {
    void client.invalidateQueries({ queryKey: checkKeys.waiting });
    window.dispatchEvent(new Event(TRANSACTIONS_UPDATED));
  };
  return {
    importIt: useMutation({
      mutationFn: (anyway: boolean) => checkApi.import(uploadId, anyway),
      onSuccess: settled,
    }),
    discard: useMutation({ mutationFn: () => checkApi.discard(uploadId), onSuccess: settled }),
  };
}
