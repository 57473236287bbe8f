import { Suspense } from 'react';
import { Link } from 'react-router';
import type { Account } from '../../../../functions/contracts/accounts';
import { preloadable } from '../../app/preloadable';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { noFamily, useLatestTransactions } from './api';

/**
 * The rows' code (the table, the bulk actions' dialog, the similarity rules) is a chunk of its own: the
 * overview preloads it once its figures have been painted, so it is never ahead of them.
 */
export const RecentRowsLazy = preloadable(() => import('./RecentRows').then((m) => m.RecentRows));

/**
 * Recent Activity and the dashboard transaction summary (spec 3 §2.1): the 10 latest transactions with a
 * checkbox each; with rows selected, Correct Flow Type (after confirmation: one correction of them all, learned
 * for later statements), Export to CSV (transactions.csv: Date, Description, Amount) and Select Similar (adds the latest transactions that are similar to a selected one, which are then listed too);
 * 'View All Transactions'.
 */
export function RecentActivity({
  accounts,
  allTransactionsPath,
  ready = true,
}: {
  accounts: readonly Account[];
  allTransactionsPath: string | null;
  /**
   * False until the figures above have been painted: the latest 500 rows (the largest answer the overview
   * reads, and the longest to check) are asked for after them, never ahead of them.
   */
  ready?: boolean;
}) {
  const latest = useLatestTransactions(ready);
  const loaded = latest.data ?? [];
  return (
    <section className="panel" aria-labelledby="recent-title" data-tour="transactions">
      <div className="section-head">
        <h2 id="recent-title">Recent Activity</h2>
        {allTransactionsPath && (
          <Link className="button" to={allTransactionsPath}>
            View All Transactions
          </Link>
        )}
      </div>
      {latest.isPending ? (
        <p role="status">Loading recent transactions...</p>
      ) : latest.isError && !noFamily(latest.error) ? (
        <LoadFailed what="your recent transactions" onRetry={() => void latest.refetch()} />
      ) : loaded.length === 0 ? (
        <EmptyState title="No transactions yet">
          <p>Upload a bank statement to see your latest activity here.</p>
        </EmptyState>
      ) : (
        <Suspense fallback={<p role="status">Loading recent transactions...</p>}>
          <RecentRowsLazy accounts={accounts} loaded={loaded} />
        </Suspense>
      )}
    </section>
  );
}
