import { DEFAULT_TIME_ZONE, localDate, toEpochDay } from './dates';

/**
 * en-GB formatting (spec 1 §9, spec 2 §9, spec 3 §9): pounds sterling, counts, dates, relative dates and
 * badge counts. Money, counts and dates (dd/mm/yyyy, d Mon yyyy) are written out by hand, exactly as Intl's
 * en-GB formats write them (the tests compare the two): the first use of Intl in a page loads the browser's
 * locale data, tens of milliseconds that the overview's first figures would otherwise wait for. Intl still
 * formats what the hand does not cover (amounts from 1e21, NaN, infinities, years outside 1000-9999).
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

/** `digits` (a string of digits) with a comma between each group of three, as en-GB writes them. */
function grouped(digits: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3)
    out = end - 3 > 0 ? `,${digits.slice(end - 3, end)}${out}` : `${digits.slice(0, end)}${out}`;
  return out;
}

/**
 * `amount` (finite, not negative, below 1e21) rounded to `decimals` places as Intl rounds: on the number's
 * shortest decimal form (2.675 is '2.675', so 2.68), halves away from zero. Its whole part and its fraction.
 */
function roundedParts(amount: number, decimals: number): [string, string] {
  let text = String(amount);
  // Exponent form below 1e21 is only for amounts under 1e-6: nothing at 2 decimals.
  if (text.includes('e')) text = '0';
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= decimals) return [whole, fraction.padEnd(decimals, '0')];
  let digits = whole + fraction.slice(0, decimals);
  if (fraction.charCodeAt(decimals) >= 53 /* '5' */) {
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === '9') i--;
    digits =
      i < 0
        ? `1${'0'.repeat(digits.length)}`
        : digits.slice(0, i) +
          String.fromCharCode(digits.charCodeAt(i) + 1) +
          '0'.repeat(digits.length - i - 1);
  }
  return [digits.slice(0, digits.length - decimals) || '0', digits.slice(digits.length - decimals)];
}

/** £ amount in en-GB with the given decimals (e.g. '£1,234.50', '-£12'). */
export function formatMoney(amount: number, decimals: 0 | 2 = 2): string {
  if (Number.isFinite(amount) && Math.abs(amount) < 1e21) {
    const [whole, fraction] = roundedParts(Math.abs(amount), decimals);
    // An amount that rounds to nothing has no sign (Intl's '-£0' is not a figure anyone reads).
    const zero = /^0*$/.test(whole + fraction);
    return `${amount < 0 && !zero ? '-' : ''}£${grouped(whole)}${fraction ? `.${fraction}` : ''}`;
  }
  const f = moneyFormat(decimals);
  const s = f.format(amount);
  // Intl gives '-£0' for tiny negatives rounded away
  return s === f.format(-0) ? f.format(0) : s;
}

/** A whole count in en-GB (e.g. '12,345'), as `n.toLocaleString('en-GB')` writes it. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-GB');
  return `${n < 0 ? '-' : ''}${grouped(String(Math.abs(n)))}`;
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

/** en-GB's short month names, as Intl writes them (CLDR: 'Sept'). */
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

function civilInstant(date: string): Date | null {
  const day = toEpochDay(date);
  return Number.isNaN(day) ? null : new Date(day * 86_400_000);
}

/** en-GB date 'dd/mm/yyyy' of a 'YYYY-MM-DD' date; the input unchanged when it is not a date. */
export function formatDate(date: string): string {
  const d = civilInstant(date);
  if (!d) return date;
  // 'YYYY-MM-DD' is already the civil date: dd/mm/yyyy is its parts in the other order.
  if (/^\d{4}-\d{2}-\d{2}$/.test(date.slice(0, 10)) && date[0] !== '0')
    return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
  return shortDates().format(d);
}

/** en-GB date 'd Mon yyyy' (e.g. '5 Mar 2024') of a 'YYYY-MM-DD' date. */
export function formatDateMedium(date: string): string {
  const d = civilInstant(date);
  if (!d) return date;
  if (/^\d{4}-\d{2}-\d{2}$/.test(date.slice(0, 10)) && date[0] !== '0')
    return `${Number(date.slice(8, 10))} ${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
  return mediumDates().format(d);
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
