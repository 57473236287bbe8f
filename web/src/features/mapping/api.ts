import { useMutation, useQuery } from '@tanstack/react-query';
import { exportMappingSchema, type MappingRequest } from '../../../../functions/contracts/export-mapping';
import { uploadSchema } from '../../../../functions/contracts/uploads';
import { apiRequest } from '../../api/client';
import { TRANSACTIONS_UPDATED } from '../../api/transaction-events';

/** The column-mapping step's calls: the file waiting to be mapped, the family's answer, the upload after it. */
const path = (uploadId: string) => `/uploads/${encodeURIComponent(uploadId)}/mapping`;

export const mappingApi = {
  get: (uploadId: string, signal?: AbortSignal) =>
    apiRequest(path(uploadId), exportMappingSchema, { signal }),
  confirm: (uploadId: string, request: MappingRequest) =>
    apiRequest(path(uploadId), uploadSchema, { method: 'POST', body: request }),
  upload: (uploadId: string, signal?: AbortSignal) =>
    apiRequest(`/uploads/${encodeURIComponent(uploadId)}`, uploadSchema, { signal }),
};

export function useExportMapping(uploadId: string) {
  return useQuery({
    queryKey: ['uploads', uploadId, 'mapping'],
    queryFn: ({ signal }) => mappingApi.get(uploadId, signal),
    retry: false,
  });
}

export function useConfirmMapping(uploadId: string) {
  return useMutation({
    mutationFn: (request: MappingRequest) => mappingApi.confirm(uploadId, request),
  });
}

/** After the answer, the upload's stage until the pipeline has read it (done, failed, or held again). */
export function useMappedUpload(uploadId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['uploads', uploadId, 'after-mapping'],
    queryFn: async ({ signal }) => {
      const upload = await mappingApi.upload(uploadId, signal);
      if (upload.stage === 'done') window.dispatchEvent(new Event(TRANSACTIONS_UPDATED));
      return upload;
    },
    enabled,
    refetchInterval: (query) => {
      const stage = query.state.data?.stage;
      return stage === 'done' || stage === 'failed' || stage === 'needs_check' || stage === 'needs_mapping'
        ? false
        : 1000;
    },
  });
}
