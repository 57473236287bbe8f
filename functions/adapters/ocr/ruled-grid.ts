import { SCAN_DPI } from './render';
import { readPgm } from './strips';

/**
 * A table printed as a ruled grid (every cell of the table bordered, as some banks' online statements print
 * it) with its rules taken out of the page image before the page is read. The recogniser reads a line of
 * text with a cell border before and after each cell and rules above and below it as one line of marks
 * ('|', '[', 'l'), or not at all: the grid's scan read none of its 40 rows. So when the page shows a grid
 * (four or more vertical rules two inches long and eight or more horizontal rules an inch long), every run
 * of rule-dark pixels long enough to be no glyph (a fifth of an inch, across or down) is painted white,
 * with the grey edge a scanned rule has beside it. A page without a grid (rules under a heading, a summary
 * box, column lines without row lines) is handed on as it is.
 */

/** A pixel darker than this may be part of a rule (a grey 0.5 pt rule scans at 130–200). */
const RULE_DARKER_THAN = 200;
/** A run of rule-dark pixels this long, across or down, is a rule, not print (as missed-lines.ts). */
const RULE_LENGTH = Math.round(SCAN_DPI / 5);
/** A vertical rule this long (two inches) is a table's column border. */
const LONG_VERTICAL = 2 * SCAN_DPI;
/** A horizontal rule this long (an inch) is a table's row border, or a heading's rule. */
const LONG_HORIZONTAL = SCAN_DPI;
/** A grid: at least this many column borders ... */
const MIN_VERTICALS = 4;
/** ... and this many row borders. */
const MIN_HORIZONTALS = 8;

/** Lines of a direction: runs at least `long` long, positions next to each other taken as one line. */
function countLines(positions: readonly number[]): number {
  let lines = 0;
  let last = -2;
  for (const p of positions) {
    if (p > last + 1) lines++;
    last = p;
  }
  return lines;
}

/** The page image with a ruled grid's rules painted out; the image itself when it shows no grid. */
export function withoutRuledGrid(image: Buffer): Buffer {
  const pgm = readPgm(image);
  if (!pgm) return image;
  const { width, height, offset } = pgm;
  const px = image;
  // Across: runs along each row (one pass in memory order).
  const horizontal: number[] = [];
  const longRows: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = offset + y * width;
    let longest = 0;
    let start = -1;
    for (let x = 0; x <= width; x++) {
      const isDark = x < width && (px[row + x] as number) < RULE_DARKER_THAN;
      if (isDark) {
        if (start < 0) start = x;
      } else if (start >= 0) {
        const length = x - start;
        if (length >= RULE_LENGTH) horizontal.push(y, start, x);
        if (length > longest) longest = length;
        start = -1;
      }
    }
    if (longest >= LONG_HORIZONTAL) longRows.push(y);
  }
  if (countLines(longRows) < MIN_HORIZONTALS) return image;
  // Down: each column's current run kept while going through the rows in memory order.
  const runStart = new Int32Array(width).fill(-1);
  const longest = new Int32Array(width);
  const vertical: number[] = [];
  for (let y = 0; y <= height; y++) {
    const row = offset + y * width;
    for (let x = 0; x < width; x++) {
      const isDark = y < height && (px[row + x] as number) < RULE_DARKER_THAN;
      const s = runStart[x] as number;
      if (isDark) {
        if (s < 0) runStart[x] = y;
      } else if (s >= 0) {
        const length = y - s;
        if (length >= RULE_LENGTH) vertical.push(x, s, y);
        if (length > (longest[x] as number)) longest[x] = length;
        runStart[x] = -1;
      }
    }
  }
  const longColumns: number[] = [];
  for (let x = 0; x < width; x++) if ((longest[x] as number) >= LONG_VERTICAL) longColumns.push(x);
  if (countLines(longColumns) < MIN_VERTICALS) return image;
  const out = Buffer.from(image);
  const dark = (i: number) => (px[i] as number) < RULE_DARKER_THAN;
  for (let k = 0; k < horizontal.length; k += 3) {
    const y = horizontal[k] as number;
    for (let x = horizontal[k + 1] as number, end = horizontal[k + 2] as number; x < end; x++) {
      const i = offset + y * width + x;
      out[i] = 255;
      // The rule's grey edge above and below.
      if (y > 0 && dark(i - width)) out[i - width] = 255;
      if (y + 1 < height && dark(i + width)) out[i + width] = 255;
    }
  }
  for (let k = 0; k < vertical.length; k += 3) {
    const x = vertical[k] as number;
    for (let y = vertical[k + 1] as number, end = vertical[k + 2] as number; y < end; y++) {
      const i = offset + y * width + x;
      out[i] = 255;
      if (x > 0 && dark(i - 1)) out[i - 1] = 255;
      if (x + 1 < width && dark(i + 1)) out[i + 1] = 255;
    }
  }
  return out;
}
