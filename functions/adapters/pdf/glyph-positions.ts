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
