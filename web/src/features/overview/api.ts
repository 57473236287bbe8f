import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { overviewResponseSchema } from '../../../../functions/contracts/insights';
import { transactionPageSchema } from '../../../../functions/contracts/transactions';
import type { QuickPeriodKey } from '../../../../functions/domain/periods';
import { ApiError, apiRequest, earlyData } from '../../api/client';
import { TRANSACTIONS_KEY } from '../../api/transaction-events';
import { useAccounts } from '../accounts/api';
import { useFamily, useProfile } from '../family/api';
import { timed } from './performance';

/**
 * What the Family Overview shows: the profile, the family and its accounts (the family and accounts areas'
 * own queries, same keys, same cache), the period's figures (GET /api/insights/overview, from the monthly
 * roll-ups) and the latest transactions. Figures and transactions sit under TRANSACTIONS_KEY, so an upload or
 * a correction anywhere reloads them.
 */
export const overviewKeys = {
  figures: (period: QuickPeriodKey | null) => [...TRANSACTIONS_KEY, 'insights', 'overview', period] as const,
  latest: () => [...TRANSACTIONS_KEY, 'family-latest'] as const,
};

/** Rows the dashboard's transaction summary loads (spec 3 §9: 1000; the API gives at most 500 a page). */
export const DASHBOARD_ROWS = 500;
export const RECENT_ROWS = 10;

export const overviewApi = {
  figures: (period: QuickPeriodKey | null, signal?: AbortSignal) =>
    timed('apiResponse', () =>
      apiRequest('/insights/overview', overviewResponseSchema, { query: { period }, signal }),
    ),
  latest: (signal?: AbortSignal) =>
    timed('transactionLoad', () =>
      apiRequest('/transactions', transactionPageSchema, {
        query: { limit: String(DASHBOARD_ROWS) },
        signal,
      }),
    ).then((page) => page.transactions),
};

const noFamily = (error: unknown) => error instanceof ApiError && error.status === 404;

export function useOverviewFigures(period: QuickPeriodKey | null) {
  return useQuery({
    queryKey: overviewKeys.figures(period),
    queryFn: ({ signal }) => overviewApi.figures(period, signal),
    // A page load at /app asked for the default period's figures early: shown in the first render if they are here.
    initialData: period === null ? () => earlyData('/insights/overview', overviewResponseSchema) : undefined,
    placeholderData: keepPreviousData,
    retry: (count, error) => !noFamily(error) && count < 1,
  });
}

/** `enabled` false holds the request back (the overview asks once its figures have been painted). */
export function useLatestTransactions(enabled = true) {
  return useQuery({
    queryKey: overviewKeys.latest(),
    queryFn: ({ signal }) => overviewApi.latest(signal),
    enabled,
    retry: (count, error) => !noFamily(error) && count < 1,
  });
}

/**
 * `accounts` false holds the accounts' request back: the overview asks once its figures have been painted (its
 * accounts are listed far below them).
 */
export function useOverview(options: { accounts?: boolean } = {}) {
  const profile = useProfile();
  const family = useFamily();
  const accounts = useAccounts({ enabled: options.accounts ?? true });
  const active = (accounts.data ?? []).filter((a) => !a.is_archived);
  // No family yet (404) simply means no accounts.
  const accountsFailed = accounts.isError && !noFamily(accounts.error);
  return { profile, family, accounts, active, accountsFailed };
}

export { noFamily };
