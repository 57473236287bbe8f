import type { Block } from '../../domain/statement/blocks';
import { placedGlyphs } from './glyph-positions';
import { alignGlyphs } from './glyph-text';
import { glyphsLeftOut } from './glyphs-left-out';
import { pageWithinLimits, withinTime } from './limits';
import {
  checkPdfBytes,
  MAX_PDF_PAGES,
  openPdf,
  PDF_LIMITS,
  type PdfFailure,
  pdfFailure,
} from './pdf-document';
import { type PDFDocumentProxy, type TextItem, Util } from './pdfjs';
import { sidewaysTurn } from './sideways';
import { unreadableText } from './unreadable-text';
import { type Box, placeWords, splitWords, withoutLeftOut } from './word-boxes';

/**
 * The local stand-in for Textract: reads a PDF's text layer with pdf.js and returns Textract-shaped PAGE,
 * LINE and WORD blocks (normalised geometry, Top from the top edge), the statement reader's one input.
 * Each pdf.js text item becomes a LINE (items that continue a word, as after a font change, are joined).
 * Its words are placed where their glyphs stand (glyph-positions.ts follows the glyphs, glyph-text.ts matches
 * the text to them, word-boxes.ts places the words), and a gap between two words that pdf.js joined because
 * no space was drawn and the gap is narrow ("Cardpayment") becomes a space again. When the glyphs cannot be
 * followed, words are placed along the item in proportion to their glyph widths instead. Rotated text
 * (margin notes) is left out, and so are the glyphs nobody sees twice or at all (glyphs-left-out.ts): the
 * copies of overprinted ("fake bold") text and a born-digital page's invisible text.
 * A page whose text is its fonts' glyph codes rather than characters (unreadable-text.ts) gives no words:
 * it is listed in `unreadablePages`, to be read from its image as a scan is.
 */
export const NO_TEXT_LAYER_MESSAGE =
  'We could not read this scanned statement. Please upload the PDF downloaded from your bank.';

export type TextLayerResult =
  | {
      ok: true;
      blocks: Block[];
      pages: number;
      /** Pages whose text layer is there but unreadable (unreadable-text.ts): read them from their image. */
      unreadablePages?: number[];
    }
  | PdfFailure
  | { ok: false; reason: 'no_text_layer'; message: string };

const clamp = (n: number) => Math.min(1, Math.max(0, n));
const boundingBox = (b: Box, pageWidth: number, pageHeight: number) => ({
  Left: clamp(b.left / pageWidth),
  Top: clamp(b.top / pageHeight),
  Width: clamp(b.width / pageWidth),
  Height: clamp(b.height / pageHeight),
});

/** How many pages are read at once: pdf.js inflates a page's streams off the thread, and the next page is
 * parsed meanwhile. */
const PAGES_AT_ONCE = 4;

/**
 * Each page's reading, in page order, PAGES_AT_ONCE pages at a time. After a page that fails (a failure or an
 * error) no further page is started; the first failure in page order is the result, as when pages were read
 * one after another.
 */
async function inPageOrder<T extends object>(
  pages: number,
  read: (page: number) => Promise<T | PdfFailure>,
): Promise<Array<T | PdfFailure>> {
  const results: Array<Promise<T | PdfFailure>> = [];
  let next = 1;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next <= pages) {
      const at = read(next++);
      results.push(at);
      const result = await at.catch((error: unknown) => {
        stopped = true;
        throw error;
      });
      if ('ok' in result) stopped = true;
    }
  };
  await Promise.allSettled(Array.from({ length: Math.min(PAGES_AT_ONCE, pages) }, worker));
  const settled: Array<T | PdfFailure> = [];
  for (const result of results) {
    const value = await result;
    settled.push(value);
    if ('ok' in value) break;
  }
  return settled;
}

/**
 * Each text content item's text ('' for a marked-content item), in order. Pushed, not made by `map`: an array
 * made by `map` takes another internal shape once V8 optimises the code that made it, and the functions it is
 * handed (alignGlyphs, unreadableText) were then thrown away and compiled again for each statement.
 */
