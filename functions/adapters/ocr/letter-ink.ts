import { inkRuns, type Pixels, pixelsOf } from './ink';
import { apostropheByInk, asterisksByInk, bracketsByInk } from './mark-ink';
import { readPgm } from './strips';
import type { OcrPage, OcrSymbol, OcrWord } from './textract-shape';

/**
 * Letters the recogniser's language model reads for a rarer lookalike, told apart by their ink on the page.
 * A 'q' not followed by 'u' is rare in English, so the model reads it as 'g': 'Sadaqah' (an Islamic bank's
 * charitable giving) read 'Sadagah' at confidence 90, as 'Qard', 'Iraq' or 'Qatar' would be. Both letters have
 * a bowl and a descender, but a q's descender is a straight stem at the right of its bowl, while a g's tail
 * turns back under the bowl to the left. A 'g' whose ink below its word's baseline stays in the right half of
 * its box is a 'q'.
 */

/** A pixel darker than this counts as ink (as strips.ts). */
const INK_BELOW = 160;
/** Small letters standing on the baseline (no descender): their ink ends at the baseline. */
const ON_BASELINE = /^[acemnorsuvwxz]$/;
/** A descender this many rows deep at least, to be read by its ink. */
const MIN_DESCENDER_ROWS = 3;
/** A descender whose ink starts at least this share of its box's width from the left is a straight stem. */
const STEM_FROM_LEFT = 0.5;

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Whether the symbol's ink under the baseline keeps to the right half of its box (a stem, not a tail). */
function stemOnly(image: Buffer, symbol: OcrSymbol, baseline: number): boolean {
  const pgm = readPgm(image);
  if (!pgm) return false;
  const { width, height, offset } = pgm;
  const x0 = Math.max(0, Math.floor(symbol.bbox.x0));
  const x1 = Math.min(width - 1, Math.ceil(symbol.bbox.x1));
  const top = Math.max(0, Math.ceil(baseline) + 2);
  const bottom = Math.min(height - 1, Math.floor(symbol.bbox.y1));
  if (bottom - top + 1 < MIN_DESCENDER_ROWS || x1 <= x0) return false;
  let leftmost = Number.POSITIVE_INFINITY;
  for (let y = top; y <= bottom; y++) {
    const row = offset + y * width;
    for (let x = x0; x <= x1; x++) {
      if ((image[row + x] ?? 255) < INK_BELOW) {
        leftmost = Math.min(leftmost, x);
        break;
      }
    }
  }
  return Number.isFinite(leftmost) && leftmost - x0 >= STEM_FROM_LEFT * (x1 - x0);
}

function qByInk(image: Buffer, word: OcrWord): OcrWord {
  const symbols = word.symbols ?? [];
  if (!word.text.includes('g') || symbols.map((x) => x.text).join('') !== word.text) return word;
  const baseline = median(symbols.filter((x) => ON_BASELINE.test(x.text)).map((x) => x.bbox.y1));
  if (baseline === undefined) return word;
  const read = symbols.map((x) => (x.text === 'g' && stemOnly(image, x, baseline) ? { ...x, text: 'q' } : x));
  const text = read.map((x) => x.text).join('');
  return text === word.text ? word : { ...word, text, symbols: read };
}

/**
 * Small vowels that take an accent in the names statements print ('Caffè', 'Zoë', 'Crêpe', 'Müller'); not
 * the i, whose own dot stands where an accent would.
 */
const VOWEL = /^[aeou]$/;
/** An accent's ink ends at least this share of the x-height above the small letters' tops. */
const ACCENT_GAP = 0.15;
/** Columns this share of a letter's box in from each side are its accent's (a neighbour's hook stays out). */
const ACCENT_INSET = 0.15;
/** An accent's rows' centres moving at least this many pixels a row going down slope it (grave or acute). */
const ACCENT_SLOPE = 0.3;
const GRAVE = '\u0300';
const ACUTE = '\u0301';
const CIRCUMFLEX = '\u0302';
const DIAERESIS = '\u0308';

/**
 * Accents read as other accents or none. A scan's small accents ('Caffè Nero', 'Zoë’s Florist') are read
 * 'Caffe', 'Caffé', 'Zoé': the recogniser's model knows the commoner letter, though it boxes the letter with
 * its accent. The accent is told by its ink above the small letters' tops: two marks side by side on each
 * row a diaeresis, two strokes meeting in one at the top a circumflex, one stroke moving right going down a
 * grave and left an acute, in the letter's own columns and clear of their sides (a capital's stroke before
 * it reaching over the letter is none). A vowel whose mark is none of these (a speck) is left as read.
 */
