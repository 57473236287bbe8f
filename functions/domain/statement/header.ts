import type { Row, Word } from './geometry';
import { headingLetters, namesADate, scoreHeading } from './heading-score';
import {
  type Column,
  headingToken,
  MONEY_KINDS,
  PHRASE_LETTERS,
  withFirstLettersFromAbove,
} from './heading-words';

/**
 * The transaction table's column headings. A heading row names a date column, at least one money column
 * (money out / money in / a single amount) and mostly nothing else; its words give each column's x-range.
 * Headings may wrap onto two lines ('Money' over 'out').
 */

export interface TableHeader {
  page: number;
  top: number;
  bottom: number;
  /** Left to right. */
  columns: Column[];
}

/** Runs of words closely spaced (a heading phrase split by glyph spacing: 'rec eive d'), as x-ranges. */
function phrases(words: readonly Word[]): Array<{ left: number; right: number }> {
  const out: Array<{ left: number; right: number }> = [];
  for (const w of [...words].sort((a, b) => a.left - b.left)) {
    const last = out.at(-1);
    if (last && w.left - last.right <= 0.6 * (w.bottom - w.top)) last.right = Math.max(last.right, w.right);
    else out.push({ left: w.left, right: w.right });
  }
  return out;
}

/**
 * The table heading starting at rows[index]: that row alone, or with the row below it when the heading
 * wraps. Returns the heading and how many rows it spans.
 */
export function detectHeader(
  rows: readonly Row[],
  index: number,
  dateless = false,
): { header: TableHeader; rows: number } | null {
  const row = rows[index];
  if (!row) return null;
  const below = rows[index + 1] && withFirstLettersFromAbove(row, rows[index + 1]!);
  // A panel printed left of the table may share the heading's lines ('Sort code 12-34-56  Date
  // Description ...'): the heading is then read from a wide gap on.
  // Each cut: where the heading's first line is read from, and where the panel printed before it ends (a
  // two-line heading's second line may start left of the first's words, 'Date' under a panel's title beside
  // 'Purchases &' over 'charges £').
  const cuts: Array<{ at: number; panel: number }> = [];
  const first = headingAt(row, below, dateless);
  if (first?.share === 1) return { header: first.header, rows: first.rows };
  row.words.forEach((w, i) => {
    const before = row.words[i - 1];
    const gap = 2 * (w.bottom - w.top);
    if (before && w.left - before.right >= gap && cuts.length < 3)
      cuts.push({ at: w.left - 0.001, panel: before.right + gap });
  });
  // A box printed right of the table may share them too, its label on the heading's line and its value
  // under it ('Statement date' over '13 June 25' beside 'Transaction date | Description | Amount £'): the
  // heading is then read up to a wide gap, the words after it naming no money column ('Pot balance' is the
  // table's own).
  const ends: number[] = [];
  row.words.forEach((w, i) => {
    const before = row.words[i - 1];
    if (!before || w.left - before.right < 2 * (w.bottom - w.top) || ends.length >= 3) return;
    const money = row.words.slice(i).some((x) => {
      const kind = PHRASE_LETTERS.get(headingToken(x.text))?.kind;
      return kind !== undefined && (MONEY_KINDS.has(kind) || kind === 'balance');
    });
    if (!money) ends.push(before.right + 0.001);
  });
  let best: { header: TableHeader; rows: number; share: number } | null = first;
  type Keep = (w: Word) => boolean;
  // Pushed one by one rather than spread from `map` results: those arrays' internal shape changes once V8
  // optimises this function, and each change threw its optimised code away (see textsOf in ./geometry.ts).
  const parts: Array<[Keep, Keep]> = [];
  for (const { at } of cuts) parts.push([(w) => w.left >= at, (w) => w.left >= at]);
  for (const { at, panel } of cuts) if (panel < at) parts.push([(w) => w.left >= at, (w) => w.left >= panel]);
  for (const end of ends) parts.push([(w) => w.right <= end, (w) => w.right <= end]);
  for (const [keep, keepNext] of parts) {
    const found = headingAt(
      { ...row, words: row.words.filter(keep) },
      below ? { ...below, words: below.words.filter(keepNext) } : undefined,
      dateless,
    );
    // On a tie, the reading with more columns, then the one that reads both lines of a wrapped heading
    // ('Date' over 'received', 'Transaction' over 'date'): a cut whose second line takes in a panel's
    // figure reads the first line alone.
    const better =
      found &&
      (!best ||
        found.share > best.share ||
        (found.share === best.share &&
          (found.header.columns.length > best.header.columns.length ||
            (found.header.columns.length === best.header.columns.length && found.rows > best.rows))));
    if (better) best = found;
  }
  // A column's two-line heading centred on the others' one line ('ACCOUNT' over 'BALANCE' beside 'DATE
  // DESCRIPTION DEBITS CREDITS'): a scan boxes each word's ink only, so its lines stand apart from the
  // others' by half a line and are read as rows of their own, the heading found on the first two rows and
  // the second line of that column left under it. A third row close under them, without figures, whose
  // words each stand under a word of the first row, completes that heading when it names more columns.
  const third = rows[index + 2];
  if (best?.rows === 2 && below && third && third.page === row.page) {
    const two = { ...row, words: [...row.words, ...below.words], bottom: Math.max(row.bottom, below.bottom) };
    const lineHeight = below.bottom - below.top;
    const underFirst =
      third.top - below.bottom <= 0.5 * lineHeight &&
      !third.words.some((w) => /\d/.test(w.text)) &&
      phrases(third.words).every((p) => row.words.some((h) => p.left < h.right && p.right > h.left));
    const found = underFirst ? headingAt(two, third, dateless) : null;
    if (
      found?.rows === 2 &&
      found.header.columns.length > best.header.columns.length &&
      found.share >= best.share
    )
      return { header: { ...found.header, top: row.top }, rows: 3 };
  }
  return best && { header: best.header, rows: best.rows };
}

