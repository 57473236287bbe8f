import { toEpochDay } from '../dates';
import { inOrder, MONTH_NAMES, parseDate, parseLeadingDate, toIso } from './dates';
import type { RawTransaction } from './entries';
import type { UnreadableNote } from './readings';

/**
 * Dates a scan misread in the date column. OCR may read a box rule beside the date as a mark ('|' before
 * '01/04/25') and a nought as another digit ('41/04/25'): the date column then holds text shaped like a date
 * that is none. Such a row must never take the date above it silently (its figures still add up), so the
 * reading notes it as unreadable, which sends the statement to the family's check. Where the rows either side
 * (the statement running in date order) and the statement period leave exactly one date that the text reads
 * as with one glyph read again, the row takes that date, and the note says so. A month's name with one letter
 * misread ('14 Tonawr 2025' for '14 Ionawr 2025': the capital I read as T) is such a date too.
 */

/** A box rule or its edge, read as a mark of its own in the date column ('|', '[', '!'). */
export const RULE_MARK = /^[|¦!\][]$/;

/** Letters OCR reads for digits in a date ('O' for 0, 'l' or 'I' for 1, 'S' for 5, 'B' for 8). */
const LOOKALIKE: Record<string, string> = {
  O: '0',
  o: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  S: '5',
  s: '5',
  B: '8',
  Z: '2',
};

/** 'dd/mm/yy' (or '.', '-'; a four-digit year) with any one glyph in its figures read as something else. */
const NUMERIC_SHAPE = /^(.{1,2})([/.-])(.{1,2})\2(.{2}|.{4})$/;

/**
 * The text as a date would read with its lookalike letters as digits, when it is shaped like a numeric date
 * (at most one glyph of its figures neither a digit nor a lookalike) and does not read as one: else null.
 */
export function dateShaped(text: string): string | null {
  const trimmed = text.replace(/^[|¦!\][]+|[|¦!\][]+$/g, '');
  const mapped = [...trimmed].map((ch) => LOOKALIKE[ch] ?? ch).join('');
  const m = NUMERIC_SHAPE.exec(mapped);
  if (!m) return null;
  const figures = `${m[1]}${m[3]}${m[4]}`;
  if (figures.replace(/\d/g, '').length > 1) return null;
  return parseDate(mapped) ? null : mapped;
}

/** Every reading of a date-shaped text with one glyph read again (a figure for the glyph that is none). */
function oneGlyphAgain(mapped: string): string[] {
  const out: string[] = [];
  const odd = [...mapped].findIndex((ch) => !/[\d/.-]/.test(ch));
  const positions = odd >= 0 ? [odd] : [...mapped].flatMap((ch, i) => (/\d/.test(ch) ? [i] : []));
  for (const i of positions)
    for (let d = 0; d <= 9; d++) out.push(`${mapped.slice(0, i)}${d}${mapped.slice(i + 1)}`);
  return out;
}

const DAY_WORD = /^\d{1,2}(?:st|nd|rd|th)?$/i;
const MONTH_WORD = /^[a-z]{3,}\.?$/i;
const YEAR_WORD = /^(?:\d{2}|\d{4})$/;

/** The month names a word reads as with one letter read again (the same length, one letter differing). */
function monthsOneLetterFrom(word: string): string[] {
  const w = word.replace(/\.$/, '').toLowerCase();
  if (MONTH_NAMES.includes(w)) return [];
  return MONTH_NAMES.filter(
    (name) => name.length === w.length && [...name].filter((ch, i) => ch !== w[i]).length === 1,
  );
}

/**
 * How many of the date column's leading words are a date whose month's name has one letter misread: a day,
 * a word that is no month's name but one letter from one ('Tonawr', 'Ionawr' with its I read as T), and
 * the year when printed. 0 when they are not.
 */
export function monthMisread(words: readonly string[]): number {
  const [day, month, year] = words;
  if (!day || !month || !DAY_WORD.test(day) || !MONTH_WORD.test(month)) return 0;
  if (!monthsOneLetterFrom(month).length) return 0;
  return year && YEAR_WORD.test(year) ? 3 : 2;
}

/** Every date a misread date's text reads as with one glyph read again. */
function readingsAgain(text: string): string[] {
  const mapped = dateShaped(text);
  if (mapped) return oneGlyphAgain(mapped);
  const words = text.split(' ');
  if (monthMisread(words) !== words.length) return [];
  const [day, month, year] = words;
  return monthsOneLetterFrom(month!).map((name) => [day, name, year].filter(Boolean).join(' '));
}

/** A misread date: its text, shared by the rows that carry it down (the day's later rows print no date). */
export interface MisreadDate {
  text: string;
}

