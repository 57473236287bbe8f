import { type Block, childIds } from './blocks';

/** A word on a page, in normalised page coordinates (0..1, top-left origin). */
export interface Word {
  text: string;
  page: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** How sure the text recognition was of it (0..100; a text layer's words have none or 100). */
  confidence?: number;
}

/** Words that share a baseline band, left to right. */
export interface Row {
  page: number;
  top: number;
  bottom: number;
  words: Word[];
}

export const center = (w: { left: number; right: number }) => (w.left + w.right) / 2;
export const height = (w: { top: number; bottom: number }) => w.bottom - w.top;
/**
 * The words' texts, in order (the first `end` of them). Built by pushing, not by `map`: V8 gives an array made
 * by `map` another internal shape once the code calling it is optimised, and each function the array is then
 * passed to was compiled again for that shape (see README, "The statement pipeline").
 */
export function textsOf(words: readonly Word[], end = words.length): string[] {
  const texts: string[] = [];
  for (let i = 0; i < end && i < words.length; i++) texts.push(words[i]!.text);
  return texts;
}

/** The words' texts joined by a space (the first `end` of them), as `map(text).join(' ')`; see textsOf. */
export function wordsText(words: readonly Word[], end = words.length): string {
  let text = '';
  for (let i = 0; i < end && i < words.length; i++) text += i === 0 ? words[i]!.text : ` ${words[i]!.text}`;
  return text;
}

export const rowText = (row: Row) => wordsText(row.words);

function box(block: Block, page: number, text: string): Word {
  const b = block.Geometry.BoundingBox;
  const word: Word = {
    text,
    page,
    left: b.Left,
    top: b.Top,
    right: b.Left + b.Width,
    bottom: b.Top + b.Height,
  };
  if (block.Confidence !== undefined && block.Confidence < 100) word.confidence = block.Confidence;
  return word;
}

/** Splits a LINE without WORD children into words, spread over its box by character count. */
function splitLine(line: Block, page: number): Word[] {
  const text = line.Text ?? '';
  const b = line.Geometry.BoundingBox;
  const perChar = text.length ? b.Width / text.length : 0;
  const words: Word[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    const start = m.index;
    words.push({
      text: m[0],
      page,
      left: b.Left + start * perChar,
      right: b.Left + (start + m[0].length) * perChar,
      top: b.Top,
      bottom: b.Top + b.Height,
    });
  }
  return words;
}

/**
 * The words of a block list: WORD blocks, plus LINE blocks whose words are not in the list (hand-built or
 * trimmed input). Other block types are ignored. Words without text are dropped.
 */
export function wordsFromBlocks(blocks: readonly Block[]): Word[] {
  const wordIds = new Set<string>();
  for (const b of blocks) if (b.BlockType === 'WORD') wordIds.add(b.Id);
  const words: Word[] = [];
  for (const b of blocks) {
    const page = b.Page ?? 1;
    if (b.BlockType === 'WORD') {
      const text = (b.Text ?? '').trim();
      if (text) words.push(box(b, page, text));
    } else if (b.BlockType === 'LINE' && !childIds(b).some((id) => wordIds.has(id))) {
      words.push(...splitLine(b, page));
    }
  }
  return words;
}

/** The number of pages: the highest page number seen, or the number of PAGE blocks. */
export function pageCount(blocks: readonly Block[]): number {
  let pages = 0;
  let pageBlocks = 0;
  for (const b of blocks) {
    pages = Math.max(pages, b.Page ?? 1);
    if (b.BlockType === 'PAGE') pageBlocks++;
  }
  return blocks.length ? Math.max(pages, pageBlocks) : 0;
}

/**
 * Words too small to be seen on the page: text layers may carry screen-reader text beside the printed text
 * (a 0.05 pt font stacked at each row's start, repeating every cell with its column name: 'Money In (£)
 * blank.'). A word less than a tenth as tall as the page's printed words (its taller words: the hidden
 * text may outnumber them) and less than a tenth as wide is not part of what the statement shows.
 */
export function legibleWords(words: readonly Word[]): Word[] {
  const heights = new Map<number, number[]>();
  for (const w of words) {
    const list = heights.get(w.page);
    if (list) list.push(height(w));
    else heights.set(w.page, [height(w)]);
  }
  const floor = new Map<number, number>();
  for (const [page, list] of heights) {
    list.sort((a, b) => a - b);
    // Hidden text may outnumber the printed words, so the printed size is taken near the top of the range.
    floor.set(page, 0.1 * list[Math.floor(0.9 * (list.length - 1))]!);
  }
  // A dash read from a scan is flat ('-' boxed by its ink: an eighth of a line tall) but as wide as a letter:
  // too small to be seen means small both ways.
  const kept = words.filter((w) => {
    const least = floor.get(w.page) ?? 0;
    return height(w) >= least || w.right - w.left >= least;
  });
  return kept.length === words.length ? (words as Word[]) : kept;
}

/**
 * Groups words into rows: a word joins the row above it when its middle lies within the row's band or
 * their vertical extents overlap by at least 30% of the smaller height (OCR boxes jitter and lines skew).
 * The row's band is the average of its words, so a tall or skewed word does not stretch it. Rows come out
 * page by page, top to bottom; words in a row left to right.
 */
export function groupRows(words: readonly Word[]): Row[] {
  const byPage = new Map<number, Word[]>();
  for (const w of words) {
    const list = byPage.get(w.page);
    if (list) list.push(w);
    else byPage.set(w.page, [w]);
  }
  const rows: Row[] = [];
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    const sorted = [...(byPage.get(page) ?? [])].sort((a, b) => a.top + a.bottom - (b.top + b.bottom));
    let current: { words: Word[]; topSum: number; bottomSum: number } | null = null;
    const pageRows: Word[][] = [];
    for (const w of sorted) {
      if (current) {
        const n = current.words.length;
        const top = current.topSum / n;
        const bottom = current.bottomSum / n;
        const overlap = Math.min(bottom, w.bottom) - Math.max(top, w.top);
        const middle = (w.top + w.bottom) / 2;
        if (overlap >= 0.3 * Math.min(bottom - top, height(w)) || (middle > top && middle < bottom)) {
          current.words.push(w);
          current.topSum += w.top;
          current.bottomSum += w.bottom;
          continue;
        }
      }
      current = { words: [w], topSum: w.top, bottomSum: w.bottom };
      pageRows.push(current.words);
    }
    for (const list of pageRows) {
      list.sort((a, b) => a.left - b.left);
      rows.push({
        page,
        top: Math.min(...list.map((w) => w.top)),
        bottom: Math.max(...list.map((w) => w.bottom)),
        words: list,
      });
    }
  }
  return rows;
}
