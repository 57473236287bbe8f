import {
  MAX_PDF_PAGES,
  PDF_FAILURE_MESSAGES,
  PDF_LIMITS,
  type PdfFailureReason,
} from '../../domain/statement-failures';
import { inflatedSizeWithinLimits, pageWithinLimits } from './limits';
import { getDocument, inThreadWorker, type PDFDocumentProxy, VerbosityLevel } from './pdfjs';

/**
 * Opening a PDF with pdf.js (./pdfjs.ts loads it). pdf.js runs its worker code in this thread (see
 * ./pdfjs.ts), never evaluates code from the PDF, and does not load fonts or system fonts: we only read text.
 * Expected problems (not a PDF, password, damage) are values with a family-facing message.
 */
export type { PdfFailureReason };
export { MAX_PDF_PAGES, PDF_LIMITS };

export type PdfFailure = { ok: false; reason: PdfFailureReason; message: string };

export const PDF_MESSAGES = PDF_FAILURE_MESSAGES;

export function pdfFailure(reason: PdfFailureReason): PdfFailure {
  return { ok: false, reason, message: PDF_MESSAGES[reason] };
}

const latin1 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/**
 * Checks that need no parsing: size, the '%PDF-' header (within the first 1 KB, as readers allow), '%%EOF',
 * and what its compressed streams inflate to (PDF_LIMITS).
 */
export function checkPdfBytes(
  bytes: Uint8Array,
  maxBytes?: number,
): PdfFailure | { ok: true; version: string | null } {
  if (bytes.byteLength === 0) return pdfFailure('empty');
  if (maxBytes !== undefined && bytes.byteLength > maxBytes) return pdfFailure('too_large');
  const head = latin1(bytes.subarray(0, 1024));
  const at = head.indexOf('%PDF-');
  if (at < 0) return pdfFailure('not_pdf');
  // A complete file ends with %%EOF (perhaps followed by a little padding); a cut-off upload does not.
  if (!latin1(bytes.subarray(Math.max(0, bytes.byteLength - 2048))).includes('%%EOF'))
    return pdfFailure('damaged');
  // Before pdf.js parses anything: what its streams would inflate to stays within PDF_LIMITS.
  if (!inflatedSizeWithinLimits(bytes)) return pdfFailure('too_large_to_read');
  const version = /^%PDF-(\d\.\d)/.exec(head.slice(at))?.[1] ?? null;
  return { ok: true, version };
}

/** Opens the document; the caller must `destroy()` it. */
export async function openPdf(
  bytes: Uint8Array,
): Promise<{ ok: true; document: PDFDocumentProxy } | PdfFailure> {
  const task = getDocument({
    // pdf.js may transfer (detach) the buffer it is given: give it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    // No image is decoded: text is read from the text content and the glyphs' drawing operations alone, and
    // pdf.js leaves every image out of a page's drawing operations (a bank's logo, a scanned page; a small
    // file can also declare a gigapixel image) instead of decoding it for nothing. Pages are drawn elsewhere
    // (functions/adapters/ocr/render.ts), with images.
    maxImageSize: 0,
    verbosity: VerbosityLevel.ERRORS,
    worker: inThreadWorker(),
  });
  try {
    return { ok: true, document: await task.promise };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    const name = error instanceof Error ? error.name : '';
    return pdfFailure(name === 'PasswordException' ? 'encrypted' : 'damaged');
  }
}

export interface PdfInspection {
  ok: true;
  size: number;
  pages: number;
  version: string | null;
}

/**
 * What the pipeline's register step checks before anything else: magic bytes, size, that pdf.js can open
 * it (password, damage), and that it has pages.
 */
export async function inspectPdf(
  bytes: Uint8Array,
  options: { maxBytes?: number } = {},
): Promise<PdfInspection | PdfFailure> {
  const checked = checkPdfBytes(bytes, options.maxBytes);
  if (!checked.ok) return checked;
  const opened = await openPdf(bytes);
  if (!opened.ok) return opened;
  try {
    const pages = opened.document.numPages;
    if (pages === 0) return pdfFailure('empty');
    if (pages > MAX_PDF_PAGES) return pdfFailure('too_many_pages');
    // Each page's size, from its dictionary alone (nothing is drawn or decoded).
    for (let n = 1; n <= pages; n++) {
      const { width, height } = (await opened.document.getPage(n)).getViewport({ scale: 1 });
      if (!pageWithinLimits(width, height)) return pdfFailure('too_large_to_read');
    }
    return { ok: true, size: bytes.byteLength, pages, version: checked.version };
  } finally {
    await opened.document.destroy();
  }
}
