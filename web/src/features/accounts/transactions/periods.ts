import { dateParts, isIsoDate, localDate, makeDate } from '../../../../../functions/domain/dates';
import { formatDateMedium } from '../../../../../functions/domain/format';
import { quickPeriods } from '../../../../../functions/domain/periods';

/**
 * The period picker's choices (spec 3 §2.1 quick periods): This Month, Last Month, This Quarter, Last Quarter,
 * This Year, Last Year, All Time and a custom range. The account tables list every row, so All Time is always
 * offered (and is where they start) rather than only past 50 transactions as on the dashboard.
 */
export type PeriodKey =
  | 'this_month'
  | 'last_month'
  | 'this_quarter'
  | 'last_quarter'
  | 'this_year'
  | 'last_year'
  | 'all_time'
  | 'custom';

export interface PeriodChoice {
  key: PeriodKey;
  label: string;
}

/** The range asked of the API: inclusive YYYY-MM-DD dates, either left out for an open end. */
export interface DateRange {
  from?: string;
  to?: string;
}

export interface SelectedPeriod {
  key: PeriodKey;
  /** Only for 'custom'. */
  from?: string;
  to?: string;
}

export const DEFAULT_PERIOD: SelectedPeriod = { key: 'all_time' };

export const PERIOD_CHOICES: readonly PeriodChoice[] = [
  { key: 'this_month', label: 'This Month' },
  { key: 'last_month', label: 'Last Month' },
  { key: 'this_quarter', label: 'This Quarter' },
  { key: 'last_quarter', label: 'Last Quarter' },
  { key: 'this_year', label: 'This Year' },
  { key: 'last_year', label: 'Last Year' },
  { key: 'all_time', label: 'All Time' },
  { key: 'custom', label: 'Custom range' },
];

/** The dates of a period on `now` (the family's time zone), or a message when a custom range is not valid. */
export function periodRange(period: SelectedPeriod, now: Date): { range: DateRange } | { error: string } {
  if (period.key === 'all_time') return { range: {} };
  if (period.key === 'custom') {
    const from = period.from || undefined;
    const to = period.to || undefined;
    if ((from && !isIsoDate(from)) || (to && !isIsoDate(to))) return { error: 'Enter dates as DD/MM/YYYY' };
    if (from && to && from > to) return { error: 'The start date is after the end date' };
    return { range: { from, to } };
  }
  const { year } = dateParts(localDate(now));
  // Every quick period, Last Year included (its rule only looks at the earliest date).
  const quick = quickPeriods(now, {
    earliestDate: makeDate(year - 1, 1, 1),
    latestDate: null,
    totalTransactions: 0,
  });
  const found = quick.find((p) => p.key === period.key);
  return found ? { range: { from: found.start, to: found.end } } : { range: {} };
}

/** How a period reads in copy: its label, or a custom range as '1 Jan 2026 – 31 Jan 2026'. */
export function periodLabel(period: SelectedPeriod): string {
  if (period.key !== 'custom') return PERIOD_CHOICES.find((c) => c.key === period.key)?.label ?? '';
  const from = period.from && isIsoDate(period.from) ? formatDateMedium(period.from) : null;
  const to = period.to && isIsoDate(period.to) ? formatDateMedium(period.to) : null;
  if (from && to) return `${from} – ${to}`;
  if (from) return `from ${from}`;
  if (to) return `up to ${to}`;
  return 'All Time';
}
