import type { Block as TextractBlock } from '@aws-sdk/client-textract';
import type { TextractPage } from '../textract/blocks';
import { lineShapes, median, wordsOf, wordTexts } from './glyph-shapes';

/**
 * Recognised pages (tesseract's words and lines, in pixels) as a GetDocumentTextDetection response: PAGE,
 * LINE and WORD blocks with Textract's geometry (BoundingBox and Polygon as fractions of the page, Top from
 * the top edge), Confidence 0..100 and CHILD relationships, so the scan takes the same path as a Textract
 * result (collectTextractBlocks → the statement reader). Pure: tested with hand-made recognition output.
 */
export interface OcrBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
export interface OcrSymbol {
  text: string;
  confidence: number;
  bbox: OcrBox;
}
export interface OcrWord {
  text: string;
  confidence: number;
  bbox: OcrBox;
  /** Its characters with their boxes (tesseract's symbols), when known. */
  symbols?: OcrSymbol[];
}
export interface OcrLine {
  words: OcrWord[];
}
/** The part of tesseract.js's `Page` used here (its blocks → paragraphs → lines → words). */
export interface OcrPage {
  blocks: Array<{ paragraphs: Array<{ lines: OcrLine[] }> }> | null;
}

export interface RecognisedPage {
  /** 1-based page number. */
  page: number;
  /** The image's size in pixels. */
  width: number;
  height: number;
  ocr: OcrPage;
}

/**
 * A scan is read with confidence when its words' mean confidence (weighted by their length) reaches this.
 * Printed statements scanned at 300 dpi score 90 and more; noise, blank pages with specks and unfocused
 * photographs score well under 60.
 */
export const MIN_MEAN_CONFIDENCE = 60;

/** Words further apart than this many line heights start a new LINE, as Textract splits table columns. */
const COLUMN_GAP_IN_HEIGHTS = 1.2;

const clamp = (n: number) => Math.min(1, Math.max(0, n));

function geometry(box: OcrBox, width: number, height: number): TextractBlock['Geometry'] {
  const Left = clamp(box.x0 / width);
  const Top = clamp(box.y0 / height);
  const Right = clamp(box.x1 / width);
  const Bottom = clamp(box.y1 / height);
  return {
    BoundingBox: { Left, Top, Width: Right - Left, Height: Bottom - Top },
    Polygon: [
      { X: Left, Y: Top },
      { X: Right, Y: Top },
      { X: Right, Y: Bottom },
      { X: Left, Y: Bottom },
    ],
  };
}

const union = (boxes: readonly OcrBox[]): OcrBox => ({
  x0: Math.min(...boxes.map((b) => b.x0)),
  y0: Math.min(...boxes.map((b) => b.y0)),
  x1: Math.max(...boxes.map((b) => b.x1)),
  y1: Math.max(...boxes.map((b) => b.y1)),
});

/** A recognised line's words, left to right, split where a gap is wider than a column gap. */
function splitAtGaps(words: readonly OcrWord[]): OcrWord[][] {
  const sorted = [...words].sort((a, b) => a.bbox.x0 - b.bbox.x0);
  const heights = sorted.map((w) => w.bbox.y1 - w.bbox.y0).sort((a, b) => a - b);
  const height = heights[Math.floor(heights.length / 2)] ?? 0;
  const runs: OcrWord[][] = [];
  for (const word of sorted) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && word.bbox.x0 - last.bbox.x1 <= COLUMN_GAP_IN_HEIGHTS * height) run.push(word);
    else runs.push([word]);
  }
  return runs;
}

/** A gap inside a word at least this share of its line's spaces (their median) is a space. */
const SPACE_OF_LINE_SPACES = 0.6;
const LETTERS = /^\p{L}\p{L}$/u;
/** ... and at least this share of the word's height (letters of any size stand closer than this). */
const SPACE_OF_HEIGHT = 0.3;

/**
 * Words the recogniser ran together across a space. In large print (16–18 pt) its language model joins a
 * short word to the one before ('Direct debitto BT', 'Transferto MrT Brown'), though the glyph boxes keep
 * the space between them: as wide as the line's other spaces, several times its letters' gaps. A word is
 * split where the gap between two of its characters is at least three fifths of the line's spaces (their
 * median; a line with no space between words is left as read) and a third of the word's height, between
 * two letters (a figure's '1' stands apart in its wide cell: '137.05' is one figure).
 */
