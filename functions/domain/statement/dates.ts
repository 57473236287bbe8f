import { makeDate } from '../dates';

/**
 * Dates as UK statements print them: '01 Jan 25', '1 January', '01 Jan', '1st Jan 2025', '01/01/2025',
 * '01.01.25', '01-Jan-2025', '01/Jan/2025', '2025-01-01', 'Jan 17', 'February 1, 2022', 'Mon 6 Jan'. Numeric dates are
 * day first (UK). A date printed without a year gets one later, from the statement's period.
 */
export interface PartialDate {
  day: number;
  month: number;
  /** null when not printed. */
  year: number | null;
  /** Set on all-numeric dates that would also read month first ('02/04/22'). */
  monthFirst?: PartialDate;
  /**
   * Set on all-numeric dates that read only one way: 'day' when the first number cannot be a month
   * ('25/04/22'), 'month' when the second cannot ('04/25/22', a US-format date). Evidence for the order of
   * the whole date column.
   */
  order?: 'day' | 'month';
}

export const MONTHS: Record<string, number> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
  // Welsh, as Welsh-language and bilingual statements print the months, whole and cut short.
  ionawr: 1,
  ion: 1,
  chwefror: 2,
  chwef: 2,
  mawrth: 3,
  maw: 3,
  ebrill: 4,
  ebr: 4,
  mai: 5,
  mehefin: 6,
  meh: 6,
  gorffennaf: 7,
  gorff: 7,
  awst: 8,
  medi: 9,
  hydref: 10,
  hyd: 10,
  tachwedd: 11,
  tach: 11,
  rhagfyr: 12,
  rhag: 12,
};

/** Every month name the reader knows, English and Welsh, whole and cut short, in lower case. */
export const MONTH_NAMES: readonly string[] = Object.keys(MONTHS);

/**
 * Welsh month names, whole and cut short ('Ionawr' / 'Ion', 'Chwefror' / 'Chwef', 'Gorffennaf' / 'Gorff'),
 * as UK banks and building societies print them on the Welsh-language and bilingual statements they issue on
 * request. Never followed by another letter: 'ion' and 'hyd' are not the start of an English word.
 */
const WELSH_MONTH_NAME =
  '(?:ion(?:awr)?|chwef(?:ror)?|maw(?:rth)?|ebr(?:ill)?|mai|meh(?:efin)?|gorff(?:ennaf)?|awst|medi|hyd(?:ref)?|tach(?:wedd)?|rhag(?:fyr)?)(?![a-z])';
