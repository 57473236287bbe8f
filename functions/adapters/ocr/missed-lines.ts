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

const grown = (box: OcrBox, height: number, width: number): OcrBox => ({
  x0: Math.max(0, Math.floor(box.x0) - COVER_MARGIN),
  y0: Math.max(0, Math.floor(box.y0) - COVER_MARGIN),
  x1: Math.min(width, Math.ceil(box.x1) + COVER_MARGIN),
  y1: Math.min(height, Math.ceil(box.y1) + COVER_MARGIN),
});

/**
 * The page's pixels where they already are (the PGM's own bytes), asked only where the answer matters: whether
 * a pixel is print (ink not part of a horizontal or vertical run of RULE_LENGTH or more). Rows whose ink is
 * all under words are never looked at beyond the ink count, so a page costs about one pass over its
 * uncovered pixels instead of masks the size of the page.
 */
class Pixels {
  constructor(
    readonly image: Buffer,
    readonly width: number,
    readonly height: number,
    readonly offset: number,
  ) {}

  ink(x: number, y: number): boolean {
    return (this.image[this.offset + y * this.width + x] as number) < INK_BELOW;
  }

  /** Ink in a run shorter than RULE_LENGTH both along its row and down its column. */
  print(x: number, y: number): boolean {
    if (!this.ink(x, y)) return false;
    let across = 1;
    for (let i = x - 1; i >= 0 && across < RULE_LENGTH && this.ink(i, y); i--) across++;
    for (let i = x + 1; i < this.width && across < RULE_LENGTH && this.ink(i, y); i++) across++;
    if (across >= RULE_LENGTH) return false;
    let down = 1;
    for (let j = y - 1; j >= 0 && down < RULE_LENGTH && this.ink(x, j); j--) down++;
    for (let j = y + 1; j < this.height && down < RULE_LENGTH && this.ink(x, j); j++) down++;
    return down < RULE_LENGTH;
  }
}

/** Each row's stretches of pixels no word covers: [x0, x1) pairs, left to right. */
function uncovered(ocr: OcrPage, width: number, height: number): Array<number[] | undefined> {
  const covers: Array<number[] | undefined> = new Array(height);
  for (const word of wordsOf(ocr)) {
    const box = grown(word.bbox, height, width);
    if (box.x1 <= box.x0) continue;
    for (let y = box.y0; y < box.y1; y++) {
      const row = covers[y];
      if (row) row.push(box.x0, box.x1);
      else covers[y] = [box.x0, box.x1];
    }
  }
  const open: Array<number[] | undefined> = new Array(height);
  for (let y = 0; y < height; y++) {
    const row = covers[y];
    if (!row) continue;
    const spans: Array<[number, number]> = [];
    for (let i = 0; i < row.length; i += 2) spans.push([row[i] as number, row[i + 1] as number]);
    spans.sort((a, b) => a[0] - b[0]);
    const free: number[] = [];
    let x = 0;
    for (const [x0, x1] of spans) {
      if (x0 > x) free.push(x, x0);
      x = Math.max(x, x1);
    }
    if (x < width) free.push(x, width);
    open[y] = free;
  }
  return open;
}

/** The bands of rows holding print that no recognised word covers (at most MAX_BANDS, else none). */
export function missedBands(image: Buffer, ocr: OcrPage): Band[] {
  const pgm = readPgm(image);
  return pgm ? bandsOf(new Pixels(image, pgm.width, pgm.height, pgm.offset), ocr) : [];
}

function bandsOf(pixels: Pixels, ocr: OcrPage): Band[] {
  const { image, width, height } = pixels;
  const open = uncovered(ocr, width, height);
  const whole = [0, width];
  const bands: Band[] = [];
  let band: Band | null = null;
  for (let y = 0; y < height; y++) {
    const free = open[y] ?? whole;
    const row = pixels.offset + y * width;
    let ink = 0;
    for (let k = 0; k < free.length && ink < MIN_ROW_INK; k += 2)
      for (let x = free[k] as number, end = free[k + 1] as number; x < end && ink < MIN_ROW_INK; x++)
        if ((image[row + x] as number) < INK_BELOW && pixels.print(x, y)) ink++;
    if (ink < MIN_ROW_INK) continue;
    if (band && y - band.bottom <= JOIN_GAP) band.bottom = y + 1;
    else {
      if (band) bands.push(band);
      band = { top: y, bottom: y + 1 };
    }
  }
  if (band) bands.push(band);
  const lines = bands.filter((b) => b.bottom - b.top >= MIN_BAND_HEIGHT);
  return lines.length > MAX_BANDS ? [] : lines;
}

/** The band cut out with white rows around it, its rules and already-read words painted white. */
function bandImage(pixels: Pixels, ocr: OcrPage, band: Band): { image: Buffer; top: number } {
  const { image, width, height, offset } = pixels;
  const top = Math.max(0, band.top - COVER_MARGIN);
  const bottom = Math.min(height, band.bottom + COVER_MARGIN);
  const rows = bottom - top;
  const out = Buffer.alloc(width * (rows + 2 * PAD), 255);
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < width; x++) {
      const grey = image[offset + y * width + x] ?? 255;
      // Rules (ink that is not print) painted white; print and paper as they are.
      if (grey >= INK_BELOW || pixels.print(x, y)) out[(y - top + PAD) * width + x] = grey;
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
  const pgm = readPgm(image);
  if (!pgm) return ocr;
  const pixels = new Pixels(image, pgm.width, pgm.height, pgm.offset);
  const bands = bandsOf(pixels, ocr);
  if (!bands.length) return ocr;
  const known = wordsOf(ocr).map((w) => w.bbox);
  const added: NonNullable<OcrPage['blocks']> = [];
  for (const band of bands) {
    const cut = bandImage(pixels, ocr, band);
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
