import { addDays, DEFAULT_TIME_ZONE, dateParts, endOfMonth, localDate, makeDate, toEpochDay } from './dates';
import { type Figures, figuresConfidence, figuresOfRows, netOf } from './figures';
import { formatDashboardMoney, formatDate } from './format';
import type { AvailableDataRange, ConfidenceLevel, DataQuality, Period, Transaction } from './types';

/**
 * Periods, period statistics and their data quality (spec 3 §2.1 period selector and comparison, §3, §4.5,
 * §8 comparison messages, §9).
 *
 * Quick periods are whole calendar ranges in the family's time zone: This Month is the 1st to the last day of
 * the current month, quarters are Jan–Mar, Apr–Jun, Jul–Sep, Oct–Dec. The previous period is the
 * calendar month, quarter or year before a quick period, and for a custom range the same number of days
 * ending the day before it starts (see previousPeriod).
 */

export type QuickPeriodKey =
  | 'this_month'
  | 'last_month'
  | 'this_quarter'
  | 'last_quarter'
  | 'this_year'
  | 'last_year'
  | 'all_time';

export interface QuickPeriod extends Period {
  key: QuickPeriodKey;
}

export const ALL_TIME_MIN_TRANSACTIONS = 50;
export const COMPARISON_COMPLETE_MIN = 5;
export const COMPARISON_INSUFFICIENT_BELOW = 3;
export const SUMMARY_LIMITED_BELOW = 5;
export const SINGLE_ACCOUNT_LIMITED_BELOW = 20;

function quarterStartMonth(month: number): number {
  return Math.floor((month - 1) / 3) * 3 + 1;
}

/**
 * The quick periods (spec 3 §2.1): This Month, Last Month, This Quarter, Last Quarter, This Year; Last Year
 * when the data starts in last year or earlier; All Time (earliest to latest data) when there are more than
 * 50 transactions.
 */
export function quickPeriods(
  now: Date,
  range: AvailableDataRange,
  timeZone: string = DEFAULT_TIME_ZONE,
): QuickPeriod[] {
  const { year, month } = dateParts(localDate(now, timeZone));
  const q = quarterStartMonth(month);
  const periods: QuickPeriod[] = [
    { key: 'this_month', label: 'This Month', start: makeDate(year, month, 1), end: endOfMonth(year, month) },
    {
      key: 'last_month',
      label: 'Last Month',
      start: makeDate(year, month - 1, 1),
      end: endOfMonth(year, month - 1),
    },
    { key: 'this_quarter', label: 'This Quarter', start: makeDate(year, q, 1), end: endOfMonth(year, q + 2) },
    {
      key: 'last_quarter',
      label: 'Last Quarter',
      start: makeDate(year, q - 3, 1),
      end: endOfMonth(year, q - 1),
    },
    { key: 'this_year', label: 'This Year', start: makeDate(year, 1, 1), end: makeDate(year, 12, 31) },
  ];
  if (range.earliestDate && dateParts(range.earliestDate).year < year) {
    periods.push({
      key: 'last_year',
      label: 'Last Year',
      start: makeDate(year - 1, 1, 1),
      end: makeDate(year - 1, 12, 31),
    });
  }
  if (range.totalTransactions > ALL_TIME_MIN_TRANSACTIONS && range.earliestDate && range.latestDate) {
    periods.push({ key: 'all_time', label: 'All Time', start: range.earliestDate, end: range.latestDate });
  }
  return periods;
}

/** Number of days in a period, both ends included. */
export function periodLength(period: Pick<Period, 'start' | 'end'>): number {
  return toEpochDay(period.end) - toEpochDay(period.start) + 1;
}