function textsOf(items: readonly (TextItem | object)[]): string[] {
  const texts: string[] = [];
  for (const item of items) texts.push('str' in item ? (item as TextItem).str : '');
  return texts;
}

/**
 * One page's blocks and words, read on its own: pages are read a few at a time (PAGES_AT_ONCE). A function of
 * the module, not a closure made for each document: V8's optimised code for a function made afresh for each
 * document lives only as long as that document's closure, and was compiled again for every statement.
 */
async function readPage(
  document: PDFDocumentProxy,
  pageNumber: number,
): Promise<{ blocks: Block[]; words: number; unreadable?: boolean } | PdfFailure> {
  let words = 0;
  const page = await document.getPage(pageNumber);
  const upright = page.getViewport({ scale: 1 });
  if (!pageWithinLimits(upright.width, upright.height)) return pdfFailure('too_large_to_read');
  const content = await page.getTextContent();
  // A page whose text runs mostly up or down its side (a landscape statement set sideways on the sheet) is
  // read turned so that its text is horizontal; otherwise as it is shown.
  const turned = sidewaysTurn(page, content.items);
  const viewport = turned === null ? upright : page.getViewport({ scale: 1, rotation: turned });
  // Glyphs are followed only on a page with text: a scanned page's operator list would decode its image.
  const hasText = content.items.some((item) => 'str' in item && item.str.trim() !== '');
  const glyphs = hasText ? await placedGlyphs(page, turned ?? undefined).catch(() => null) : null;
  const aligned = glyphs ? alignGlyphs(textsOf(content.items), glyphs) : null;
  const leftOut = glyphs && aligned ? glyphsLeftOut(glyphs) : null;
  const pageBlock: Block = {
    BlockType: 'PAGE',
    Id: `p${pageNumber}`,
    Page: pageNumber,
    Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 1, Height: 1 } },
    Relationships: [{ Type: 'CHILD', Ids: [] }],
  };
  const blocks: Block[] = [pageBlock];
  const runs: Array<{
    text: string;
    box: Box;
    baseline: number;
    size: number;
    glyphOf: number[] | null;
    /** Some of its glyphs were left out (glyphsLeftOut). */
    edited: boolean;
  }> = [];
  for (const [index, item] of content.items.entries()) {
    if (!('str' in item)) continue;
    let text = (item satisfies TextItem).str;
    if (!text.trim()) continue;
    let glyphOf = aligned?.[index] ?? null;
    const kept = leftOut?.size && glyphOf ? withoutLeftOut(text, glyphOf, glyphs!, leftOut) : null;
    if (kept) {
      if (!kept.text) continue;
      text = kept.text;
      glyphOf = kept.glyphOf;
    }
    const tx = Util.transform(viewport.transform, item.transform);
    const [a = 1, b = 0, c = 0, d = 0, e = 0, f = 0] = tx;
    // Horizontal text only: a rotated item has its baseline off the x axis.
    if (Math.abs(b) > 0.1 * Math.abs(a) || a <= 0) continue;
    const fontHeight = Math.hypot(c, d);
    const style = content.styles[item.fontName];
    const ascent = style && style.ascent > 0 && style.ascent < 1.5 ? style.ascent : 0.8;
    const descent = style && style.descent < 0 && style.descent > -1 ? style.descent : -0.2;
    const box: Box = {
      left: kept ? kept.left : e,
      top: f - ascent * fontHeight,
      width: kept ? kept.right - kept.left : item.width * viewport.scale,
      height: (ascent - descent) * fontHeight,
    };
    const previous = runs.at(-1);
    // A word split across items (a font change mid-word: 'B' 'O' 'LD') is joined again. Where glyphs were
    // left out of either item, the word's letters may also overlap a little, as kerned letters do ('AT').
    const gap = previous ? box.left - (previous.box.left + previous.box.width) : 0;
    const overlap = kept || previous?.edited ? 0.3 * fontHeight : 0.1 * fontHeight;
    if (
      previous &&
      Math.abs(previous.baseline - f) < 0.25 * fontHeight &&
      gap > -overlap &&
      gap < 0.1 * fontHeight &&
      !/\s$/.test(previous.text) &&
      !/^\s/.test(text)
    ) {
      previous.text += text;
      previous.box.width = box.left + box.width - previous.box.left;
      previous.glyphOf = previous.glyphOf && glyphOf ? [...previous.glyphOf, ...glyphOf] : null;
      previous.edited ||= Boolean(kept);
      continue;
    }
    runs.push({ text, box, baseline: f, size: fontHeight, glyphOf, edited: Boolean(kept) });
  }
  // Glyph codes, not characters (a font without a usable ToUnicode map): no words from this page.
  // Pushed, not made by `map` (see textsOf).
  const texts: string[] = [];
  for (const run of runs) texts.push(run.text);
  if (unreadableText(texts)) {
    page.cleanup();
    return { blocks, words: 0, unreadable: true };
  }
  let lineNumber = 0;
  for (const run of runs) {
    const lineId = `p${pageNumber}-l${++lineNumber}`;
    const wordIds: string[] = [];
    const placed =
      glyphs && run.glyphOf ? placeWords(run.text, run.box, { glyphOf: run.glyphOf, glyphs }) : null;
    const runWords = placed?.words ?? splitWords(run.text, run.box);
    for (const [k, word] of runWords.entries()) {
      const id = `${lineId}-w${k + 1}`;
      wordIds.push(id);
      blocks.push({
        BlockType: 'WORD',
        Id: id,
        Page: pageNumber,
        Text: word.text,
        Confidence: 100,
        Geometry: { BoundingBox: boundingBox(word.box, viewport.width, viewport.height) },
      });
    }
    words += wordIds.length;
    blocks.push({
      BlockType: 'LINE',
      Id: lineId,
      Page: pageNumber,
      Text: (placed?.text ?? run.text).trim(),
      Confidence: 100,
      Geometry: { BoundingBox: boundingBox(run.box, viewport.width, viewport.height) },
      Relationships: [{ Type: 'CHILD', Ids: wordIds }],
    });
    pageBlock.Relationships![0]!.Ids.push(lineId);
  }
  page.cleanup();
  return { blocks, words };
}

