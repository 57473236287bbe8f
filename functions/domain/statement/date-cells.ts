import { type PartialDate, parseLeadingDate } from './dates';
import { textsOf, type Word, wordsText } from './geometry';
import type { Column } from './heading-words';
import type { RowCells } from './rows';

/**
 * What a row's date columns hold: the date at the start of the column, the time of day a transaction was
 * made printed with it or under it (however a scan misread it), and a numeric date cut short by a narrow
 * column with the rest of its year on the line below.
 */

/**
 * Takes the date at the start of a date column out of `words` (removing its words from `columnOf`). A date
 * may run past the midpoint to the next heading ('01 Jan 2025' under a short 'Date'), but never into the
 * next column's own space.
 */
export function takeDate(
  words: readonly Word[],
  columns: readonly Column[],
  columnOf: Map<Word, number>,
  kind: 'date' | 'date2',
): { date: PartialDate; text: string } | null {
  const index = columns.findIndex((c) => c.kind === kind);
  const first = words.findIndex((w) => columnOf.get(w) === index);
  if (index < 0 || first < 0) return null;
  const next = columns[index + 1];
  const candidates: Word[] = [];
  for (const w of words.slice(first, first + 4)) {
    if (columnOf.get(w) !== index && (!next || w.left >= next.left - 0.002)) break;
    candidates.push(w);
  }
  const leading = parseLeadingDate(textsOf(candidates));
  if (!leading) return null;
  for (const w of candidates.slice(0, leading.used)) columnOf.delete(w);
  const text = wordsText(candidates, leading.used);
  return { date: leading.date, text };
}

/**
 * A ditto mark in the date column ('"', '〃', '”', "''", 'do.', 'ditto'): the same date as the row above, as
 * ledgers, passbooks and line-printed statements print a repeated date. It dates nothing of its own (the date
 * above carries down) and is no word of the description.
 */
export const DITTO = /^(?:["“”〃″]|''|’’|do\.|ditto)$/i;

/** A time of day: '14:32', '14:32:05', '2:32pm', '14.32' never (that is a figure). */
export const TIME_OF_DAY = /^(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:[ap]m)?$/i;

/**
 * A time of day as a scan may read it: the colon read as '.', ';', ',' or a space, or lost ('07.03',
 * '07 03', '0703'), an 'O' for a nought, an 'l' or 'I' for a one. Taken as a time only in a date column the
 * statement shows to print times (`misreadTimes`): alone, '0703' or '07.03' could be anything.
 */
const LOOSE_TIME =
  /^[.,'’`|]?(?:[01]?\d|2[0-3])[\s:.;,'’`]?[0-5]\d(?:[\s:.;,'’`]?[0-5]\d)?\s?(?:[ap]m)?[.,'’`|]?$/i;
export function looksLikeTime(text: string): boolean {
  const t = text
    .trim()
    .replace(/[Oo]/g, '0')
    .replace(/[lI|](?=\d)|(?<=\d)[lI]/g, '1');
  return t.length > 0 && LOOSE_TIME.test(t);
}

/**
 * When a table's date column prints the time of each transaction (two or more rows read a time there), a
 * date-column text that reads as a time in a scan's misreading of it ('07.03', '07 03') is that row's time,
 * not words of its description. When the times stand on the line under each date (two or more such lines),
 * a short text alone in the date column on the line under a dated row is that row's time however the scan
 * read it ('1Q-ND' for '18:02'): the column's own pattern says what stands there. Decided from the whole
 * column, never from one row.
 */
export function misreadTimes(cells: readonly RowCells[]): void {
  const printed = cells.reduce((n, c) => n + (c.times ?? 0), 0);
  if (printed < 2) return;
  const under = cells.filter((c, i) => c.times && !c.date && cells[i - 1]?.date).length;
  cells.forEach((c, i) => {
    if (!c.dateColumnText) return;
    const slot =
      under >= 2 &&
      !c.date &&
      !c.money.length &&
      !!cells[i - 1]?.date &&
      c.row.top - cells[i - 1]!.row.bottom < 1.5 * (c.row.bottom - c.row.top) &&
      c.dateColumnText.split(' ').length <= 2 &&
      c.dateColumnText.length <= 8;
    if (slot || looksLikeTime(c.dateColumnText)) {
      c.dateColumnText = '';
      c.times = (c.times ?? 0) + 1;
    }
  });
}

/**
 * A numeric date cut short by a narrow date column ('16/08/202', '16/08/', or '16/08/20' that reads as a
 * date of 2020), and the rest of its year on the line below ('4', '2024', '24').
 */
export const DATE_HEAD = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{0,3}$/;
export const DATE_TAIL = /^\d{1,4}$/;