/**
 * The period a comparison sets against `period` (spec 3 §4.5, as the README reads it): for the calendar quick
 * periods (This/Last Month, Quarter, Year) the previous calendar month, quarter or year — what "Previous
 * Month" means to a family, so a month always meets the whole month before, its 1st included; for a custom
 * range (and All Time) the equal-length window ending the day before it starts. Labelled Previous Month,
 * Quarter or Year: by the quick period's kind when given, else by length (up to 31 days a month, up to 92 a
 * quarter).
 */
export function previousPeriod(period: Pick<Period, 'start' | 'end'>, key?: QuickPeriodKey): Period {
  const calendar = key?.endsWith('month') ? 1 : key?.endsWith('quarter') ? 3 : key?.endsWith('year') ? 12 : 0;
  if (calendar) {
    const { year, month } = dateParts(period.start);
    const start = makeDate(year, month - calendar, 1);
    const last = dateParts(addDays(period.start, -1));
    const label = calendar === 1 ? 'Month' : calendar === 3 ? 'Quarter' : 'Year';
    return { start, end: endOfMonth(last.year, last.month), label: `Previous ${label}` };
  }
  const length = periodLength(period);
  const end = addDays(period.start, -1);
  const start = addDays(end, -(length - 1));
  const kind = length <= 31 ? 'Month' : length <= 92 ? 'Quarter' : 'Year';
  return { start, end, label: `Previous ${kind}` };
}

/** The earliest and latest dates and the count of a family's transaction dates (spec 3 §3). */
export function availableDataRange(dates: readonly string[]): AvailableDataRange {
  let earliest: string | null = null;
  let latest: string | null = null;
  let total = 0;
  for (const d of dates) {
    if (Number.isNaN(toEpochDay(d))) continue;
    total++;
    const day = d.slice(0, 10);
    if (earliest === null || day < earliest) earliest = day;
    if (latest === null || day > latest) latest = day;
  }
  return { earliestDate: earliest, latestDate: latest, totalTransactions: total };
}

export type StatsTransaction = Pick<
  Transaction,
  | 'transaction_date'
  | 'amount'
  | 'signed_amount'
  | 'type'
  | 'flow_type'
  | 'user_corrected_flow_type'
  | 'account_id'
>;

export interface PeriodStats {
  totalIncome: number;
  totalExpenses: number;
  totalInternalTransfers: number;
  netFlow: number;
  transactionCount: number;
  avgTransactionSize: number;
  dataQuality: DataQuality;
  /** Overall direction confidence of the transactions (spec 2 §5). */
  confidence: ConfidenceLevel;
}

/**
 * Comparison data quality (spec 3 §4.5): complete with more than 5 transactions and high confidence;
 * partial when there are transactions and confidence is not low; otherwise insufficient.
 */
export function comparisonDataQuality(transactionCount: number, confidence: ConfidenceLevel): DataQuality {
  if (transactionCount > COMPARISON_COMPLETE_MIN && confidence === 'high') return 'complete';
  if (transactionCount > 0 && confidence !== 'low') return 'partial';
  return 'insufficient';
}

function inPeriod(date: string, period?: Pick<Period, 'start' | 'end'>): boolean {
  if (!period) return true;
  const d = date.slice(0, 10);
  return d >= period.start && d <= period.end;
}

const pounds = (pence: number) => pence / 100;

/**
 * Period statistics (spec 3 §3) from summed figures (./figures.ts): Income is money in, Expenses money out
 * (a refund on an expense lowers it; unclassified rows count by their direction), Net Flow = Income −
 * Expenses (the headline's net), internal transfers each counted once; avgTransactionSize = mean magnitude
 * of all the period's rows; dataQuality per comparisonDataQuality.
 */
export function statsFromFigures(f: Figures): PeriodStats {
  const confidence = figuresConfidence(f);
  return {
    totalIncome: pounds(f.income),
    totalExpenses: pounds(f.expenses),
    totalInternalTransfers: pounds(f.internal),
    netFlow: pounds(netOf(f)),
    transactionCount: f.count,
    avgTransactionSize: f.count ? Math.round(f.abs / f.count) / 100 : 0,
    dataQuality: comparisonDataQuality(f.count, confidence),
    confidence,
  };
}