function splitAtSpaces(words: readonly OcrWord[]): OcrWord[] {
  const sorted = [...words].sort((a, b) => a.bbox.x0 - b.bbox.x0);
  const height = median(sorted.map((w) => w.bbox.y1 - w.bbox.y0)) ?? 0;
  const spaces = sorted
    .slice(1)
    .map((w, i) => w.bbox.x0 - (sorted[i]?.bbox.x1 ?? 0))
    .filter((gap) => gap > 0 && gap <= COLUMN_GAP_IN_HEIGHTS * height);
  const space = median(spaces);
  if (space === undefined) return [...words];
  return words.flatMap((word) => {
    const symbols = word.symbols ?? [];
    if (
      symbols.length < 2 ||
      symbols
        .map((x) => x.text)
        .join('')
        .toLowerCase() !== word.text.toLowerCase()
    )
      return [word];
    const least = Math.max(SPACE_OF_LINE_SPACES * space, SPACE_OF_HEIGHT * (word.bbox.y1 - word.bbox.y0));
    const parts: OcrSymbol[][] = [[symbols[0]!]];
    let at = 1;
    const texts: string[] = [];
    let from = 0;
    for (let i = 1; i < symbols.length; i++) {
      const between = `${symbols[i - 1]!.text}${symbols[i]!.text}`;
      if (LETTERS.test(between) && symbols[i]!.bbox.x0 - symbols[i - 1]!.bbox.x1 >= least) {
        texts.push(word.text.slice(from, at));
        from = at;
        parts.push([]);
      }
      parts.at(-1)!.push(symbols[i]!);
      at += symbols[i]!.text.length;
    }
    if (parts.length === 1) return [word];
    texts.push(word.text.slice(from));
    return parts.map((part, k) => ({
      text: texts[k]!,
      confidence: word.confidence,
      bbox: { ...union(part.map((x) => x.bbox)), y0: word.bbox.y0, y1: word.bbox.y1 },
      symbols: part,
    }));
  });
}

export interface Readability {
  words: number;
  /** Mean word confidence weighted by word length (0 without words). */
  meanConfidence: number;
}

export function readabilityOf(pages: readonly RecognisedPage[]): Readability {
  let words = 0;
  let weight = 0;
  let sum = 0;
  for (const { ocr } of pages) {
    for (const word of wordsOf(ocr)) {
      words++;
      weight += word.text.length;
      sum += word.confidence * word.text.length;
    }
  }
  return { words, meanConfidence: weight ? sum / weight : 0 };
}

/** The pages as one GetDocumentTextDetection response (every block, no NextToken). */
export function toTextractResponse(pages: readonly RecognisedPage[]): TextractPage {
  const blocks: TextractBlock[] = [];
  for (const { page, width, height, ocr } of pages) {
    const pageBlock: TextractBlock = {
      BlockType: 'PAGE',
      Id: `page-${page}`,
      Page: page,
      Geometry: geometry({ x0: 0, y0: 0, x1: width, y1: height }, width, height),
      Relationships: [{ Type: 'CHILD', Ids: [] }],
    };
    blocks.push(pageBlock);
    let lineNumber = 0;
    const textOf = wordTexts(ocr);
    for (const block of ocr.blocks ?? []) {
      for (const paragraph of block.paragraphs) {
        for (const line of paragraph.lines) {
          const shape = lineShapes(line);
          const words = line.words
            .map((w) => ({ ...w, text: shape(w, textOf(w).trim()) }))
            .filter((w) => w.text && w.bbox.x1 > w.bbox.x0 && w.bbox.y1 > w.bbox.y0);
          for (const run of splitAtGaps(splitAtSpaces(words))) {
            const lineId = `page-${page}-line-${++lineNumber}`;
            const wordIds = run.map((_, k) => `${lineId}-word-${k + 1}`);
            blocks.push({
              BlockType: 'LINE',
              Id: lineId,
              Page: page,
              Text: run.map((w) => w.text).join(' '),
              Confidence: run.reduce((sum, w) => sum + w.confidence, 0) / run.length,
              Geometry: geometry(union(run.map((w) => w.bbox)), width, height),
              Relationships: [{ Type: 'CHILD', Ids: wordIds }],
            });
            run.forEach((word, k) => {
              blocks.push({
                BlockType: 'WORD',
                Id: wordIds[k],
                Page: page,
                Text: word.text,
                TextType: 'PRINTED',
                Confidence: word.confidence,
                Geometry: geometry(word.bbox, width, height),
              });
            });
            pageBlock.Relationships?.[0]?.Ids?.push(lineId);
          }
        }
      }
    }
  }
  return { JobStatus: 'SUCCEEDED', DocumentMetadata: { Pages: pages.length }, Blocks: blocks };
}
