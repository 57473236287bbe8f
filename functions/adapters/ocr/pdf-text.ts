import { type ReadStatementOptions, type ReadStatementResult, readStatement } from '../../domain/statement';
import type { Block } from '../../domain/statement/blocks';
import { withPagesFrom } from '../../domain/statement/blocks';
import { extractTextLayer } from '../pdf/text-layer';
import { unreadablePagesWarning } from '../pdf/unreadable-text';
import type { CollectResult } from '../textract/blocks';

/**
 * A PDF's text on this machine, as the pipeline reads it (functions/services/pipeline/extract.ts and
 * poll-textract.ts): its text layer; a scan (no text layer) read by OCR; and a text layer with pages that
 * cannot be read (a font without a usable character map) read from those pages' images by OCR, the other
 * pages from the text layer, with a warning naming the pages. For `npm run statement` and the benches.
 */
export type PdfText =
  | { ok: true; blocks: Block[]; source: 'text-layer' | 'scan'; warnings: string[] }
  | { ok: false; reason: string; message: string };

export async function readPdfText(
  bytes: Uint8Array,
  readScan: (bytes: Uint8Array) => Promise<CollectResult>,
): Promise<PdfText> {
  const text = await extractTextLayer(bytes);
  if (text.ok && !text.unreadablePages?.length)
    return { ok: true, blocks: text.blocks, source: 'text-layer', warnings: [] };
  if (!text.ok && text.reason !== 'no_text_layer') return text;
  const scan = await readScan(bytes);
  if (!scan.ok) return { ok: false, reason: `scan_${scan.reason}`, message: scan.message };
  if (!text.ok) return { ok: true, blocks: scan.blocks, source: 'scan', warnings: scan.warnings };
  const pages = text.unreadablePages ?? [];
  return {
    ok: true,
    blocks: withPagesFrom(text.blocks, scan.blocks, pages),
    source: 'scan',
    warnings: [...scan.warnings, unreadablePagesWarning(pages)],
  };
}

/**
 * A text layer whose reading its own figures contradict: the running balances, the opening and closing or
 * the printed totals disagree with the amounts read, or a date is read after the upload. A font whose
 * ToUnicode map is wrong for some glyphs only (digits given other digits: '12.50' read '12.38') passes every
 * test of its words (implausibleText) and reads as a statement, with the wrong money; only its figures show
 * it (firecrawl/pdf-inspector#118, a subset font's map "extracted silently, never flagged for OCR").
 */
function contradicted(result: ReadStatementResult): boolean {
  if (!result.ok) return result.reason === 'dated_after_upload' || result.reason === 'no_year';
  const { reconciliation } = result.statement;
  return !reconciliation.ok && reconciliation.breaks.length > 0;
}

/** A reading the statement's own figures confirm: every printed figure checked agrees. */
function confirmed(result: ReadStatementResult): boolean {
  return result.ok && result.statement.reconciliation.ok && result.statement.transactions.length > 0;
}

/** The reading's warning when its pages were read from their images because their text's figures were wrong. */
export const MISREAD_FIGURES_WARNING =
  "The figures in the PDF's text do not add up, and read from the page images they do (its font gives the wrong digits), so the statement was read from the page images, as a scan is.";

/**
 * The statement read from a PDF: its text, the reader's result (null when the text could not be had), and
 * whether its pages were read again from their images because its text's figures contradicted the reading.
 */
export type PdfStatement = { text: PdfText; result: ReadStatementResult | null; reread: boolean };

/**
 * A PDF read as a statement: its text (readPdfText) through the statement reader. When the text layer reads
 * but its own figures contradict the reading (`contradicted`), the pages are read again from their images,
 * as a scan is, and that reading is kept only if the statement's figures confirm it; otherwise the text
 * layer's reading stands, as it was. A reading the figures confirm is never sent to OCR.
 */
export async function readPdfStatement(
  bytes: Uint8Array,
  readScan: (bytes: Uint8Array) => Promise<CollectResult>,
  options: ReadStatementOptions = {},
): Promise<PdfStatement> {
  const text = await readPdfText(bytes, readScan);
  if (!text.ok) return { text, result: null, reread: false };
  const result = readStatement(text.blocks, options);
  if (text.source !== 'text-layer' || !contradicted(result)) return { text, result, reread: false };
  const scan = await readScan(bytes);
  if (!scan.ok) return { text, result, reread: true };
  const again = readStatement(scan.blocks, options);
  if (!confirmed(again)) return { text, result, reread: true };
  return {
    reread: true,
    text: {
      ok: true,
      blocks: scan.blocks,
      source: 'scan',
      warnings: [...scan.warnings, MISREAD_FIGURES_WARNING],
    },
    result: again,
  };
}