/** Period summary (periodSummary) from summed figures. */
export function summaryFromFigures(f: Figures): PeriodSummary {
  const stats = statsFromFigures(f);
  const accountsActive = f.accounts.size;
  const q = periodSummaryQuality({
    transactionCount: stats.transactionCount,
    confidence: stats.confidence,
    accountsActive,
  });
  return { ...stats, accountsActive, summaryQuality: q.quality, qualityMessage: q.message };
}

/** Period statistics of rows (statsFromFigures over the rows in the period). */
export function periodStats(
  transactions: readonly StatsTransaction[],
  period?: Pick<Period, 'start' | 'end'>,
): PeriodStats {
  return statsFromFigures(figuresOfRows(transactions, (t) => inPeriod(t.transaction_date, period)));
}

/** Stats used when loading fails (spec 3 §8): zeros with insufficient quality. */
export const EMPTY_PERIOD_STATS: Readonly<PeriodStats> = Object.freeze({
  totalIncome: 0,
  totalExpenses: 0,
  totalInternalTransfers: 0,
  netFlow: 0,
  transactionCount: 0,
  avgTransactionSize: 0,
  dataQuality: 'insufficient',
  confidence: 'low',
});

export const PERIOD_QUALITY_MESSAGES = {
  none: 'No transactions found for this period',
  lowConfidence: 'Data quality issues detected in calculations',
  limited: 'Limited transaction data - results may not be representative',
  singleAccount: 'Single account with limited activity',
} as const;

/**
 * Period summary quality (spec 3 §4.5), first rule that applies:
 * 0 transactions → insufficient; low confidence → insufficient; fewer than 5 or medium confidence → partial;
 * one account with fewer than 20 transactions → partial; otherwise complete (no message).
 */
export function periodSummaryQuality(input: {
  transactionCount: number;
  confidence: ConfidenceLevel;
  accountsActive: number;
}): { quality: DataQuality; message: string | null } {
  const { transactionCount: n, confidence, accountsActive } = input;
  if (n === 0) return { quality: 'insufficient', message: PERIOD_QUALITY_MESSAGES.none };
  if (confidence === 'low')
    return { quality: 'insufficient', message: PERIOD_QUALITY_MESSAGES.lowConfidence };
  if (n < SUMMARY_LIMITED_BELOW || confidence === 'medium')
    return { quality: 'partial', message: PERIOD_QUALITY_MESSAGES.limited };
  if (accountsActive === 1 && n < SINGLE_ACCOUNT_LIMITED_BELOW) {
    return { quality: 'partial', message: PERIOD_QUALITY_MESSAGES.singleAccount };
  }
  return { quality: 'complete', message: null };
}

export interface PeriodSummary extends PeriodStats {
  accountsActive: number;
  summaryQuality: DataQuality;
  qualityMessage: string | null;
}

/** Period summary (spec 3 §3): the stats plus accounts active in the period and the quality message. */
export function periodSummary(
  transactions: readonly StatsTransaction[],
  period: Pick<Period, 'start' | 'end'>,
): PeriodSummary {
  return summaryFromFigures(figuresOfRows(transactions, (t) => inPeriod(t.transaction_date, period)));
}

/**
 * The selector's data-quality dot for a period (spec 3 §4.5): no data → insufficient 'No transaction data
 * available'; starts after the latest data → insufficient 'Period is newer than available data'; starts
 * before the earliest data → partial 'Data available from {date}'; ends before today but after the latest
 * data → partial 'Data available until {date}'; otherwise complete. Additions: a period that ends before the
 * earliest data has none of it, so it is insufficient (still 'Data available from {date}'); a period inside
 * the data's range without a transaction of its own (`hasRows` false) is insufficient, 'No transactions
 * found for this period', never complete.
 */
