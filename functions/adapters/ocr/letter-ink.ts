import { inkRuns, type Pixels, pixelsOf } from './ink';
import { apostropheByInk, asterisksByInk, bracketsByInk } from './mark-ink';
import type { OcrBox, OcrPage, OcrSymbol, OcrWord } from './textract-shape';

/**
 * Letters the recogniser's language model reads for a rarer lookalike, told apart by their ink on the page.
 * A 'q' not followed by 'u' is rare in English, so the model reads it as 'g': 'Sadaqah' (an Islamic bank's
 * charitable giving) read 'Sadagah' at confidence 90, as 'Qard', 'Iraq' or 'Qatar' would be. Both letters have
 * a bowl and a descender, but a q's descender is a straight stem at the right of its bowl, while a g's tail
 * turns back under the bowl to the left. A 'g' whose ink below its word's baseline stays in the right half of
 * its box is a 'q'.
 */

/** Small letters standing on the baseline (no descender): their ink ends at the baseline. */
const ON_BASELINE = /^[acemnorsuvwxz]$/;
/** A descender this many rows deep at least, to be read by its ink. */
const MIN_DESCENDER_ROWS = 3;
/** A descender whose ink starts at least this share of its box's width from the left is a straight stem. */
const STEM_FROM_LEFT = 0.5;

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Whether the symbol's ink under the baseline keeps to the right half of its box (a stem, not a tail), the
 * box holding it. The recogniser may box a word's letters shifted along ('Logistics' in a description, its
 * 'g' boxed over the o before it and the left half of the g): the g's tail, from the left of its bowl, then
 * lies in the box's right half and runs on past the box. A descender whose ink runs out of the box is
 * another glyph's, or this one boxed short: nothing is told by it.
 */
function stemOnly(pixels: Pixels, symbol: OcrSymbol, baseline: number): boolean {
  const x0 = Math.max(0, Math.floor(symbol.bbox.x0));
  const x1 = Math.min(pixels.width - 1, Math.ceil(symbol.bbox.x1));
  const top = Math.max(0, Math.ceil(baseline) + 2);
  const bottom = Math.min(pixels.height - 1, Math.floor(symbol.bbox.y1));
  if (bottom - top + 1 < MIN_DESCENDER_ROWS || x1 <= x0) return false;
  const reach = x1 - x0;
  let leftmost = Number.POSITIVE_INFINITY;
  for (let y = top; y <= bottom; y++) {
    const runs = inkRuns(pixels, y, x0 - reach, x1 + reach).filter(([a, b]) => b >= x0 && a <= x1);
    if (runs.some(([a, b]) => a < x0 - 1 || b > x1 + 1)) return false;
    if (runs.length) leftmost = Math.min(leftmost, Math.max(x0, runs[0]![0]));
  }
  return Number.isFinite(leftmost) && leftmost - x0 >= STEM_FROM_LEFT * (x1 - x0);
}

function qByInk(pixels: Pixels, word: OcrWord): OcrWord {
  const symbols = word.symbols ?? [];
  if (!word.text.includes('g') || symbols.map((x) => x.text).join('') !== word.text) return word;
  const baseline = median(symbols.filter((x) => ON_BASELINE.test(x.text)).map((x) => x.bbox.y1));
  if (baseline === undefined) return word;
  const read = symbols.map((x) =>
    x.text === 'g' && stemOnly(pixels, x, baseline) ? { ...x, text: 'q' } : x,
  );
  const text = read.map((x) => x.text).join('');
  return text === word.text ? word : { ...word, text, symbols: read };
}

/**
 * Helvetica's 4 read as 'A'. Its diagonal and upright meet at the top in a point, as an A's two strokes do,
 * and a bar crosses both near the foot: the recogniser's model reads it 'A' among letters and figures
 * ('AMAZON.CO.UK*2K4T' read '2KAT' on one row of two, at confidence 85; a figure's 4 read so is no money at
 * all). The two differ below the bar: an A stands on two legs at the sides of its box, a 4 on its upright
 * alone, right of the box's middle. An 'A' in a word holding a figure (a code, an amount, a date) whose
 * every row of ink in the lowest quarter of its box is one stroke right of its middle is a '4'; where the
 * rows do not agree (a speck, a leg blurred into the bar) it is left as read.
 */
