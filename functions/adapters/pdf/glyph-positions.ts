import { OPS, type PDFPageProxy, Util } from './pdfjs';

/**
 * Where each glyph of a page's text stands, from the page's drawing operations: pdf.js's text content gives
 * a run's text and overall width only, and it joins two words into one ("Cardpayment") when the gap between
 * them is under a tenth of the font size, as statements that place each word on its own do. Here the text
 * state of the PDF (text and line matrices, font size and matrix, character and word spacing, horizontal
 * scaling, rise, the current transformation) is followed through every text-showing operation, exactly as
 * pdf.js's own canvas draws the glyphs, so each glyph's left edge and advance are known in page units
 * (viewport coordinates at scale 1, y down). Horizontal text only; glyphs of other text are still listed (in
 * order) so the sequence stays aligned with the text content's.
 */
export interface PlacedGlyph {
  /** The glyph's text (may be more than one character, e.g. a ligature; empty for glyphs with none). */
  text: string;
  /** Left edge and advance along the baseline, in page units. */
  x: number;
  width: number;
  /** The font size in page units (for gaps measured in ems). */
  size: number;
  /** False for rotated or vertical text. */
  horizontal: boolean;
  /** The baseline's y, in page units (y down); absent where not known. */
  y?: number;
  /** False for text drawn invisibly (rendering mode 3, or 7: clipping only); absent means visible. */
  visible?: boolean;
  /**
   * False for a glyph whose origin lies outside the page's visible area (its crop box), which pdf.js leaves
   * out of the text content as well.
   */
  inView?: boolean;
  /** Which text-showing operation of the page drew it (counted from 0). */
  op?: number;
}

interface Glyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

interface FontObject {
  fontMatrix?: number[];
  vertical?: boolean;
  isType3Font?: boolean;
}

type Matrix = [number, number, number, number, number, number];

interface TextState {
  ctm: Matrix;
  textMatrix: Matrix;
  x: number;
  y: number;
  lineX: number;
  lineY: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  fontSize: number;
  fontDirection: number;
  fontMatrix: number[];
  vertical: boolean;
  renderMode: number;
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const FONT_IDENTITY = [0.001, 0, 0, 0.001, 0, 0];

/**
 * Every glyph of the page in drawing order, placed in viewport coordinates (scale 1; the page turned to
 * `rotation` degrees when given, as pdf.js's getViewport turns it).
 */
export async function placedGlyphs(page: PDFPageProxy, rotation?: number): Promise<PlacedGlyph[]> {
  const viewport = page.getViewport(rotation === undefined ? { scale: 1 } : { scale: 1, rotation });
  const list = await page.getOperatorList();
  const fonts = new Map<string, FontObject | null>();
  const fontOf = (name: string): FontObject | null => {
    if (!fonts.has(name)) {
      let font: FontObject | null = null;
      try {
        font = page.commonObjs.has(name) ? (page.commonObjs.get(name) as FontObject) : null;
      } catch {
        font = null;
      }
      fonts.set(name, font);
    }
    return fonts.get(name) ?? null;
  };
  const glyphs: PlacedGlyph[] = [];
  let state: TextState = {
    ctm: [...(viewport.transform as Matrix)],
    textMatrix: [...IDENTITY],
    x: 0,
    y: 0,
    lineX: 0,
    lineY: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
    fontSize: 0,
    fontDirection: 1,
    fontMatrix: FONT_IDENTITY,
    vertical: false,
    renderMode: 0,
  };
  const saved: TextState[] = [];
  let shown = 0;
  const moveText = (x: number, y: number) => {
    state.x = state.lineX += x;
    state.y = state.lineY += y;
  };
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = (list.argsArray[i] ?? []) as unknown[];
    switch (fn) {
      case OPS.save:
        saved.push({ ...state, ctm: [...state.ctm], textMatrix: [...state.textMatrix] });
        break;
      case OPS.restore:
        state = saved.pop() ?? state;
        break;
      case OPS.transform: {
        const matrix = matrixOf(args);
        if (matrix) state.ctm = Util.transform(state.ctm, matrix) as Matrix;
        break;
      }
      case OPS.paintFormXObjectBegin: {
        saved.push({ ...state, ctm: [...state.ctm], textMatrix: [...state.textMatrix] });
        const matrix = matrixOf([args[0]]);
        if (matrix) state.ctm = Util.transform(state.ctm, matrix) as Matrix;
        break;
      }
      case OPS.paintFormXObjectEnd:
        state = saved.pop() ?? state;
        break;
      case OPS.beginText:
        state.textMatrix = [...IDENTITY];
        state.x = state.lineX = 0;
        state.y = state.lineY = 0;
        break;
      case OPS.setCharSpacing:
        state.charSpacing = Number(args[0]) || 0;
        break;
      case OPS.setWordSpacing:
        state.wordSpacing = Number(args[0]) || 0;
        break;
      case OPS.setHScale:
        state.hScale = (Number(args[0]) || 100) / 100;
        break;
      case OPS.setLeading:
        state.leading = -(Number(args[0]) || 0);
        break;
      case OPS.setTextRenderingMode:
        state.renderMode = Number(args[0]) || 0;
        break;
      case OPS.setTextRise:
        state.rise = Number(args[0]) || 0;
        break;
      case OPS.setFont: {
        const font = fontOf(String(args[0]));
        const size = Number(args[1]) || 0;
        state.fontDirection = size < 0 ? -1 : 1;
        state.fontSize = Math.abs(size);
        state.fontMatrix = font?.fontMatrix ?? FONT_IDENTITY;
        state.vertical = Boolean(font?.vertical);
        break;
      }
      case OPS.moveText:
        moveText(Number(args[0]) || 0, Number(args[1]) || 0);
        break;
      case OPS.setLeadingMoveText:
        state.leading = Number(args[1]) || 0;
        moveText(Number(args[0]) || 0, Number(args[1]) || 0);
        break;
      case OPS.setTextMatrix: {
        state.textMatrix = matrixOf(args) ?? [...IDENTITY];
        state.x = state.lineX = 0;
        state.y = state.lineY = 0;
        break;
      }
      case OPS.nextLine:
        moveText(0, state.leading);
        break;
      case OPS.showText:
        show(state, (args[0] ?? []) as Array<Glyph | number>, glyphs, viewport, shown++);
        break;
      default:
        break;
    }
  }
  return glyphs;
}

