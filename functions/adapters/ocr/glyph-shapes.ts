import type { OcrBox, OcrLine, OcrPage, OcrSymbol, OcrWord } from './textract-shape';

/**
 * A recognised word's text corrected by the shapes of its glyphs' boxes (pure: the recogniser's words and
 * boxes only; letters told by their ink on the page are letter-ink.ts's): where the recogniser's language
 * model took a glyph for a commoner lookalike, the box's size or place on the line tells which it is.
 */

/** The page's words (empty ones left out). */
export function wordsOf(ocr: OcrPage): OcrWord[] {
  return (ocr.blocks ?? []).flatMap((b) =>
    b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words.filter((w) => w.text.trim()))),
  );
}

const aspect = (b: OcrBox) => (b.x1 - b.x0) / Math.max(1, b.y1 - b.y0);
export const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

const width = (b: OcrBox) => b.x1 - b.x0;
/** A zero in a word of figures alone is an O only this share of the two shapes' difference past their middle. */
const ROUND_PAST_MIDDLE = 0.25;
/** A symbol read with at least this confidence is never taken for its neighbour's glyph read twice. */
const DOUBLE_READ_BELOW = 90;

/** Characters that stand on the line and never reach under it (no J or Q, whose tails may). */
const ON_THE_LINE = /^[0-9A-IK-PR-Z]$/;
/** A box reaching this share of the word's height under its other characters' bottom reaches under the line. */
const UNDER_THE_LINE = 0.15;

/**
 * Whether a symbol is its neighbour's glyph read twice, however sure: a character that stands on the line,
 * boxed inside its neighbour's box from the same top down to the same bottom under the line, where only the
 * neighbour's tail reaches. Kroo's 'HX4T29QB5' was read 'HX4T290QB5' on four rows of six: a '0' (95) boxed
 * over the Q's left half and down to its tail, 6 px under the word's other characters, which no zero
 * reaches. Letters boxed together on the line (a ligature's f and i) are left as read.
 */
function withinGlyph(symbol: OcrSymbol, neighbour: OcrSymbol, bottom: number, height: number): boolean {
  const a = symbol.bbox;
  const b = neighbour.bbox;
  return (
    ON_THE_LINE.test(symbol.text) &&
    symbol.text !== neighbour.text &&
    a.x0 >= b.x0 - 1 &&
    a.x1 <= b.x1 + 1 &&
    width(a) < width(b) &&
    Math.abs(a.y0 - b.y0) <= 1 &&
    Math.abs(a.y1 - b.y1) <= 1 &&
    a.y1 - bottom >= UNDER_THE_LINE * height
  );
}

/**
 * A word's characters, with two slips of the recogniser's language model undone where the glyph boxes show
 * them: a character read twice from one glyph (a weak symbol, under 90, lying mostly inside its
 * neighbour's box, as 'LM8' read 'LMS8', or another character inside it from top to bottom:
 * `withinGlyph`), and a run of one repeated mark with one box covering two marks
 * (the contactless ')))' read '))').
 */