function fourByInk(pixels: Pixels, word: OcrWord): OcrWord {
  const symbols = word.symbols ?? [];
  if (!word.text.includes('A') || symbols.map((x) => x.text).join('') !== word.text) return word;
  if (!symbols.some((x) => /^\d$/.test(x.text))) return word;
  const read = symbols.map((x) =>
    x.text === 'A' && standsOnUprightAlone(pixels, x) ? { ...x, text: '4' } : x,
  );
  const text = read.map((x) => x.text).join('');
  return text === word.text ? word : { ...word, text, symbols: read };
}
/** The lowest share of a glyph's box whose rows tell a 4's upright from an A's legs. */
const FOOT_SHARE = 0.25;
/** Rows of ink under the bar needed at least to tell the two. */
const MIN_FOOT_ROWS = 3;
/** A 4's upright starts at least this share of its box's width from the left (0.61 measured; an A's leg 0). */
const UPRIGHT_FROM_LEFT = 0.4;

/** Whether each row of ink in the lowest quarter of the glyph's box is one stroke right of its middle. */
function standsOnUprightAlone(pixels: Pixels, symbol: OcrSymbol): boolean {
  const { x0, y0, x1, y1 } = symbol.bbox;
  const width = x1 - x0;
  const top = Math.ceil(y1 - FOOT_SHARE * (y1 - y0));
  const rows: Array<Array<[number, number]>> = [];
  for (let y = top; y <= Math.floor(y1); y++) {
    const runs = inkRuns(pixels, y, x0, x1);
    if (runs.length) rows.push(runs);
  }
  return (
    rows.length >= MIN_FOOT_ROWS &&
    width > 0 &&
    rows.every((runs) => runs.length === 1 && runs[0]![0] - x0 >= UPRIGHT_FROM_LEFT * width)
  );
}

/**
 * A full stop boxed with the letter before it. Codes and references print a stop between capitals
 * ('REF.WAGES FROM BRUNEL ENGINEERING', a Faster Payments receipt's reference); the recogniser boxed the
 * stop with the F, whose arms reach over it, and its model left it out ('REFWAGES', confidence 85). A stop
 * is a dot of its own on the baseline: a piece of ink touching no other, in the lowest quarter of the
 * letter's box, about as wide as tall and filled, at least an eighth of the letter's height (a speck is
 * less), right of the letter's own foot. A letter's own pieces stand elsewhere (an i's dot on top, a '!'
 * over its dot), and a neighbour's foot reaching into the box is joined to the rest of that glyph, so
 * neither is read as a stop.
 */
function stopsByInk(pixels: Pixels, word: OcrWord): OcrWord {
  const symbols = word.symbols ?? [];
  if (symbols.length < 2 || symbols.map((x) => x.text).join('') !== word.text) return word;
  const read = symbols.flatMap((symbol, i) => {
    if (!/^\p{L}$/u.test(symbol.text) || symbols[i + 1]?.text === '.') return [symbol];
    const stop = stopAtFoot(pixels, symbol, symbols[i + 1]?.bbox.x0 ?? Number.POSITIVE_INFINITY);
    return stop ? [symbol, { text: '.', confidence: symbol.confidence, bbox: stop }] : [symbol];
  });
  if (read.length === symbols.length) return word;
  return { ...word, text: read.map((x) => x.text).join(''), symbols: read };
}
/** A stop stands in this lowest share of its letter's box. */
const STOP_BAND = 0.25;
/** A stop is at least this share of its letter's height wide and tall (0.18 measured; specks less) ... */
const STOP_LEAST = 0.12;
/** ... and at most this share. */
const STOP_MOST = 0.3;
/** A stop's ink fills at least this share of its box (a dot, not a stroke's end). */
const STOP_FILLED = 0.6;

