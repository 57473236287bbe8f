import { type CollectResult, collectTextractBlocks } from '../textract/blocks';
import type { OcrEngine } from './engine';
import { withLettersByInk } from './letter-ink';
import { withMissedLines } from './missed-lines';
import { renderPages } from './render';
import { withoutRuledGrid } from './ruled-grid';
import { joinStrips, splitPage } from './strips';
import {
  MIN_MEAN_CONFIDENCE,
  type RecognisedPage,
  readabilityOf,
  toTextractResponse,
} from './textract-shape';

/**
 * Reading a scanned statement on this machine: each page drawn (render.ts), recognised by the OCR engine
 * (engine.ts), and the result turned into Textract's response shape and then into the reader's blocks by
 * the Textract adapter's own collectTextractBlocks: one input format, whatever read the scan.
 */
export const SCAN_MESSAGES = {
  /** Nothing legible, or too little read with confidence: blank pages, noise, a blurred photograph. */
  unreadable:
    'We could not read this scanned statement clearly enough. Please upload the PDF downloaded from your bank, or a clearer scan.',
  /** The scan could not be read at all (a page that cannot be drawn, the reader stopped). */
  failed: 'We could not read this scanned statement. Please upload the PDF downloaded from your bank.',
} as const;

export interface ScanTimings {
  renderMs: number;
  recogniseMs: number;
  pages: number;
}

/** What reading a scan asks of the OCR engine (the benches hand it an engine whose words are kept on disk). */
export type ScanEngine = Pick<OcrEngine, 'closed' | 'strips' | 'recognise'>;

/** Pages are drawn one after another while earlier ones are being recognised (never more than one ahead). */
export async function readScan(
  bytes: Uint8Array,
  engine: ScanEngine,
  timings?: ScanTimings,
): Promise<CollectResult> {
  // Each page's recognition settles to its page or its error at once (a rejection left waiting for the
  // last page to be drawn would be an unhandled one).
  const recognised: Array<Promise<RecognisedPage | Error>> = [];
  const pages = renderPages(bytes, { greyscale: true });
  let failure = null;
  try {
    for (;;) {
      if (engine.closed) {
        await pages.return(null);
        return { ok: false, reason: 'failed', message: SCAN_MESSAGES.failed };
      }
      // Draw at most one page ahead of the pages being read (a page's strips at once): a long scan's page
      // images are not all held at once.
      const ahead = recognised[recognised.length - engine.strips - 1];
      if (ahead) await ahead;
      const rendering = performance.now();
      const next = await pages.next();
      if (timings) timings.renderMs += performance.now() - rendering;
      if (next.done) {
        failure = next.value;
        break;
      }
      const { page, width, height, image } = next.value;
      const started = performance.now();
      // The page cut across at blank rows into strips (two on two cores), so the workers share it (strips.ts).
      // A table printed as a ruled grid read without its rules (ruled-grid.ts).
      const strips = splitPage(withoutRuledGrid(image), engine.strips);
      recognised.push(
        Promise.all(
          strips.map(async ({ top, image: strip }) => ({
            top,
            // Lines the page segmentation left out read again on their own (missed-lines.ts); letters
            // the language model took for a lookalike told by their ink (letter-ink.ts).
            ocr: withLettersByInk(
              strip,
              await withMissedLines(strip, await engine.recognise(strip), (band) => engine.recognise(band)),
            ),
          })),
        ).then(
          (read) => {
            if (timings) timings.recogniseMs += performance.now() - started;
            return { page, width, height, ocr: joinStrips(read) };
          },
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        ),
      );
    }
  } catch {
    failure = { message: SCAN_MESSAGES.failed };
  }
  const settled = await Promise.all(recognised);
  if (failure) return { ok: false, reason: 'failed', message: failure.message };
  const read: RecognisedPage[] = [];
  for (const page of settled) {
    if (page instanceof Error) return { ok: false, reason: 'failed', message: SCAN_MESSAGES.failed };
    read.push(page);
  }
  if (timings) timings.pages = read.length;
  const { words, meanConfidence } = readabilityOf(read);
  // No words, or only words read without confidence (specks and noise read as letters): no legible text.
  if (!words || meanConfidence < MIN_MEAN_CONFIDENCE)
    return { ok: false, reason: 'no_text', message: SCAN_MESSAGES.unreadable };
  const response = toTextractResponse(read);
  return collectTextractBlocks(async () => response);
}
