import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BillDecisionRequest,
  billDecisionResultSchema,
  billsResponseSchema,
} from '../../../../functions/contracts/bills';
import { ApiError, apiRequest } from '../../api/client';
import { TRANSACTIONS_KEY } from '../../api/transaction-events';

/**
 * Bills & Regular Payments' calls and hooks. The bills sit under TRANSACTIONS_KEY, so an upload, a removed
 * statement or a correction anywhere reloads them; a decision reloads them too.
 */
export const billsKeys = { all: [...TRANSACTIONS_KEY, 'bills'] as const };

export const billsApi = {
  get: (signal?: AbortSignal) => apiRequest('/bills', billsResponseSchema, { signal }),
  decide: (request: BillDecisionRequest) =>
    apiRequest('/bills/decisions', billDecisionResultSchema, { method: 'PUT', body: request }),
};

const noFamily = (error: unknown) => error instanceof ApiError && error.status === 404;

/** `enabled` false holds the request back (the overview asks once its figures have been painted). */
export function useBills({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: billsKeys.all,
    queryFn: ({ signal }) => billsApi.get(signal),
    enabled,
    retry: (count, error) => !noFamily(error) && count < 1,
  });
}

export function useDecideBill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: billsApi.decide,
    onSuccess: () => client.invalidateQueries({ queryKey: billsKeys.all }),
  });
}

export { noFamily };
