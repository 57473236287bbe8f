import { type AccountItem, listAccounts } from '../adapters/dynamodb/account-repository';
import {
  monthsWithRows,
  type RollupPart,
  readRollups,
  rollupEnds,
} from '../adapters/dynamodb/rollup-repository';
import type {
  AccountTypeStats,
  AccountTypesResponse,
  Comparison,
  DataQualityOverview,
  MonthPoint,
  OverviewResponse,
  PeriodOption,
  PeriodRef,
  PeriodStatsQuery,
  PeriodStatsResponse,
} from '../contracts/insights';
import { ACCOUNT_TYPE_TABS, type AccountTypeTab, INSIGHTS_MESSAGES } from '../contracts/insights';
import { DEFAULT_TIME_ZONE, localDate } from '../domain/dates';
import { activityOf, type FlowFigure } from '../domain/figures';
import { flowTypeLabel } from '../domain/flow-types';
import { accountFreshness, familyFreshness, NO_ACCOUNTS_MESSAGES } from '../domain/freshness';
import { percentageChange, trendChange, trendWindows } from '../domain/percentage-change';
import {
  availableRangeNote,
  comparisonState,
  periodMarker,
  periodPositionText,
  previousPeriod,
  type QuickPeriodKey,
  quickPeriods,
  quickSummary,
} from '../domain/periods';
import {
  coversMonth,
  monthBounds,
  monthOf,
  monthsBetween,
  periodCells,
  positionFromFigures,
  type RollupCell,
  statsFromFigures,
  sumCells,
  summaryFromFigures,
} from '../domain/rollups';
import type { AvailableDataRange, EffectiveFlowType, Period } from '../domain/types';
import type { FamilyContext } from '../shared/context';
import { ValidationError } from '../shared/errors';
import type { Ports } from '../shared/ports';

/** The ports this service's use cases are handed (the composition root passes them). */
export type InsightsDeps = Pick<Ports, 'now'>;

/**
 * The insight screens' figures (spec 3 §2.1, §2.2, §3), all read from the monthly roll-ups: a period costs the
 * roll-ups of its months (whole months' totals, the day cells of at most its two end months), never a scan
 * of the rows, so it takes as long for ten years of history as for one. Archived accounts are left out of
 * every figure (spec 2 §4: hidden from totals).
 */
const CHART_MONTHS = 12;
const ACCOUNT_TYPES_WINDOW_MONTHS = 12;

type Span = Pick<Period, 'start' | 'end'>;

const isActive = (a: AccountItem) => !a.is_archived && a.is_active;

interface FamilyBasics {
  accounts: AccountItem[];
  active: Set<string>;
  range: AvailableDataRange;
  /** Months whose roll-ups hold rows. */
  months: Set<string>;
  today: string;
  now: Date;
}

async function basics(deps: InsightsDeps, familyId: string): Promise<FamilyBasics> {
  const now = deps.now();
  const [accounts, ends, months] = await Promise.all([
    listAccounts(familyId),
    rollupEnds(familyId),
    monthsWithRows(familyId),
  ]);
  const active = accounts.filter(isActive);
  const total = active.reduce((n, a) => n + (a.transaction_count ?? 0), 0);
  const range: AvailableDataRange =
    ends.first?.first && ends.last?.last && total > 0
      ? { earliestDate: ends.first.first, latestDate: ends.last.last, totalTransactions: total }
      : { earliestDate: null, latestDate: null, totalTransactions: 0 };
  return {
    accounts,
    active: new Set(active.map((a) => a.id)),
    range,
    months: new Set(months),
    today: localDate(now, DEFAULT_TIME_ZONE),
    now,
  };
}

/**
 * The roll-ups covering `spans`, in one round of reads: every month's totals in one query and, at the same
 * time, the day cells of the months a span covers only in part (at most each span's two end months).
 */
async function rollupsFor(
  familyId: string,
  spans: readonly Span[],
  /** Spans whose every month is read with its day cells (a trend split within months). */
  daySpans: readonly Span[] = [],
): Promise<RollupPart[]> {
  const from = spans.reduce((m, s) => (s.start < m ? s.start : m), spans[0]?.start ?? '9999-12-31');
  const to = spans.reduce((m, s) => (s.end > m ? s.end : m), spans[0]?.end ?? '0000-01-01');
  const partial = new Set<string>();
  for (const s of spans)
    for (const month of [monthOf(s.start), monthOf(s.end)]) if (!coversMonth(s, month)) partial.add(month);
  for (const s of daySpans) for (const month of monthsBetween(s.start, s.end)) partial.add(month);
  return readRollups(familyId, monthOf(from), monthOf(to), partial);
}