function headingAt(
  row: Row,
  next: Row | undefined,
  dateless = false,
): { header: TableHeader; rows: number; share: number } | null {
  const rowLetters = dateless ? '' : headingLetters(row.words);
  // Neither line alone nor both together read as a heading when their letters name no date column (the
  // letters of both hold those of the first): most rows of a statement end here.
  if (!dateless && !namesADate(rowLetters + (next ? headingLetters(next.words) : ''))) return null;
  const single = scoreHeading(row.words, dateless, rowLetters);
  const lineHeight = row.bottom - row.top;
  const close = next && next.page === row.page && next.top - row.bottom <= 1.2 * lineHeight;
  // A second heading line ('ACCOUNT' over 'BALANCE', 'Date' over 'received') completes a heading that reads
  // on its own: its words, without figures or dates, stand under the first line's words.
  const underneath =
    close &&
    !next.words.some((w) => /\d/.test(w.text)) &&
    phrases(next.words).every((p) => row.words.some((h) => p.left < h.right && p.right > h.left));
  // A heading that does not wrap is printed on the second line, level with the wrapped headings' last lines
  // ('Date of' over 'transaction', 'Date' over 'posted', then 'Description' alone on the lower line): the
  // first line reads as a heading of its own with words left over ('of'), and the second line's words are
  // not all under it. Both lines are read together when they leave no word over and name more columns.
  const completes =
    close && !underneath && single && single.share < 1 && !next.words.some((w) => /\d/.test(w.text));
  const double =
    close && next.words.length && (!single || underneath || completes)
      ? scoreHeading([...row.words, ...next.words], dateless, rowLetters + headingLetters(next.words))
      : null;
  // The table's title printed on the first line over the other headings, the money heading beside it
  // ('Your Transaction Details … Amount' over 'Received By Us | Transaction Date | Details', as HSBC UK prints
  // its card statements): the first line's words that stand over no word of the second are read with the
  // second line, the title left out, when every word of that names a column and it names more columns than
  // the first line alone (reading both lines whole leaves the title's words over).
  const beside =
    close && !next.words.some((w) => /\d/.test(w.text))
      ? row.words.filter((w) => !next.words.some((n) => n.left < w.right && n.right > w.left))
      : [];
  const lifted =
    beside.length && beside.length < row.words.length
      ? scoreHeading(
          [...beside, ...next!.words],
          dateless,
          headingLetters(beside) + headingLetters(next!.words),
        )
      : null;
  if (
    lifted &&
    lifted.share === 1 &&
    lifted.columns.length > (single?.columns.length ?? 0) &&
    (!double || double.share < 1 || lifted.columns.length > double.columns.length)
  ) {
    const header = { page: row.page, top: row.top, bottom: next!.bottom, columns: lifted.columns };
    return { header, rows: 2, share: lifted.share };
  }
  // The second line must name columns too: a first row of the table under the heading lowers the share.
  if (
    double &&
    (!single ||
      (underneath
        ? double.columns.length >= single.columns.length && double.share >= single.share
        : double.share === 1 && double.columns.length > single.columns.length))
  ) {
    const header = { page: row.page, top: row.top, bottom: next!.bottom, columns: double.columns };
    return { header, rows: 2, share: double.share };
  }
  if (single) {
    const header = { page: row.page, top: row.top, bottom: row.bottom, columns: single.columns };
    return { header, rows: 1, share: single.share };
  }
  return null;
}