/**
 * Reads the text layer of every page, after the checks a statement must pass: not empty, a PDF, complete,
 * not password-protected, at most `maxPages` pages (default MAX_PDF_PAGES) and `maxBytes` bytes.
 */
export async function extractTextLayer(
  bytes: Uint8Array,
  options: { maxBytes?: number; maxPages?: number } = {},
): Promise<TextLayerResult> {
  const checked = checkPdfBytes(bytes, options.maxBytes);
  if (!checked.ok) return checked;
  const opened = await openPdf(bytes);
  if (!opened.ok) return opened;
  const { document } = opened;
  const pages = document.numPages;
  if (pages === 0 || pages > (options.maxPages ?? MAX_PDF_PAGES)) {
    await document.destroy();
    return pdfFailure(pages === 0 ? 'empty' : 'too_many_pages');
  }
  const blocks: Block[] = [];
  const unreadablePages: number[] = [];
  let words = 0;
  // Every page within its size, and the whole read within its time (PDF_LIMITS.msPerPage a page).
  const readPages = async (): Promise<PdfFailure | null> => {
    const read = await inPageOrder(pages, (page) => readPage(document, page));
    for (const page of read) {
      if ('ok' in page) return page;
      for (const block of page.blocks) blocks.push(block);
      words += page.words;
      if (page.unreadable) unreadablePages.push(page.blocks[0]?.Page ?? 0);
    }
    return null;
  };
  try {
    const refused = await withinTime(readPages(), pages * PDF_LIMITS.msPerPage, () =>
      pdfFailure('too_large_to_read'),
    );
    if (refused) return refused;
  } catch {
    return pdfFailure('damaged');
  } finally {
    await document.destroy();
  }
  if (unreadablePages.length) return { ok: true, blocks, pages, unreadablePages };
  if (!words) return { ok: false, reason: 'no_text_layer', message: NO_TEXT_LAYER_MESSAGE };
  return { ok: true, blocks, pages };
}
