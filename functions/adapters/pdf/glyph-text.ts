import type { PlacedGlyph } from './glyph-positions';

/**
 * The text content's characters matched to the glyphs that drew them (glyph-positions.ts), and the word
 * breaks pdf.js did not mark with a space, found from the gaps between those glyphs.
 */

/**
 * The text content's characters matched to the glyphs they came from: pdf.js builds each text item from the
 * same drawing operations, in the same order, adding spaces of its own and normalising some characters
 * (ligatures, compatibility forms). For each item, each character's glyph index (-1 for whitespace); null
 * when the two cannot be matched (then the caller places words as before).
 */
export function alignGlyphs(items: readonly string[], glyphs: readonly PlacedGlyph[]): number[][] | null {
  // The glyphs' characters in order (NFKC, whitespace left out), each with its glyph's index.
  const chars: string[] = [];
  const owners: number[] = [];
  for (let index = 0; index < glyphs.length; index++) {
    const glyph = glyphs[index]!;
    // pdf.js leaves glyphs outside the page's visible area out of the text content.
    if (glyph.inView === false) continue;
    const text = glyph.text;
    if (text.length === 1 && printableAscii(text.charCodeAt(0))) {
      // NFKC leaves a printable ASCII character as it is.
      chars.push(text);
      owners.push(index);
      continue;
    }
    for (const char of text.normalize('NFKC'))
      if (!isSpace(char)) {
        chars.push(char);
        owners.push(index);
      }
  }
  let next = 0;
  const aligned: number[][] = [];
  for (const item of items) {
    const indices: number[] = [];
    for (const char of item) {
      if (isSpace(char)) {
        indices.push(-1);
        continue;
      }
      // A glyph the text content left out (no text, a control character) is passed over.
      let at = next;
      while (at < chars.length && at - next < 8 && chars[at] !== char) at++;
      if (at >= chars.length || chars[at] !== char) return null;
      indices.push(owners[at]!);
      next = at + 1;
    }
    aligned.push(indices);
  }
  return aligned;
}

/** A printable ASCII character other than the space ('!' to '~'). */
const printableAscii = (code: number) => code > 0x20 && code < 0x7f;

/** Whether one character (a code point) is whitespace, as /\s/ tests it. */
export function isSpace(char: string): boolean {
  const code = char.charCodeAt(0);
  if (char.length === 1 && code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return /\s/.test(char);
}

/** Whether a glyph's text is empty or only whitespace (as `!text.trim()`). */
export function blank(text: string): boolean {
  return text.length === 1 ? isSpace(text) : !text.trim();
}

/** '£', '$' and '€', and a number's characters (digits, '.' and ','), by code point. */
const CURRENCY_CODES = new Set([...'£$€'].map((char) => char.codePointAt(0)));
const NUMBER_CODES = new Set([...'0123456789.,'].map((char) => char.codePointAt(0)));

/** Smallest gap (in ems) between two glyphs of a run that is a word break although no space is drawn. */
export const HIDDEN_SPACE_EM = 0.06;

/**
 * Where a run of text has a word break that pdf.js did not mark with a space ("Cardpayment"): a run set
 * tightly (the median distance between its glyphs, kerning either way, is small) whose glyphs stand apart
 * by at least HIDDEN_SPACE_EM, and by four times that median, at a few places. A run whose letters are
 * spaced out unevenly (glyph spacing: "BALAN CE", "Pay m e nt") has a wide spread and is left as it is, as
 * are a currency sign and its figure and the digits of a number. Returns the character offsets to break
 * before.
 */
export function hiddenBreaks(
  text: string,
  glyphOf: readonly number[],
  glyphs: readonly PlacedGlyph[],
): number[] {
  // Each pair of neighbouring characters drawn by two horizontal glyphs: where the second starts (in
  // characters), the gap between their glyphs in ems, and whether the pair joins (a currency sign and its
  // figure, or two characters of a number).
  const at: number[] = [];
  const gaps: number[] = [];
  const joins: boolean[] = [];
  let offset = 0;
  let previous = -1;
  for (let i = 0; offset < text.length; i++) {
    const code = text.codePointAt(offset)!;
    offset += code > 0xffff ? 2 : 1;
    if (i > 0) {
      const before = glyphOf[i - 1] ?? -1;
      const after = glyphOf[i] ?? -1;
      const left = before < 0 ? undefined : glyphs[before];
      const right = after < 0 ? undefined : glyphs[after];
      if (left && right && before !== after && left.horizontal && right.horizontal && left.size > 0) {
        at.push(i);
        gaps.push((right.x - (left.x + left.width)) / left.size);
        joins.push(
          CURRENCY_CODES.has(previous) ||
            CURRENCY_CODES.has(code) ||
            (NUMBER_CODES.has(previous) && NUMBER_CODES.has(code)),
        );
      }
    }
    previous = code;
  }
  if (at.length < 2) return [];
  const spreads = new Float64Array(gaps.length);
  for (let k = 0; k < gaps.length; k++) spreads[k] = Math.abs(gaps[k]!);
  spreads.sort();
  const spread = spreads[Math.floor(spreads.length / 2)]!;
  const threshold = Math.max(HIDDEN_SPACE_EM, 4 * spread);
  const breaks: number[] = [];
  for (let k = 0; k < at.length; k++)
    if (!joins[k] && gaps[k]! >= threshold && gaps[k]! < 3) breaks.push(at[k]!);
  return breaks;
}
