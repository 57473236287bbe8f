import type { OcrBox, OcrPage } from './textract-shape';

/**
 * A page image cut across into strips at blank rows, so that the OCR workers share one page: a 3-page scan
 * with two workers is read as 6 half pages (3 rounds of half a page) instead of 3 pages (2 rounds of a whole
 * page, one worker idle in the second), and the first page keeps both workers busy while the next is drawn.
 * A cut is made only where a whole row of pixels is blank, in the middle of the blank band between two text
 * lines, so no line is split; each strip is read as a block of lines, as the whole page would be, and its
 * words are put back in page coordinates. A page with no blank row near a cut (a skewed photograph, a
 * page-high frame or a dense page) is read whole.
 */

/** A greyscale binary PGM (P5) image: its size and where its pixels start. */
interface Pgm {
  width: number;
  height: number;
  offset: number;
}

export function readPgm(image: Buffer): Pgm | null {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.subarray(0, 64).toString('latin1'));
  if (!header) return null;
  const width = Number(header[1]);
  const height = Number(header[2]);
  const offset = header[0].length;
  return image.length >= offset + width * height ? { width, height, offset } : null;
}

export interface Strip {
  /** The strip's first row in the page image. */
  top: number;
  image: Buffer;
}

/** A pixel darker than this counts as ink. */
const INK_BELOW = 160;
/** A row with ink in at most this share of its pixels is blank (scanner specks, a table's vertical rules). */
const BLANK_SHARE = 0.01;
/** A row is empty with at most this many more inked pixels than the emptiest row near it (a speck or two). */
const EMPTY_ROW_SPECKS = 2;
/** Pages shorter than this (in pixels, about an inch and a half at 300 dpi per strip) are not cut. */
const MIN_STRIP_HEIGHT = 450;

/**
 * The page cut into at most `count` strips of about equal height at blank rows (each cut looked for within
 * a quarter of a strip of where it would fall), as PGM images; the page itself when it is not cut.
 */
export function splitPage(image: Buffer, count: number): Strip[] {
  const pgm = readPgm(image);
  if (!pgm || count < 2 || pgm.height < count * MIN_STRIP_HEIGHT) return [{ top: 0, image }];
  const { width, height, offset } = pgm;
  const ink = (y: number) => {
    let n = 0;
    const start = offset + y * width;
    for (let i = start, end = start + width; i < end; i++) if ((image[i] ?? 255) < INK_BELOW) n++;
    return n;
  };
  const blank = Math.max(1, Math.floor(width * BLANK_SHARE));
  const cuts: number[] = [];
  const stripHeight = height / count;
  for (let k = 1; k < count; k++) {
    const aim = Math.round(k * stripHeight);
    const reach = Math.floor(stripHeight / 4);
    // The empty row nearest the aim (no more ink than the emptiest row near it: a table's vertical rules),
    // else the blank row nearest it; then the middle of its blank band. A row under a line of large print
    // that only the stems of its descenders cross ('gg' in 18 pt) holds little ink, but is no gap between
    // lines: a cut there takes the descenders off their letters, and 'Greggs' is read 'Greaas'.
    const rows = Array.from({ length: 2 * reach + 1 }, (_, i) => aim - reach + i).filter(
      (y) => y >= 0 && y < height,
    );
    const inkOf = new Map(rows.map((y) => [y, ink(y)]));
    const empty = Math.min(blank, Math.min(...inkOf.values()) + EMPTY_ROW_SPECKS);
    let found = -1;
    for (const limit of [empty, blank]) {
      for (let d = 0; d <= reach && found < 0; d++) {
        if ((inkOf.get(aim + d) ?? Infinity) <= limit) found = aim + d;
        else if (d && (inkOf.get(aim - d) ?? Infinity) <= limit) found = aim - d;
      }
      if (found >= 0) break;
    }
    if (found < 0) continue;
    let first = found;
    let last = found;
    while (first > 0 && ink(first - 1) <= blank) first--;
    while (last < height - 1 && ink(last + 1) <= blank) last++;
    const cut = Math.round((first + last + 1) / 2);
    if (cut > (cuts.at(-1) ?? 0) && cut < height) cuts.push(cut);
  }
  if (!cuts.length) return [{ top: 0, image }];
  const edges = [0, ...cuts, height];
  return edges.slice(1).map((bottom, i) => {
    const top = edges[i] ?? 0;
    return {
      top,
      image: Buffer.concat([
        Buffer.from(`P5\n${width} ${bottom - top}\n255\n`, 'latin1'),
        image.subarray(offset + top * width, offset + bottom * width),
      ]),
    };
  });
}

const moved = (box: OcrBox, dy: number): OcrBox => ({ ...box, y0: box.y0 + dy, y1: box.y1 + dy });

/** The strips' recognised text as one page: every box moved down by its strip's top, blocks in page order. */
export function joinStrips(strips: ReadonlyArray<{ top: number; ocr: OcrPage }>): OcrPage {
  if (strips.length === 1 && strips[0]?.top === 0) return strips[0].ocr;
  return {
    blocks: strips.flatMap(({ top, ocr }) =>
      (ocr.blocks ?? []).map((block) => ({
        paragraphs: block.paragraphs.map((paragraph) => ({
          lines: paragraph.lines.map((line) => ({
            words: line.words.map((word) => ({
              ...word,
              bbox: moved(word.bbox, top),
              ...(word.symbols
                ? { symbols: word.symbols.map((s) => ({ ...s, bbox: moved(s.bbox, top) })) }
                : {}),
            })),
          })),
        })),
      })),
    ),
  };
}
