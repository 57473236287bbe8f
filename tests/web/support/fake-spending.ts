import type { Account } from '../../../functions/contracts/accounts';
import type { Transaction } from '../../../functions/contracts/transactions';
import { CATEGORIES, categoryFields, UNCATEGORISED_ID } from '../../../functions/domain/categories';
import { BULK_MODAL_THRESHOLD, findSimilar } from '../../../functions/domain/similarity';
import {
  rollupOf,
  type SpendingType,
  spendingAmount,
  spendingHints,
  summariseSpending,
} from '../../../functions/domain/spending';

/**
 * Spend by Category's routes for the fake API: the real categories, and the figures worked out with the real
 * roll-up and summary rules from the fake's rows (whatever categories the test gave them); category changes
 * update the rows. Requests are recorded for the tests.
 */
export function spendingRoutes(state: {
  accounts: Account[];
  transactions: Transaction[];
  json(status: number, body: unknown): Response;
}) {
  const { accounts, transactions, json } = state;
  const changes: Array<{ ids: string[]; category_id: string }> = [];
  const spendingQueries: URLSearchParams[] = [];
  const now = () => new Date();

  function summary(url: URL) {
    spendingQueries.push(url.searchParams);
    const month = now().toISOString().slice(0, 7);
    const from = url.searchParams.get('from') ?? month;
    const to = url.searchParams.get('to') ?? from;
    const chosen =
      url.searchParams.get('accounts')?.split(',') ?? accounts.filter((a) => !a.is_archived).map((a) => a.id);
    const groups = new Map<string, Transaction[]>();
    for (const t of transactions) {
      const m = t.transaction_date.slice(0, 7);
      if (m < from || m > to || !chosen.includes(t.account_id)) continue;
      const key = `${t.account_id}|${m}`;
      groups.set(key, [...(groups.get(key) ?? []), t]);
    }
    const rollups = [...groups].map(([key, rows]) => {
      const [accountId = '', m = ''] = key.split('|');
      return rollupOf(m, accountId, rows);
    });
    const s = summariseSpending(rollups, CATEGORIES, {
      type: (url.searchParams.get('type') ?? 'all') as SpendingType,
      includeUncategorised: url.searchParams.get('uncategorized') !== 'false',
    });
    const latest =
      transactions
        .map((t) => t.transaction_date)
        .sort()
        .at(-1) ?? null;
    const hints = spendingHints({ lastActivityDate: latest, latestTransactionDate: latest }, now());
    return {
      from,
      to,
      accounts: chosen,
      type: url.searchParams.get('type') ?? 'all',
      ...s,
      latest_transaction_date: latest,
      last_activity_date: latest,
      hints: { stale_activity: hints.staleActivity, old_transactions: hints.oldTransactions },
    };
  }

  function change(ids: string[], categoryId: string) {
    changes.push({ ids, category_id: categoryId });
    const fields = categoryId === UNCATEGORISED_ID ? null : categoryFields(categoryId);
    for (const t of transactions)
      if (ids.includes(t.id))
        Object.assign(t, {
          category_id: fields?.category_id ?? null,
          subcategory_id: fields?.subcategory_id ?? null,
          primary_category: fields?.primary_category ?? null,
          subcategory: fields?.subcategory ?? null,
          category_confidence: fields ? 1 : null,
        });
    return json(200, { updated: ids.length, unchanged: 0, learned_merchants: 1, transactions: [] });
  }

  return {
    handle(route: string, url: URL, body: unknown): Response | null {
      if (route === 'GET /api/categories') return json(200, { categories: CATEGORIES });
      if (route === 'GET /api/transactions') {
        // The family's rows in a range (one page), newest first: what 'Show all' reads.
        const from = url.searchParams.get('from') ?? '0000';
        const to = url.searchParams.get('to') ?? '9999';
        const chosen = url.searchParams.get('accounts')?.split(',');
        const rows = transactions
          .filter((t) => t.transaction_date >= from && t.transaction_date <= to)
          .filter((t) => !chosen || chosen.includes(t.account_id))
          .sort((a, b) => b.transaction_date.localeCompare(a.transaction_date));
        return json(200, { transactions: rows, next_cursor: null, total: rows.length });
      }
      if (route === 'GET /api/insights/categories') return json(200, summary(url));
      const like = /^GET \/api\/transactions\/([^/]+)\/category\/similar$/.exec(route)?.[1];
      if (like) {
        // The family's spending rows like this one, as the API finds them (the same similarity).
        const target = transactions.find((t) => t.id === decodeURIComponent(like));
        if (!target) return json(404, { error: { code: 'NOT_FOUND', message: 'Transaction not found' } });
        const spending = transactions.filter((t) => spendingAmount(t) !== null);
        const found = findSimilar(target, spending, BULK_MODAL_THRESHOLD).map(
          ({ transaction: t, score }) => ({
            id: t.id,
            account_id: t.account_id,
            transaction_date: t.transaction_date,
            description: t.description,
            merchant_name: t.merchant_name ?? null,
            amount: spendingAmount(t) ?? 0,
            category_id: t.subcategory_id ?? t.category_id ?? null,
            score,
          }),
        );
        return json(200, { transactions: found });
      }
      const single = /^PATCH \/api\/transactions\/([^/]+)\/category$/.exec(route)?.[1];
      if (single) return change([decodeURIComponent(single)], (body as { category_id: string }).category_id);
      if (route === 'POST /api/transactions/categories') {
        const b = body as { transactions: Array<{ id: string }>; category_id: string };
        return change(
          b.transactions.map((t) => t.id),
          b.category_id,
        );
      }
      return null;
    },
    controls: {
      /** Category changes received, in order. */
      categoryChanges: changes,
      /** The query of each GET /api/insights/categories. */
      spendingQueries,
    },
  };
}
