import { SCAN_DPI } from './render';
import { readPgm } from './strips';
import type { OcrBox, OcrPage, OcrWord } from './textract-shape';

/**
 * Lines the recogniser's page segmentation left out, read again. Reading the page as one block of lines
 * (engine.ts), tesseract now and then drops a whole line: text on the left and a boxed figure on the right
 * standing a little off each other's baseline (a period line beside a summary box's 'Closing balance
 * £211.06', the box's sides running through the line) come back as no words at all, while the same rows cut
 * out on their own read cleanly. So after a page (or strip) is read, the rows of ink that no word covers are
 * found; each band of them tall enough to be a line of print is cut out, with the page's rules (lines long
 * enough to be no glyph) and the words already read painted white, and read again. Its words join the page.
 * A page read whole finds no band, and costs only a pass over its pixels.
 */

/** A pixel darker than this counts as ink (as strips.ts). */
const INK_BELOW = 160;
/** A run of ink this long (a fifth of an inch, taller or wider than any statement glyph) is a rule, not print. */
const RULE_LENGTH = Math.round(SCAN_DPI / 5);
/** A row with this many uncovered ink pixels (not rules) holds print no word covers. */
const MIN_ROW_INK = 10;
/** A band of such rows at least this tall (about a 5 pt capital) is a line of print; specks are shorter. */
const MIN_BAND_HEIGHT = Math.round(SCAN_DPI / 20);
/** Rows of such print this close are one band (a line's accents, the dot over an i). */
const JOIN_GAP = 3;
/** A word's box grown by this much on every side when marking what it covers (loose boxes, descenders). */
const COVER_MARGIN = 4;
/** White rows put above and below a band when it is read on its own. */
const PAD = 40;
/** More bands than this on one image is noise (a speckled scan), not missed lines: none is read again. */
const MAX_BANDS = 8;
/** A word read again with less confidence than this is noise read as letters, and dropped. */
const MIN_CONFIDENCE = 60;

export interface Band {
  top: number;
  bottom: number;
}

function wordsOf(ocr: OcrPage): OcrWord[] {
  return (ocr.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)));
}

/** Ink that is print: not a horizontal or vertical rule (a run of RULE_LENGTH or more). Row by row only. */
function printMask(image: Buffer, width: number, height: number, offset: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = offset + y * width;
    for (let x = 0; x < width; ) {
      if ((image[row + x] as number) >= INK_BELOW) {
        x++;
        continue;
      }
      let end = x + 1;
      while (end < width && (image[row + end] as number) < INK_BELOW) end++;
      if (end - x < RULE_LENGTH) mask.fill(1, y * width + x, y * width + end);
      x = end;
    }
  }
  // Vertical runs: each pixel's run length down to it, then, from the bottom up, each run's whole length.
  const above = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = offset + y * width;
    for (let x = 0, i = y * width; x < width; x++, i++)
      if ((image[row + x] as number) < INK_BELOW)
        above[i] = y ? Math.min(65535, (above[i - width] as number) + 1) : 1;
  }
  const run = new Uint32Array(width);
  for (let y = height - 1; y >= 0; y--) {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const here = above[i] as number;
      if (!here) continue;
      const below = y + 1 < height ? (above[i + width] as number) : 0;
      const length = below ? (run[x] as number) : here;
      run[x] = length;
      if (length >= RULE_LENGTH) mask[i] = 0;
    }
  }
  return mask;
}

const grown = (box: OcrBox, height: number, width: number): OcrBox => ({
  x0: Math.max(0, Math.floor(box.x0) - COVER_MARGIN),
  y0: Math.max(0, Math.floor(box.y0) - COVER_MARGIN),
  x1: Math.min(width, Math.ceil(box.x1) + COVER_MARGIN),
  y1: Math.min(height, Math.ceil(box.y1) + COVER_MARGIN),
});

interface Analysed {
  width: number;
  height: number;
  offset: number;
  /** Print (ink that is not a rule). */
  print: Uint8Array;
}

function analyse(image: Buffer): Analysed | null {
  const pgm = readPgm(image);
  return pgm ? { ...pgm, print: printMask(image, pgm.width, pgm.height, pgm.offset) } : null;
}

