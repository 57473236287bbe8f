import type { Word } from './geometry';
import {
  type Column,
  type ColumnKind,
  headingToken,
  LOAN_ONLY,
  LOAN_REPAYMENTS,
  LONGEST_PHRASE,
  MONEY_KINDS,
  PHRASE_LETTERS,
  touchingHeadings,
} from './heading-words';

/**
 * A row's words read as a heading (stage 1, `header.ts`): the words put in reading order (a wrapped
 * heading's lines top to bottom), the columns they name and a score for how much of the row names columns.
 */

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
export function apart(a: Word, b: Word): boolean {
  const height = b.bottom - b.top;
  return Math.abs(a.top - b.top) < 0.5 * height && b.left - a.right > 2 * height;
}

/**
 * A value: a figure of digits and separators ('1234', '12-34-56', '13') or a masked number ('****', '••••',
 * 'XXXX'). A scan's heading word with a letter read as a digit ('£1n', '0ut') is no value.
 */
const VALUE = /^(?:\d[\d,./-]*|[*•]{3,}|X{4})$/;

/**
 * Whether the next word on the word's line is a value (`VALUE`) with more words after it: a label and its
 * value in a panel the heading's line runs on from. (A value ending the line, a page number, leaves the
 * heading before it alone.)
 */
function valueBeside(w: Word, words: readonly Word[]): boolean {
  const height = w.bottom - w.top;
  const after = words
    .filter((v) => v !== w && Math.abs(v.top - w.top) < 0.5 * height && v.left >= w.right - 0.001)
    .sort((a, b) => a.left - b.left);
  return after.length > 1 && VALUE.test(after[0]!.text);
}

/** A heading word that is the pound sign alone, bracketed or not: '£', '(£)'. */
const LONE_SIGN = /^\(?£\)?$/;

/** Reads the words as a heading row; null unless it is one. */
/** Every heading names a date column: a row whose letters never spell one is not a heading. */
const DATE_LETTERS = /date|received|posted|process|dyddiad/;
/** Whether letters (`headingLetters`) spell a date column's name: no heading is read from words that do not. */
export const namesADate = (letters: string) => DATE_LETTERS.test(letters);

export function readHeading(words: readonly Word[]): Column[] | null {
  return scoreHeading(words)?.columns ?? null;
}

/**
 * The words' letters in lower case, nothing else: `DATE_LETTERS` is looked for in them. The letters of two
 * rows read together are the first row's followed by the second's.
 */
export function headingLetters(words: readonly Word[]): string {
  let letters = '';
  for (const w of words) letters += lettersOf(w.text);
  return letters;
}
const NOT_LETTERS = /[^a-z]+/g;
/**
 * One word's letters, worked out once a word (every row is read as a possible heading, several times over).
 * The words' letters joined are the letters of the words joined: lower case maps each character alone but
 * for a final sigma, which is no letter kept.
 */
const lettersSeen = new Map<string, string>();
function lettersOf(text: string): string {
  let letters = lettersSeen.get(text);
  if (letters === undefined) {
    letters = text.toLowerCase().replace(NOT_LETTERS, '');
    if (lettersSeen.size < 50_000) lettersSeen.set(text, letters);
  }
  return letters;
}

/**
 * A heading reading and the share of its words that name columns. `letters`, when the caller has them, are
 * the words' `headingLetters`.
 */
export function scoreHeading(
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
    // A label printed with its value after it on the heading's line ('Card no. **** 1234' in a panel left
    // of the table) names no column: a heading is never followed by a figure or a masked number.
    if (valueBeside(used.at(-1)!, words)) {
      i = best.end;
      continue;
    }
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
