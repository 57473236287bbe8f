import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccountRequestInput,
  accountListResponseSchema,
  accountResponseSchema,
  accountSchema,
  accountsResponseSchema,
  createAccountsResponseSchema,
  type ListAccountsQuery,
} from '../../../../functions/contracts/accounts';
import { transactionListSchema } from '../../../../functions/contracts/transactions';
import {
  removeStatementResponseSchema,
  statementListSchema,
  statementRemovalSchema,
} from '../../../../functions/contracts/uploads';
import { apiRequest } from '../../api/client';
import { TRANSACTIONS_KEY, TRANSACTIONS_UPDATED } from '../../api/transaction-events';

/**
 * The family's accounts and each account's transactions: calls, query keys and hooks. Every transaction list
 * sits under TRANSACTIONS_KEY, which the app shell invalidates on the global transaction events.
 */
export const accountKeys = {
  all: ['accounts'] as const,
  account: (id: string) => ['accounts', id] as const,
  transactions: (accountId: string, limit: number) =>
    [...TRANSACTIONS_KEY, 'account', accountId, limit] as const,
  /**
   * Account Setup's lists: the accounts with their derived fields, and an account's statements. Both follow
   * the transactions (an upload or a removed statement changes them), so they sit under TRANSACTIONS_KEY.
   */
  summaries: (status: ListAccountsQuery['status']) =>
    [...TRANSACTIONS_KEY, 'account-summaries', status] as const,
  statements: (accountId: string) => [...TRANSACTIONS_KEY, 'statements', accountId] as const,
};

export const accountsApi = {
  accounts: (signal?: AbortSignal) =>
    apiRequest('/accounts', accountsResponseSchema, { signal }).then((r) => r.accounts),
  account: (id: string, signal?: AbortSignal) =>
    apiRequest(`/accounts/${encodeURIComponent(id)}`, accountSchema, { signal }),
  createAccounts: (accounts: AccountRequestInput[]) =>
    apiRequest('/accounts', createAccountsResponseSchema, { method: 'POST', body: { accounts } }),
  /** The accounts with their derived fields (spec 2 §3): active ones oldest first, archived newest first. */
  summaries: (status: ListAccountsQuery['status'], signal?: AbortSignal) =>
    apiRequest('/accounts', accountListResponseSchema, { query: { status }, signal }).then((r) => r.accounts),
  rename: (id: string, name: string) =>
    apiRequest(`/accounts/${encodeURIComponent(id)}`, accountResponseSchema, {
      method: 'PATCH',
      body: { name },
    }).then((r) => r.account),
  archive: (id: string) =>
    apiRequest(`/accounts/${encodeURIComponent(id)}/archive`, accountResponseSchema, { method: 'POST' }).then(
      (r) => r.account,
    ),
  restore: (id: string) =>
    apiRequest(`/accounts/${encodeURIComponent(id)}/restore`, accountResponseSchema, { method: 'POST' }).then(
      (r) => r.account,
    ),
  /** Every statement uploaded to the account, newest first. */
  statements: (id: string, signal?: AbortSignal) =>
    apiRequest(`/accounts/${encodeURIComponent(id)}/statements`, statementListSchema, { signal }).then(
      (r) => r.statements,
    ),
  /** What 'Remove this statement' would do: the rows that would go and those another statement holds too. */
  statementRemoval: (uploadId: string, signal?: AbortSignal) =>
    apiRequest(`/uploads/${encodeURIComponent(uploadId)}/removal`, statementRemovalSchema, { signal }),
  /** 'Remove this statement': the rows that upload added go (rows another upload also holds stay). */
  removeStatement: (uploadId: string) =>
    apiRequest(`/uploads/${encodeURIComponent(uploadId)}`, removeStatementResponseSchema, {
      method: 'DELETE',
    }),
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

/** `enabled` false holds the request back. */
export function useAccounts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accountsQuery(), enabled });
}

/** The latest `limit` transactions of one account (none asked for while no account is chosen). */
export function useAccountTransactions(accountId: string | null, limit: number) {
  return useQuery({ ...accountTransactionsQuery(accountId ?? '', limit), enabled: Boolean(accountId) });
}

export function useCreateAccounts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: accountsApi.createAccounts,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: accountKeys.all }),
        client.invalidateQueries({ queryKey: [...TRANSACTIONS_KEY, 'account-summaries'] }),
      ]),
  });
}

export const accountSummariesQuery = (status: ListAccountsQuery['status']) =>
  queryOptions({
    queryKey: accountKeys.summaries(status),
    queryFn: ({ signal }) => accountsApi.summaries(status, signal),
  });

export const statementsQuery = (accountId: string) =>
  queryOptions({
    queryKey: accountKeys.statements(accountId),
    queryFn: ({ signal }) => accountsApi.statements(accountId, signal),
  });

/** Active or archived accounts with their derived fields (Account Setup). */
export function useAccountSummaries(status: ListAccountsQuery['status']) {
  return useQuery(accountSummariesQuery(status));
}

export function useStatements(accountId: string, enabled = true) {
  return useQuery({ ...statementsQuery(accountId), enabled });
}

/** After a rename, archive or restore: every account list (pickers and Account Setup's lists) reloads. */
function useReloadAccounts() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: accountKeys.all }),
      client.invalidateQueries({ queryKey: [...TRANSACTIONS_KEY, 'account-summaries'] }),
    ]);
}

export function useRenameAccount() {
  const reload = useReloadAccounts();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => accountsApi.rename(id, name),
    onSuccess: () => reload(),
  });
}

export function useArchiveAccount() {
  const reload = useReloadAccounts();
  return useMutation({ mutationFn: accountsApi.archive, onSuccess: () => reload() });
}

export function useRestoreAccount() {
  const reload = useReloadAccounts();
  return useMutation({ mutationFn: accountsApi.restore, onSuccess: () => reload() });
}

/**
 * Removes a statement; then every transaction list reloads (the 'transactions-updated' event, which also
 * reloads the statements and the accounts' derived fields under TRANSACTIONS_KEY).
 */
/** What removing the statement would do, read while its confirmation is open (never cached: rows change). */
export function useStatementRemoval(uploadId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...TRANSACTIONS_KEY, 'statement-removal', uploadId],
    queryFn: ({ signal }) => accountsApi.statementRemoval(uploadId, signal),
    enabled,
    gcTime: 0,
    staleTime: 0,
  });
}

export function useRemoveStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: accountsApi.removeStatement,
    onSuccess: () => {
      window.dispatchEvent(new Event(TRANSACTIONS_UPDATED));
      return client.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    },
  });
}
