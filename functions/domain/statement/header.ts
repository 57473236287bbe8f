import type { Row, Word } from './geometry';
import {
  type ColumnKind,
  headingToken,
  LOAN_ONLY,
  LOAN_REPAYMENTS,
  LONGEST_PHRASE,
  MONEY_KINDS,
  PHRASE_LETTERS,
  touchingHeadings,
  withFirstLettersFromAbove,
} from './heading-words';

export type { ColumnKind } from './heading-words';

/**
 * The transaction table's column headings. A heading row names a date column, at least one money column
 * (money out / money in / a single amount) and mostly nothing else; its words give each column's x-range.
 * Headings may wrap onto two lines ('Money' over 'out').
 */

export interface Column {
  kind: ColumnKind;
  left: number;
  right: number;
  /**
   * A date column no heading names: the table's headings name a description and money columns only, and
   * each entry's date stands on a line of its own in the description column ('4 June 2025' under the payee).
   */
  implied?: true;
}

export interface TableHeader {
  page: number;
  top: number;
  bottom: number;
  /** Left to right. */
  columns: Column[];
}

/**
 * Orders the words of one or two rows for reading a heading: phrases (closely spaced words on one line, a
 * heading split by glyph spacing: 'rec eiv ed') that sit above one another (a wrapped heading: 'Date' over
 * 'received') are read top to bottom, then left to right.
 */
function headingSequence(words: readonly Word[]): Array<{ w: Word; stack: number }> {
  const lines: Word[][] = [];
  for (const w of [...words].sort((a, b) => a.top - b.top)) {
    const line = lines.find((l) => Math.abs(l[0]!.top - w.top) < 0.5 * (w.bottom - w.top));
    if (line) line.push(w);
    else lines.push([w]);
  }
  const phrases: Array<{ words: Word[]; left: number; right: number; top: number }> = [];
  for (const line of lines) {
    let current: (typeof phrases)[number] | null = null;
    // A scan boxes each word's ink: a short word ('&', 'on') stands lower than the line's letters, so the
    // space between words is measured against the line's tallest word, as a text layer's font boxes are.
    const tall = Math.max(...line.map((w) => w.bottom - w.top));
    for (const w of line.sort((a, b) => a.left - b.left)) {
      if (current && w.left - current.right <= 0.6 * tall) {
        current.words.push(w);
        current.right = Math.max(current.right, w.right);
      } else {
        current = { words: [w], left: w.left, right: w.right, top: w.top };
        phrases.push(current);
      }
    }
  }
  phrases.sort((a, b) => a.left - b.left);
  const stacks: Array<typeof phrases> = [];
  let right = Number.NEGATIVE_INFINITY;
  for (const p of phrases) {
    const last = stacks.at(-1);
    if (last && p.left < right) {
      last.push(p);
      right = Math.max(right, p.right);
    } else {
      stacks.push([p]);
      right = p.right;
    }
  }
  // Phrases of one line (tops a few tenths of a line apart, as OCR boxes jitter: 'of' boxed higher than
  // 'Date') are read left to right; lines top to bottom.
  const sameLine = (a: (typeof phrases)[number], b: (typeof phrases)[number]) =>
    Math.abs(a.top - b.top) < 0.5 * (a.words[0]!.bottom - a.words[0]!.top);
  // Stacks a wide gap apart (two word-heights or more) head different columns.
  let group = 0;
  let edge = Number.NEGATIVE_INFINITY;
  return stacks.flatMap((stack) => {
    const left = Math.min(...stack.map((p) => p.left));
    const h = stack[0]!.words[0]!.bottom - stack[0]!.words[0]!.top;
    if (left - edge >= 2 * h) group++;
    edge = Math.max(edge, ...stack.map((p) => p.right));
    return stack
      .sort((a, b) => (sameLine(a, b) ? a.left - b.left : a.top - b.top))
      .flatMap((p) => p.words.map((w) => ({ w, stack: group })));
  });
}

/**
 * Two words of one line with a wide gap between them (over twice the word's height) are two headings, never
 * one phrase: 'Transaction' over the descriptions and 'Amount' over the figures are not 'Transaction amount'.
 */
function apart(a: Word, b: Word): boolean {
  const height = b.bottom - b.top;
  return Math.abs(a.top - b.top) < 0.5 * height && b.left - a.right > 2 * height;
}

