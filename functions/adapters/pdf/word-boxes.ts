import type { PlacedGlyph } from './glyph-positions';
import { hiddenBreaks, isSpace } from './glyph-text';

/**
 * A text item's words and their boxes: placed where their glyphs stand (glyph-positions.ts), a space put at
 * each word break pdf.js did not mark (hiddenBreaks), the glyphs nobody sees taken out (glyphsLeftOut); or,
 * when the glyphs cannot be followed, spread along the item by Helvetica's glyph widths.
 */

// Helvetica advance widths (1/1000 em) for ' ' .. '~': proportions for placing words along a text item.
const WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const charWidth = (ch: string) => WIDTHS[(ch.codePointAt(0) ?? 0) - 32] ?? 556;

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Placement {
  /** The glyph index of each character of the run's text (-1 for whitespace). */
  glyphOf: number[];
  glyphs: readonly PlacedGlyph[];
}

/**
 * The run's text with a space at each hidden word break, and its words placed by their glyphs (the left edge
 * of the first, the right edge of the last): null when any of its characters has no glyph.
 */
export function placeWords(
  text: string,
  box: Box,
  placement: Placement,
): { text: string; words: Array<{ text: string; box: Box }> } | null {
  const { glyphOf, glyphs } = placement;
  if (codePoints(text) !== glyphOf.length) return null;
  // Offsets (in characters) to break before, ascending.
  const breaks = hiddenBreaks(text, glyphOf, glyphs);
  const words: Array<{ text: string; box: Box }> = [];
  // The run's text with a space before each break, made of slices of it.
  let line = '';
  let lineFrom = 0;
  let nextBreak = 0;
  // The current word: where it starts (in the text, -1 for none) and its glyphs' span.
  let wordFrom = -1;
  let left = 0;
  let right = 0;
  let at = 0;
  for (let i = 0; at < text.length; i++) {
    const code = text.codePointAt(at)!;
    const size = code > 0xffff ? 2 : 1;
    const space = isSpaceCode(code, text, at, size);
    const broken = breaks[nextBreak] === i;
    if (broken) {
      nextBreak++;
      line += `${text.slice(lineFrom, at)} `;
      lineFrom = at;
    }
    if ((space || broken) && wordFrom >= 0) {
      words.push(wordOf(text.slice(wordFrom, at), left, right, box));
      wordFrom = -1;
    }
    if (!space) {
      const glyph = glyphs[glyphOf[i] ?? -1];
      if (!glyph) return null;
      const start = Math.min(glyph.x, glyph.x + glyph.width);
      const end = Math.max(glyph.x, glyph.x + glyph.width);
      if (wordFrom >= 0) {
        left = Math.min(left, start);
        right = Math.max(right, end);
      } else {
        wordFrom = at;
        left = start;
        right = end;
      }
    }
    at += size;
  }
  if (wordFrom >= 0) words.push(wordOf(text.slice(wordFrom), left, right, box));
  return { text: nextBreak ? line + text.slice(lineFrom) : text, words };
}

const wordOf = (text: string, left: number, right: number, box: Box) => ({
  text,
  box: { left, top: box.top, width: right - left, height: box.height },
});

/** How many characters (code points, as `[...text]` counts them) a text has. */
function codePoints(text: string): number {
  let count = 0;
  for (let at = 0; at < text.length; count++) at += (text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
  return count;
}

/** Whether the character at `at` (its code point `code`, `size` code units long) is whitespace. */
function isSpaceCode(code: number, text: string, at: number, size: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return isSpace(text.slice(at, at + size));
}

/**
 * A text item without the glyphs left out (glyphsLeftOut): its remaining text, each character's glyph, and
 * the span of its remaining glyphs; null when none of its glyphs is left out.
 */
export function withoutLeftOut(
  text: string,
  glyphOf: readonly number[],
  glyphs: readonly PlacedGlyph[],
  leftOut: ReadonlySet<number>,
): { text: string; glyphOf: number[]; left: number; right: number } | null {
  const chars = [...text];
  if (chars.length !== glyphOf.length || !glyphOf.some((g) => leftOut.has(g))) return null;
  const kept: Array<{ char: string; glyph: number }> = [];
  for (const [i, char] of chars.entries()) {
    const glyph = glyphOf[i]!;
    if (glyph >= 0 && leftOut.has(glyph)) continue;
    // One space between the words that remain, none at the ends.
    if (glyph < 0 && (!kept.length || kept.at(-1)!.glyph < 0)) continue;
    kept.push({ char, glyph });
  }
  while (kept.length && kept.at(-1)!.glyph < 0) kept.pop();
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const { glyph } of kept) {
    const placed = glyphs[glyph];
    if (!placed) continue;
    left = Math.min(left, placed.x, placed.x + placed.width);
    right = Math.max(right, placed.x, placed.x + placed.width);
  }
  return {
    text: kept.map((k) => k.char).join(''),
    glyphOf: kept.map((k) => k.glyph),
    left,
    right,
  };
}

/** Words of a text item with their boxes, spread along the item by glyph widths. */
export function splitWords(text: string, box: Box): Array<{ text: string; box: Box }> {
  const total = [...text].reduce((sum, ch) => sum + charWidth(ch), 0) || 1;
  const scale = box.width / total;
  const words: Array<{ text: string; box: Box }> = [];
  let x = 0;
  let start = -1;
  let startX = 0;
  const chars = [...text];
  chars.forEach((ch, i) => {
    const blank = /\s/.test(ch);
    if (!blank && start < 0) {
      start = i;
      startX = x;
    }
    x += charWidth(ch);
    if (start >= 0 && (blank || i === chars.length - 1)) {
      const end = blank ? x - charWidth(ch) : x;
      words.push({
        text: chars.slice(start, blank ? i : i + 1).join(''),
        box: {
          left: box.left + startX * scale,
          top: box.top,
          width: (end - startX) * scale,
          height: box.height,
        },
      });
      start = -1;
    }
  });
  return words;
}
