import { useQuery } from '@tanstack/react-query';
import { accountTypesResponseSchema } from '../../../../functions/contracts/insights';
import { transactionPageSchema } from '../../../../functions/contracts/transactions';
import { apiRequest } from '../../api/client';
import { TRANSACTIONS_KEY } from '../../api/transaction-events';
import { noFamily } from '../overview/api';

/**
 * The Account Types page's figures (GET /api/insights/account-types, from the monthly roll-ups) and a tab's
 * latest transactions (GET /api/transactions?accounts=…). Both sit under TRANSACTIONS_KEY: an upload or a
 * correction reloads them.
 */
export const accountTypeKeys = {
  stats: () => [...TRANSACTIONS_KEY, 'insights', 'account-types'] as const,
  recent: (ids: readonly string[]) => [...TRANSACTIONS_KEY, 'account-type-recent', ...ids] as const,
};

export const RECENT_ROWS = 10;

export function useAccountTypeStats() {
  return useQuery({
    queryKey: accountTypeKeys.stats(),
    queryFn: ({ signal }) => apiRequest('/insights/account-types', accountTypesResponseSchema, { signal }),
    retry: (count, error) => !noFamily(error) && count < 1,
  });
}

export function useAccountTypeRecent(accountIds: readonly string[]) {
  return useQuery({
    queryKey: accountTypeKeys.recent(accountIds),
    enabled: accountIds.length > 0,
    queryFn: ({ signal }) =>
      apiRequest('/transactions', transactionPageSchema, {
        query: { accounts: accountIds.join(','), limit: String(RECENT_ROWS) },
        signal,
      }).then((page) => page.transactions),
  });
}
