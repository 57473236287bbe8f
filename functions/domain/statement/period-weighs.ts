import { makeDate, toEpochDay } from '../dates';
import type { PartialDate } from './dates';
import type { RawTransaction } from './entries';
import { outsidePeriod, type UnreadableNote } from './readings';
import type { AccountKind } from './types';

/**
 * Stage 4, the printed period weighed against each row's date. The figures add up whatever the dates, so a
 * row the period contradicts is never dated as read without a word: a row dated after the period's end, over
 * a month before its start, or (on a bank statement, listed by the day the money moved) going back before the
 * start after rows inside it. Its date is read again:
 * - the same printed figures read another way: a numeric date's day and month the other way round
 *   ('03/12/2025' on a March statement whose other dates read day first: 12 March), or the year that puts a
 *   yearless date in the period (a row under a year row '2024' that the rows have run past into January 2025). Where exactly one such reading
 *   falls inside the period and between the rows either side, the row takes it, with a warning: the period and
 *   the rows confirm it;
 * - else one figure read again (a scan's '18/08/2025' for '18/03/2025'): where exactly one such date fits, the
 *   row takes it and is noted, as a misread date is, for the family's check;
 * - else the row is noted with why (outside the period, no reading fits), and goes to the family's check.
 * A period most rows fall outside may be another line's dates, misread as the period: it then confirms no
 * reading and recovers no date; the rows are noted.
 */

type Period = { start: string; end: string };

/** Rows the period contradicts (indexes): outside it, or a bank's row going back before its start. */
function contradicted(dates: readonly string[], period: Period, kind: AccountKind): number[] {
  const outside = new Set(outsidePeriod(dates, period));
  if (kind === 'bank') {
    let entered = false;
    dates.forEach((d, i) => {
      if (d < period.start && entered) outside.add(i);
      if (d >= period.start) entered = true;
    });
  }
  return [...outside].sort((a, b) => a - b);
}

const valid = (year: number, month: number, day: number) =>
  month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
const iso = (year: number, month: number, day: number) =>
  valid(year, month, day) ? makeDate(year, month, day) : null;

/**
 * The same printed figures read another way: a numeric date that reads both ways ('03/12/2025') with its day
 * and month swapped, and a yearless date ('02 Jan', its year carried from a year row) in the period's years.
 * A month's name cannot be read another way, nor a printed year (a year misread is a figure read again).
 */
function otherReadings(date: PartialDate, read: string, period: Period): string[] {
  const year = Number(read.slice(0, 4));
  const out = new Set<string>();
  if (date.monthFirst) out.add(iso(year, date.day, date.month) ?? '');
  if (date.year === null) {
    for (const y of new Set([Number(period.start.slice(0, 4)), Number(period.end.slice(0, 4))])) {
      out.add(iso(y, date.month, date.day) ?? '');
    }
  }
  out.delete('');
  out.delete(read);
  return [...out];
}

/** Every date one figure of the row's date (day, month or year, as digits) read again makes. */
function oneFigureAgain(read: string): string[] {
  const digits = read.replace(/-/g, '');
  const out = new Set<string>();
  for (let k = 0; k < digits.length; k++) {
    for (let d = 0; d <= 9; d++) {
      const again = `${digits.slice(0, k)}${d}${digits.slice(k + 1)}`;
      const date = iso(Number(again.slice(0, 4)), Number(again.slice(4, 6)), Number(again.slice(6, 8)));
      if (date && date !== read) out.add(date);
    }
  }
  return [...out];
}

/**
 * Reads again the dates of rows the printed period contradicts (`dates`, ISO, one per transaction, oldest
 * first, changed in place where a reading fits) and says what was done: warnings for readings the period
 * confirms, notes for rows sent to the family's check.
 */
export function weighDatesAgainstPeriod(
  transactions: readonly RawTransaction[],
  dates: string[],
  period: Period,
  kind: AccountKind,
): { warnings: string[]; notes: UnreadableNote[] } {
  const warnings: string[] = [];
  const notes: UnreadableNote[] = [];
  const rows = contradicted(dates, period, kind).filter(
    (i) => transactions[i]!.date && !transactions[i]!.misreadDate,
  );
  if (!rows.length) return { warnings, notes };
  const flagged = new Set(rows);
  const known = dates.flatMap((d, i) => (flagged.has(i) ? [] : [{ d, i }]));
  // The rows either side bound a row's date only where the rest run in date order.
  const inOrder = known.every(({ d }, k) => k === 0 || d >= known[k - 1]!.d);
  // A period most rows fall outside may be misread (another line's dates): it confirms no reading then.
  const corroborated = known.length >= rows.length;
  const unresolved: number[] = [];
  for (const i of rows) {
    const read = dates[i]!;
    const low = (inOrder && known.findLast((r) => r.i < i)?.d) || '';
    const high = (inOrder && known.find((r) => r.i > i)?.d) || '9999';
    const fits = (d: string) => d >= period.start && d <= period.end && d >= low && d <= high;
    const readings = otherReadings(transactions[i]!.date!, read, period).filter(fits);
    if (readings.length === 1 && corroborated) {
      dates[i] = readings[0]!;
      warnings.push(
        `A row's date read as ${read} falls outside the statement period (${period.start} to ${period.end}); read the other way it is ${readings[0]}, inside the period and between the rows either side, so it is read so.`,
      );
      continue;
    }
    const again = corroborated && !readings.length ? oneFigureAgain(read).filter(fits) : [];
    if (again.length === 1) {
      dates[i] = again[0]!;
      notes.push({
        anchor: transactions[i]!,
        cell: 'date',
        text: read,
        page: transactions[i]!.page,
        reason: `the date ${read} falls outside the statement period (${period.start} to ${period.end}); with one figure read again only ${again[0]} fits the period and the rows either side, so it is read as ${again[0]}`,
        recoveredDate: again[0]!,
      });
      continue;
    }
    unresolved.push(i);
  }
  if (unresolved.length) {
    const first = unresolved[0]!;
    const before = toEpochDay(dates[first]!) < toEpochDay(period.start);
    notes.push({
      anchor: transactions[first]!,
      cell: 'date',
      text: dates[first]!,
      page: transactions[first]!.page,
      reason: `${unresolved.length === 1 ? 'a row is' : `${unresolved.length} rows are`} dated ${before ? 'before' : 'after'} the statement period (${period.start} to ${period.end}) and no other reading of ${unresolved.length === 1 ? 'its date' : 'their dates'} fits it and the rows either side; the date may be misread, misprinted or read from the wrong column`,
    });
  }
  return { warnings, notes };
}
