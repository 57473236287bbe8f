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
 *
 * Words read with very little confidence are read again first, with their whole line drawn twice as large
 * (withWeakLinesReadAgain): an 8 pt row and the 7 pt grey 'USD 12.00 @ 1.2710' under it, beside a shaded
 * panel, read as 'rn', 'om', 'Sia'; 'P.A.' read 'PA.' at confidence 10. Painting the sure words out and
 * reading only the weak ones' print as a missed band was tried and left out: it read a heading's '£1In'
 * (confidence 43) as '£1n' (61), losing the 'Money in' column.
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
/** A word read with less confidence than this is taken as not read: its line is read again on its own. */
const WEAK_BELOW = 50;
/** A weak word's line still weak after that is read again drawn this many times larger. */
const WEAK_LINE_SCALE = 2;
/** More weak lines than this on one image is a poor scan, not a slip: none is read again (CPU). */
const MAX_WEAK_LINES = 4;

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
  return (pgm && bandsOf(new Pixels(image, pgm.width, pgm.height, pgm.offset), ocr)) || [];
}

/** The bands of uncovered print, or null when there are more than MAX_BANDS (noise). */
function bandsOf(pixels: Pixels, ocr: OcrPage): Band[] | null {
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
  return lines.length > MAX_BANDS ? null : lines;
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
  const weakRead = await withWeakLinesReadAgain(pixels, ocr, recognise);
  const twoLines = twoLineWords(pixels, weakRead);
  if (!twoLines.size) return withBandsReadAgain(pixels, weakRead, recognise);
  // Read without them, their print is print no word covers: read again as missed lines.
  const without = {
    blocks: (weakRead.blocks ?? []).map((b) => ({
      paragraphs: b.paragraphs.map((p) => ({
        lines: p.lines.map((l) => ({ words: l.words.filter((w) => !twoLines.has(w)) })),
      })),
    })),
  };
  const again = await withBandsReadAgain(pixels, without, recognise);
  if (again === without) return weakRead;
  // A word is taken as two lines only where both its lines were read again; else it stays as read.
  const added = wordsOf(again).filter((w) => !wordsOf(without).includes(w));
  const kept = [...twoLines].filter((w) => {
    const middle = (w.bbox.y0 + w.bbox.y1) / 2;
    const upper = { ...w.bbox, y1: middle };
    const lower = { ...w.bbox, y0: middle };
    return !(added.some((a) => overlaps(a.bbox, upper)) && added.some((a) => overlaps(a.bbox, lower)));
  });
  const read = kept.length
    ? { blocks: [...(again.blocks ?? []), { paragraphs: [{ lines: [{ words: kept }] }] }] }
    : again;
  return kept.length === twoLines.size ? weakRead : read;
}

/** A word's box this many times its line's usual height may hold two lines of print. */
const TWO_LINES_OF_HEIGHT = 1.7;

/**
 * Words whose box holds two lines of print: a heading printed on two lines ('Money In' over '(£)', 'Paid'
 * over 'out') that the recogniser boxed as one word reaching from the first line's top to the second's
 * bottom, and read as one word ('See', 'Ra', 'Paic'), the second line lost. Such a box stands at least
 * TWO_LINES_OF_HEIGHT times as tall as its line's other words (their median), and its ink, across the box's
 * width, is two bands of rows with paper between them (more than a line's accents leave).
 */
function twoLineWords(pixels: Pixels, ocr: OcrPage): Set<OcrWord> {
  const found = new Set<OcrWord>();
  for (const block of ocr.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const words = line.words.filter((w) => w.text.trim());
        if (words.length < 3) continue;
        const heights = words.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
        const usual = heights[Math.floor(heights.length / 2)]!;
        for (const w of words) {
          if (w.bbox.y1 - w.bbox.y0 < TWO_LINES_OF_HEIGHT * usual) continue;
          if (twoBands(pixels, w.bbox)) found.add(w);
        }
      }
    }
  }
  return found;
}

