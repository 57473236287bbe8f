import {
  contradictedByFigures,
  keptReading,
  MISREAD_FIGURES_WARNING,
  type ReadStatementOptions,
  type ReadStatementResult,
  readStatement,
} from '../../domain/statement';
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
 * The statement read from a PDF: its text, the reader's result (null when the text could not be had), and
 * whether its pages were read again from their images because its text's figures contradicted the reading.
 */
export type PdfStatement = { text: PdfText; result: ReadStatementResult | null; reread: boolean };

/**
 * A PDF read as a statement: its text (readPdfText) through the statement reader. When the text layer reads
 * but its own figures contradict the reading, the pages are read again from their images, as a scan is, and
 * the reading kept is the one functions/domain/statement/misread.ts chooses: the images' only if the
 * statement's figures confirm it; otherwise the text layer's, as it was. A reading the figures confirm is
 * never sent to OCR.
 */
export async function readPdfStatement(
  bytes: Uint8Array,
  readScan: (bytes: Uint8Array) => Promise<CollectResult>,
  options: ReadStatementOptions = {},
): Promise<PdfStatement> {
  const text = await readPdfText(bytes, readScan);
  if (!text.ok) return { text, result: null, reread: false };
  const result = readStatement(text.blocks, options);
  if (text.source !== 'text-layer' || !contradictedByFigures(result)) return { text, result, reread: false };
  const scan = await readScan(bytes);
  const again = scan.ok ? readStatement(scan.blocks, options) : null;
  if (!scan.ok || !again || keptReading(result, again) !== 'image') return { text, result, reread: true };
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
