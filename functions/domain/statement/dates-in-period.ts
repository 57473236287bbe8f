import { toEpochDay } from '../dates';
import { inOrder, type PartialDate, toIso, valid } from './dates';

/**
 * Where a statement's dates fall: the order its numeric dates are printed in, and the year a yearless date
 * takes, from the statement period or, without one, counting back from a date it cannot be later than.
 */

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
