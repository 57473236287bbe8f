import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccountRequestInput,
  accountSchema,
  accountsResponseSchema,
  createAccountsResponseSchema,
} from '../../../../functions/contracts/accounts';
import { transactionListSchema } from '../../../../functions/contracts/transactions';
import { apiRequest } from '../../api/client';
import { TRANSACTIONS_KEY } from '../../api/transaction-events';

/**
 * The family's accounts and each account's transactions: calls, query keys and hooks. Every transaction list
 * sits under TRANSACTIONS_KEY, which the app shell invalidates on the global transaction events.
 */
export const accountKeys = {
  all: ['accounts'] as const,
  account: (id: string) => ['accounts', id] as const,
  transactions: (accountId: string, limit: number) =>
    [...TRANSACTIONS_KEY, 'account', accountId, limit] as const,
};

export const accountsApi = {
  accounts: (signal?: AbortSignal) =>
    apiRequest('/accounts', accountsResponseSchema, { signal }).then((r) => r.accounts),
  account: (id: string, signal?: AbortSignal) =>
    apiRequest(`/accounts/${encodeURIComponent(id)}`, accountSchema, { signal }),
  createAccounts: (accounts: AccountRequestInput[]) =>
    apiRequest('/accounts', createAccountsResponseSchema, { method: 'POST', body: { accounts } }),
  /** An account's latest transactions, newest first. */
  transactions: (accountId: string, limit: number, signal?: AbortSignal) =>
    apiRequest(`/accounts/${encodeURIComponent(accountId)}/transactions`, transactionListSchema, {
      query: { limit: String(limit) },
      signal,
    }).then((r) => r.transactions),
};

export const accountsQuery = () =>
  queryOptions({ queryKey: accountKeys.all, queryFn: ({ signal }) => accountsApi.accounts(signal) });

export const accountTransactionsQuery = (accountId: string, limit: number) =>
  queryOptions({
    queryKey: accountKeys.transactions(accountId, limit),
    queryFn: ({ signal }) => accountsApi.transactions(accountId, limit, signal),
  });

export function useAccounts() {
  return useQuery(accountsQuery());
}

/** The latest `limit` transactions of one account (none asked for while no account is chosen). */
export function useAccountTransactions(accountId: string | null, limit: number) {
  return useQuery({ ...accountTransactionsQuery(accountId ?? '', limit), enabled: Boolean(accountId) });
}

export function useCreateAccounts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: accountsApi.createAccounts,
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
