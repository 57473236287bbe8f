import { blankRow, inkRuns, median, type Pixels } from './ink';
import type { OcrSymbol, OcrWord } from './textract-shape';

/**
 * Marks the recogniser's language model reads for a commoner lookalike or miscounts, told by their ink on
 * the page (letters are letter-ink.ts's).
 */

/**
 * A typographic apostrophe read as a straight one. Statements print 'Sainsbury’s', 'ROSIE’S CAFE' with the
 * typographic ’ (a comma's shape: a head at the top and a tail bending down to the left) and others 'LAST
 * MONTH'S' with the typewriter's straight ' (a bar, or a wedge narrowing straight down); the recogniser's
 * model reads both as '. The two are told by the tail: the lower half of the mark's ink, row by row, moves
 * left going down on a ’ (0.32–1.0 of a pixel a row in Helvetica, Times and Courier, upright and bold,
 * 7–15 pt at 300 dpi) and stays put on a ' (within 0.23; a sloping face's ' leans 0.2 and is left as read).
 * Only a mark on paper is read so (white print on a coloured band is not).
 */
export function apostropheByInk(pixels: Pixels, word: OcrWord): OcrWord {
  const symbols = word.symbols ?? [];
  if (!word.text.includes("'") || symbols.map((x) => x.text).join('') !== word.text) return word;
  const read = symbols.map((x) => (x.text === "'" && tailLeansLeft(pixels, x) ? { ...x, text: '’' } : x));
  const text = read.map((x) => x.text).join('');
  return text === word.text ? word : { ...word, text, symbols: read };
}
/** A mark's tail moving left at least this many pixels a row going down is a typographic apostrophe's. */
const TAIL_LEAN = 0.3;
/** Rows of ink a mark's lower half needs at least to tell its lean. */
const MIN_TAIL_ROWS = 3;

/** Whether the lower half of the mark's ink moves left going down (its rows' centres, least squares). */
function tailLeansLeft(pixels: Pixels, symbol: OcrSymbol): boolean {
  const box = symbol.bbox;
  // Within the box's columns (a letter beside the mark, 'O’Neill', is no part of it); a row over and under.
  const top = Math.floor(box.y0) - 1;
  const bottom = Math.ceil(box.y1) + 1;
  if (!blankRow(pixels, top - 1, box) || !blankRow(pixels, bottom + 1, box)) return false;
  const rows: Array<{ y: number; centre: number }> = [];
  for (let y = top; y <= bottom; y++) {
    let mass = 0;
    let moment = 0;
    for (let x = Math.floor(box.x0); x <= Math.ceil(box.x1); x++) {
      if (!pixels.ink(x, y)) continue;
      mass += 255 - pixels.grey(x, y);
      moment += (255 - pixels.grey(x, y)) * x;
    }
    if (mass) rows.push({ y, centre: moment / mass });
  }
  if (!rows.length) return false;
  const middle = (rows[0]!.y + rows.at(-1)!.y) / 2;
  const tail = rows.filter((r) => r.y > middle);
  if (tail.length < MIN_TAIL_ROWS) return false;
  const meanY = tail.reduce((sum, r) => sum + r.y, 0) / tail.length;
  const meanX = tail.reduce((sum, r) => sum + r.centre, 0) / tail.length;
  const slope =
    tail.reduce((sum, r) => sum + (r.y - meanY) * (r.centre - meanX), 0) /
    tail.reduce((sum, r) => sum + (r.y - meanY) ** 2, 0);
  return slope <= -TAIL_LEAN;
}

/**
 * The contactless symbol's brackets counted by their ink. HSBC and first direct print ')))' before a
 * contactless payment; the recogniser reads the three tall brackets as '))', '))))' up to ')))))))', ')»)'
 * or '»)' (its boxes for them overlap and miscount). Each bracket is one stroke crossing the word from top
 * to bottom: where the rows at a quarter, half and three quarters of the word's height cross the same number
 * of strokes, and the word stands taller than the line's other words (a bracket reaches above the capitals
 * and below the baseline; a guillemet '»' stands within the small letters), it is that many ')'.
 */