/** The box of a full stop's ink at the foot of the letter's box, right of the letter's own foot, or null. */
function stopAtFoot(pixels: Pixels, symbol: OcrSymbol, nextLeft: number): OcrBox | null {
  const x0 = Math.floor(symbol.bbox.x0);
  const x1 = Math.min(Math.ceil(symbol.bbox.x1), Math.floor(nextLeft) - 1);
  const { y0, y1 } = symbol.bbox;
  const height = y1 - y0;
  if (height < 8 || x1 <= x0) return null;
  const band = Math.ceil(y1 - STOP_BAND * height);
  const seen = new Set<number>();
  const key = (x: number, y: number) => y * pixels.width + x;
  const pieces: Array<{ box: OcrBox; area: number; footRight: number }> = [];
  for (let y = band; y <= Math.floor(y1); y++) {
    for (let x = x0; x <= x1; x++) {
      if (!pixels.ink(x, y) || seen.has(key(x, y))) continue;
      // The piece of ink this pixel belongs to, followed beyond the band and the box (so far as a letter's
      // height), eight ways.
      const box = { x0: x, y0: y, x1: x, y1: y };
      let area = 0;
      let footRight = x;
      const queue: Array<[number, number]> = [[x, y]];
      seen.add(key(x, y));
      while (queue.length) {
        const [px, py] = queue.pop()!;
        area++;
        if (py >= band) footRight = Math.max(footRight, px);
        box.x0 = Math.min(box.x0, px);
        box.x1 = Math.max(box.x1, px);
        box.y0 = Math.min(box.y0, py);
        box.y1 = Math.max(box.y1, py);
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const nx = px + dx;
            const ny = py + dy;
            if (Math.abs(nx - x) > 2 * height || Math.abs(ny - y) > 2 * height) continue;
            if (!pixels.ink(nx, ny) || seen.has(key(nx, ny))) continue;
            seen.add(key(nx, ny));
            queue.push([nx, ny]);
          }
      }
      pieces.push({ box, area, footRight });
    }
  }
  const isStop = ({ box, area }: { box: OcrBox; area: number }) => {
    const w = box.x1 - box.x0 + 1;
    const h = box.y1 - box.y0 + 1;
    return (
      box.y0 >= band &&
      box.x0 >= x0 &&
      box.x1 <= x1 &&
      Math.min(w, h) >= STOP_LEAST * height &&
      Math.max(w, h) <= STOP_MOST * height &&
      Math.max(w, h) <= 1.5 * Math.min(w, h) &&
      area >= STOP_FILLED * w * h
    );
  };
  const stops = pieces.filter(isStop);
  const others = pieces.filter((p) => !isStop(p));
  if (stops.length !== 1 || !others.length) return null;
  const stop = stops[0]!.box;
  // Right of the letter's own foot: every other piece in the band ends before the stop begins.
  return others.every((p) => p.footRight < stop.x0) ? { ...stop, x1: stop.x1 + 1, y1: stop.y1 + 1 } : null;
}

/**
 * Small vowels that take an accent in the names statements print ('Caffè', 'Zoë', 'Crêpe', 'Müller'); not
 * the i, whose own dot stands where an accent would.
 */
const VOWEL = /^[aeou]$/;
/** An accent's ink ends at least this share of the x-height above the small letters' tops. */
const ACCENT_GAP = 0.15;
/** Columns this share of a letter's box in from each side are its accent's (a neighbour's hook stays out). */
const ACCENT_INSET = 0.15;
/** An accent's rows' centres moving at least this many pixels a row going down slope it (grave or acute). */
const ACCENT_SLOPE = 0.3;
const GRAVE = '\u0300';
const ACUTE = '\u0301';
const CIRCUMFLEX = '\u0302';
const DIAERESIS = '\u0308';

/**
 * Accents read as other accents or none. A scan's small accents ('Caffè Nero', 'Zoë’s Florist') are read
 * 'Caffe', 'Caffé', 'Zoé': the recogniser's model knows the commoner letter, though it boxes the letter with
 * its accent. The accent is told by its ink above the small letters' tops: two marks side by side on each
 * row a diaeresis, two strokes meeting in one at the top a circumflex, one stroke moving right going down a
 * grave and left an acute, in the letter's own columns and clear of their sides (a capital's stroke before
 * it reaching over the letter is none). A vowel whose mark is none of these (a speck) is left as read.
 */
