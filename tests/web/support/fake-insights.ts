import type { Account } from '../../../functions/contracts/accounts';
import {
  ACCOUNT_TYPE_TABS,
  type AccountTypesResponse,
  type AccountTypeTab,
  type OverviewResponse,
} from '../../../functions/contracts/insights';
import type { Transaction } from '../../../functions/contracts/transactions';
import { EMPTY_PERIOD_STATS } from '../../../functions/domain/periods';

/**
 * The insight routes in component tests: GET /api/insights/overview and /api/insights/account-types answer
 * what a test sets (an empty family's figures by default), GET /api/transactions the fake's rows, newest
 * first. The figures themselves are the API's (integration tests); here the screens are what is tested.
 */
const flat = { value: 0, trend: 'flat' as const, display: '0%' };

export function emptyOverview(): OverviewResponse {
  return {
    period: { key: 'this_month', label: 'This Month', start: '2026-03-01', end: '2026-03-31' },
    previous: { key: 'custom', label: 'Previous Month', start: '2026-01-29', end: '2026-02-28' },
    summary: {
      ...EMPTY_PERIOD_STATS,
      accountsActive: 0,
      summaryQuality: 'insufficient',
      qualityMessage: 'No transactions found for this period',
    },
    previous_stats: { ...EMPTY_PERIOD_STATS },
    comparison: {
      income: flat,
      expenses: flat,
      netFlow: flat,
      transactions: flat,
      insufficient: true,
      warning: null,
    },
    quick_summary: '£0 in / £0 out / £0 net',
    last_updated: null,
    range: { earliestDate: null, latestDate: null, totalTransactions: 0 },
    range_note: 'No transaction data available',
    periods: [
      {
        key: 'this_month',
        label: 'This Month',
        start: '2026-03-01',
        end: '2026-03-31',
        quality: 'insufficient',
        message: 'No transaction data available',
      },
    ],
    position: {
      money_in: 0,
      money_out: 0,
      internal_movement: 0,
      transfers: 0,
      net: 0,
      transaction_count: 0,
      confidence: 'high',
      text: 'No transactions found for this period',
    },
    connected_accounts: 0,
    transactions_processed: 0,
    months: [],
    data_quality: {
      accounts: [],
      family: { status: 'warning', message: 'No accounts configured yet.' },
      recommended_actions: ['Add accounts to see data quality insights.'],
    },
  };
}

export function emptyAccountTypes(): AccountTypesResponse {
  return {
    window: { start: '2025-04-01', end: '2026-03-20' },
    types: (Object.keys(ACCOUNT_TYPE_TABS) as AccountTypeTab[]).map((type) => ({
      type,
      account_ids: [],
      account_count: 0,
      transaction_count: 0,
      total_activity: 0,
      average_transaction: 0,
      monthly_trend: 0,
      categories: [],
    })),
  };
}

export function insightsRoutes(state: {
  accounts: Account[];
  transactions: Transaction[];
  json(status: number, body: unknown): Response;
  family(): string | null;
}) {
  let overview: (period: string | null) => OverviewResponse = () => emptyOverview();
  let accountTypes: () => AccountTypesResponse = () => emptyAccountTypes();
  const overviewRequests: Array<string | null> = [];
  const noFamily = () => state.json(404, { error: { code: 'not_found', message: 'No family found' } });

  function handle(route: string, url: URL): Response | null {
    if (route === 'GET /api/insights/overview') {
      if (!state.family()) return noFamily();
      const period = url.searchParams.get('period');
      overviewRequests.push(period);
      return state.json(200, overview(period));
    }
    if (route === 'GET /api/insights/account-types') {
      if (!state.family()) return noFamily();
      return state.json(200, accountTypes());
    }
    if (route === 'GET /api/transactions') {
      if (!state.family()) return noFamily();
      const ids = url.searchParams.get('accounts')?.split(',');
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const rows = state.transactions
        .filter((t) => (ids ? ids.includes(t.account_id) : true))
        .sort((a, b) => b.transaction_date.localeCompare(a.transaction_date));
      return state.json(200, { transactions: rows.slice(0, limit), next_cursor: null, total: rows.length });
    }
    return null;
  }

  return {
    handle,
    controls: {
      /** What GET /api/insights/overview answers for a period (null: the default period). */
      setOverview(fn: (period: string | null) => OverviewResponse) {
        overview = fn;
      },
      setAccountTypes(fn: () => AccountTypesResponse) {
        accountTypes = fn;
      },
      overviewRequests,
      /** Rows of the family (listed by GET /api/transactions and the accounts' lists). */
      addTransactions(rows: Transaction[]) {
        state.transactions.push(...rows);
      },
    },
  };
}
