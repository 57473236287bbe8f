import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type Canvas, createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { drawingScale, pageWithinLimits } from '../pdf/limits';
import { checkPdfBytes, MAX_PDF_PAGES, PDF_LIMITS, type PdfFailure, pdfFailure } from '../pdf/pdf-document';
import { getDocument, type PDFDocumentProxy, VerbosityLevel } from '../pdf/pdfjs';
import { sidewaysTurn } from '../pdf/sideways';
import { scanPageImages } from './page-image';

/**
 * A scanned statement's pages as images, for recognition: pdf.js (legacy build) draws each page on a
 * @napi-rs/canvas canvas at `dpi` (white background, as paper), as a PNG (encoded off the main thread) or
 * an uncompressed greyscale PGM for the recogniser.
 * Fonts a page may still use are pdf.js's bundled standard fonts (no system fonts, no network).
 */
export const SCAN_DPI = 300;

export interface RenderedPage {
  /** 1-based. */
  page: number;
  pages: number;
  width: number;
  height: number;
  /** The page as a PNG, or with `greyscale` a binary PGM (P5): no compression, half a second less a page. */
  image: Buffer;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** 8-bit grey from RGBA (ITU-R BT.601 weights), as a binary PGM, which the recogniser reads directly. */
function pgm(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const out = Buffer.allocUnsafe(header.length + width * height);
  header.copy(out);
  const pixels = width * height;
  if (LITTLE_ENDIAN && rgba.byteOffset % 4 === 0 && rgba.length >= pixels * 4) {
    // A pixel at a time as one 32-bit word (little-endian: red in the low byte): about twice as fast.
    const words = new Uint32Array(rgba.buffer, rgba.byteOffset, pixels);
    for (let i = 0, j = header.length; i < pixels; i++, j++) {
      const p = words[i] as number;
      out[j] = ((p & 0xff) * 77 + ((p >>> 8) & 0xff) * 150 + ((p >>> 16) & 0xff) * 29) >> 8;
    }
    return out;
  }
  for (let i = 0, j = header.length; j < out.length; i += 4, j++) {
    out[j] = ((rgba[i] ?? 255) * 77 + (rgba[i + 1] ?? 255) * 150 + (rgba[i + 2] ?? 255) * 29) >> 8;
  }
  return out;
}

/** A canvas's stored RGBA bytes (premultiplied), as bytes whatever the Buffer's pool offset. */
function canvasPixels(canvas: Canvas): Uint8ClampedArray {
  const data = canvas.data();
  return new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength);
}

/** pdf.js's own Node canvas factory (backed by @napi-rs/canvas): its canvases take pdf.js's Path2D objects. */
interface CanvasFactory {
  create(width: number, height: number): { canvas: Canvas; context: SKRSContext2D };
  destroy(entry: { canvas: Canvas; context: SKRSContext2D }): void;
}

const standardFonts = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function open(bytes: Uint8Array): Promise<{ ok: true; document: PDFDocumentProxy } | PdfFailure> {
  const checked = checkPdfBytes(bytes);
  if (!checked.ok) return checked;
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl: standardFonts,
    maxImageSize: PDF_LIMITS.imagePixels,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    return { ok: true, document: await task.promise };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    return pdfFailure(error instanceof Error && error.name === 'PasswordException' ? 'encrypted' : 'damaged');
  }
}

/**
 * Every page of a PDF as a PNG at `dpi`, one at a time (the caller may recognise a page while the next is
 * drawn). A PDF that cannot be opened yields nothing and returns its failure.
 */
export async function* renderPages(
  bytes: Uint8Array,
  options: { dpi?: number; maxPages?: number; greyscale?: boolean; page?: number } = {},
): AsyncGenerator<RenderedPage, PdfFailure | null> {
  const opened = await open(bytes);
  if (!opened.ok) return opened;
  const { document } = opened;
  try {
    const pages = document.numPages;
    if (pages === 0) return pdfFailure('empty');
    if (pages > (options.maxPages ?? MAX_PDF_PAGES)) return pdfFailure('too_many_pages');
    // A page that is one JPEG over the whole page is decoded natively (page-image.ts), the rest by pdf.js.
    const jpegOf = await scanPageImages(bytes);
    // One page when `page` is given (none when the PDF has no such page), else every page.
    const first = options.page ?? 1;
    const last = options.page !== undefined ? Math.min(options.page, pages) : pages;
    for (let n = first; n <= last; n++) {
      const page = await document.getPage(n);
      const size = page.getViewport({ scale: 1 });
      if (!pageWithinLimits(size.width, size.height)) return pdfFailure('too_large_to_read');
      // A statement set sideways on the sheet is drawn turned as its text layer is read (../pdf/sideways.ts),
      // so that the rows read stand where they are drawn; a page without text is drawn as it is.
      const jpeg = jpegOf?.(n);
      const turned = jpeg ? null : sidewaysTurn(page, (await page.getTextContent()).items);
      // At `dpi`, or smaller where that would pass PDF_LIMITS.ocrPixelsPerPage.
      const viewport = page.getViewport({
        scale: drawingScale(size.width, size.height, options.dpi ?? SCAN_DPI),
        ...(turned === null ? {} : { rotation: turned }),
      });
      const direct = jpeg
        ? await drawJpeg(jpeg, Math.ceil(viewport.width), Math.ceil(viewport.height), options.greyscale)
        : null;
      if (direct) {
        page.cleanup();
        yield { page: n, pages, ...direct };
        continue;
      }
      const factory = document.canvasFactory as CanvasFactory;
      const drawn = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
      const { canvas, context } = drawn;
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      // The factory's canvas is a @napi-rs/canvas one, which implements the 2D context pdf.js draws on.
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: context as unknown as CanvasRenderingContext2D,
        viewport,
      }).promise;
      page.cleanup();
      const { width, height } = canvas;
      const image = options.greyscale
        ? pgm(context.getImageData(0, 0, width, height).data, width, height)
        : await canvas.encode('png');
      factory.destroy(drawn);
      yield { page: n, pages, width, height, image };
    }
    return null;
  } finally {
    await document.destroy();
  }
}

/** A page's JPEG decoded natively and drawn over the page's size in pixels (null: it would not decode). */
async function drawJpeg(
  jpeg: Uint8Array,
  width: number,
  height: number,
  greyscale = false,
): Promise<{ width: number; height: number; image: Buffer } | null> {
  let picture: Awaited<ReturnType<typeof loadImage>>;
  try {
    picture = await loadImage(Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength));
  } catch {
    return null;
  }
  if (!picture.width || !picture.height) return null;
  // A scan at about the resolution asked for is read pixel for pixel (resampling a page by a pixel or two
  // only blurs it).
  if (Math.abs(picture.width - width) <= width * 0.01 && Math.abs(picture.height - height) <= height * 0.01) {
    width = picture.width;
    height = picture.height;
  }
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(picture, 0, 0, width, height);
  // The canvas's own pixels rather than getImageData's copy of them: the page is opaque (a JPEG over white),
  // so its premultiplied pixels are the plain ones, and a 300 dpi page's 35 MB copy is saved.
  const image = greyscale ? pgm(canvasPixels(canvas), width, height) : await canvas.encode('png');
  return { width, height, image };
}
