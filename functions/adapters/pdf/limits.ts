import { constants, inflateSync } from 'node:zlib';
import { PDF_LIMITS } from '../../domain/statement-failures';

/**
 * The PDF's compressed streams inflated ahead of pdf.js, each with a ceiling on its output, so a file that
 * would inflate past PDF_LIMITS (per stream, per document) is refused before any parsing or drawing: pdf.js
 * inflates lazily and without a limit. Every stream of a PDF stands in the file itself (object streams hold
 * objects, never streams), so finding `stream … endstream` after a dictionary naming FlateDecode finds them
 * all. A stream that does not inflate (damaged, encrypted, another filter first) is left to pdf.js, which
 * refuses what is damaged; inflating here costs about a second per 100 MB and keeps nothing.
 */
export function inflatedSizeWithinLimits(
  bytes: Uint8Array,
  limits: { perStream: number; perDocument: number } = {
    perStream: PDF_LIMITS.inflatedBytesPerStream,
    perDocument: PDF_LIMITS.inflatedBytesPerDocument,
  },
): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
    if (!/\/(?:FlateDecode|Fl)\b/.test(dictionary)) continue;
    let start = keyword + 6;
    if (buffer[start] === 0x0d) start++;
    if (buffer[start] === 0x0a) start++;
    const end = buffer.indexOf('endstream', start, 'latin1');
    if (end < 0) return true;
    from = end + 9;
    const allowed = Math.min(limits.perStream, limits.perDocument - total);
    try {
      const out = inflateSync(buffer.subarray(start, end), {
        maxOutputLength: allowed + 1,
        finishFlush: constants.Z_SYNC_FLUSH,
      });
      total += out.byteLength;
      if (out.byteLength > allowed) return false;
    } catch (error) {
      // Past the ceiling: Node refuses to produce more (ERR_BUFFER_TOO_LARGE) rather than allocate it.
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return false;
    }
  }
}

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