/**
 * The dates of rows whose date the scan misread: recovered where exactly one date fits, else left as the
 * date carried down, each with a note. `dates` (ISO, one per transaction, oldest first) is changed in place.
 */
export function misreadDates(
  transactions: ReadonlyArray<RawTransaction>,
  dates: string[],
  period: { start: string; end: string } | null,
  order: 'day' | 'month',
): UnreadableNote[] {
  const groups = new Map<MisreadDate, number[]>();
  transactions.forEach((t, i) => {
    if (t.misreadDate) groups.set(t.misreadDate, [...(groups.get(t.misreadDate) ?? []), i]);
  });
  if (!groups.size) return [];
  const known = dates.flatMap((d, i) => (transactions[i]!.misreadDate ? [] : [{ d, i }]));
  const inDateOrder = known.every(({ d }, k) => k === 0 || d >= known[k - 1]!.d);
  const notes: UnreadableNote[] = [];
  for (const [misread, rows] of groups) {
    const first = rows[0]!;
    const last = rows.at(-1)!;
    const low = known.findLast(({ i }) => i < first)?.d ?? period?.start ?? null;
    const high = known.find(({ i }) => i > last)?.d ?? period?.end ?? null;
    const fits = new Set<string>();
    const again = readingsAgain(misread.text);
    // A month's name one letter from one month alone, with its day and year printed, reads as one date
    // whatever the rows either side: the last rows of a statement printing no period ('01 lon 25' … '13 lon
    // 25' for Ion, after 31 Rhag) need only follow the date before them.
    const whole =
      again.length === 1 && !dateShaped(misread.text) && (parseDate(again[0]!)?.year ?? null) !== null;
    if (inDateOrder && low && (high || whole)) {
      for (const text of again) {
        const parsed = parseDate(text);
        if (!parsed) continue;
        const date = inOrder(parsed, order);
        const years =
          date.year !== null ? [date.year] : [Number(low.slice(0, 4)), Number((high ?? low).slice(0, 4))];
        for (const year of years) {
          if (date.month === 2 && date.day === 29 && new Date(Date.UTC(year, 1, 29)).getUTCDate() !== 29)
            continue;
          const iso = toIso(date, year);
          const inPeriod = !period || (iso >= period.start && iso <= period.end);
          if (iso >= low && (high === null || iso <= high) && inPeriod) fits.add(iso);
        }
      }
    }
    const page = transactions[first]!.page;
    if (fits.size === 1) {
      const [iso] = [...fits];
      for (const i of rows) dates[i] = iso!;
      notes.push({
        anchor: transactions[first]!,
        cell: 'date',
        text: misread.text,
        page,
        reason: `the date is misread; the dates ${high === null ? 'before it' : 'either side'}${period ? ' and the statement period' : ''} leave only ${iso}, which it reads as with one ${dateShaped(misread.text) ? 'figure' : 'letter'} read again, so it is read as ${iso}`,
        recoveredDate: iso!,
      });
    } else {
      notes.push({
        anchor: transactions[first]!,
        cell: 'date',
        text: misread.text,
        page,
        reason: `the date is misread and could not be worked out; the row is given the date of the row above (${dates[first]}), which may be wrong`,
      });
    }
  }
  return notes;
}

/**
 * A full date (its year printed) leading most rows' descriptions while the rows are dated from another
 * column: a scan that misread the date column's heading ('Transaction date' over the first column, 'Posting
 * date' after the description) leaves each row's first date in its description and dates the row by the
 * other. The figures add up whatever the dates, so such a reading is noted, never confirmed silently: which
 * date is the row's, the family's check tells. `dates`: ISO, one per transaction.
 */
export function datesInDescriptions(
  transactions: ReadonlyArray<RawTransaction>,
  dates: readonly string[],
): UnreadableNote[] {
  if (transactions.length < 2) return [];
  const leading = transactions.flatMap((t, i) => {
    const words = t.parts.join(' ').trim().split(/\s+/);
    const lead = parseLeadingDate(words);
    if (!lead || lead.date.year === null || lead.used >= words.length || !dates[i]) return [];
    // A date near the row's own (within two months), not a reference that happens to be dated.
    const near = Math.abs(toEpochDay(toIso(lead.date, lead.date.year)) - toEpochDay(dates[i])) <= 62;
    return near ? [{ t, text: words.slice(0, lead.used).join(' ') }] : [];
  });
  if (leading.length * 2 <= transactions.length) return [];
  const first = leading[0]!;
  return [
    {
      anchor: first.t,
      cell: 'date',
      text: first.text,
      page: first.t.page,
      reason: `${leading.length} of the ${transactions.length} rows' descriptions start with a date ('${first.text}') while the rows are dated from another column, so a row may have the wrong date`,
    },
  ];
}