export const MONTH_NAME = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|${WELSH_MONTH_NAME})`;
export const ORDINAL = '(?:st|nd|rd|th)?';
const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|urday|sday)?,?\s+/i;

/** A date expression inside running text (used to find the statement period and dated headings). */
export const DATE_EXPRESSION = String.raw`(?:\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})(?!\d)|\d{1,2}${ORDINAL}[\s./-]*${MONTH_NAME}\.?,?(?:[\s./-]*(?:\d{4}|\d{2})(?![\d:]))?|${MONTH_NAME}\.?\s+\d{1,2}${ORDINAL},?(?:\s+\d{4})?)`;

function fullYear(text: string): number {
  const n = Number(text);
  if (text.length === 4) return n;
  return n < 70 ? 2000 + n : 1900 + n;
}

export function valid(day: number, month: number, year: number | null): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || day < 1) return false;
  // Without a year, 29 February is allowed (a leap year may follow).
  return day <= daysInMonth(year ?? 2024, month);
}

/**
 * The days of a month, and a date's ISO form, worked out once each (a statement's rows weigh every year of
 * the period for each date): keyed by year, month and day where they are whole numbers in range.
 */
const daysSeen = new Map<number, number>();
function daysInMonth(year: number, month: number): number {
  const key = Number.isInteger(year) && year >= 0 && year < 10_000 ? year * 16 + month : null;
  let days = key === null ? undefined : daysSeen.get(key);
  if (days === undefined) {
    days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    if (key !== null && daysSeen.size < 10_000) daysSeen.set(key, days);
  }
  return days;
}
const isoSeen = new Map<number, string>();

export function result(day: number, month: number, year: number | null): PartialDate | null {
  return valid(day, month, year) ? { day, month, year } : null;
}

/**
 * An all-numeric date: day first (UK) when it reads so, with its month-first reading beside it when that
 * reads too; month first only when day first cannot be a date ('01/15/2024', a US-format statement).
 */
function numeric(first: number, second: number, year: number | null): PartialDate | null {
  const dayFirst = result(first, second, year);
  const monthFirst = first !== second ? result(second, first, year) : null;
  if (dayFirst && monthFirst) return { ...dayFirst, monthFirst };
  if (dayFirst) return first !== second && first > 12 ? { ...dayFirst, order: 'day' } : dayFirst;
  return monthFirst ? { ...monthFirst, order: 'month' } : null;
}

/** A numeric date read in the given order (the order the whole statement prints its dates in). */
export function inOrder(date: PartialDate, order: 'day' | 'month'): PartialDate {
  return order === 'month' && date.monthFirst ? date.monthFirst : date;
}

const HAS_DIGIT = /[0-9]/;
// The named-month forms of a whole cell, built once: day first ('17 Sep 2024', '1st March'), month first ('Sep 17').
// The month's name may stand between slashes ('06/Jan/2025'), as core banking systems print it.
const DAY_MONTH = new RegExp(
  `^(\\d{1,2})${ORDINAL}(?:[ .-]?|/)(${MONTH_NAME})\\.?,?(?:(?:[ .-]?|/)(\\d{4}|\\d{2}))?$`,
);
const MONTH_DAY = new RegExp(`^(${MONTH_NAME})\\.? ?(\\d{1,2})${ORDINAL},?(?: (\\d{4}))?$`);

/** Parses a whole cell as a date; null when it is not one. */
export function parseDate(text: string): PartialDate | null {
  // Every form has a digit (the patterns' \d is ASCII's): a description's words have none.
  if (!HAS_DIGIT.test(text)) return null;
  const t = text.trim().replace(WEEKDAY, '').replace(/[,.]$/, '').replace(/\s+/g, ' ').toLowerCase();
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return result(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/.exec(t);
  if (m) return numeric(Number(m[1]), Number(m[2]), fullYear(m[3] ?? ''));
  m = /^(\d{1,2})\/(\d{1,2})$/.exec(t);
  if (m) return numeric(Number(m[1]), Number(m[2]), null);
  m = DAY_MONTH.exec(t);
  if (m) return result(Number(m[1]), MONTHS[m[2] ?? ''] ?? 0, m[3] ? fullYear(m[3]) : null);
  // Month first ('Sep 17', as American Express prints it); a scan's OCR may run the two together ('Sep17').
  m = MONTH_DAY.exec(t);
  if (m) return result(Number(m[2]), MONTHS[m[1] ?? ''] ?? 0, m[3] ? fullYear(m[3]) : null);
  return null;
}

/**
 * The longest leading run of words (up to 4) that reads as a date, and how many words it took.
 * `['01', 'Jan', 'TESCO']` → 01 Jan, 2 words.
 */
export function parseLeadingDate(words: readonly string[]): { date: PartialDate; used: number } | null {
  for (let n = Math.min(4, words.length); n >= 1; n--) {
    const date = parseDate(words.slice(0, n).join(' '));
    if (date) return { date, used: n };
  }
  return null;
}

export function toIso(date: PartialDate, year: number): string {
  const { month, day } = date;
  const key =
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 0 &&
    year < 10_000 &&
    month >= 0 &&
    month < 16 &&
    day >= 0 &&
    day < 32
      ? (year * 16 + month) * 32 + day
      : null;
  let iso = key === null ? undefined : isoSeen.get(key);
  if (iso === undefined) {
    iso = makeDate(year, month, day);
    if (key !== null && isoSeen.size < 50_000) isoSeen.set(key, iso);
  }
  return iso;
}