/** A heading word that is the pound sign alone, bracketed or not: '£', '(£)'. */
const LONE_SIGN = /^\(?£\)?$/;

/** Reads the words as a heading row; null unless it is one. */
/** Every heading names a date column: a row whose letters never spell one is not a heading. */
const DATE_LETTERS = /date|received|posted|process|dyddiad/;

export function readHeading(words: readonly Word[]): Column[] | null {
  return scoreHeading(words)?.columns ?? null;
}

/**
 * The words' letters in lower case, nothing else: `DATE_LETTERS` is looked for in them. The letters of two
 * rows read together are the first row's followed by the second's.
 */
function headingLetters(words: readonly Word[]): string {
  let letters = '';
  for (const w of words) letters += w.text;
  return letters.toLowerCase().replace(NOT_LETTERS, '');
}
const NOT_LETTERS = /[^a-z]+/g;

/**
 * A heading reading and the share of its words that name columns. `letters`, when the caller has them, are
 * the words' `headingLetters`.
 */
function scoreHeading(
  words: readonly Word[],
  dateless = false,
  letters?: string,
): { columns: Column[]; share: number } | null {
  if (words.length < 3) return null;
  if (!dateless && !DATE_LETTERS.test(letters ?? headingLetters(words))) return null;
  // Phrases are read across the gaps between columns first ('Transaction' over one column and 'Description'
  // over the next may still read as one); when that finds no heading, each column's words alone, then a
  // money column headed by the pound sign alone.
  return (
    scoreHeadingAs(words, dateless, false, false) ??
    scoreHeadingAs(words, dateless, true, false) ??
    scoreHeadingAs(words, dateless, true, true)
  );
}

function scoreHeadingAs(
  words: readonly Word[],
  dateless: boolean,
  columnsApart: boolean,
  signAlone: boolean,
): { columns: Column[]; share: number } | null {
  const sequence = headingSequence(words);
  const alone = (stack: number) => sequence.filter((x) => x.stack === stack).length === 1;
  const tokens = sequence
    .map(({ w, stack }) => ({
      w,
      stack,
      // A money column headed by the pound sign alone ('Date  Description  £'), a column of its own.
      t: signAlone && alone(stack) && LONE_SIGN.test(w.text) ? 'amount' : headingToken(w.text),
    }))
    // Two headings read as one word where they touch ('Transaction datProcess date') are two words again,
    // the word's box shared by its letters.
    .flatMap((x) => {
      const touching = touchingHeadings(x.t);
      if (!touching) return [x];
      const [first, second, at] = touching;
      const cut = x.w.left + ((x.w.right - x.w.left) * at) / x.t.length;
      return [
        { ...x, t: first, w: { ...x.w, text: first, right: cut } },
        { ...x, t: second, w: { ...x.w, text: second, left: cut } },
      ];
    })
    // A slash alone joins two names of one column ('Dyddiad / Date', a bilingual heading).
    .filter((x) => x.t !== '' && x.t !== '/');
  if (tokens.length < 3) return null;
  const columns: Column[] = [];
  const stackOf = new Map<Column, number>();
  const loanOnly: Array<{ column: Column; words: number }> = [];
  let repayments = false;
  let matched = 0;
  let stray = 0;
  let i = 0;
  while (i < tokens.length) {
    // The longest run of words from here whose letters spell a phrase (most words on ties).
    let letters = '';
    let best: { kind: ColumnKind; end: number; words: number; length: number } | null = null;
    // A phrase never runs from one column's heading into the next ('Transaction' and 'Amount' side by side,
    // a gap apart, are two headings, not 'Transaction amount'); a heading wrapped onto a second line stands
    // in one stack with its first.
    for (
      let k = i;
      k < tokens.length &&
      (!columnsApart || tokens[k]!.stack === tokens[i]!.stack) &&
      letters.length < LONGEST_PHRASE;
      k++
    ) {
      if (k > i && apart(tokens[k - 1]!.w, tokens[k]!.w)) break;
      letters += tokens[k]!.t;
      const phrase = PHRASE_LETTERS.get(letters);
      if (
        phrase &&
        (!best ||
          letters.length > best.length ||
          (letters.length === best.length && phrase.words > best.words))
      ) {
        best = { kind: phrase.kind, end: k + 1, words: phrase.words, length: letters.length };
      }
    }
    if (!best) {
      // A lone letter that names nothing is what a scan's OCR makes of a rule or a shaded band's edge beside
      // the heading ('o r' over 'Money In'): it counts neither for nor against the heading.
      if (tokens[i]!.t.length === 1 && tokens[i]!.w.text.length === 1) stray++;
      i++;
      continue;
    }
    const used = tokens.slice(i, best.end).map((x) => x.w);
    const column: Column = {
      kind: best.kind,
      left: Math.min(...used.map((w) => w.left)),
      right: Math.max(...used.map((w) => w.right)),
    };
    // A column named twice in one stack, in two languages ('Dyddiad / Date' side by side, 'Balans' over
    // 'Balance'), is one column.
    const previous = columns.at(-1);
    if (previous && previous.kind === column.kind && stackOf.get(previous) === tokens[i]!.stack) {
      previous.left = Math.min(previous.left, column.left);
      previous.right = Math.max(previous.right, column.right);
      matched += best.end - i;
      i = best.end;
      continue;
    }
    stackOf.set(column, tokens[i]!.stack);
    columns.push(column);
    if (LOAN_ONLY.has(letters.slice(0, best.length))) loanOnly.push({ column, words: best.end - i });
    if (LOAN_REPAYMENTS.has(letters.slice(0, best.length))) repayments = true;
    matched += best.end - i;
    i = best.end;
  }
  if (!repayments) {
    for (const { column, words } of loanOnly) {
      columns.splice(columns.indexOf(column), 1);
      matched -= words;
    }
  }
  const counted = tokens.length - stray;
  if (matched < 0.7 * counted || columns.length < 3) return null;
  columns.sort((a, b) => a.left - b.left);
  // The first date column is the transaction date; other date columns (posting, value) are ignored.
  const dateIndex = columns.findIndex((c) => c.kind === 'date');
  const first = dateIndex >= 0 ? dateIndex : columns.findIndex((c) => c.kind === 'date2');
  if (first < 0 && dateless) return datelessHeading(columns, matched / counted);
  if (first < 0 || !columns.some((c) => MONEY_KINDS.has(c.kind))) return null;
  return {
    columns: columns.map((c, index) => {
      if (index === first) return { ...c, kind: 'date' as const };
      return c.kind === 'date' ? { ...c, kind: 'date2' as const } : c;
    }),
    share: matched / counted,
  };
}

