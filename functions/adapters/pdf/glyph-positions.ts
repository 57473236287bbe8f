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
/** An operation without arguments (most of a page's: save, restore, begin and end text). */
const NO_ARGS: readonly unknown[] = [];

/**
 * Every glyph of the page in drawing order, placed in viewport coordinates (scale 1; the page turned to
 * `rotation` degrees when given, as pdf.js's getViewport turns it).
 */
export async function placedGlyphs(page: PDFPageProxy, rotation?: number): Promise<PlacedGlyph[]> {
  const viewport = page.getViewport(rotation === undefined ? { scale: 1 } : { scale: 1, rotation });
  const list = await page.getOperatorList();
  return followText(list, fontsOf(page, list), viewport);
}

type OperatorList = Awaited<ReturnType<PDFPageProxy['getOperatorList']>>;

/**
 * The fonts the page's text operations name, looked up in pdf.js's objects before the operations are
 * followed: pdf.js's objects change shape from document to document, and a lookup inside followText's loop
 * made V8 throw its optimised code away (and compile it again) for the next document.
 */
function fontsOf(page: PDFPageProxy, list: OperatorList): Map<string, FontObject | null> {
  const fonts = new Map<string, FontObject | null>();
  for (let i = 0; i < list.fnArray.length; i++) {
    if (list.fnArray[i] !== OPS.setFont) continue;
    const name = String(((list.argsArray[i] ?? NO_ARGS) as unknown[])[0]);
    if (fonts.has(name)) continue;
    let font: FontObject | null = null;
    try {
      font = page.commonObjs.has(name) ? (page.commonObjs.get(name) as FontObject) : null;
    } catch {
      font = null;
    }
    fonts.set(name, font);
  }
  return fonts;
}

/** Every glyph of the operator list's text operations, in drawing order (see placedGlyphs). */
function followText(
  list: OperatorList,
  fonts: ReadonlyMap<string, FontObject | null>,
  viewport: { transform: number[]; width: number; height: number },
): PlacedGlyph[] {
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
    const args = (list.argsArray[i] ?? NO_ARGS) as unknown[];
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
        const font = fonts.get(String(args[0])) ?? null;
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
  const values: ArrayLike<unknown> =
    args.length === 6
      ? args
      : first && typeof first === 'object' && 'length' in first
        ? (first as ArrayLike<unknown>)
        : args;
  if (values.length !== 6) return null;
  // Checked and copied in one pass (a matrix is read on every transformation and text matrix of a page).
  const matrix: number[] = [];
  for (let i = 0; i < 6; i++) {
    const v = values[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) return null;
    matrix.push(v);
  }
  return matrix as Matrix;
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
function blank(text: string): boolean {
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
    if (glyph.inView === false || blank(glyph.text)) continue;
    if (glyph.visible === false) invisible += glyph.text.length;
    else visible += glyph.text.length;
  }
  const scan = visible < SCAN_VISIBLE_CHARS && visible < invisible;
  if (invisible && !scan)
    for (let index = 0; index < glyphs.length; index++) if (glyphs[index]!.visible === false) out.add(index);
  // Kept glyphs by character and baseline (rounded to a point), to find copies near each new one.
  const kept = new Map<string, Map<number, number[]>>();
  const copies = new Set<number>();
  const copied = new Set<number>();
  for (let index = 0; index < glyphs.length; index++) {
    const glyph = glyphs[index]!;
    if (out.has(index) || blank(glyph.text) || !glyph.horizontal || glyph.y === undefined) continue;
    const line = Math.round(glyph.y);
    let lines = kept.get(glyph.text);
    if (!lines) {
      lines = new Map();
      kept.set(glyph.text, lines);
    }
    const copy =
      copyOf(glyph, glyphs, lines.get(line - 1)) ??
      copyOf(glyph, glyphs, lines.get(line)) ??
      copyOf(glyph, glyphs, lines.get(line + 1));
    if (copy !== null) {
      copies.add(index);
      copied.add(copy);
      continue;
    }
    const list = lines.get(line);
    if (list) list.push(index);
    else lines.set(line, [index]);
  }
  // Overprinting repeats what an operation drew, whole: an operation whose glyphs are each a copy or copied
  // (a string drawn again, or 'TToottaall' in one array) loses its copies. Different text drawn over other
  // text, where only some glyphs happen to coincide, is left as it is.
  if (!copies.size) return out;
  const whole = new Map<number, boolean>();
  for (let index = 0; index < glyphs.length; index++) {
    const glyph = glyphs[index]!;
    if (blank(glyph.text) || out.has(index)) continue;
    const op = glyph.op ?? -1;
    whole.set(op, (whole.get(op) ?? true) && (copies.has(index) || copied.has(index)));
  }
  for (const index of copies) if (whole.get(glyphs[index]!.op ?? -1)) out.add(index);
  return out;
}

/** The first of `kept` (glyphs of the same text on one baseline) that `glyph` is a copy of, or null. */
function copyOf(
  glyph: PlacedGlyph,
  glyphs: readonly PlacedGlyph[],
  kept: readonly number[] | undefined,
): number | null {
  if (!kept) return null;
  const y = glyph.y ?? 0;
  for (const other of kept) {
    const first = glyphs[other]!;
    if (
      Math.abs(first.size - glyph.size) <= 0.05 * glyph.size &&
      Math.abs((first.y ?? 0) - y) <= 0.1 * glyph.size &&
      Math.abs(first.x - glyph.x) <= Math.min(0.3 * Math.abs(first.width), 0.15 * glyph.size)
    )
      return other;
  }
  return null;
}
