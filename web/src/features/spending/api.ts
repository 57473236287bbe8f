import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CategoryChangeRequest,
  categoriesResponseSchema,
  categoryChangeResultSchema,
  type SpendingQuery,
  similarRowsResponseSchema,
  spendingResponseSchema,
} from '../../../../functions/contracts/spending';
import { apiRequest } from '../../api/client';
import { TRANSACTIONS_KEY, TRANSACTIONS_UPDATED } from '../../api/transaction-events';

/**
 * Spend by Category's calls and hooks. The figures sit under TRANSACTIONS_KEY, so an upload, a removed
 * statement or a correction anywhere reloads them ('transactions-uploaded' / 'transactions-updated').
 */
export const spendingKeys = {
  categories: ['categories'] as const,
  summary: (query: Partial<SpendingQuery>) => [...TRANSACTIONS_KEY, 'spending', query] as const,
};

export const spendingApi = {
  /** The family's rows identical or similar to one row (for "Apply to N similar transactions"). */
  similar: (row: { id: string; account_id: string; transaction_date: string }, signal?: AbortSignal) =>
    apiRequest(`/transactions/${encodeURIComponent(row.id)}/category/similar`, similarRowsResponseSchema, {
      query: { account_id: row.account_id, transaction_date: row.transaction_date },
      signal,
    }).then((r) => r.transactions),
  categories: (signal?: AbortSignal) =>
    apiRequest('/categories', categoriesResponseSchema, { signal }).then((r) => r.categories),
  summary: (query: Partial<SpendingQuery>, signal?: AbortSignal) =>
    apiRequest('/insights/categories', spendingResponseSchema, {
      query: {
        from: query.from,
        to: query.to,
        accounts: query.accounts,
        type: query.type,
        uncategorized: query.uncategorized,
      },
      signal,
    }),
  /** One row (PATCH .../category) or many (POST /transactions/categories). */
  changeCategory: (request: CategoryChangeRequest) => {
    const [only] = request.transactions;
    return request.transactions.length === 1 && only
      ? apiRequest(`/transactions/${encodeURIComponent(only.id)}/category`, categoryChangeResultSchema, {
          method: 'PATCH',
          body: {
            account_id: only.account_id,
            transaction_date: only.transaction_date,
            category_id: request.category_id,
          },
        })
      : apiRequest('/transactions/categories', categoryChangeResultSchema, { method: 'POST', body: request });
  },
};

export function useCategories() {
  return useQuery({
    queryKey: spendingKeys.categories,
    queryFn: ({ signal }) => spendingApi.categories(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSpending(query: Partial<SpendingQuery>, enabled = true) {
  return useQuery({
    queryKey: spendingKeys.summary(query),
    queryFn: ({ signal }) => spendingApi.summary(query, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The family's rows like this one, asked for when a category change is being made (`enabled`). */
export function useSimilarRows(
  row: { id: string; account_id: string; transaction_date: string } | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...TRANSACTIONS_KEY, 'similar-rows', row?.id ?? null],
    queryFn: ({ signal }) => (row ? spendingApi.similar(row, signal) : []),
    enabled: enabled && row !== null,
  });
}

/** Changes categories; then every figure and list reloads (the 'transactions-updated' event). */
export function useChangeCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: spendingApi.changeCategory,
    onSuccess: () => {
      window.dispatchEvent(new Event(TRANSACTIONS_UPDATED));
      return client.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
    },
  });
}
