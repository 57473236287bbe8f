/**
 * Calendar helpers for 'YYYY-MM-DD' transaction dates. Dates are civil days (no time zone); "today" is taken
 * from a passed-in clock in the family's time zone (Europe/London by default, spec 2 §9), never from the
 * system clock.
 */

export const DEFAULT_TIME_ZONE = 'Europe/London';
const DAY_MS = 86_400_000;

const DIGIT_POSITIONS = [0, 1, 2, 3, 5, 6, 8, 9];

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Day number since 1970-01-01 of a 'YYYY-MM-DD' date (the first 10 characters of an ISO timestamp are
 * accepted too); NaN when it is not a real calendar date. Plain arithmetic (days from civil), no Date
 * objects: matching calls it once per transaction.
 */
export function toEpochDay(date: string): number {
  if (
    typeof date !== 'string' ||
    date.length < 10 ||
    date.charCodeAt(4) !== 45 ||
    date.charCodeAt(7) !== 45
  ) {
    return Number.NaN;
  }
  for (let k = 0; k < DIGIT_POSITIONS.length; k++) {
    const c = date.charCodeAt(DIGIT_POSITIONS[k]!);
    if (c < 48 || c > 57) return Number.NaN;
  }
  const year =
    (date.charCodeAt(0) - 48) * 1000 +
    (date.charCodeAt(1) - 48) * 100 +
    (date.charCodeAt(2) - 48) * 10 +
    (date.charCodeAt(3) - 48);
  const month = (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48);
  const day = (date.charCodeAt(8) - 48) * 10 + (date.charCodeAt(9) - 48);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** True for a real 'YYYY-MM-DD' calendar date. */
export function isIsoDate(date: string): boolean {
  return date.length === 10 && !Number.isNaN(toEpochDay(date));
}

/** 'YYYY-MM-DD' of a day number. */
export function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The date `days` after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

const HOUR_MS = 3_600_000;
/** The UK's clock rule below: the rule since 1996 (the EU's); relied on through 2037. */
const LONDON_RULE_FROM = Date.UTC(1996, 0, 1);
const LONDON_RULE_UNTIL = Date.UTC(2038, 0, 1);

/** Day number of the last Sunday of `month` (1-12) in `year` (1970-01-01, day 0, was a Thursday). */
function lastSunday(year: number, month: number): number {
  const last = Math.floor(Date.UTC(year, month, 0) / DAY_MS);
  return last - ((last + 4) % 7);
}

/**
 * The civil date in Europe/London of an instant from 1996 through 2037, by the UK's rule: British Summer Time
 * (UTC+1) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October, GMT
 * otherwise. Plain arithmetic: a page that shows "today" does not wait for the browser's time-zone data.
 */
function londonDate(ms: number): string {
  const year = new Date(ms).getUTCFullYear();
  const summer = ms >= lastSunday(year, 3) * DAY_MS + HOUR_MS && ms < lastSunday(year, 10) * DAY_MS + HOUR_MS;
  return fromEpochDay(Math.floor((ms + (summer ? HOUR_MS : 0)) / DAY_MS));
}

/** The civil date of the instant `now` in `timeZone`, as 'YYYY-MM-DD'. */
export function localDate(now: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const ms = now.getTime();
  if (timeZone === DEFAULT_TIME_ZONE && ms >= LONDON_RULE_FROM && ms < LONDON_RULE_UNTIL)
    return londonDate(ms);
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts = f.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Year, month (1-12) and day of a 'YYYY-MM-DD' date. */
export function dateParts(date: string): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

/** 'YYYY-MM-DD' of year/month/day, where month may over- or underflow (month 0 is December before). */
export function makeDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** Last day of the month of year/month (month may over- or underflow). */
export function endOfMonth(year: number, month: number): string {
  return makeDate(year, month + 1, 0);
}

/** The months' names in English, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'March 2026' of the month '2026-03'. */
export function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`.trim();
}
