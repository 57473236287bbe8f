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
