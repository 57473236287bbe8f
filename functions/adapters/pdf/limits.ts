import { PDF_LIMITS } from '../../domain/statement-failures';
import { decodedLength, decodesHere, filterNames, PastCeiling } from './stream-filters';

/**
 * The PDF's encoded streams decoded ahead of pdf.js, each with a ceiling on its output, so a file that would
 * decode past PDF_LIMITS (per stream, per document) is refused before any parsing or drawing: pdf.js decodes
 * lazily and without a limit. Every filter that can make a stream larger is decoded (./stream-filters.ts:
 * Flate, LZW, run-length, ASCII85, ASCIIHex, and chains of them, in order); image filters end a chain (pdf.js
 * bounds images by pixels). Every stream of a PDF stands in the file itself (object streams hold objects,
 * never streams), so finding `stream … endstream` after a dictionary finds them all; a /Filter given by
 * reference is looked up in the file. Decoding here costs about a second per 100 MB and keeps nothing.
 *
 * Not decoded here: the streams of an encrypted PDF (readable without a password, as statements with only
 * an owner password are): they are bounded by the reader's heap and deadline (the twin's PDF process, the
 * Lambda's memory and timeout) instead.
 */
export function inflatedSizeWithinLimits(
  bytes: Uint8Array,
  limits: { perStream: number; perDocument: number } = {
    perStream: PDF_LIMITS.inflatedBytesPerStream,
    perDocument: PDF_LIMITS.inflatedBytesPerDocument,
  },
): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // An encrypted PDF's streams are ciphertext here: decoding them would read noise as data (see above).
  if (encrypted(buffer)) return true;
  let total = 0;
  let from = 0;
  for (;;) {
    const keyword = buffer.indexOf('stream', from, 'latin1');
    if (keyword < 0) return true;
    from = keyword + 6;
    // `endstream` also contains the word; a stream keyword follows its dictionary's `>>`.
    if (keyword >= 3 && buffer.toString('latin1', keyword - 3, keyword) === 'end') continue;
    const before = buffer.toString('latin1', Math.max(0, keyword - 1024), keyword);
    if (!/>>\s*$/.test(before)) continue;
    const dictionary = before.slice(before.lastIndexOf('obj') + 1);
    const filters = filtersOf(dictionary, buffer);
    if (!decodesHere(filters)) continue;
    let start = keyword + 6;
    if (buffer[start] === 0x0d) start++;
    if (buffer[start] === 0x0a) start++;
    const end = buffer.indexOf('endstream', start, 'latin1');
    if (end < 0) return true;
    from = end + 9;
    const allowed = Math.min(limits.perStream, limits.perDocument - total);
    try {
      total += decodedLength(buffer.subarray(start, end), filters, allowed, parmsOf(dictionary));
    } catch (error) {
      if (error instanceof PastCeiling) return false;
      throw error;
    }
  }
}

/** Whether the PDF is encrypted: its trailer (or cross-reference stream) names an /Encrypt dictionary. */
function encrypted(file: Buffer): boolean {
  for (
    let at = file.indexOf('/Encrypt', 0, 'latin1');
    at >= 0;
    at = file.indexOf('/Encrypt', at + 8, 'latin1')
  ) {
    const after = file.toString('latin1', at + 8, Math.min(file.length, at + 40));
    if (!/^\s*(?:\d+\s+\d+\s+R|<<)/.test(after)) continue;
    const before = file.toString('latin1', Math.max(0, at - 2048), at);
    const trailer = before.lastIndexOf('trailer');
    if (trailer >= 0 && /^trailer\s*<</.test(before.slice(trailer))) return true;
    if (/\/Type\s*\/XRef\b/.test(before.slice(before.lastIndexOf('obj')))) return true;
  }
  return false;
}

/** A stream dictionary's filter names: its /Filter, or the object a /Filter reference names. */
function filtersOf(dictionary: string, file: Buffer): string[] {
  const value = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+|(\d+)\s+(\d+)\s+R)/.exec(dictionary);
  if (!value) return [];
  if (!value[2]) return filterNames(value[1]!);
  const header = `${value[2]} ${value[3]} obj`;
  for (let at = file.indexOf(header, 0, 'latin1'); at >= 0; at = file.indexOf(header, at + 1, 'latin1')) {
    const digitBefore = at > 0 && file[at - 1]! >= 0x30 && file[at - 1]! <= 0x39;
    if (digitBefore) continue;
    const body = file.toString('latin1', at + header.length, Math.min(file.length, at + header.length + 512));
    const named = /^\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(body);
    if (named) return filterNames(named[1]!);
  }
  return [];
}

/** A stream dictionary's /DecodeParms, as text (only LZW's /EarlyChange is read). */
const parmsOf = (dictionary: string) => /\/DecodeParms\s*(<<[^>]*>>|\[[^\]]*\])/.exec(dictionary)?.[1] ?? '';

/** Whether a page of this size (points) may be read: its longer side within PDF_LIMITS.pageSidePoints. */
export function pageWithinLimits(width: number, height: number): boolean {
  return (
    Number.isFinite(width) &&
    Number.isFinite(height) &&
    Math.max(Math.abs(width), Math.abs(height)) <= PDF_LIMITS.pageSidePoints
  );
}

/** The scale to draw a page of `width` × `height` points at `dpi`, lowered to stay within `maxPixels`. */
export function drawingScale(
  width: number,
  height: number,
  dpi: number,
  maxPixels = PDF_LIMITS.ocrPixelsPerPage,
): number {
  const scale = dpi / 72;
  const pixels = width * scale * (height * scale);
  return pixels <= maxPixels ? scale : scale * Math.sqrt(maxPixels / pixels);
}

/** Runs `work`, or answers `late()` once `ms` have passed (the work's own result is then ignored). */
export async function withinTime<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(late()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
