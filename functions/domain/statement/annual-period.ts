import { addDays, makeDate } from '../dates';
import { DATE_EXPRESSION, parseDate, toIso } from './dates';

/**
 * An annual statement's period printed by its end alone, as mortgages, loans, ISAs and savings accounts print
 * it: 'Year ended 31 DEC 2025', 'Year to 5 April 2025', 'Statement for the year ending 31 March 2025',
 * '12 months to 30 June 2025'. The period is the year up to that day ('Year to 5 April 2025' is 6 April 2024
 * to 5 April 2025). A line that also prints a figure ('Interest paid in the year to 5 April 2025 £12.34') states
 * a figure for that year, not the statement's period; 'year to date' names none.
 */
const YEAR_ENDED = new RegExp(
  String.raw`(?:^|\b(?:statement|summary|annual|tax|financial|for|the|period|:)\s*)(?:year|12\s+months|twelve\s+months)\s+(?:ended|ending|to)\s*:?\s*(${DATE_EXPRESSION})`,
  'i',
);

/** A figure with pence ('£12.34', '1,250.00'): a line holding one states an amount, not the period. */
const FIGURE = /\d\.\d{2}\b/;

/** The period a line names by the end of its year ('Year ended 31 DEC 2025'), else null. */
export function findYearEnded(text: string): { start: string; end: string } | null {
  if (FIGURE.test(text)) return null;
  const m = YEAR_ENDED.exec(text);
  const date = m ? parseDate((m[1] ?? '').replace(/[,.]$/, '')) : null;
  if (!date || date.year === null) return null;
  const end = toIso(date, date.year);
  // The day after the same day a year before (29 February's year before ends on 28 February).
  const day = date.month === 2 && date.day === 29 ? 28 : date.day;
  return { start: addDays(makeDate(date.year - 1, date.month, day), 1), end };
}