/**
 * Headings that name no date column: a description first, then money out and money in, and perhaps one more
 * money column (Wise's 'Description | Incoming | Outgoing | Amount', the Amount being the balance after each
 * entry). The date column is implied just left of the description: each entry's date is printed on a line of
 * its own under (or over) its description. Read only where no table with a date heading is found.
 */
function datelessHeading(columns: Column[], share: number): { columns: Column[]; share: number } | null {
  const description = columns[0];
  if (description?.kind !== 'description') return null;
  const rest = columns.slice(1);
  const kinds = rest.map((c) => c.kind);
  // Money out and money in, or one signed Amount and the Balance (Chase UK: 'Transaction details | Amount |
  // Balance', each day's date on a line of its own above the day's rows).
  const inOut = kinds.includes('out') && kinds.includes('in');
  const signed = kinds.length === 2 && kinds[0] === 'amount' && kinds[1] === 'balance';
  if (!inOut && !signed) return null;
  if (rest.some((c) => !MONEY_KINDS.has(c.kind) && c.kind !== 'balance')) return null;
  // After money out and money in, an 'Amount' column can only be the balance.
  const last = rest.at(-1)!;
  const amountIsBalance = inOut && last.kind === 'amount' && !kinds.includes('balance');
  const implied: Column = {
    kind: 'date',
    left: description.left - 0.002,
    right: description.left - 0.001,
    implied: true,
  };
  return {
    columns: [
      implied,
      description,
      ...rest.map((c) => (c === last && amountIsBalance ? { ...c, kind: 'balance' as const } : c)),
    ],
    share,
  };
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
  const parts: Array<[Keep, Keep]> = [
    ...cuts.map(({ at }): [Keep, Keep] => [(w) => w.left >= at, (w) => w.left >= at]),
    ...cuts
      .filter(({ at, panel }) => panel < at)
      .map(({ at, panel }): [Keep, Keep] => [(w) => w.left >= at, (w) => w.left >= panel]),
    ...ends.map((end): [Keep, Keep] => [(w) => w.right <= end, (w) => w.right <= end]),
  ];
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