function symbolsOf(word: OcrWord): OcrSymbol[] | null {
  const symbols = word.symbols ?? [];
  if (!symbols.length || symbols.map((x) => x.text).join('') !== word.text) return null;
  // The word's line: its characters' bottom and height (the median: most stand on the line).
  const bottom = median(symbols.map((x) => x.bbox.y1)) ?? 0;
  const height = median(symbols.map((x) => x.bbox.y1 - x.bbox.y0)) ?? 0;
  const kept = symbols.filter((symbol, i) => {
    const neighbours = [symbols[i - 1], symbols[i + 1]].filter((n): n is OcrSymbol => n !== undefined);
    return !neighbours.some((n) => {
      const overlap = Math.min(n.bbox.x1, symbol.bbox.x1) - Math.max(n.bbox.x0, symbol.bbox.x0);
      // Only a weak symbol: the recogniser's boxes are loose, and a confidently read mark (the full stop
      // of 'GOV.UK', boxed across the V before it) is a mark of its own.
      return (
        (overlap > 0.5 * width(symbol.bbox) &&
          symbol.confidence < DOUBLE_READ_BELOW &&
          n.confidence > symbol.confidence) ||
        withinGlyph(symbol, n, bottom, height)
      );
    });
  });
  const first = kept[0]?.text;
  if (kept.length > 1 && first && first.length === 1 && kept.every((x) => x.text === first)) {
    // One mark's width, and the space between marks: a box covering n marks is n widths and n-1 spaces.
    const unit = Math.min(...kept.map((x) => width(x.bbox)));
    const gap = Math.max(0, median(kept.slice(1).map((x, i) => x.bbox.x0 - (kept[i]?.bbox.x1 ?? 0))) ?? 0);
    if (unit > 0) {
      return kept.flatMap((x) =>
        Array.from({ length: Math.max(1, Math.round((width(x.bbox) + gap) / (unit + gap))) }, () => x),
      );
    }
  }
  return kept;
}

/**
 * Zero or capital O, by shape. Statement faces print a narrow zero and a round O, but the recogniser's
 * language model may read a zero beside letters as an O ('JAN01' as 'JANO1'), and an O beside figures
 * alone as a zero (the mobile network 'DIRECT DEBIT O2 UK' read '02' on two rows of four, its glyph 0.96
 * as wide as tall, the page's zeros 0.65–0.68 and Os 0.92–0.96). The page's own confidently read zeros (in
 * figures) and Os (in words) give each shape's width-to-height; where the two differ clearly, an O or 0
 * beside a digit or a letter in a mixed word takes the character its shape is, and a zero in a word of
 * figures alone (no stop, comma or slash: no amount or date) is an O where its shape is three quarters of
 * the way from the page's zeros to its Os or more.
 */
export function wordTexts(ocr: OcrPage): (word: OcrWord) => string {
  const zeros: number[] = [];
  const os: number[] = [];
  for (const word of wordsOf(ocr)) {
    if (word.confidence < 90) continue;
    for (const symbol of word.symbols ?? []) {
      if (symbol.text === '0' && /^[\d.,£()-]+$/.test(word.text)) zeros.push(aspect(symbol.bbox));
      if (symbol.text === 'O' && /^[A-Z]+$/.test(word.text)) os.push(aspect(symbol.bbox));
    }
  }
  const zero = median(zeros);
  const o = median(os);
  const threshold =
    zeros.length >= 3 && os.length >= 3 && zero !== undefined && o !== undefined && o - zero >= 0.15
      ? (zero + o) / 2
      : null;
  return (word) => {
    const symbols = symbolsOf(word);
    if (!symbols) return word.text;
    const text = symbols.map((x) => x.text).join('');
    if (threshold === null || zero === undefined || o === undefined || !/\d/.test(text)) return text;
    if (/^\d+$/.test(text)) {
      // A word of figures alone ('02' for the company 'O2'): no letter beside it tells, so only an O's own
      // shape, well past the middle of the two.
      const round = threshold + ROUND_PAST_MIDDLE * (o - zero);
      return symbols.map((x) => (x.text === '0' && aspect(x.bbox) >= round ? 'O' : x.text)).join('');
    }
    if (!/[A-Z]/i.test(text)) return text;
    return symbols
      .map((symbol, i) => {
        const around = `${symbols[i - 1]?.text ?? ''}${symbols[i + 1]?.text ?? ''}`;
        if (symbol.text === 'O' && /\d/.test(around) && aspect(symbol.bbox) < threshold) return '0';
        if (symbol.text === '0' && /[A-Z]/.test(around) && aspect(symbol.bbox) > threshold) return 'O';
        return symbol.text;
      })
      .join('');
  };
}

/** A separator's ink at most this share of its line's height tall is a dot, not a dash or a plus sign. */
const DOT_HEIGHT_OF_LINE = 0.2;

