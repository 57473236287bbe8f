import type { Account } from '../../../../../functions/contracts/accounts';

/**
 * 'Transactions by Account' (spec 2 §2 Account Setup): a placeholder so the screen compiles; the section with
 * its period picker, summary, bulk actions and one table per account replaces this file.
 */
export function TransactionsByAccount(_props: { accounts: Account[] }) {
  return <section aria-label="Transactions by Account" />;
}