/** The cells of a span, whole months' totals standing in for months whose rows all fall inside it. */
function cellsOf(parts: readonly RollupPart[], span: Span, active: ReadonlySet<string>): RollupCell[] {
  const months = parts.map((p) =>
    p.cells || !(p.first && p.last && span.start <= p.first && span.end >= p.last)
      ? p
      : // every row of the month is inside the span: its totals are the span's part of it
        { month: p.month, totals: p.totals, cells: p.totals.map((c) => ({ ...c, day: p.first ?? c.day })) },
  );
  return periodCells(months, span).filter((c) => active.has(c.account));
}

/** The month `n` months after (negative: before) a 'YYYY-MM' month. */
function shiftMonth(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function resolvePeriod(key: QuickPeriodKey | undefined, options: PeriodOption[]): PeriodOption {
  if (key) {
    const found = options.find((o) => o.key === key);
    if (found) return found;
    throw new ValidationError(
      key === 'last_year' || key === 'all_time'
        ? `${key === 'all_time' ? 'All Time' : 'Last Year'} is not available for this family's data yet`
        : INSIGHTS_MESSAGES.period,
    );
  }
  // the first quick period that has data: This Month, else Last Month, and so on
  return options.find((o) => o.quality !== 'insufficient') ?? (options[0] as PeriodOption);
}

function periodOptions(b: FamilyBasics): PeriodOption[] {
  return quickPeriods(b.now, b.range, DEFAULT_TIME_ZONE).map((p) => ({
    key: p.key,
    label: p.label,
    start: p.start,
    end: p.end,
    ...periodMarker(
      p,
      b.range,
      b.now,
      DEFAULT_TIME_ZONE,
      monthsBetween(p.start, p.end).some((m) => b.months.has(m)),
    ),
  }));
}

function compare(
  current: ReturnType<typeof statsFromFigures>,
  previous: ReturnType<typeof statsFromFigures>,
): Comparison {
  return {
    income: percentageChange(current.totalIncome, previous.totalIncome),
    expenses: percentageChange(current.totalExpenses, previous.totalExpenses),
    netFlow: percentageChange(current.netFlow, previous.netFlow),
    transactions: percentageChange(current.transactionCount, previous.transactionCount),
    ...comparisonState(current, previous),
  };
}

function statsOf(
  parts: readonly RollupPart[],
  period: PeriodRef,
  active: ReadonlySet<string>,
): PeriodStatsResponse {
  const prev = previousPeriod(period, keyOf(period));
  const previous: PeriodRef = { key: 'custom', label: prev.label, start: prev.start, end: prev.end };
  const summary = summaryFromFigures(sumCells(cellsOf(parts, period, active)));
  const previousStats = statsFromFigures(sumCells(cellsOf(parts, previous, active)));
  return {
    period,
    previous,
    summary,
    previous_stats: previousStats,
    comparison: compare(summary, previousStats),
    quick_summary: quickSummary(summary),
  };
}

/** GET /api/insights/period-stats: a quick period's or a date range's summary and comparison. */
export async function familyPeriodStats(
  deps: InsightsDeps,
  family: FamilyContext,
  query: PeriodStatsQuery,
): Promise<PeriodStatsResponse> {
  const now = deps.now();
  const guessed = guessedPeriod(query.from && query.to ? null : (query.period ?? 'this_month'), now, query);
  if (query.from && query.to && Number(query.to.slice(0, 4)) - Number(query.from.slice(0, 4)) > 100)
    throw new ValidationError(INSIGHTS_MESSAGES.tooLong);
  // the family's accounts and range, and the likely period's roll-ups, read at once
  const [b, guessedParts] = await Promise.all([
    basics(deps, family.familyId),
    guessed ? rollupsFor(family.familyId, [guessed, previousPeriod(guessed, guessedKey(query))]) : null,
  ]);
  let period: PeriodRef;
  if (query.from && query.to)
    period = { key: 'custom', label: 'Custom Period', start: query.from, end: query.to };
  else {
    const chosen = resolvePeriod(query.period, periodOptions(b));
    period = { key: chosen.key, label: chosen.label, start: chosen.start, end: chosen.end };
  }
  const parts =
    guessedParts && guessed && sameSpan(guessed, period)
      ? guessedParts
      : await rollupsFor(family.familyId, [period, previousPeriod(period, keyOf(period))]);
  return statsOf(parts, period, b.active);
}

const sameSpan = (a: Span, b: Span) => a.start === b.start && a.end === b.end;

/** The quick period's key, for its previous period (undefined for a custom range). */
const keyOf = (period: PeriodRef): QuickPeriodKey | undefined =>
  period.key === 'custom' ? undefined : period.key;

const guessedKey = (query: PeriodStatsQuery): QuickPeriodKey | undefined =>
  query.from && query.to ? undefined : (query.period ?? 'this_month');

/**
 * The period a request most likely asks for, known before the family's data range is: a date range, or a
 * quick period other than All Time (whose dates are the data's); null otherwise.
 */
function guessedPeriod(
  key: QuickPeriodKey | null,
  now: Date,
  range?: { from?: string; to?: string },
): Span | null {
  if (range?.from && range.to) return { start: range.from, end: range.to };
  if (!key || key === 'all_time' || key === 'last_year') return null;
  const empty = { earliestDate: null, latestDate: null, totalTransactions: 0 };
  return quickPeriods(now, empty, DEFAULT_TIME_ZONE).find((p) => p.key === key) ?? null;
}

/** The spans the overview reads for a period: it, the previous period, and the chart's 12 months. */
function overviewSpans(period: Span, today: string, key?: QuickPeriodKey): Span[] {
  const lastMonth = monthOf(period.end < today ? period.end : today);
  const chartMonths = monthsBetween(shiftMonth(lastMonth, -(CHART_MONTHS - 1)), lastMonth);
  return [
    period,
    previousPeriod(period, key),
    { start: `${chartMonths[0]}-01`, end: monthBounds(lastMonth).end },
  ];
}

function monthPoints(
  parts: readonly RollupPart[],
  months: readonly string[],
  active: ReadonlySet<string>,
): MonthPoint[] {
  const byMonth = new Map(parts.map((p) => [p.month, p]));
  let cumulative = 0;
  return months.map((month) => {
    const p = byMonth.get(month);
    const f = sumCells((p?.totals ?? []).filter((c) => active.has(c.account)));
    const position = positionFromFigures(f);
    cumulative += f.moneyIn - f.moneyOut;
    return {
      month,
      money_in: position.moneyIn,
      money_out: position.moneyOut,
      net: position.net,
      cumulative: cumulative / 100,
    };
  });
}

function dataQuality(b: FamilyBasics): DataQualityOverview {
  const accounts = b.accounts.filter(isActive).map((a) => ({
    account_id: a.id,
    name: a.name,
    account_type: a.account_type,
    last_transaction_date: a.last_transaction_date ?? null,
    ...accountFreshness(a, b.now, DEFAULT_TIME_ZONE),
  }));
  if (!accounts.length)
    return {
      accounts,
      family: { status: 'warning', message: NO_ACCOUNTS_MESSAGES.title },
      recommended_actions: [NO_ACCOUNTS_MESSAGES.hint],
    };
  const order = { critical: 0, warning: 1, good: 2, excellent: 3 } as const;
  const recommended = [...accounts]
    .filter((a) => a.action)
    .sort((x, y) => order[x.status] - order[y.status])
    .map((a) => `${a.action} for ${a.name}`);
  return { accounts, family: familyFreshness(accounts), recommended_actions: recommended };
}

/** GET /api/insights/overview: everything the Family Overview shows, for one quick period. */
export async function familyOverview(
  deps: InsightsDeps,
  family: FamilyContext,
  key: QuickPeriodKey | undefined,
): Promise<OverviewResponse> {
  const now = deps.now();
  const today = localDate(now, DEFAULT_TIME_ZONE);
  // most overviews are of This Month (the default while it has data): its roll-ups are read with the basics
  const guessed = guessedPeriod(key ?? 'this_month', now);
  const [b, guessedParts] = await Promise.all([
    basics(deps, family.familyId),
    guessed ? rollupsFor(family.familyId, overviewSpans(guessed, today, key ?? 'this_month')) : null,
  ]);
  const options = periodOptions(b);
  const chosen = resolvePeriod(key, options);
  const period: PeriodRef = { key: chosen.key, label: chosen.label, start: chosen.start, end: chosen.end };
  const spans = overviewSpans(period, b.today, keyOf(period));
  const chartMonths = monthsBetween(monthOf(spans[2]!.start), monthOf(spans[2]!.end));
  const parts =
    guessedParts && guessed && sameSpan(guessed, period) && today === b.today
      ? guessedParts
      : await rollupsFor(family.familyId, spans);
  const stats = statsOf(parts, period, b.active);
  const position = positionFromFigures(sumCells(cellsOf(parts, period, b.active)));
  const uploads = b.accounts
    .filter(isActive)
    .map((a) => a.last_statement_upload)
    .filter((d): d is string => Boolean(d));
  return {
    ...stats,
    last_updated: uploads.length ? uploads.reduce((x, y) => (x > y ? x : y)) : null,
    range: b.range,
    range_note: availableRangeNote(b.range),
    periods: options,
    position: {
      money_in: position.moneyIn,
      money_out: position.moneyOut,
      internal_movement: position.internalMovement,
      transfers: position.transfers,
      net: position.net,
      transaction_count: position.transactionCount,
      confidence: position.confidence,
      text: periodPositionText(position.net, position.transactionCount, period),
    },
    connected_accounts: b.active.size,
    transactions_processed: b.range.totalTransactions,
    months: monthPoints(parts, chartMonths, b.active),
    data_quality: dataQuality(b),
  };
}

const inSpan = (day: string, span: Span) => day >= span.start && day <= span.end;

/**
 * GET /api/insights/account-types: each tab's figures over the 12 months up to the latest transaction (spec
 * 3 §2.2); the monthly trend is the last 30 days against the 30 before (spec 3 §9).
 */
export async function familyAccountTypes(
  deps: InsightsDeps,
  family: FamilyContext,
): Promise<AccountTypesResponse> {
  const b = await basics(deps, family.familyId);
  // the 12 months up to the family's latest transaction (or today), so older statements still show
  const end = b.range.latestDate && b.range.latestDate < b.today ? b.range.latestDate : b.today;
  const months = monthsBetween(shiftMonth(monthOf(end), -(ACCOUNT_TYPES_WINDOW_MONTHS - 1)), monthOf(end));
  const window = { start: `${months[0]}-01`, end };
  const trend = trendWindows(b.now, DEFAULT_TIME_ZONE);
  const trendSpan = { start: trend.earlier.start, end: trend.recent.end };
  const parts = await rollupsFor(family.familyId, [window, trendSpan], [trendSpan]);
  const cells = cellsOf(parts, window, b.active);
  const trendCells = periodCells(
    parts.filter((p) => p.cells).map((p) => ({ month: p.month, cells: p.cells })),
    trendSpan,
  ).filter((c) => b.active.has(c.account));
  const accounts = b.accounts.filter(isActive);
  const types: AccountTypeStats[] = (Object.keys(ACCOUNT_TYPE_TABS) as AccountTypeTab[]).map((type) => {
    const gathered: readonly string[] = ACCOUNT_TYPE_TABS[type];
    const ids = new Set(accounts.filter((a) => gathered.includes(a.account_type)).map((a) => a.id));
    const f = sumCells(cells, (c) => ids.has(c.account));
    const activity = activityOf(f);
    const flows = (Object.entries(f.byFlow) as Array<[EffectiveFlowType, FlowFigure]>)
      .sort((x, y) => y[1].total - x[1].total || x[0].localeCompare(y[0]))
      .slice(0, 5)
      .map(([flow, v]) => ({
        flow,
        label: flowTypeLabel(flow),
        total: v.total / 100,
        count: flow === 'internal_transfer' ? f.transfers : v.count,
        share: activity ? Math.round((v.total / activity) * 1000) / 10 : 0,
      }));
    return {
      type,
      account_ids: [...ids],
      account_count: ids.size,
      transaction_count: f.movements,
      total_activity: activity / 100,
      average_transaction: f.movements ? Math.round(activity / f.movements) / 100 : 0,
      // the activity of each window (Total Activity's definition: each transfer once, money back lowering it)
      monthly_trend: trendChange(
        activityOf(sumCells(trendCells, (c) => ids.has(c.account) && inSpan(c.day, trend.recent))),
        activityOf(sumCells(trendCells, (c) => ids.has(c.account) && inSpan(c.day, trend.earlier))),
      ),
      categories: flows,
    };
  });
  return { window, types };
}