function accentsByInk(pixels: Pixels, word: OcrWord): OcrWord {
  const symbols = word.symbols ?? [];
  if (symbols.map((x) => x.text).join('') !== word.text) return word;
  const plain = symbols.filter((x) => ON_BASELINE.test(x.text));
  const xTop = median(plain.map((x) => x.bbox.y0));
  const baseline = median(plain.map((x) => x.bbox.y1));
  if (xTop === undefined || baseline === undefined || baseline <= xTop) return word;
  const above = Math.floor(xTop - ACCENT_GAP * (baseline - xTop));
  const read = symbols.map((symbol, i) => {
    const base = symbol.text.normalize('NFD')[0] ?? '';
    if (!VOWEL.test(base)) return symbol;
    // The letter's own columns: in from its sides, and clear of its neighbours' boxes (a capital's stroke
    // before it, 'Wa', 'Ma', 'Co', reaches over the small letter's box).
    const inset = ACCENT_INSET * (symbol.bbox.x1 - symbol.bbox.x0);
    const x0 = Math.max(symbol.bbox.x0 + inset, (symbols[i - 1]?.bbox.x1 ?? -1) + 1);
    const x1 = Math.min(symbol.bbox.x1 - inset, (symbols[i + 1]?.bbox.x0 ?? Number.POSITIVE_INFINITY) - 1);
    const accent = x1 > x0 ? accentOf(pixels, x0, x1, word.bbox.y0 - 1, above) : null;
    if (accent === null) return symbol;
    const text = `${base}${accent}`.normalize('NFC');
    return text.length === 1 ? { ...symbol, text } : symbol;
  });
  const text = read.map((x) => x.text).join('');
  return text === word.text ? word : { ...word, text, symbols: read };
}

/** The combining accent whose ink stands in the columns x0–x1 from row top to row bottom, or null. */
function accentOf(pixels: Pixels, x0: number, x1: number, top: number, bottom: number): string | null {
  const rows: Array<{ y: number; runs: Array<[number, number]> }> = [];
  for (let y = top; y <= bottom; y++) {
    const runs = inkRuns(pixels, y, x0, x1);
    if (runs.length) rows.push({ y, runs });
  }
  if (rows.length < 2) return null;
  // A stroke running out of the columns is another glyph's, not an accent standing alone over the letter.
  if (rows.some((r) => r.runs.some(([a, b]) => a <= Math.floor(x0) || b >= Math.ceil(x1)))) return null;
  if (rows.every((r) => r.runs.length === 2)) return DIAERESIS;
  if (rows[0]!.runs.length === 1 && rows.at(-1)!.runs.length === 2) return CIRCUMFLEX;
  if (rows.length < 3 || rows.some((r) => r.runs.length !== 1)) return null;
  const centres = rows.map((r) => ({ y: r.y, x: (r.runs[0]![0] + r.runs[0]![1]) / 2 }));
  const meanY = centres.reduce((sum, c) => sum + c.y, 0) / centres.length;
  const meanX = centres.reduce((sum, c) => sum + c.x, 0) / centres.length;
  const slope =
    centres.reduce((sum, c) => sum + (c.y - meanY) * (c.x - meanX), 0) /
    centres.reduce((sum, c) => sum + (c.y - meanY) ** 2, 0);
  return slope >= ACCENT_SLOPE ? GRAVE : slope <= -ACCENT_SLOPE ? ACUTE : null;
}

/**
 * The page's words with each 'g' whose descender is a q's stem read as 'q', and the marks mark-ink.ts reads
 * by their ink. `image`: the PGM read.
 */
export function withLettersByInk(image: Buffer, ocr: OcrPage): OcrPage {
  const pixels = pixelsOf(image);
  if (!ocr.blocks || !pixels) return ocr;
  return {
    ...ocr,
    blocks: ocr.blocks.map((block) => ({
      ...block,
      paragraphs: block.paragraphs.map((paragraph) => ({
        ...paragraph,
        lines: paragraph.lines.map((line) => ({
          ...line,
          words: line.words.map((word) => {
            const others = line.words.filter((w) => w !== word).map((w) => w.bbox.y1 - w.bbox.y0);
            const othersHeight = others.length ? (median(others) ?? null) : null;
            const letters = accentsByInk(pixels, qByInk(image, word));
            const marks = asterisksByInk(pixels, apostropheByInk(pixels, letters), othersHeight);
            return bracketsByInk(pixels, marks, othersHeight);
          }),
        })),
      })),
    })),
  };
}
