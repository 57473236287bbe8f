import { addDays, DEFAULT_TIME_ZONE, localDate, toEpochDay } from './dates';

/**
 * Percentage change between periods (spec 3 §5 "Percentage change") and the monthly trend (spec 3 §9).
 */

export type Trend = 'up' | 'down' | 'flat';

export interface PercentageChange {
  /** Percent change, rounded for display (whole number at 100% or more, else 1 decimal). */
  value: number;
  trend: Trend;
  /** '+12.5%', '-3.0%', '+150%', '0%', 'New' or 'Ended'. */
  display: string;
}

export const FLAT_THRESHOLD_PERCENT = 2;
export const TINY_PREVIOUS = 0.001;

function round(p: number): number {
  return Math.abs(p) >= 100 ? Math.round(p) : Math.round(p * 10) / 10;
}

function show(p: number): string {
  const r = round(p);
  const text = Math.abs(p) >= 100 ? String(Math.abs(r)) : Math.abs(r).toFixed(1);
  return `${r < 0 ? '-' : '+'}${text}%`;
}

/**
 * Percentage change of `current` against `previous` (spec 3 §5):
 * - previous 0 and current 0: 0%, flat;
 * - previous 0 otherwise: +100% or -100%;
 * - previous under 0.001 in magnitude (but not 0): 'New' when current is higher, 'Ended' when lower (±100);
 * - otherwise (current − previous) / |previous| × 100, flat within ±2% (inclusive);
 * - 100% or more is a whole number, otherwise one decimal place.
 */
export function percentageChange(current: number, previous: number): PercentageChange {
  if (previous === 0) {
    if (current === 0) return { value: 0, trend: 'flat', display: '0%' };
    return current > 0
      ? { value: 100, trend: 'up', display: '+100%' }
      : { value: -100, trend: 'down', display: '-100%' };
  }
  if (Math.abs(previous) < TINY_PREVIOUS) {
    if (current === previous) return { value: 0, trend: 'flat', display: '0%' };
    return current > previous
      ? { value: 100, trend: 'up', display: 'New' }
      : { value: -100, trend: 'down', display: 'Ended' };
  }
  const p = ((current - previous) / Math.abs(previous)) * 100;
  const trend: Trend = Math.abs(p) <= FLAT_THRESHOLD_PERCENT + 1e-9 ? 'flat' : p > 0 ? 'up' : 'down';
  return { value: round(p), trend, display: show(p) };
}

export const TREND_WINDOW_DAYS = 30;

/**
 * Monthly trend (spec 3 §9): activity (sum of amounts) of the last 30 days, today included, against the 30
 * days before, as a percent change with 1 decimal. The spec's "earlier period" is read as the equal-length
 * window before. 0 when both are empty, 100 when only the recent window has activity.
 */
export function monthlyTrend(
  transactions: readonly { transaction_date: string; amount: number }[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): number {
  const { recent: r, earlier: e } = trendWindows(now, timeZone);
  const [recentStart, earlierStart, end] = [toEpochDay(r.start), toEpochDay(e.start), toEpochDay(r.end)];
  let recent = 0;
  let earlier = 0;
  for (const t of transactions) {
    const d = toEpochDay(t.transaction_date);
    const a = Math.abs(Number.isFinite(t.amount) ? t.amount : 0);
    if (d >= recentStart && d <= end) recent += a;
    else if (d >= earlierStart && d < recentStart) earlier += a;
  }
  return trendChange(recent, earlier);
}

/** The monthly trend's windows on `now`'s local date: the last 30 days, today included, and the 30 before. */
export function trendWindows(
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): { recent: { start: string; end: string }; earlier: { start: string; end: string } } {
  const today = localDate(now, timeZone);
  const recentStart = addDays(today, -(TREND_WINDOW_DAYS - 1));
  return {
    recent: { start: recentStart, end: today },
    earlier: { start: addDays(recentStart, -TREND_WINDOW_DAYS), end: addDays(recentStart, -1) },
  };
}

/**
 * The trend of a figure from the earlier window to the recent one, percent with 1 decimal: 0 when both are 0,
 * 100 when only the recent one has any (of the earlier figure's size, so a figure below zero, money back
 * exceeding what went out, still reads up when it rises).
 */
export function trendChange(recent: number, earlier: number): number {
  if (earlier === 0) return recent === 0 ? 0 : 100;
  return Math.round(((recent - earlier) / Math.abs(earlier)) * 1000) / 10;
}
