import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  type AccountRequestInput,
  accountSchema,
  accountsResponseSchema,
  createAccountsResponseSchema,
} from '../../../functions/contracts/accounts';
import {
  familySchema,
  type InitialiseFamilyRequest,
  initialiseFamilyResponseSchema,
} from '../../../functions/contracts/family';
import {
  type InstitutionsQuery,
  institutionsResponseSchema,
  serviceTypesResponseSchema,
} from '../../../functions/contracts/institutions';
import { type ProfileUpdateInput, profileSchema } from '../../../functions/contracts/profile';
import {
  initialiseSubscriptionResponseSchema,
  subscriptionInfoSchema,
} from '../../../functions/contracts/subscription';
import { transactionListSchema } from '../../../functions/contracts/transactions';
import { ApiError, apiRequest } from './client';

/**
 * Typed calls and TanStack Query hooks for family, profile, subscription, institutions, accounts and
 * transactions. Query keys live here so every screen invalidates the same ones: every transaction list sits
 * under `queryKeys.transactions`, which the app shell invalidates on 'transactions-uploaded' and
 * 'transactions-updated' (see useTransactionEvents).
 */
export const queryKeys = {
  family: ['family'] as const,
  profile: ['profile'] as const,
  subscription: ['subscription'] as const,
  institutions: (filter: InstitutionsQuery = {}) => ['institutions', filter] as const,
  serviceTypes: ['service-types'] as const,
  accounts: ['accounts'] as const,
  account: (id: string) => ['accounts', id] as const,
  transactions: ['transactions'] as const,
  accountTransactions: (accountId: string, limit: number) =>
    ['transactions', 'account', accountId, limit] as const,
  upload: (uploadId: string) => ['uploads', uploadId] as const,
};

export const api = {
  /** The caller's family, or null when they have none yet (404). */
  async family(signal?: AbortSignal) {
    try {
      return await apiRequest('/family', familySchema, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  initialiseFamily: (body: InitialiseFamilyRequest) =>
    apiRequest('/family', initialiseFamilyResponseSchema, { method: 'POST', body }),
  profile: (signal?: AbortSignal) => apiRequest('/profile', z.nullable(profileSchema), { signal }),
  saveProfile: (body: ProfileUpdateInput) => apiRequest('/profile', profileSchema, { method: 'PUT', body }),
  subscription: (signal?: AbortSignal) => apiRequest('/subscription', subscriptionInfoSchema, { signal }),
  initialiseSubscription: () =>
    apiRequest('/subscription', initialiseSubscriptionResponseSchema, { method: 'POST', body: {} }),
  institutions: (filter: InstitutionsQuery = {}, signal?: AbortSignal) =>
    apiRequest('/institutions', institutionsResponseSchema, { query: { ...filter }, signal }).then(
      (r) => r.institutions,
    ),
  serviceTypes: (signal?: AbortSignal) =>
    apiRequest('/service-types', serviceTypesResponseSchema, { signal }).then((r) => r.service_types),
  accounts: (signal?: AbortSignal) =>
    apiRequest('/accounts', accountsResponseSchema, { signal }).then((r) => r.accounts),
  account: (id: string, signal?: AbortSignal) =>
    apiRequest(`/accounts/${encodeURIComponent(id)}`, accountSchema, { signal }),
  createAccounts: (accounts: AccountRequestInput[]) =>
    apiRequest('/accounts', createAccountsResponseSchema, { method: 'POST', body: { accounts } }),
  /** An account's latest transactions, newest first. */
  accountTransactions: (accountId: string, limit: number, signal?: AbortSignal) =>
    apiRequest(`/accounts/${encodeURIComponent(accountId)}/transactions`, transactionListSchema, {
      query: { limit: String(limit) },
      signal,
    }).then((r) => r.transactions),
};

export function useFamily() {
  return useQuery({ queryKey: queryKeys.family, queryFn: ({ signal }) => api.family(signal) });
}

export function useProfile() {
  return useQuery({ queryKey: queryKeys.profile, queryFn: ({ signal }) => api.profile(signal) });
}

export function useSubscriptionInfo(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.subscription,
    queryFn: ({ signal }) => api.subscription(signal),
    enabled: options.enabled ?? true,
  });
}

/** The catalogue changes only on deployment: keep it for the session. */
export function useInstitutions(filter: InstitutionsQuery = {}) {
  return useQuery({
    queryKey: queryKeys.institutions(filter),
    queryFn: ({ signal }) => api.institutions(filter, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useServiceTypes() {
  return useQuery({
    queryKey: queryKeys.serviceTypes,
    queryFn: ({ signal }) => api.serviceTypes(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAccounts() {
  return useQuery({ queryKey: queryKeys.accounts, queryFn: ({ signal }) => api.accounts(signal) });
}

/** The latest `limit` transactions of one account (none asked for while no account is chosen). */
export function useAccountTransactions(accountId: string | null, limit: number) {
  return useQuery({
    queryKey: queryKeys.accountTransactions(accountId ?? '', limit),
    queryFn: ({ signal }) => api.accountTransactions(accountId ?? '', limit, signal),
    enabled: Boolean(accountId),
  });
}

function invalidate(client: QueryClient, ...keys: ReadonlyArray<readonly unknown[]>) {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.saveProfile,
    onSuccess: (profile) => client.setQueryData(queryKeys.profile, profile),
  });
}

export function useInitialiseFamily() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.initialiseFamily,
    onSuccess: (result) => client.setQueryData(queryKeys.family, result.family),
  });
}

export function useInitialiseSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.initialiseSubscription,
    onSuccess: () => invalidate(client, queryKeys.subscription),
  });
}

export function useCreateAccounts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: api.createAccounts,
    onSuccess: () => invalidate(client, queryKeys.accounts),
  });
}
