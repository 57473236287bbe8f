import { toEpochDay } from '../dates';
import type { StatementContext } from './context';
import { inOrder, type PartialDate, toIso } from './dates';
import { numericDateOrder } from './dates-in-period';
import { type Assembly, listedNewestFirst } from './entries';
import { datesInDescriptions, misreadDates } from './misread-dates';
import { weighDatesAgainstPeriod } from './period-weighs';
import { periodDecidesDates, resolveDates, type UnreadableNote, type YearAnchors } from './readings';
import type { AccountKind, YearSource } from './types';

/**
 * `readOnce`'s dates (stage 4's first candidate readings): the order of the statement's numeric dates, the
 * rows put oldest first, then the year of every row and which date column dates them, checked against the
 * printed period and the day of the upload.
 */

/**
 * Numeric dates read in one order for the whole statement ('01/15/2024' makes it month first), the printed
 * statement date with them; a table listed newest first turned oldest first.
 */
export function orderEntries(
  assembly: Assembly,
  context: StatementContext,
  warnings: string[],
): 'day' | 'month' {
  const order = numericDateOrder(
    [...assembly.transactions.flatMap((t) => [t.date, t.date2]), context.statementDatePrinted].filter(
      (d): d is PartialDate => d !== null,
    ),
    context.period,
    context.periodOrder,
    context.statementDate,
  );
  for (const t of assembly.transactions) {
    if (t.date) t.date = inOrder(t.date, order);
    if (t.date2) t.date2 = inOrder(t.date2, order);
  }
  const printedStatementDate = context.statementDatePrinted && inOrder(context.statementDatePrinted, order);
  if (printedStatementDate?.year)
    context.statementDate = toIso(printedStatementDate, printedStatementDate.year);

  if (listedNewestFirst(assembly.transactions)) {
    // Oldest first from here on: balances then run forwards, and checkpoints sit after the older row.
    const last = assembly.transactions.length - 1;
    assembly.transactions.reverse();
    for (const c of assembly.checkpoints) c.afterRow = last - 1 - c.afterRow;
    assembly.checkpoints.reverse();
    for (const u of assembly.unreadableLines) u.afterRow = last - 1 - u.afterRow;
    warnings.push('The statement lists transactions newest first; they are returned oldest first.');
  }
  return order;
}

/** Every row's date (ISO), what the year was taken from, and what dated it. */
export interface EntryDates {
  dates: string[];
  anchors: YearAnchors;
  yearSource: YearSource;
}

/**
 * The rows' dates: the year from what the statement prints (else the day of the upload, with a warning),
 * the date column that fits the printed period, rows the period contradicts weighed, misread and missing
 * dates noted. A statement dated after its upload, or whose year cannot be found, is a failure.
 */
export function dateEntries(
  assembly: Assembly,
  context: StatementContext,
  kind: AccountKind,
  order: 'day' | 'month',
  reference: string | null,
  warnings: string[],
  notes: UnreadableNote[],
): EntryDates | 'dated_after_upload' | 'no_year' {
  // A statement cannot be dated after the day it is uploaded (a day's grace for time zones).
  const afterUpload = (date: string | null | undefined) =>
    !!date && reference !== null && toEpochDay(date) > toEpochDay(reference) + 1;
  if (afterUpload(context.statementDate) || afterUpload(context.period?.start)) {
    return 'dated_after_upload';
  }
  const anchors: YearAnchors = {
    period: context.period,
    statementDate: context.statementDate,
    // A full date after the upload is a notice of something to come, not the statement's date.
    // Else the end of the month the statement is headed by ('February 2025', its rows 'Mon 3 Feb').
    printedDate: latest(context.datedText.filter((d) => !afterUpload(d))) ?? latest(context.monthHeadings),
    referenceDate: reference,
  };
  // Rows no date is read for (none printed on them or above them: the date column lost, its heading misread)
  // are dated 1 January only so that they can be shown: never as fact.
  const undated = assembly.transactions.filter((t) => !t.date && !t.misreadDate);
  const resolved = resolveDates(assembly.transactions, anchors);
  if (!resolved) return 'no_year';
  let dates = resolved.dates;
  // A second date column whose dates fit the printed period where the first's do not dates the rows.
  const fits = periodDecidesDates(assembly.transactions, anchors, dates);
  if (fits.column === 'second') {
    for (const t of assembly.transactions) [t.date, t.date2] = [t.date2, t.date];
    dates = fits.dates;
    warnings.push(
      'The first date column gives dates outside the statement period; the rows are dated by the second, whose dates fit it.',
    );
  } else if (context.period) {
    // Rows the printed period contradicts: read again where the period confirms one reading, else noted.
    const weighed = weighDatesAgainstPeriod(assembly.transactions, dates, context.period, kind);
    warnings.push(...weighed.warnings);
    notes.push(...weighed.notes);
  }
  // A date the scan misread in the date column: recovered where one date fits, noted either way.
  notes.push(...misreadDates(assembly.transactions, dates, context.period, order));
  // Most rows' descriptions led by a full date while the rows are dated from another column.
  notes.push(...datesInDescriptions(assembly.transactions, dates));
  if (undated.length) {
    const first = undated[0]!;
    notes.push({
      anchor: first,
      cell: 'date',
      text: '',
      page: first.page,
      reason: `no date is read for ${undated.length === 1 ? 'a row' : `${undated.length} rows`} ("${first.parts.join(' ').trim()}"${undated.length > 1 ? ' and the rows after it' : ''}); ${undated.length === 1 ? 'it is' : 'they are'} dated ${dates[assembly.transactions.indexOf(first)]} only to be shown`,
    });
  }
  const yearSource: YearSource = assembly.transactions.length ? resolved.source : 'none';
  if (yearSource === 'reference_date') {
    warnings.push(
      `The statement does not print its year; it is taken from the day the statement was uploaded (${reference}). Please check the dates.`,
    );
  }
  return { dates, anchors, yearSource };
}

/** The latest of ISO dates, or null. */
function latest(dates: readonly string[]): string | null {
  return dates.reduce<string | null>((a, d) => (!a || d > a ? d : a), null);
}
