import type { RawTransaction } from './entries';
import type { Row, Word } from './geometry';
import type { UnreadableNote } from './readings';

/**
 * Words of a description that a scan's text recognition was not sure of. The statement's figures prove its
 * dates and money, never its words: a payee read 'Z1Z7Z1' for 'ZIZZI' (confidence 41), a contactless ')))'
 * read '»)' (15) or a masked card number '537410******4410' read '537410%*+***4410' (6) add up exactly as
 * the printed words would. Such a word is shown as read but not as fact: the reading notes it, which sends
 * the statement to the family's check with the row marked. Words the recogniser reads with this confidence
 * or more are the page's own print (a clean scan's words score 90 and more; see `weakWordNotes`' test for the
 * figures measured); a text layer's words carry no confidence and are never noted.
 */
export const WEAK_WORD_BELOW = 60;

/** Whether a word's centre lies inside the transaction's lines. */
function within(word: Word, t: RawTransaction): boolean {
  const box = t.region.row;
  const x = (word.left + word.right) / 2;
  const y = (word.top + word.bottom) / 2;
  return word.page === box.page && x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
}

/**
 * A note for each transaction whose description holds a word read with little confidence (`descriptions`
 * in the transactions' order, as they will be shown).
 */
export function weakWordNotes(
  transactions: readonly RawTransaction[],
  descriptions: readonly string[],
  rows: readonly Row[],
): UnreadableNote[] {
  const weak = rows.flatMap((r) =>
    r.words.filter((w) => w.confidence !== undefined && w.confidence < WEAK_WORD_BELOW),
  );
  if (!weak.length) return [];
  const notes: UnreadableNote[] = [];
  transactions.forEach((t, i) => {
    const tokens = new Set((descriptions[i] ?? '').split(' '));
    const words = weak.filter((w) => tokens.has(w.text) && within(w, t));
    if (!words.length) return;
    notes.push({
      anchor: t,
      cell: 'description',
      text: words.map((w) => w.text).join(' '),
      page: t.page,
      reason: `the description's ${words.length === 1 ? 'word was' : 'words were'} read with little confidence`,
    });
  });
  return notes;
}

/**
 * Characters a recogniser reads for one another ('O2' read '02', 'ZIZZI' read 'Z1ZZI', ’ read '; a 4 whose
 * open top meets in a point read 'A': a card's 'AMAZON.CO.UK*2K4T' read '2KAT' on one row of two).
 */
const LOOKALIKES = ['0OoQD', '1Il|i!', '5Ss', '8B', '2Z', '4A', "'’‘`", '-·+'];
const alike = (a: string, b: string) =>
  a === b || LOOKALIKES.some((set) => set.includes(a) && set.includes(b));

/**
 * Whether two words are one printed word read two ways: one character read as its lookalike ('O2', '02'),
 * or one glyph read as two characters alike ('HX4T29QB5' read 'HX4T290QB5', the Q read 'Q' and '0').
 */
export function readTwoWays(a: string, b: string): boolean {
  if (a === b || Math.min(a.length, b.length) < 2) return false;
  if (a.length === b.length) {
    const differ = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]));
    return differ.length === 1 && alike(a[differ[0]!]!, b[differ[0]!]!);
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (long.slice(i + 1) !== short.slice(i)) return false;
  const extra = long[i]!;
  return [long[i - 1], long[i + 1]].some((n) => n !== undefined && alike(extra, n));
}

/**
 * Rows of a scan whose descriptions are the same but for one word read two ways (a payee paid every month,
 * 'DIRECT DEBIT O2 UK' on four rows and 'DIRECT DEBIT 02 UK' on two): the same print cannot be both, so at
 * least one reading is wrong, and which one the figures cannot tell (it may be the more frequent). Every
 * such row is noted. A text layer's words (no confidence) are what the statement prints: never noted.
 */
export function twoWayNotes(
  transactions: readonly RawTransaction[],
  descriptions: readonly string[],
  rows: readonly Row[],
): UnreadableNote[] {
  if (!rows.some((r) => r.words.some((w) => w.confidence !== undefined))) return [];
  const tokens = descriptions.map((d) => d.split(' '));
  const noted = new Map<number, string>();
  for (let i = 0; i < tokens.length; i++) {
    for (let j = i + 1; j < tokens.length; j++) {
      const a = tokens[i]!;
      const b = tokens[j]!;
      if (a.length !== b.length) continue;
      const differ = a.flatMap((t, k) => (t === b[k] ? [] : [k]));
      if (differ.length !== 1) continue;
      const k = differ[0]!;
      if (!readTwoWays(a[k]!, b[k]!)) continue;
      const text = `'${a[k]}' and '${b[k]}'`;
      if (!noted.has(i)) noted.set(i, text);
      if (!noted.has(j)) noted.set(j, text);
    }
  }
  return [...noted].map(([i, text]) => ({
    anchor: transactions[i]!,
    cell: 'description' as const,
    text: tokens[i]!.join(' '),
    page: transactions[i]!.page,
    reason: `the same word is read two ways on rows alike (${text})`,
  }));
}

/** The reading's one warning about its rows' unsure words (the rows themselves are marked for the family). */
export function unsureWordsWarning(rows: number): string {
  return rows === 1
    ? "One transaction's description has words the scan could not read clearly."
    : `${rows} transactions' descriptions have words the scan could not read clearly.`;
}
