import { toEpochDay } from '../dates';
import {
  DATE_EXPRESSION,
  inOrder,
  MONTH_NAME,
  MONTHS,
  ORDINAL,
  type PartialDate,
  parseDate,
  result,
  toIso,
  valid,
} from './dates';

/**
 * Periods and months printed in a line of text: the statement period ('1 Dec - 31 Jan 2025'), a period
 * printed without years, a month's heading ('February 2025'), a ledger's month section, every full date.
 */

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
 * 'Statement period 14 Dec to 13 Jun'; statements whose only year is the statement date's): its ends, for
 * `yearlessPeriodBefore` to give a year.
 */
export function findYearlessPeriod(text: string): { start: PartialDate; end: PartialDate } | null {
  if (!/\bperiod\b/i.test(text)) return null;
  const m = PERIOD_PATTERN.exec(text);
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