function accentsByInk(pixels: Pixels, word: OcrWord): OcrWord {
  const symbols = word.symbols ?? [];
  if (symbols.map((x) => x.text).join('') !== word.text) return word;
  const plain = symbols.filter((x) => ON_BASELINE.test(x.text));
  const xTop = median(plain.map((x) => x.bbox.y0));
  const baseline = median(plain.map((x) => x.bbox.y1));
  if (xTop === undefined || baseline === undefined || baseline <= xTop) return word;
  const above = Math.floor(xTop - ACCENT_GAP * (baseline - xTop));
  const read = symbols.map((symbol, i) => {
    const base = symbol.text.normalize('NFD')[0] ?? '';
    if (!VOWEL.test(base)) return symbol;
    // The letter's own columns: in from its sides, and clear of its neighbours' boxes (a capital's stroke
    // before it, 'Wa', 'Ma', 'Co', reaches over the small letter's box).
    const inset = ACCENT_INSET * (symbol.bbox.x1 - symbol.bbox.x0);
    const x0 = Math.max(symbol.bbox.x0 + inset, (symbols[i - 1]?.bbox.x1 ?? -1) + 1);
    const x1 = Math.min(symbol.bbox.x1 - inset, (symbols[i + 1]?.bbox.x0 ?? Number.POSITIVE_INFINITY) - 1);
    const accent = x1 > x0 ? accentOf(pixels, x0, x1, word.bbox.y0 - 1, above) : null;
    if (accent === null) return symbol;
    const text = `${base}${accent}`.normalize('NFC');
    return text.length === 1 ? { ...symbol, text } : symbol;
  });
  const text = read.map((x) => x.text).join('');
  return text === word.text ? word : { ...word, text, symbols: read };
}

/** The combining accent whose ink stands in the columns x0–x1 from row top to row bottom, or null. */
function accentOf(pixels: Pixels, x0: number, x1: number, top: number, bottom: number): string | null {
  const rows: Array<{ y: number; runs: Array<[number, number]> }> = [];
  for (let y = top; y <= bottom; y++) {
    const runs = inkRuns(pixels, y, x0, x1);
    if (runs.length) rows.push({ y, runs });
  }
  if (rows.length < 2) return null;
  // A stroke running out of the columns is another glyph's, not an accent standing alone over the letter.
  if (rows.some((r) => r.runs.some(([a, b]) => a <= Math.floor(x0) || b >= Math.ceil(x1)))) return null;
  if (rows.every((r) => r.runs.length === 2)) return DIAERESIS;
  if (rows[0]!.runs.length === 1 && rows.at(-1)!.runs.length === 2) return CIRCUMFLEX;
  if (rows.length < 3 || rows.some((r) => r.runs.length !== 1)) return null;
  const centres = rows.map((r) => ({ y: r.y, x: (r.runs[0]![0] + r.runs[0]![1]) / 2 }));
  const meanY = centres.reduce((sum, c) => sum + c.y, 0) / centres.length;
  const meanX = centres.reduce((sum, c) => sum + c.x, 0) / centres.length;
  const slope =
    centres.reduce((sum, c) => sum + (c.y - meanY) * (c.x - meanX), 0) /
    centres.reduce((sum, c) => sum + (c.y - meanY) ** 2, 0);
  return slope >= ACCENT_SLOPE ? GRAVE : slope <= -ACCENT_SLOPE ? ACUTE : null;
}

/**
 * The page's words with each 'g' whose descender is a q's stem read as 'q', and the marks mark-ink.ts reads
 * by their ink. `image`: the PGM read.
 */
export function withLettersByInk(image: Buffer, ocr: OcrPage): OcrPage {
  const pixels = pixelsOf(image);
  if (!ocr.blocks || !pixels) return ocr;
  return {
    ...ocr,
    blocks: ocr.blocks.map((block) => ({
      ...block,
      paragraphs: block.paragraphs.map((paragraph) => ({
        ...paragraph,
        lines: paragraph.lines.map((line) => ({
          ...line,
          words: line.words.map((word) => {
            const others = line.words.filter((w) => w !== word).map((w) => w.bbox.y1 - w.bbox.y0);
            const othersHeight = others.length ? (median(others) ?? null) : null;
            const letters = accentsByInk(pixels, stopsByInk(pixels, fourByInk(pixels, qByInk(pixels, word))));
            const marks = asterisksByInk(pixels, apostropheByInk(pixels, letters), othersHeight);
            return bracketsByInk(pixels, marks, othersHeight);
          }),
        })),
      })),
    })),
  };
}