/** The bands of rows holding print that no recognised word covers (at most MAX_BANDS, else none). */
export function missedBands(image: Buffer, ocr: OcrPage, analysed = analyse(image)): Band[] {
  if (!analysed) return [];
  const { width, height } = analysed;
  const mask = analysed.print.slice();
  for (const word of wordsOf(ocr)) {
    const box = grown(word.bbox, height, width);
    for (let y = box.y0; y < box.y1; y++) mask.fill(0, y * width + box.x0, y * width + box.x1);
  }
  const bands: Band[] = [];
  let open: Band | null = null;
  for (let y = 0; y < height; y++) {
    let ink = 0;
    for (let i = y * width, end = i + width; i < end && ink < MIN_ROW_INK; i++) ink += mask[i] ?? 0;
    if (ink < MIN_ROW_INK) continue;
    if (open && y - open.bottom <= JOIN_GAP) open.bottom = y + 1;
    else {
      if (open) bands.push(open);
      open = { top: y, bottom: y + 1 };
    }
  }
  if (open) bands.push(open);
  const lines = bands.filter((b) => b.bottom - b.top >= MIN_BAND_HEIGHT);
  return lines.length > MAX_BANDS ? [] : lines;
}

/** The band cut out with white rows around it, its rules and already-read words painted white. */
function bandImage(
  image: Buffer,
  analysed: Analysed,
  ocr: OcrPage,
  band: Band,
): { image: Buffer; top: number } {
  const { width, height, offset, print } = analysed;
  const top = Math.max(0, band.top - COVER_MARGIN);
  const bottom = Math.min(height, band.bottom + COVER_MARGIN);
  const rows = bottom - top;
  const out = Buffer.alloc(width * (rows + 2 * PAD), 255);
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < width; x++) {
      const grey = image[offset + y * width + x] ?? 255;
      // Rules (ink that is not print) painted white; print and paper as they are.
      if (grey >= INK_BELOW || print[y * width + x]) out[(y - top + PAD) * width + x] = grey;
    }
  }
  for (const word of wordsOf(ocr)) {
    const box = grown(word.bbox, height, width);
    for (let y = Math.max(top, box.y0); y < Math.min(bottom, box.y1); y++)
      out.fill(255, (y - top + PAD) * width + box.x0, (y - top + PAD) * width + box.x1);
  }
  return { image: Buffer.concat([Buffer.from(`P5\n${width} ${rows + 2 * PAD}\n255\n`, 'latin1'), out]), top };
}

const moved = (box: OcrBox, dy: number): OcrBox => ({ ...box, y0: box.y0 + dy, y1: box.y1 + dy });
const overlaps = (a: OcrBox, b: OcrBox) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * The page's recognised text with the lines its segmentation missed read again (`recognise` reads one
 * image) and added as blocks of their own: words read with confidence, overlapping no word already read.
 */
export async function withMissedLines(
  image: Buffer,
  ocr: OcrPage,
  recognise: (image: Buffer) => Promise<OcrPage>,
): Promise<OcrPage> {
  const analysed = analyse(image);
  if (!analysed) return ocr;
  const bands = missedBands(image, ocr, analysed);
  if (!bands.length) return ocr;
  const known = wordsOf(ocr).map((w) => w.bbox);
  const added: NonNullable<OcrPage['blocks']> = [];
  for (const band of bands) {
    const cut = bandImage(image, analysed, ocr, band);
    const read = await recognise(cut.image);
    const dy = cut.top - PAD;
    for (const block of read.blocks ?? []) {
      const lines = block.paragraphs.flatMap((p) =>
        p.lines.map((line) => ({
          words: line.words
            .filter((w) => w.text.trim() && w.confidence >= MIN_CONFIDENCE)
            .map((w) => ({
              ...w,
              bbox: moved(w.bbox, dy),
              ...(w.symbols ? { symbols: w.symbols.map((s) => ({ ...s, bbox: moved(s.bbox, dy) })) } : {}),
            }))
            .filter((w) => !known.some((k) => overlaps(k, w.bbox))),
        })),
      );
      const kept = lines.filter((l) => l.words.length);
      if (kept.length) added.push({ paragraphs: [{ lines: kept }] });
    }
  }
  return added.length ? { blocks: [...(ocr.blocks ?? []), ...added] } : ocr;
}