/** Places one text-showing operation's glyphs and advances the text position, as pdf.js's canvas does. */
function show(
  state: TextState,
  items: Array<Glyph | number>,
  out: PlacedGlyph[],
  view: { width: number; height: number },
  op: number,
) {
  const { fontSize, charSpacing, wordSpacing, fontDirection, vertical } = state;
  const hScale = state.hScale * fontDirection;
  const advanceScale = fontSize * (state.fontMatrix[0] ?? 0.001);
  // Text space → page: the text matrix, then the current transformation (which includes the viewport's).
  const toPage = Util.transform(state.ctm, state.textMatrix) as Matrix;
  const [a, b, c, d] = toPage;
  const horizontal =
    !vertical && Math.abs(b) <= 0.1 * Math.abs(a) && Math.abs(c) <= 0.1 * Math.abs(d) && a > 0;
  // The font size in page units: the text matrix's and transformation's vertical scale.
  const size = fontSize * Math.hypot(c, d);
  let x = 0;
  for (const item of items) {
    if (typeof item === 'number') {
      x -= (item * fontSize) / 1000;
      continue;
    }
    const spacing = (item.isSpace ? wordSpacing : 0) + charSpacing;
    const advance = (item.width ?? 0) * advanceScale + spacing * fontDirection;
    const start = pageX(state.x + x * hScale, state.y + state.rise, toPage);
    const end = pageX(
      state.x + (x + (item.width ?? 0) * advanceScale) * hScale,
      state.y + state.rise,
      toPage,
    );
    const y = pageY(state.x + x * hScale, state.y + state.rise, toPage);
    out.push({
      text: item.unicode ?? '',
      x: start,
      width: end - start,
      size,
      horizontal,
      y,
      visible: state.renderMode !== 3 && state.renderMode !== 7,
      op,
      inView: Math.max(start, end) >= 0 && Math.min(start, end) <= view.width && y >= 0 && y <= view.height,
    });
    x += advance;
  }
  state.x += x * hScale;
}

/** A matrix operand: six numbers, or one array (or typed array) of six, as pdf.js packs them. */
function matrixOf(args: readonly unknown[]): Matrix | null {
  const first = args[0];
  const values =
    args.length === 6
      ? args
      : first && typeof first === 'object' && 'length' in first
        ? Array.from(first as ArrayLike<unknown>)
        : [];
  if (values.length !== 6 || !values.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
  return values as Matrix;
}

/** The page x of a text-space point. */
function pageX(x: number, y: number, m: Matrix): number {
  return x * m[0] + y * m[2] + m[4];
}

/** The page y of a text-space point. */
function pageY(x: number, y: number, m: Matrix): number {
  return x * m[1] + y * m[3] + m[5];
}

/**
 * The text content's characters matched to the glyphs they came from: pdf.js builds each text item from the
 * same drawing operations, in the same order, adding spaces of its own and normalising some characters
 * (ligatures, compatibility forms). For each item, each character's glyph index (-1 for whitespace); null
 * when the two cannot be matched (then the caller places words as before).
 */
export function alignGlyphs(items: readonly string[], glyphs: readonly PlacedGlyph[]): number[][] | null {
  const flat: Array<{ char: string; glyph: number }> = [];
  glyphs.forEach((glyph, index) => {
    // pdf.js leaves glyphs outside the page's visible area out of the text content.
    if (glyph.inView === false) return;
    for (const char of glyph.text.normalize('NFKC')) if (!/\s/.test(char)) flat.push({ char, glyph: index });
  });
  let next = 0;
  const aligned: number[][] = [];
  for (const item of items) {
    const indices: number[] = [];
    for (const char of item) {
      if (/\s/.test(char)) {
        indices.push(-1);
        continue;
      }
      // A glyph the text content left out (no text, a control character) is passed over.
      let at = next;
      while (at < flat.length && at - next < 8 && flat[at]!.char !== char) at++;
      if (at >= flat.length || flat[at]!.char !== char) return null;
      indices.push(flat[at]!.glyph);
      next = at + 1;
    }
    aligned.push(indices);
  }
  return aligned;
}

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
  const pairs: Array<{ at: number; gap: number; joins: boolean }> = [];
  const chars = [...text];
  for (let i = 1; i < chars.length; i++) {
    const before = glyphOf[i - 1] ?? -1;
    const after = glyphOf[i] ?? -1;
    if (before < 0 || after < 0 || before === after) continue;
    const left = glyphs[before]!;
    const right = glyphs[after]!;
    if (!left.horizontal || !right.horizontal || left.size <= 0) continue;
    const pair = `${chars[i - 1]}${chars[i]}`;
    pairs.push({
      at: i,
      gap: (right.x - (left.x + left.width)) / left.size,
      joins: /^[£$€]|[£$€]$|^[\d.,][\d.,]$/u.test(pair),
    });
  }
  if (pairs.length < 2) return [];
  const spreads = pairs.map((p) => Math.abs(p.gap)).sort((a, b) => a - b);
  const spread = spreads[Math.floor(spreads.length / 2)]!;
  const threshold = Math.max(HIDDEN_SPACE_EM, 4 * spread);
  return pairs.filter((p) => !p.joins && p.gap >= threshold && p.gap < 3).map((p) => p.at);
}