export function periodMarker(
  period: Pick<Period, 'start' | 'end'>,
  range: AvailableDataRange,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
  hasRows?: boolean,
): { quality: DataQuality; message: string | null } {
  const { earliestDate: earliest, latestDate: latest } = range;
  if (!earliest || !latest || range.totalTransactions === 0) {
    return { quality: 'insufficient', message: 'No transaction data available' };
  }
  if (hasRows === false && period.start <= latest && period.end >= earliest)
    return { quality: 'insufficient', message: PERIOD_QUALITY_MESSAGES.none };
  if (period.start > latest)
    return { quality: 'insufficient', message: 'Period is newer than available data' };
  if (period.end < earliest)
    return { quality: 'insufficient', message: `Data available from ${formatDate(earliest)}` };
  if (period.start < earliest)
    return { quality: 'partial', message: `Data available from ${formatDate(earliest)}` };
  const today = localDate(now, timeZone);
  if (period.end < today && period.end > latest) {
    return { quality: 'partial', message: `Data available until ${formatDate(latest)}` };
  }
  return { quality: 'complete', message: null };
}

/** Note under the selector: the available range and transaction count. */
export function availableRangeNote(range: AvailableDataRange): string {
  if (!range.earliestDate || !range.latestDate) return 'No transaction data available';
  const n = range.totalTransactions;
  return `${n} transaction${n === 1 ? '' : 's'} from ${formatDate(range.earliestDate)} to ${formatDate(range.latestDate)}`;
}

export const COMPARISON_MESSAGES = {
  loadFailed: 'Unable to load period comparison data',
  insufficient: 'Insufficient data for meaningful comparison',
  insufficientHint: 'Upload more statements to see period-over-period trends',
  limitedWarning:
    'Comparison includes periods with limited transaction data. Results may not be fully representative of your financial patterns.',
  summaryFailed: 'Unable to load period summary',
  summaryFailedHint: 'Try selecting a different period or uploading statements',
} as const;

/**
 * Comparison state (spec 3 §8): insufficient when both periods have fewer than 3 transactions; a warning
 * when either period's data quality is not complete.
 */
export function comparisonState(
  current: Pick<PeriodStats, 'transactionCount' | 'dataQuality'>,
  previous: Pick<PeriodStats, 'transactionCount' | 'dataQuality'>,
): { insufficient: boolean; warning: string | null } {
  const insufficient =
    current.transactionCount < COMPARISON_INSUFFICIENT_BELOW &&
    previous.transactionCount < COMPARISON_INSUFFICIENT_BELOW;
  const limited = current.dataQuality !== 'complete' || previous.dataQuality !== 'complete';
  return { insufficient, warning: !insufficient && limited ? COMPARISON_MESSAGES.limitedWarning : null };
}

/** The true-position text (spec 3 §2.1): ahead when the net position is 0 or more. */
export function positionText(net: number): string {
  return net >= 0 ? "You're ahead this month" : "You're behind this month";
}

/**
 * The true-position text of a period: positionText, naming the period when it is not This Month; a period
 * without transactions is neither ahead nor behind (spec 3 §8's 'No transactions found for this period').
 */
export function periodPositionText(
  net: number,
  transactionCount: number,
  period: { key: string; label: string },
): string {
  if (transactionCount === 0) return PERIOD_QUALITY_MESSAGES.none;
  return period.key === 'this_month'
    ? positionText(net)
    : `${positionText(net).replace(' this month', '')} for ${period.label.toLowerCase()}`;
}

/** The one-line quick summary in / out / net (spec 3 §2.1), in whole pounds. */
export function quickSummary(stats: Pick<PeriodStats, 'totalIncome' | 'totalExpenses' | 'netFlow'>): string {
  return `${formatDashboardMoney(stats.totalIncome)} in / ${formatDashboardMoney(stats.totalExpenses)} out / ${formatDashboardMoney(stats.netFlow)} net`;
}