/** Whether the ink inside a box is two bands of rows, each a line of print, with paper between them. */
function twoBands(pixels: Pixels, box: OcrBox): boolean {
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(pixels.width, Math.ceil(box.x1));
  const bands: Band[] = [];
  for (let y = Math.max(0, Math.floor(box.y0)); y < Math.min(pixels.height, Math.ceil(box.y1)); y++) {
    let ink = false;
    for (let x = x0; x < x1 && !ink; x++) ink = pixels.ink(x, y);
    if (!ink) continue;
    const last = bands.at(-1);
    if (last && y - last.bottom <= JOIN_GAP) last.bottom = y + 1;
    else bands.push({ top: y, bottom: y + 1 });
  }
  return bands.filter((b) => b.bottom - b.top >= MIN_BAND_HEIGHT / 2).length === 2;
}

async function withBandsReadAgain(
  pixels: Pixels,
  ocr: OcrPage,
  recognise: (image: Buffer) => Promise<OcrPage>,
): Promise<OcrPage> {
  const bands = bandsOf(pixels, ocr);
  if (!bands?.length) return ocr;
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

/**
 * Words still weak, read again with their whole line (nothing painted out: the line's other words are the
 * recogniser's measure of its print) drawn WEAK_LINE_SCALE times larger: 'P.A.' read 'PA.' at confidence 10
 * is read 'P.A.', a contactless ')))' read '»)' is read '))' over three marks' width, two headings printed
 * touching ('Transaction date' into 'Process date') read 'datProcess' rather than 'datrocess'. A word read
 * again with more confidence than the weak word it covers takes its place; nothing else of the line changes.
 */
async function withWeakLinesReadAgain(
  pixels: Pixels,
  ocr: OcrPage,
  recognise: (image: Buffer) => Promise<OcrPage>,
): Promise<OcrPage> {
  const { image, width, height, offset } = pixels;
  const weak = wordsOf(ocr).filter(
    (w) => w.text.trim() && w.confidence < WEAK_BELOW && w.bbox.y1 - w.bbox.y0 >= MIN_BAND_HEIGHT,
  );
  if (!weak.length) return ocr;
  const lines: Band[] = [];
  for (const box of weak.map((w) => grown(w.bbox, height, width)).sort((a, b) => a.y0 - b.y0)) {
    const last = lines.at(-1);
    if (last && box.y0 < last.bottom) last.bottom = Math.max(last.bottom, box.y1);
    else lines.push({ top: box.y0, bottom: box.y1 });
  }
  if (lines.length > MAX_WEAK_LINES) return ocr;
  const replaced = new Map<OcrWord, OcrWord[]>();
  const used = new Set<OcrWord>();
  for (const line of lines) {
    const scale = WEAK_LINE_SCALE;
    const rows = line.bottom - line.top;
    const w = width * scale;
    const h = (rows + 2 * PAD) * scale;
    const out = Buffer.alloc(w * h, 255);
    for (let y = 0; y < rows * scale; y++) {
      const from = offset + (line.top + Math.floor(y / scale)) * width;
      const to = (PAD * scale + y) * w;
      for (let x = 0; x < w; x++) out[to + x] = image[from + Math.floor(x / scale)] as number;
    }
    const read = await recognise(Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`, 'latin1'), out]));
    const back = (b: OcrBox): OcrBox => ({
      x0: b.x0 / scale,
      x1: b.x1 / scale,
      y0: b.y0 / scale - PAD + line.top,
      y1: b.y1 / scale - PAD + line.top,
    });
    const found = wordsOf(read)
      .filter((x) => x.text.trim())
      .map((x) => ({
        ...x,
        bbox: back(x.bbox),
        ...(x.symbols ? { symbols: x.symbols.map((y) => ({ ...y, bbox: back(y.bbox) })) } : {}),
      }));
    for (const word of weak) {
      if (word.bbox.y0 < line.top || word.bbox.y1 > line.bottom) continue;
      const over = found.filter((x) => overlaps(x.bbox, word.bbox) && !used.has(x));
      if (!over.length || over.some((x) => x.confidence <= word.confidence || x.confidence < MIN_CONFIDENCE))
        continue;
      replaced.set(word, over);
      for (const x of over) used.add(x);
    }
  }
  if (!replaced.size) return ocr;
  return {
    blocks: (ocr.blocks ?? []).map((b) => ({
      paragraphs: b.paragraphs.map((p) => ({
        lines: p.lines.map((l) => ({ words: l.words.flatMap((w) => replaced.get(w) ?? [w]) })),
      })),
    })),
  };
}