/**
 * Fewer visible characters than this on a page, and fewer than its invisible ones, make the invisible text
 * the page's own: a searchable scan (its words drawn invisibly over the image, perhaps with a short visible
 * stamp such as a page number).
 */
export const SCAN_VISIBLE_CHARS = 100;

/**
 * The glyphs a reader does not see and that would be read twice or read wrongly, by index:
 *  - a copy of a glyph already drawn: the same character, the same size, within a fraction of its width to
 *    the side and of the font size up or down. Bold simulated by overprinting draws every glyph (or whole
 *    strings) two or three times a fraction of a point apart ("TToottaall", pdfplumber's dedupe_chars,
 *    mozilla/pdf.js#7445). Two glyphs of a word ("ll") stand a whole glyph width apart and are kept.
 *  - invisible text (rendering mode 3 or 7) on a page that prints its text visibly (a born-digital
 *    statement's hidden screen-reader or search text). A page whose text is nearly all invisible is a
 *    searchable scan, and its invisible text is kept: it is the page's only text (SCAN_VISIBLE_CHARS).
 */
export function glyphsLeftOut(glyphs: readonly PlacedGlyph[]): Set<number> {
  const out = new Set<number>();
  let visible = 0;
  let invisible = 0;
  for (const glyph of glyphs) {
    if (glyph.inView === false || !glyph.text.trim()) continue;
    if (glyph.visible === false) invisible += glyph.text.length;
    else visible += glyph.text.length;
  }
  const scan = visible < SCAN_VISIBLE_CHARS && visible < invisible;
  if (invisible && !scan)
    glyphs.forEach((glyph, index) => {
      if (glyph.visible === false) out.add(index);
    });
  // Kept glyphs by character and baseline (rounded to a point), to find copies near each new one.
  const kept = new Map<string, number[]>();
  const copies = new Set<number>();
  const copied = new Set<number>();
  glyphs.forEach((glyph, index) => {
    if (out.has(index) || !glyph.text.trim() || !glyph.horizontal || glyph.y === undefined) return;
    const line = Math.round(glyph.y);
    for (const near of [line - 1, line, line + 1]) {
      for (const other of kept.get(`${glyph.text}|${near}`) ?? []) {
        const first = glyphs[other]!;
        if (
          Math.abs(first.size - glyph.size) <= 0.05 * glyph.size &&
          Math.abs((first.y ?? 0) - glyph.y) <= 0.1 * glyph.size &&
          Math.abs(first.x - glyph.x) <= Math.min(0.3 * Math.abs(first.width), 0.15 * glyph.size)
        ) {
          copies.add(index);
          copied.add(other);
          return;
        }
      }
    }
    const key = `${glyph.text}|${line}`;
    const list = kept.get(key);
    if (list) list.push(index);
    else kept.set(key, [index]);
  });
  // Overprinting repeats what an operation drew, whole: an operation whose glyphs are each a copy or copied
  // (a string drawn again, or 'TToottaall' in one array) loses its copies. Different text drawn over other
  // text, where only some glyphs happen to coincide, is left as it is.
  const whole = new Map<number, boolean>();
  glyphs.forEach((glyph, index) => {
    if (!glyph.text.trim() || out.has(index)) return;
    const op = glyph.op ?? -1;
    whole.set(op, (whole.get(op) ?? true) && (copies.has(index) || copied.has(index)));
  });
  for (const index of copies) if (whole.get(glyphs[index]!.op ?? -1)) out.add(index);
  return out;
}
