import { makeDate, toEpochDay } from '../dates';

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

const MONTHS: Record<string, number> = {
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
const MONTH_NAME = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|${WELSH_MONTH_NAME})`;
const ORDINAL = '(?:st|nd|rd|th)?';
const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|urday|sday)?,?\s+/i;

/** A date expression inside running text (used to find the statement period and dated headings). */
export const DATE_EXPRESSION = String.raw`(?:\d{4}-\d{2}-\d{2}|\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})(?!\d)|\d{1,2}${ORDINAL}[\s./-]*${MONTH_NAME}\.?,?(?:[\s./-]*(?:\d{4}|\d{2})(?![\d:]))?|${MONTH_NAME}\.?\s+\d{1,2}${ORDINAL},?(?:\s+\d{4})?)`;

function fullYear(text: string): number {
  const n = Number(text);
  if (text.length === 4) return n;
  return n < 70 ? 2000 + n : 1900 + n;
}

function valid(day: number, month: number, year: number | null): boolean {
  if (!Number.isInteger(month) || month < 1 || month > 12 || day < 1) return false;
  // Without a year, 29 February is allowed (a leap year may follow).
  return day <= new Date(Date.UTC(year ?? 2024, month, 0)).getUTCDate();
}

function result(day: number, month: number, year: number | null): PartialDate | null {
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

/**
 * The order a statement prints its numeric dates in, decided from all of them: a date that reads only one
 * way ('01/15/2024' month first, '25/01/2024' day first) decides; when every date reads both ways, the
 * reading that puts more of them inside the printed period wins; without a period, the one that puts more
 * of them in the two months up to the statement date, then the one whose dates run in order (oldest or
 * newest first). Day first (UK) when nothing tells them apart.
 */
export function numericDateOrder(
  dates: readonly PartialDate[],
  period: { start: string; end: string } | null,
  periodOrder: 'day' | 'month' | null = null,
  /** A date the statement cannot be later than (its statement date): its dates fall in the weeks before. */
  latest: string | null = null,
): 'day' | 'month' {
  const month = dates.filter((d) => d.order === 'month').length + (periodOrder === 'month' ? 1 : 0);
  const day = dates.filter((d) => d.order === 'day').length + (periodOrder === 'day' ? 1 : 0);
  if (month || day) return month > day ? 'month' : 'day';
  const ambiguous = dates.filter((d) => d.monthFirst);
  if (!ambiguous.length) return 'day';
  if (period) {
    const inside = (order: 'day' | 'month') =>
      ambiguous.filter((d) => {
        const read = inOrder(d, order);
        return (
          distanceToInterval(
            toIso(read, read.year ?? yearWithinPeriod(read, period)),
            period.start,
            period.end,
          ) <= 7
        );
      }).length;
    return inside('month') > inside('day') ? 'month' : 'day';
  }
  if (latest) {
    const end = toEpochDay(latest);
    const before = (order: 'day' | 'month') =>
      ambiguous.filter((d) => {
        const read = inOrder(d, order);
        const year = read.year ?? Number(latest.slice(0, 4));
        let day = toEpochDay(toIso(read, year));
        if (read.year === null && day > end) day = toEpochDay(toIso(read, year - 1));
        return end - day >= 0 && end - day <= 62;
      }).length;
    const month = before('month');
    const day = before('day');
    if (month !== day) return month > day ? 'month' : 'day';
  }
  // Steps out of order, counted the way the rows run (oldest or newest first, whichever fits better).
  const disorder = (order: 'day' | 'month') => {
    const keys = dates.map((d) => {
      const read = inOrder(d, order);
      return (read.year ?? 0) * 400 + read.month * 32 + read.day;
    });
    let up = 0;
    let down = 0;
    for (let i = 1; i < keys.length; i++) {
      if (keys[i]! < keys[i - 1]!) up++;
      if (keys[i]! > keys[i - 1]!) down++;
    }
    return Math.min(up, down);
  };
  return disorder('month') < disorder('day') ? 'month' : 'day';
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
  return makeDate(year, date.month, date.day);
}

/** Day distance from `date` to the interval [start, end] (0 inside it). */
function distanceToInterval(date: string, start: string, end: string): number {
  const d = toEpochDay(date);
  const s = toEpochDay(start);
  const e = toEpochDay(end);
  if (d < s) return s - d;
  if (d > e) return d - e;
  return 0;
}

/**
 * A numeric date is read day first (UK). Only when that falls well outside the statement period and the
 * month-first reading falls inside it is it read month first ('02/04/22' on a February statement).
 */
export function withinPeriodOrder(date: PartialDate, period: { start: string; end: string }): PartialDate {
  if (!date.monthFirst || date.year === null) return date;
  const outside = distanceToInterval(toIso(date, date.year), period.start, period.end);
  const swapped = date.monthFirst;
  return outside > 7 && distanceToInterval(toIso(swapped, date.year), period.start, period.end) === 0
    ? swapped
    : date;
}

/** Every year that puts a yearless date inside the period (more than one only when it runs over a year). */
export function yearsInPeriod(date: PartialDate, period: { start: string; end: string }): number[] {
  const years: number[] = [];
  for (let year = Number(period.start.slice(0, 4)); year <= Number(period.end.slice(0, 4)); year++) {
    if (
      valid(date.day, date.month, year) &&
      distanceToInterval(toIso(date, year), period.start, period.end) === 0
    )
      years.push(year);
  }
  return years;
}

/** The year that puts a yearless date inside (or nearest to) the statement period. */
export function yearWithinPeriod(date: PartialDate, period: { start: string; end: string }): number {
  const startYear = Number(period.start.slice(0, 4));
  const endYear = Number(period.end.slice(0, 4));
  let best = endYear;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let year = startYear - 1; year <= endYear + 1; year++) {
    if (!valid(date.day, date.month, year)) continue;
    const distance = distanceToInterval(toIso(date, year), period.start, period.end);
    if (distance < bestDistance) {
      best = year;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Years for a run of dates in statement order when no period is known, counting back from `latest` (a
 * date the statement cannot be later than): the last date takes latest's year (or the one before if it
 * would fall after latest), and each step back across a New Year (month going up) takes a year off.
 */
export function yearsBackFrom(dates: readonly PartialDate[], latest: string): number[] {
  const years: number[] = new Array(dates.length);
  const latestYear = Number(latest.slice(0, 4));
  const latestKey = Number(latest.slice(5, 7)) * 100 + Number(latest.slice(8, 10));
  let next: PartialDate | null = null;
  let year = latestYear;
  for (let i = dates.length - 1; i >= 0; i--) {
    const date = dates[i]!;
    if (date.year !== null) {
      year = date.year;
    } else if (next === null) {
      year = date.month * 100 + date.day > latestKey ? latestYear - 1 : latestYear;
    } else if (date.month > next.month + 6) {
      year -= 1;
    } else if (next.month > date.month + 6) {
      year += 1;
    }
    // The anchor is a date the statement cannot be later than: a row half a year before the next one
    // ('20 Dec' above '08 Jun', statement date 13 June 25) is in the year before, not after the anchor.
    if (date.year === null && year >= latestYear && date.month * 100 + date.day > latestKey) {
      year = latestYear - 1;
    }
    years[i] = year;
    next = { ...date, year };
  }
  return years;
}

const PERIOD_PATTERN = new RegExp(
  // 'i' is Welsh for 'to' ('1 Chwefror i 28 Chwefror 2025').
  `(${DATE_EXPRESSION})\\s*(?:to|until|till|through|and|-|–|—|i(?=\\s))\\s*(${DATE_EXPRESSION})`,
  'i',
);
const DAY_RANGE_PATTERN = new RegExp(
  `(?<!\\d)(\\d{1,2})${ORDINAL}\\s*(?:to|-|–)\\s*(\\d{1,2})${ORDINAL}\\s+(${MONTH_NAME})\\.?,?\\s+(\\d{4})`,
  'i',
);

/**
 * A statement period in one line of text ('1 January 2025 to 31 January 2025', '1 Dec - 31 Jan 2025',
 * '01/12/2024 - 31/01/2025', '1 - 31 January 2025'); a missing year comes from the other end.
 */
export function findPeriod(text: string): { start: string; end: string } | null {
  return findPeriodAndOrder(text)?.period ?? null;
}

/**
 * The period and the order its numeric dates are printed in: 'month' when an end reads only month first
 * ('01/01/2024 - 01/31/2024'), 'day' when one reads only day first, null when it tells neither.
 */
export function findPeriodAndOrder(
  text: string,
): { period: { start: string; end: string }; order: 'day' | 'month' | null } | null {
  const days = DAY_RANGE_PATTERN.exec(text);
  if (days) {
    const month = MONTHS[(days[3] ?? '').toLowerCase()] ?? 0;
    const year = Number(days[4]);
    const start = result(Number(days[1]), month, year);
    const end = result(Number(days[2]), month, year);
    const period = start && end ? ordered(toIso(start, year), toIso(end, year)) : null;
    if (period) return { period, order: null };
  }
  const m = PERIOD_PATTERN.exec(text);
  if (!m) return null;
  const printedStart = parseDate(m[1] ?? '');
  const printedEnd = parseDate(m[2] ?? '');
  if (!printedStart || !printedEnd) return null;
  // Both ends are printed in one order: an end that reads only month first ('01/31/2024') says which.
  const told = printedStart.order ?? printedEnd.order ?? null;
  const order = periodOrder(printedStart, printedEnd);
  const period = periodIn(printedStart, printedEnd, order);
  if (period) return { period, order: told ? order : null };
  // Ends that read both ways and make no period day first ('01/05/2024 - 02/04/2024') are month first.
  const swapped = told ? null : periodIn(printedStart, printedEnd, 'month');
  return swapped ? { period: swapped, order: 'month' } : null;
}

/**
 * A period printed with no year on either end and labelled as the period ('Period 14 May to 13 June',
 * 'Statement period 14 Dec to 13 Jun'; statements whose only year is the statement date's), or a line of
 * its own naming both months ('21 December to 20 January' under an HSBC-group statement's title, its year
 * only in 'Statement date 20 January 2026'): its ends, for `yearlessPeriodBefore` to give a year.
 */
export function findYearlessPeriod(text: string): { start: PartialDate; end: PartialDate } | null {
  const m = PERIOD_PATTERN.exec(text);
  const alone = m?.[0] === text.trim() && /[a-z]{3}/i.test(m[1] ?? '') && /[a-z]{3}/i.test(m[2] ?? '');
  if (!/\bperiod\b/i.test(text) && !alone) return null;
  const start = m ? parseDate(m[1] ?? '') : null;
  const end = m ? parseDate(m[2] ?? '') : null;
  if (!start || !end || start.year !== null || end.year !== null) return null;
  return { start, end };
}

/**
 * A yearless period's dates from the statement date (ISO) that gives its year: the period ends on or before
 * the statement date, within a year of it, and starts before it ends (across a year end when its start's
 * month is later: '14 Dec to 13 Jun' dated 13 June 25 is 14 December 2024 to 13 June 2025).
 */
export function yearlessPeriodBefore(
  printed: { start: PartialDate; end: PartialDate },
  statementDate: string,
): { start: string; end: string } | null {
  const order = periodOrder(printed.start, printed.end);
  const year = Number(statementDate.slice(0, 4));
  const endingIn = (y: number) => periodIn(printed.start, { ...inOrder(printed.end, order), year: y }, order);
  const same = endingIn(year);
  return same && same.end <= statementDate ? same : endingIn(year - 1);
}

function periodIn(
  printedStart: PartialDate,
  printedEnd: PartialDate,
  order: 'day' | 'month',
): { start: string; end: string } | null {
  const start = inOrder(printedStart, order);
  const end = inOrder(printedEnd, order);
  let startYear = start.year;
  let endYear = end.year;
  if (startYear === null && endYear === null) return null;
  if (startYear === null) startYear = start.month > end.month ? endYear! - 1 : endYear!;
  if (endYear === null) endYear = end.month < start.month ? startYear + 1 : startYear;
  if (!valid(start.day, start.month, startYear) || !valid(end.day, end.month, endYear)) return null;
  return ordered(toIso(start, startYear), toIso(end, endYear));
}

/** The order the two ends of a printed period are in: the one an end that reads only one way says. */
export function periodOrder(start: PartialDate, end: PartialDate): 'day' | 'month' {
  return start.order === 'month' || end.order === 'month' ? 'month' : 'day';
}

function ordered(start: string, end: string): { start: string; end: string } | null {
  const span = toEpochDay(end) - toEpochDay(start);
  return span >= 0 && span <= 400 ? { start, end } : null;
}

/** Every date with a year printed in a line of text (statement dates, 'Balance on 31 January 2025'). */
/**
 * The last day of each month a line names with its year and no day ('February 2025', 'Statement for March
 * 2025', 'Dec 2024'): a statement headed by its month prints no date after that month's end.
 */
export function findMonthHeadings(text: string): string[] {
  const found: string[] = [];
  const pattern = new RegExp(
    String.raw`(?<![\d/.-]\s?)(?<!\d(?:st|nd|rd|th)\s)\b(${MONTH_NAME})\.?,?\s+(\d{4})\b(?![/.-]?\d)`,
    'gi',
  );
  for (const m of text.matchAll(pattern)) {
    const month = MONTHS[m[1]!.toLowerCase()];
    const year = Number(m[2]);
    if (!month || year < 1990 || year > 2100) continue;
    const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
    found.push(toIso({ day, month, year }, year));
  }
  return found;
}

/**
 * A line that is a month and its year alone ('DECEMBER 2024', 'January 2025 continued', 'Ionawr 2025'): a
 * ledger's section line over the rows of that month, whose Day column prints the day alone.
 */
export function monthSection(text: string): { month: number; year: number } | null {
  const m = new RegExp(
    String.raw`^(${MONTH_NAME})\.?,?\s+(\d{4})(?:\s+\(?(?:continued|cont(?:inued|d)?\.?)\)?)?$`,
    'i',
  ).exec(text.trim());
  if (!m) return null;
  const month = MONTHS[m[1]!.toLowerCase()];
  const year = Number(m[2]);
  return month && year >= 1990 && year <= 2100 ? { month, year } : null;
}

export function findDatesWithYear(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(new RegExp(DATE_EXPRESSION, 'gi'))) {
    const date = parseDate(m[0]);
    if (date?.year) found.push(toIso(date, date.year));
  }
  return found;
}
