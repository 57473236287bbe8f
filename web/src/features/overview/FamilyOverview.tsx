import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OverviewResponse } from '../../../../functions/contracts/insights';
import { formatCount } from '../../../../functions/domain/format';
import { displayName } from '../../../../functions/domain/identity';
import {
  COMPARISON_MESSAGES,
  EMPTY_PERIOD_STATS,
  type QuickPeriodKey,
} from '../../../../functions/domain/periods';
import { markFirstContentPainted, useAfterPaint } from '../../app/after-paint';
import { type AppPage, hasPage } from '../../app/pages';
import { useAuth } from '../../auth/useAuth';
import { Alert } from '../../components/Alert';
import { ACCOUNT_TYPE_LABELS } from '../../components/account-types';
import { DateText } from '../../components/DateText';
import { LoadFailed } from '../../components/LoadFailed';
import { Money } from '../../components/Money';
import { StatTile } from '../../components/StatTile';
import { OverviewForecast } from '../bills/OverviewForecast';
import { WaitingChecksBanner } from '../check/WaitingChecksBanner';
import { noFamily, useOverview, useOverviewFigures } from './api';
import { DataQualityOverview } from './DataQualityOverview';
import { PerformanceMonitor } from './PerformanceMonitor';
import { PeriodComparison } from './PeriodComparison';
import { PeriodSelector } from './PeriodSelector';
import { recordMetric, startWebVitals } from './performance';
import { RecentActivity, RecentRowsLazy } from './RecentActivity';
import './overview.css';

// recharts is loaded with the charts only, after the figures have been painted: never with the landing page
// or the shell, never ahead of the figures.
const OverviewCharts = lazy(() => import('./OverviewCharts').then((m) => ({ default: m.OverviewCharts })));

const CONFIDENCE_NOTE = {
  high: null,
  medium: 'Some directions are read from debit/credit markers',
  low: 'Many directions are inferred from flow types: treat with care',
} as const;

/**
 * /app, 'Family Overview' (spec 3 §2.1): the family's true financial position for a period — money in and out
 * without internal transfers, the period's overview and its comparison with the previous equal-length
 * period, charts by month, data quality per account, the accounts and their latest activity. Every figure
 * comes from GET /api/insights/overview (the monthly roll-ups); the page reloads on the transaction events.
 */
