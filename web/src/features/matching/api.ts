import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccountNumbersRequest,
  accountNumbersListSchema,
  accountNumbersResponseSchema,
} from '../../../../functions/contracts/account-numbers';
import { matchActionResponseSchema, matchListSchema } from '../../../../functions/contracts/matches';
import { apiRequest } from '../../api/client';
import { TRANSACTIONS_KEY, TRANSACTIONS_UPDATED } from '../../api/transaction-events';

/**
 * Cross-Account Matching's calls: the proposed transfers (under TRANSACTIONS_KEY, so they reload on
 * 'transactions-uploaded' and 'transactions-updated'), accept and reject. An accept changes flow types, so
 * it announces 'transactions-updated' and every list and figure reloads.
 */
export const matchKeys = {
  all: [...TRANSACTIONS_KEY, 'matches'] as const,
  numbers: [...TRANSACTIONS_KEY, 'account-numbers'] as const,
};

export const matchesApi = {
  list: (signal?: AbortSignal) => apiRequest('/matches', matchListSchema, { signal }).then((r) => r.matches),
  accept: (id: string) =>
    apiRequest(`/matches/${encodeURIComponent(id)}/accept`, matchActionResponseSchema, { method: 'POST' }),
  reject: (id: string) =>
    apiRequest(`/matches/${encodeURIComponent(id)}/reject`, matchActionResponseSchema, {
      method: 'POST',
      body: {},
    }),
  numbers: (signal?: AbortSignal) =>
    apiRequest('/account-numbers', accountNumbersListSchema, { signal }).then((r) => r.accounts),
  setNumbers: ({ accountId, numbers }: { accountId: string; numbers: AccountNumbersRequest }) =>
    apiRequest(`/accounts/${encodeURIComponent(accountId)}/numbers`, accountNumbersResponseSchema, {
      method: 'PUT',
      body: numbers,
    }),
};

export function useAccountNumbers() {
  return useQuery({ queryKey: matchKeys.numbers, queryFn: ({ signal }) => matchesApi.numbers(signal) });
}

/** Save an account's numbers; rows naming it may become transfers, so everything reloads. */
export function useSetAccountNumbers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: matchesApi.setNumbers,
    onSuccess: (result) => {
      if (result.relabelled > 0) window.dispatchEvent(new Event(TRANSACTIONS_UPDATED));
      return client.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    },
  });
}

export const matchesQuery = () =>
  queryOptions({ queryKey: matchKeys.all, queryFn: ({ signal }) => matchesApi.list(signal) });

export function useMatches() {
  return useQuery(matchesQuery());
}

/** Accept or reject matches one by one (a bulk action is several calls); then everything reloads. */
export function useMatchActions() {
  const client = useQueryClient();
  const done = (accepted: boolean) => {
    if (accepted) window.dispatchEvent(new Event(TRANSACTIONS_UPDATED));
    return client.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
  };
  const accept = useMutation({ mutationFn: matchesApi.accept });
  const reject = useMutation({ mutationFn: matchesApi.reject });
  return { accept, reject, done };
}