export function bracketsByInk(pixels: Pixels, word: OcrWord, othersHeight: number | null): OcrWord {
  if (!/^[)»]+$/.test(word.text) || othersHeight === null) return word;
  const { x0, y0, x1, y1 } = word.bbox;
  if (y1 - y0 <= othersHeight) return word;
  const counts = [0.25, 0.5, 0.75].map((f) => inkRuns(pixels, Math.round(y0 + f * (y1 - y0)), x0, x1).length);
  const n = counts[0]!;
  if (!n || counts.some((c) => c !== n)) return word;
  // Its glyph boxes, which miscount, are left out: the word is read by its ink alone.
  return { ...word, text: ')'.repeat(n), symbols: undefined };
}

/** Marks the recogniser reads for a masked card number's asterisks. */
const MASK_MARKS = /[*%+]+/g;
/** Asterisks stand in the top part of the figures: their ink at most this share of the figures' height. */
const ASTERISK_OF_FIGURES = 0.65;

/**
 * A masked card number's asterisks counted by their ink. Revolut and other app banks print the card used
 * as '537410******4410'; the recogniser reads the run of asterisks as '%*+**', '*+*+' and the like (one box
 * covering two asterisks, an asterisk read as '%' or '+', confidence 6–60). Asterisks stand raised, in the
 * top half of the figures beside them, each with one upright arm above its middle and two legs below: a run
 * of '*', '%' and '+' holding an '*', whose ink stands no taller than two thirds of the word's figures (a
 * '%' or '+' of its own stands as tall as them or on the baseline), is n asterisks where most rows of its
 * upper half cross n strokes and two rows of its lower half 2n.
 */
export function asterisksByInk(pixels: Pixels, word: OcrWord, othersHeight: number | null): OcrWord {
  const symbols = word.symbols ?? [];
  if (!/[*][%+]|[%+][*]/.test(word.text) || symbols.map((x) => x.text).join('') !== word.text) return word;
  const digits = symbols.filter((x) => /\d/.test(x.text)).map((x) => x.bbox.y1 - x.bbox.y0);
  const figures = digits.length ? median(digits) : othersHeight;
  if (figures === undefined || figures === null) return word;
  let text = '';
  let at = 0;
  for (const run of word.text.matchAll(MASK_MARKS)) {
    const marks = symbols.slice(run.index, run.index + run[0].length);
    text += word.text.slice(at, run.index);
    at = run.index + run[0].length;
    const count = run[0].includes('*') && run[0].length > 1 ? asterisks(pixels, marks, figures) : null;
    text += count === null ? run[0] : '*'.repeat(count);
  }
  text += word.text.slice(at);
  // Its glyph boxes no longer say which mark is where: the word is read by its ink alone.
  return text === word.text ? word : { ...word, text, symbols: undefined };
}

/** The number of asterisks in a run of marks, or null where its ink is not asterisks'. */
function asterisks(pixels: Pixels, marks: readonly OcrSymbol[], figures: number): number | null {
  const x0 = Math.min(...marks.map((x) => x.bbox.x0));
  const x1 = Math.max(...marks.map((x) => x.bbox.x1));
  const y0 = Math.min(...marks.map((x) => x.bbox.y0));
  const y1 = Math.max(...marks.map((x) => x.bbox.y1));
  if (y1 - y0 > ASTERISK_OF_FIGURES * figures) return null;
  const middle = (y0 + y1) / 2;
  /** How many rows from `from` to `to` cross each number of strokes. */
  const counts = (from: number, to: number) => {
    const seen = new Map<number, number>();
    for (let y = Math.floor(from); y <= Math.ceil(to); y++) {
      const n = inkRuns(pixels, y, x0, x1).length;
      if (n) seen.set(n, (seen.get(n) ?? 0) + 1);
    }
    return seen;
  };
  // Each asterisk's upright arm above its middle (the count most rows there cross, two at least; the first
  // of a tie), its two legs below (twice that count, crossed by two rows at least).
  const [arms, rows] = [...counts(y0 - 1, middle)].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  return arms && rows >= 2 && (counts(middle, y1 + 1).get(2 * arms) ?? 0) >= 2 ? arms : null;
}