/**
 * A middle dot read as a dash or a plus sign. App banks separate a description's parts with '·' ('Tesco
 * Groceries · Card 4471'); the recogniser, whose model knows no middle dot, reads its speck as '-' or '+'
 * (confidence 22–91). A dash is wider than it is tall and a plus as tall as a letter; a lone mark whose
 * ink is a speck (no wider than one and a half times its height, at most a fifth of its line's height) is
 * the dot.
 */
function middleDot(word: OcrWord, lineHeight: number): boolean {
  if (word.text !== '-' && word.text !== '+') return false;
  const h = word.bbox.y1 - word.bbox.y0;
  return h > 0 && width(word.bbox) <= 1.5 * h && h <= DOT_HEIGHT_OF_LINE * lineHeight;
}

/**
 * An en dash read as an em dash. Statements set a description's parts apart with a spaced en dash ('Card
 * payment – Waterstones'); the recogniser's model reads a lone dash as '—' whatever its length. An en dash
 * is half an em long, about three quarters of the height of the line's capitals and figures (0.71–0.77 at
 * 9 pt), an em dash a whole em, nearly one and a half times it: a lone dash read '—' no longer than this
 * share of its line's capitals is the en dash, and one read '–' at least as long the em dash.
 */
function dashByLength(text: string, word: OcrWord, capitals: number | null): string {
  if (capitals === null || (text !== '—' && text !== '–')) return text;
  return width(word.bbox) < EM_DASH_OF_CAPITALS * capitals ? '–' : '—';
}
/** A dash at least this share of its line's capitals' height long is an em dash (en 0.7–0.9, em 1.4–1.5). */
const EM_DASH_OF_CAPITALS = 1.15;

/**
 * A dagger printed after a figure read as a 7. Statements mark an amount with a footnote's '†' set close
 * after its pence ('150.00†': a figure including a fee, explained under the table); the recogniser reads
 * it as a third decimal ('150.007'), and the figure as no money at all. Figures stand on the baseline; a
 * dagger's stem reaches below it. A 7 after a figure's pence whose ink reaches below its figures' by a
 * tenth of their height or more is the dagger.
 */
