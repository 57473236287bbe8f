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

function readByInk(image: Buffer, word: OcrWord): OcrWord {
  const symbols = word.symbols ?? [];
  if (!word.text.includes('g') || symbols.map((x) => x.text).join('') !== word.text) return word;
  const baseline = median(symbols.filter((x) => ON_BASELINE.test(x.text)).map((x) => x.bbox.y1));
  if (baseline === undefined) return word;
  const read = symbols.map((x) => (x.text === 'g' && stemOnly(image, x, baseline) ? { ...x, text: 'q' } : x));
  const text = read.map((x) => x.text).join('');
  return text === word.text ? word : { ...word, text, symbols: read };
}

/** The page's words with each 'g' whose descender is a q's stem read as 'q'. `image`: the PGM read. */
export function withLettersByInk(image: Buffer, ocr: OcrPage): OcrPage {
  if (!ocr.blocks) return ocr;
  return {
    ...ocr,
    blocks: ocr.blocks.map((block) => ({
      ...block,
      paragraphs: block.paragraphs.map((paragraph) => ({
        ...paragraph,
        lines: paragraph.lines.map((line) => ({
          ...line,
          words: line.words.map((word) => readByInk(image, word)),
        })),
      })),
    })),
  };
}