export function FamilyOverview({ pages }: { pages: readonly AppPage[] }) {
  const { user } = useAuth();
  const [period, setPeriod] = useState<QuickPeriodKey | null>(null);
  const figures = useOverviewFigures(period);
  // Once the figures' frame has been painted (or what stands in for them): the charts' and tables' code, the
  // web-vitals observers (they read the paints and shifts the browser has buffered until then), Recent
  // Activity's rows, the accounts, the month-end forecast and what the shell holds back for it.
  const settled = useAfterPaint(!figures.isPending);
  const { profile, family, accounts, active, accountsFailed } = useOverview({ accounts: settled });
  const name = displayName(profile.data ?? null, user?.email);
  const nextSteps = pages
    .filter((p) => p.nextStep)
    .sort((a, b) => (a.nextStep?.order ?? 0) - (b.nextStep?.order ?? 0));
  const data = figures.data;
  // No family yet (404) is no figures yet, not a failure.
  const failed = figures.isError && !noFamily(figures.error);
  const empty = data !== undefined && data.range.totalTransactions === 0;
  useDashboardTimings(period, figures.isFetching, data);
  // The charts' code (recharts) loads once the figures are on screen, never ahead of them.
  const chartsReady = useAfterPaint(data !== undefined && !empty);
  useEffect(() => {
    if (!settled) return;
    markFirstContentPainted();
    startWebVitals();
    void RecentRowsLazy.preload().catch(() => undefined);
  }, [settled]);

  return (
    <div className="page overview">
      <div className="page-head">
        {/* The family's name and 'Last updated' have their lines from the first paint: nothing moves when they arrive. */}
        <p className="eyebrow overview-family">{family.data?.name ?? '\u00a0'}</p>
        <h1>Family Overview</h1>
        <p className="lede">
          Welcome, {name}.{' '}
          <span className="overview-updated">
            {data?.last_updated && (
              <>
                Last updated <DateText date={data.last_updated} format="relative" />
              </>
            )}
          </span>
        </p>
      </div>

      <WaitingChecksBanner />

      {(empty || (!data && !figures.isPending)) && nextSteps.length > 0 && (
        <section className="panel" aria-labelledby="next-steps-title">
          <h2 id="next-steps-title">What to do next</h2>
          <ul className="next-steps">
            {nextSteps.map((page) => (
              <li key={page.path}>
                <Link
                  to={`/app/${page.path}`}
                  data-tour={page.path === 'setup/upload' ? 'upload' : undefined}
                >
                  {page.nextStep?.title}
                </Link>
                <p>{page.nextStep?.description}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {figures.isPending ? (
        // Space for the figures, so the sections below are not pushed down the screen when they arrive.
        <div className="overview-skeleton" aria-busy="true">
          <p role="status" className="visually-hidden">
            Loading your figures...
          </p>
          <div className="panel skeleton skeleton-periods" />
          <div className="panel skeleton skeleton-position" />
          <div className="panel skeleton skeleton-period" />
        </div>
      ) : (
        <>
          {data && (
            <PeriodSelector
              options={data.periods}
              selected={data.period.key}
              note={data.range_note}
              onSelect={setPeriod}
            />
          )}
          <TruePosition data={data} failed={failed} onRetry={() => void figures.refetch()} />
          <OverviewForecast ready={settled} expected={data !== undefined && !empty} />
          <PeriodOverview data={data} failed={failed} />
          <PeriodComparison data={data} failed={failed} tableReady={settled} />
          {data && !empty && (
            <section className="panel" aria-labelledby="charts-title" data-tour="money-flow">
              <h2 id="charts-title">Trends</h2>
              <Suspense fallback={chartsPlaceholder}>
                {chartsReady ? <OverviewCharts months={data.months} /> : chartsPlaceholder}
              </Suspense>
            </section>
          )}
          <DataQualityOverview quality={data?.data_quality ?? null} />
        </>
      )}

      <section className="panel" aria-labelledby="accounts-title">
        <h2 id="accounts-title">Family Accounts</h2>
        {accounts.isPending ? (
          <p role="status">Loading your accounts...</p>
        ) : accountsFailed ? (
          <LoadFailed what="your accounts" onRetry={() => void accounts.refetch()} />
        ) : active.length === 0 ? (
          <p>You have no accounts yet.</p>
        ) : (
          <ul className="account-list">
            {active.map((account) => (
              <li key={account.id}>
                <span className="account-name">{account.name}</span>
                <span className="account-meta">
                  {[
                    account.institution_display_name ?? account.bank_name,
                    ACCOUNT_TYPE_LABELS[account.account_type],
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <RecentActivity
        ready={settled}
        accounts={accounts.data ?? []}
        allTransactionsPath={
          hasPage('flow', pages)
            ? '/app/flow'
            : hasPage('setup/accounts', pages)
              ? '/app/setup/accounts'
              : null
        }
      />

      {/* Last, as the spec lists it: when it appears it moves nothing the family is reading. */}
      <PerformanceMonitor />
    </div>
  );
}

const chartsPlaceholder = (
  <div className="overview-charts-placeholder">
    <p role="status">Loading charts...</p>
  </div>
);

/** Dashboard load (first figures shown) and the period filter (a new period's figures shown), timed. */
function useDashboardTimings(
  period: QuickPeriodKey | null,
  fetching: boolean,
  data: OverviewResponse | undefined,
) {
  const mounted = useRef(performance.now());
  const loaded = useRef(false);
  const filterStarted = useRef<number | null>(null);
  useEffect(() => {
    if (period !== null) filterStarted.current = performance.now();
  }, [period]);
  useEffect(() => {
    if (!data || fetching) return;
    if (!loaded.current) {
      loaded.current = true;
      recordMetric('dashboardLoad', performance.now() - mounted.current);
      recordMetric('dataFetch', performance.now() - mounted.current);
    } else if (filterStarted.current !== null && data.period.key === period) {
      recordMetric('filter', performance.now() - filterStarted.current);
      filterStarted.current = null;
    }
  }, [data, fetching, period]);
}

function TruePosition({
  data,
  failed,
  onRetry,
}: {
  data: OverviewResponse | undefined;
  failed: boolean;
  onRetry(): void;
}) {
  const p = data?.position;
  const label = data?.period.label ?? 'This Month';
  return (
    <section className="panel overview-position" aria-labelledby="position-title">
      <h2 id="position-title">True Financial Position</h2>
      {failed && <LoadFailed what="your figures" onRetry={onRetry} />}
      <div className="position-net">
        <p className="position-net-label">Net position · {label}</p>
        <p className="position-net-value">
          <Money amount={p?.net ?? 0} decimals={0} tone="auto" />
        </p>
        <p className="position-net-text">{p?.text ?? ''}</p>
        {p && CONFIDENCE_NOTE[p.confidence] && (
          <p className="position-note">{CONFIDENCE_NOTE[p.confidence]}</p>
        )}
      </div>
      <div className="stat-tiles">
        <StatTile
          label="Money In"
          tone="in"
          value={<Money amount={p?.money_in ?? 0} decimals={0} />}
          note="Internal transfers left out"
        />
        <StatTile
          label="Money Out"
          tone="out"
          value={<Money amount={p?.money_out ?? 0} decimals={0} />}
          note="Mortgage payments included"
        />
        <StatTile
          label="Internal Movement"
          tone="transfer"
          value={<Money amount={p?.internal_movement ?? 0} decimals={0} />}
          note={
            p?.transfers
              ? `Between your own accounts, ${formatCount(p.transfers)} transfer${p.transfers === 1 ? '' : 's'}`
              : 'Between your own accounts'
          }
        />
        <StatTile label="Transactions Processed" value={formatCount(data?.transactions_processed ?? 0)} />
        <StatTile label="Connected Accounts" value={String(data?.connected_accounts ?? 0)} />
      </div>
    </section>
  );
}

function PeriodOverview({ data, failed }: { data: OverviewResponse | undefined; failed: boolean }) {
  const s = data?.summary ?? {
    ...EMPTY_PERIOD_STATS,
    accountsActive: 0,
    summaryQuality: 'insufficient' as const,
    qualityMessage: null,
  };
  return (
    <section className="panel" aria-labelledby="period-overview-title">
      <h2 id="period-overview-title">Period Overview{data ? ` · ${data.period.label}` : ''}</h2>
      {failed ? (
        <Alert tone="warning" title={COMPARISON_MESSAGES.summaryFailed}>
          <p>{COMPARISON_MESSAGES.summaryFailedHint}</p>
        </Alert>
      ) : (
        s.qualityMessage && (
          <Alert
            tone={s.summaryQuality === 'insufficient' ? 'warning' : 'info'}
            title={`Data quality: ${s.summaryQuality}`}
          >
            <p>{s.qualityMessage}</p>
          </Alert>
        )
      )}
      <div className="stat-tiles">
        <StatTile label="Income" tone="in" value={<Money amount={s.totalIncome} decimals={0} />} />
        <StatTile label="Expenses" tone="out" value={<Money amount={s.totalExpenses} decimals={0} />} />
        <StatTile label="Net Flow" value={<Money amount={s.netFlow} decimals={0} tone="auto" />} />
        <StatTile
          label="Activity"
          value={`${formatCount(s.transactionCount)} ${s.transactionCount === 1 ? 'transaction' : 'transactions'}`}
          note={`${s.accountsActive} active ${s.accountsActive === 1 ? 'account' : 'accounts'}`}
        />
      </div>
      {data && <p className="quick-summary">{data.quick_summary}</p>}
    </section>
  );
}
