import { ApiError } from '../../api/client';
import { useAccounts } from '../accounts/api';
import { useFamily, useProfile } from '../family/api';

/**
 * What the Family Overview shows: the profile, the family and its active accounts. The queries are the family
 * and accounts areas' own (same keys, same cache), so a change made on any screen shows here too.
 */
export function useOverview() {
  const profile = useProfile();
  const family = useFamily();
  const accounts = useAccounts();
  const active = (accounts.data ?? []).filter((a) => !a.is_archived);
  // No family yet (404) simply means no accounts.
  const accountsFailed =
    accounts.isError && !(accounts.error instanceof ApiError && accounts.error.status === 404);
  return { profile, family, accounts, active, accountsFailed };
}
