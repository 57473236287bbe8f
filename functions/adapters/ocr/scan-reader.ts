import { confirmedByFigures, readStatement } from '../../domain/statement';
import type { Block } from '../../domain/statement/blocks';
import { type CollectResult, collectTextractBlocks } from '../textract/blocks';
import type { OcrEngine } from './engine';
import { withMissedLines } from './missed-lines';
import { renderPages, SCAN_DPI } from './render';
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
  /** The resolution of each reading made, in order (the cheaper first; 300 dpi again only when needed). */
  dpi?: number[];
}

/**
 * The resolution a scan is read at first: 0.69× the pixels of SCAN_DPI, about a fifth less CPU a page. It
 * reads clean scans exactly, but now and then loses a row that 300 dpi keeps, so its reading is kept only
 * when the statement's own figures confirm it.
 */
export const FIRST_SCAN_DPI = 250;

/** Whether a scan's reading stands: the statement read from it is confirmed by its own printed figures. */
export type ReadingCheck = (blocks: Block[]) => boolean;

/** A page with this many money figures is taken to print transactions. */
const MONEY_PAGE = 3;

/** A money figure as statements print it: '1,234.56', '-£12.50', '15.25CR'. */
const MONEY = /^[-+(]?£?\d{1,3}(,?\d{3})*\.\d\d\)?(CR|DR|-)?$/i;

/** A description that starts with a date, a character of it misread ('P3.02.25 Deposit'). */
const DATE_LEADS = /^\S?\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/;

/**
 * Whether the cheaper reading stands: the statement read from it (dated as read today: a statement that prints
 * no year takes it from the day it is uploaded) is confirmed by its own printed figures
 * (functions/domain/statement/misread.ts), every page printing money figures gave the statement rows, and no
 * row's description starts with a date. The figures alone do not catch everything a lower resolution loses:
 * an amount misread on a later page ('15.25' as '15:25') can make the reader take the pages after it for
 * another account's statement, the first page's balances adding up on their own; and a date misread beside
 * its row ('03.02.25' as 'P3.02.25') goes into the description, the row taking the date before it, with
 * every amount still adding up.
 */
export const confirmedStatement: ReadingCheck = (blocks) => {
  const reading = readStatement(blocks, {
    referenceDate: new Date().toISOString().slice(0, 10),
    regions: true,
  });
  if (!confirmedByFigures(reading) || !reading.ok) return false;
  const { transactions, regions } = reading.statement;
  if (transactions.some((t) => DATE_LEADS.test(t.description))) return false;
  const withRows = new Set((regions ?? []).map((r) => r.row.page));
  const money = new Map<number, number>();
  for (const w of blocks)
    if (w.BlockType === 'WORD' && MONEY.test(w.Text ?? ''))
      money.set(w.Page ?? 1, (money.get(w.Page ?? 1) ?? 0) + 1);
  return [...money].every(([page, figures]) => figures < MONEY_PAGE || withRows.has(page));
};

/**
 * A scanned statement read cheaper first: at FIRST_SCAN_DPI, and that reading returned only when `check`
 * (the statement's own figures, by default) confirms it; otherwise (the figures disagree, a row or a balance
 * lost, nothing legible) the scan is read again at SCAN_DPI and that reading returned, as it was before.
 * Textract (AWS) reads once: this is the local stand-in's business alone.
 */
export async function readScan(
  bytes: Uint8Array,
  engine: OcrEngine,
  timings?: ScanTimings,
  check: ReadingCheck = confirmedStatement,
): Promise<CollectResult> {
  const first = await readScanAt(bytes, engine, FIRST_SCAN_DPI, timings);
  if (first.ok && check(first.blocks)) return first;
  // A PDF that cannot be opened, or an engine closed, fails the same at any resolution.
  if (!first.ok && first.reason === 'failed') return first;
  return readScanAt(bytes, engine, SCAN_DPI, timings);
}

/** Pages are drawn one after another while earlier ones are being recognised (never more than one ahead). */
export async function readScanAt(
  bytes: Uint8Array,
  engine: OcrEngine,
  dpi: number,
  timings?: ScanTimings,
): Promise<CollectResult> {
  if (timings) timings.dpi = [...(timings.dpi ?? []), dpi];
  // Each page's recognition settles to its page or its error at once (a rejection left waiting for the
  // last page to be drawn would be an unhandled one).
  const recognised: Array<Promise<RecognisedPage | Error>> = [];
  const pages = renderPages(bytes, { greyscale: true, dpi });
  let failure = null;
  try {
    for (;;) {
      if (engine.closed) {
        await pages.return(null);
        return { ok: false, reason: 'failed', message: SCAN_MESSAGES.failed };
      }
      // Draw at most one page ahead of the workers: a long scan's page images are not all held at once.
      const ahead = recognised[recognised.length - engine.workers - 1];
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
      // The page cut across at blank rows into one strip per worker, so the workers share it (strips.ts).
      const strips = splitPage(image, engine.workers);
      recognised.push(
        Promise.all(
          strips.map(async ({ top, image: strip }) => ({
            top,
            // Lines the page segmentation left out read again on their own (missed-lines.ts).
            ocr: await withMissedLines(strip, await engine.recognise(strip), (band) =>
              engine.recognise(band),
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
