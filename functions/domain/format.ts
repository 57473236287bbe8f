import { DEFAULT_TIME_ZONE, localDate, toEpochDay } from './dates';

/**
 * en-GB formatting (spec 1 §9, spec 2 §9, spec 3 §9): pounds sterling via Intl, dates, relative dates and
 * badge counts.
 */

const money = new Map<number, Intl.NumberFormat>();
function moneyFormat(decimals: number): Intl.NumberFormat {
  let f = money.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: 'GBP',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    money.set(decimals, f);
  }
  return f;
}

/** £ amount in en-GB with the given decimals (e.g. '£1,234.50', '-£12'). */
export function formatMoney(amount: number, decimals: 0 | 2 = 2): string {
  const f = moneyFormat(decimals);
  const s = f.format(amount);
  // Intl gives '-£0' for tiny negatives rounded away
  return s === f.format(-0) ? f.format(0) : s;
}

/** Dashboard money: whole pounds (spec 3 §9 "shown with no decimals on the dashboard"). */
export function formatDashboardMoney(amount: number): string {
  return formatMoney(amount, 0);
}

/** Classification screen money: 2 decimals (spec 2 §2, §9). */
export function formatClassificationAmount(amount: number): string {
  return formatMoney(amount, 2);
}

// Made on first use, as the money formats are: a page that shows no date never builds them.
let dateShort: Intl.DateTimeFormat | null = null;
let dateMedium: Intl.DateTimeFormat | null = null;
function shortDates(): Intl.DateTimeFormat {
  dateShort ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return dateShort;
}
function mediumDates(): Intl.DateTimeFormat {
  dateMedium ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return dateMedium;
}

function civilInstant(date: string): Date | null {
  const day = toEpochDay(date);
  return Number.isNaN(day) ? null : new Date(day * 86_400_000);
}

/** en-GB date 'dd/mm/yyyy' of a 'YYYY-MM-DD' date; the input unchanged when it is not a date. */
export function formatDate(date: string): string {
  const d = civilInstant(date);
  return d ? shortDates().format(d) : date;
}

/** en-GB date 'd Mon yyyy' (e.g. '5 Mar 2024') of a 'YYYY-MM-DD' date. */
export function formatDateMedium(date: string): string {
  const d = civilInstant(date);
  return d ? mediumDates().format(d) : date;
}

/**
 * Relative date (spec 1 §9, spec 3 §9): 'Today', 'Yesterday', 'N days ago' under 7 days, otherwise the en-GB
 * date. Future dates show the date. `date` is 'YYYY-MM-DD' or an ISO timestamp (its civil date in the time
 * zone is used).
 */
export function relativeDate(date: string, now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  let civil = date;
  if (date.length > 10 && date.includes('T')) {
    const instant = new Date(date);
    if (Number.isNaN(instant.getTime())) return date;
    civil = localDate(instant, timeZone);
  }
  const days = toEpochDay(localDate(now, timeZone)) - toEpochDay(civil);
  if (Number.isNaN(days)) return date;
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return `${days} days ago`;
  return formatDate(civil);
}

/** Badge count capped at '99+' (spec 1 §9, spec 3 §9). */
export function badgeCount(n: number): string {
  return n > 99 ? '99+' : String(Math.max(0, Math.trunc(n)));
}

/** Percent with one decimal, e.g. '12.5%'. */
export function formatPercent(value: number, decimals = 1): string {
  return `${value.toFixed(decimals)}%`;
}
