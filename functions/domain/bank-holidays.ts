import { addDays, fromEpochDay, makeDate, toEpochDay } from './dates';

/**
 * Working days in England and Wales: Monday to Friday, less the bank holidays, computed (no list to keep up
 * to date): New Year's Day, Good Friday and Easter Monday (Easter by the Gregorian computus), the early May
 * and spring bank holidays (first and last Mondays of May), the summer bank holiday (last Monday of August),
 * Christmas Day and Boxing Day. A fixed-date holiday on a weekend is substituted by the next weekday that is
 * not already a holiday (Christmas on a Saturday: Monday 27th and Tuesday 28th). The moves and extra days
 * proclaimed so far are kept as exceptions (VE Day 2020, the jubilees, the royal wedding, the state funeral,
 * the coronation). Bills due on a non-working day are taken on a working day next to it; that is the
 * tolerance of the regular-payment detection (./recurring.ts).
 */

/** Easter Sunday of a Gregorian year ('YYYY-MM-DD'): the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return makeDate(year, month, day);
}

/** Day of the week of a date: 0 Sunday … 6 Saturday. */
export function weekday(date: string): number {
  // 1970-01-01 was a Thursday
  return (((toEpochDay(date) + 4) % 7) + 7) % 7;
}

export const isWeekend = (date: string) => {
  const d = weekday(date);
  return d === 0 || d === 6;
};

/** The first (n = 1) or last (n = -1) Monday of a month. */
function monday(year: number, month: number, n: 1 | -1): string {
  if (n === 1) {
    const first = makeDate(year, month, 1);
    return addDays(first, (8 - weekday(first)) % 7);
  }
  const last = makeDate(year, month + 1, 0);
  return addDays(last, -((weekday(last) + 6) % 7));
}

/** Holidays moved or added by proclamation: year → [the usual date, its replacement or null (added)]. */
const PROCLAIMED: Record<number, ReadonlyArray<readonly [string | null, string]>> = {
  1995: [[makeDate(1995, 5, 1), '1995-05-08']],
  2002: [
    ['2002-05-27', '2002-06-04'],
    [null, '2002-06-03'],
  ],
  2011: [[null, '2011-04-29']],
  2012: [
    ['2012-05-28', '2012-06-04'],
    [null, '2012-06-05'],
  ],
  2020: [['2020-05-04', '2020-05-08']],
  2022: [
    ['2022-05-30', '2022-06-02'],
    [null, '2022-06-03'],
    [null, '2022-09-19'],
  ],
  2023: [[null, '2023-05-08']],
};

const cache = new Map<number, ReadonlySet<string>>();

/** The bank holidays of England and Wales in a year, as 'YYYY-MM-DD' dates. */
export function bankHolidays(year: number): ReadonlySet<string> {
  const cached = cache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const days = new Set<string>([
    addDays(easter, -2),
    addDays(easter, 1),
    monday(year, 5, 1),
    monday(year, 5, -1),
    monday(year, 8, -1),
  ]);
  for (const [usual, instead] of PROCLAIMED[year] ?? []) {
    if (usual) days.delete(usual);
    days.add(instead);
  }
  // New Year's Day, Christmas Day and Boxing Day, each on the next free weekday when it falls on a weekend
  for (const fixed of [makeDate(year, 1, 1), makeDate(year, 12, 25), makeDate(year, 12, 26)]) {
    let day = fixed;
    while (isWeekend(day) || days.has(day)) day = addDays(day, 1);
    days.add(day);
  }
  cache.set(year, days);
  return days;
}

/** True for a day banks work in England and Wales: a weekday that is no bank holiday. */
export function isWorkingDay(date: string): boolean {
  return !isWeekend(date) && !bankHolidays(Number(date.slice(0, 4))).has(date);
}

/** The date itself when it is a working day, else the next working day after it. */
export function nextWorkingDay(date: string): string {
  let day = toEpochDay(date);
  while (!isWorkingDay(fromEpochDay(day))) day++;
  return fromEpochDay(day);
}

/** The date itself when it is a working day, else the last working day before it. */
export function previousWorkingDay(date: string): string {
  let day = toEpochDay(date);
  while (!isWorkingDay(fromEpochDay(day))) day--;
  return fromEpochDay(day);
}
