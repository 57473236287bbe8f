import { dateParts, localDate } from '../../../../functions/domain/dates';

/**
 * Spend by Category's periods (spec 3 §2.1 quick periods, §9 default the current month): whole calendar
 * months, as the spending figures are kept (per month). All Time needs no months: the API's widest range.
 */
export const SPENDING_PERIODS = [
  { key: 'this_month', label: 'This Month' },
  { key: 'last_month', label: 'Last Month' },
  { key: 'this_quarter', label: 'This Quarter' },
  { key: 'last_quarter', label: 'Last Quarter' },
  { key: 'this_year', label: 'This Year' },
  { key: 'last_year', label: 'Last Year' },
] as const;
export type SpendingPeriodKey = (typeof SPENDING_PERIODS)[number]['key'];
export const DEFAULT_SPENDING_PERIOD: SpendingPeriodKey = 'this_month';

/**
 * The period the screen opens on: as the Family Overview chooses its own, the first quick period (This Month,
 * then Last Month, …) whose data is not insufficient by the overview's period markers; This Month when none
 * has data or the markers are not known.
 */
export function openingSpendingPeriod(
  options: ReadonlyArray<{ key: string; quality: string }> | undefined,
): SpendingPeriodKey {
  const keys = new Set<string>(SPENDING_PERIODS.map((p) => p.key));
  const found = (options ?? []).find((o) => keys.has(o.key) && o.quality !== 'insufficient');
  return (found?.key as SpendingPeriodKey | undefined) ?? DEFAULT_SPENDING_PERIOD;
}

const month = (year: number, m: number) => {
  const d = new Date(Date.UTC(year, m - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The months (YYYY-MM, inclusive) of a period, in the family's time zone. */
export function periodMonths(key: SpendingPeriodKey, now: Date): { from: string; to: string } {
  const { year, month: m } = dateParts(localDate(now));
  const q = Math.floor((m - 1) / 3) * 3 + 1;
  switch (key) {
    case 'this_month':
      return { from: month(year, m), to: month(year, m) };
    case 'last_month':
      return { from: month(year, m - 1), to: month(year, m - 1) };
    case 'this_quarter':
      return { from: month(year, q), to: month(year, q + 2) };
    case 'last_quarter':
      return { from: month(year, q - 3), to: month(year, q - 1) };
    case 'this_year':
      return { from: month(year, 1), to: month(year, 12) };
    case 'last_year':
      return { from: month(year - 1, 1), to: month(year - 1, 12) };
  }
}