function daggerByDescent(text: string, word: OcrWord): string {
  if (!/^[-£(]*[\d,]+\.\d\d7$/.test(text)) return text;
  const symbols = word.symbols ?? [];
  if (symbols.map((x) => x.text).join('') !== text) return text;
  const digits = symbols.slice(0, -1).filter((x) => /\d/.test(x.text));
  const bottom = median(digits.map((x) => x.bbox.y1));
  const top = median(digits.map((x) => x.bbox.y0));
  const last = symbols.at(-1)!;
  if (bottom === undefined || top === undefined || bottom <= top) return text;
  return last.bbox.y1 - bottom >= DAGGER_DESCENT * (bottom - top) ? `${text.slice(0, -1)}†` : text;
}
/** A dagger's stem reaches this share of its figures' height below them or more (0.15–0.19; a 7: ±0.05). */
const DAGGER_DESCENT = 0.1;

/** Letters whose small and capital forms share their shape and differ only in height. */
const CASE_ALIKE = /^[cosuvwxz]+$/;
/** Ink at least this share of the line's capitals' height is a capital's, not a small letter's. */
const CAPITAL_OF_HEIGHT = 0.85;

/**
 * The height of the line's capitals and figures: the median of its confidently read digits' and capital
 * letters' ink (none of them has a descender), or null with fewer than three.
 */
function capitalHeight(line: OcrLine): number | null {
  const heights = line.words.flatMap((w) =>
    w.confidence < 90
      ? []
      : (w.symbols ?? []).filter((x) => /^[0-9A-Z]$/.test(x.text)).map((x) => x.bbox.y1 - x.bbox.y0),
  );
  return heights.length >= 3 ? (median(heights) ?? null) : null;
}

/**
 * Capitals read as small letters. 'SO' (standing order) in a passbook's Courier code column is read 'so':
 * s, o and the like (c u v w x z) have one shape in both cases, told apart only by height, and the
 * recogniser's language model takes the small ones. A word of such letters read small whose ink stands as
 * tall as the capitals and figures of its line is in capitals.
 */
function capitalsByHeight(text: string, word: OcrWord, capitals: number | null): string {
  if (capitals === null || !CASE_ALIKE.test(text)) return text;
  return word.bbox.y1 - word.bbox.y0 >= CAPITAL_OF_HEIGHT * capitals ? text.toUpperCase() : text;
}

/** Small letters without ascenders or descenders: their ink is the x-height. */
const X_HEIGHT_LETTER = /^[acemnorsuvwxz]$/;
/** Letters whose ink reaches the ascender line (capitals; t stands lower). */
const ASCENDER_LETTER = /^[A-Zbdfhkl]$/;

/**
 * An 'h' whose ink stands no taller than its word's small letters is an 'n': 'Fortnum' read 'Forthum', the
 * recogniser's language model taking 't' and 'n' for the commoner 'th', though the glyph it boxed has no
 * ascender. Told only where the line's capitals and ascenders stand clearly above its small letters.
 */
function ascenderlessH(text: string, word: OcrWord, ascender: number | null): string {
  const symbols = word.symbols ?? [];
  if (ascender === null || !text.includes('h') || symbols.map((x) => x.text).join('') !== text) return text;
  const small = symbols.filter((x) => X_HEIGHT_LETTER.test(x.text));
  const top = median(small.map((x) => x.bbox.y0));
  const bottom = median(small.map((x) => x.bbox.y1));
  if (small.length < 2 || top === undefined || bottom === undefined) return text;
  const xHeight = bottom - top;
  if (top - ascender < ASCENDER_ABOVE * xHeight) return text;
  // Boxes that do not sit on their glyphs tell nothing: in small print the recogniser may box a word's
  // letters shifted one along ('Churchill' in a 7 pt footer, its 'u' boxed up to the ascender line and its
  // second 'h' at the small letters' height), so a small letter reaching the ascender line leaves the word
  // as read.
  if (small.some((x) => x.bbox.y0 < top - ASCENDER_ABOVE * xHeight)) return text;
  return symbols
    .map((x) => (x.text === 'h' && x.bbox.y0 >= top - H_TOP_SLACK * xHeight ? 'n' : x.text))
    .join('');
}
/** The ascender line at least this share of the x-height above the small letters' tops to tell h from n. */
const ASCENDER_ABOVE = 0.2;
/** An h's top within this share of the x-height of the small letters' tops has no ascender. */
const H_TOP_SLACK = 0.1;

/** The top of the line's confidently read capitals and ascenders (their median), or null with fewer than 3. */
function ascenderTop(line: OcrLine): number | null {
  const tops = line.words.flatMap((w) =>
    w.confidence < 90
      ? []
      : (w.symbols ?? []).filter((x) => ASCENDER_LETTER.test(x.text)).map((x) => x.bbox.y0),
  );
  return tops.length >= 3 ? (median(tops) ?? null) : null;
}

/**
 * The corrections of one line's words, measured on the line (its words' height, its capitals' and its
 * ascenders'): a word's text, as `wordTexts` read it, corrected by its glyphs' shapes.
 */
export function lineShapes(line: OcrLine): (word: OcrWord, text: string) => string {
  const lineHeight = median(line.words.map((w) => w.bbox.y1 - w.bbox.y0)) ?? 0;
  const capitals = capitalHeight(line);
  const ascender = ascenderTop(line);
  return (w, text) =>
    middleDot(w, lineHeight)
      ? '·'
      : daggerByDescent(
          dashByLength(ascenderlessH(capitalsByHeight(text, w, capitals), w, ascender), w, capitals),
          w,
        );
}
