import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPages } from '../../../functions/adapters/ocr/render';
import {
  drawingScale,
  inflatedSizeWithinLimits,
  pageWithinLimits,
} from '../../../functions/adapters/pdf/limits';
import { inspectPdf } from '../../../functions/adapters/pdf/pdf-document';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { PDF_FAILURE_MESSAGES, PDF_LIMITS } from '../../../functions/domain/statement-failures';
import { generateImageOnlyPdf, generateStatement } from '../../fixtures/statements/generate';
import { flateBombPdf, hugePagesPdf } from '../../support/hostile-pdf';

/**
 * Hostile PDFs, made here byte by byte: five blank pages of 3,000 × 3,000 pt in about a kilobyte (drawn for
 * recognition at 300 dpi, 156 million pixels a page), and flate bombs (a few hundred KB inflating to hundreds
 * of MB). Each is refused with the family's words before pdf.js parses or draws anything; real statements
 * (the generated layouts, a scan) still pass.
 */
const refusal = { ok: false, reason: 'too_large_to_read', message: PDF_FAILURE_MESSAGES.too_large_to_read };
const bytes = (b: Buffer) => new Uint8Array(b);
/** Beside the repository (as real-statements.test.ts reads them), or the shared folder from a worktree. */
const REAL = [
  resolve(import.meta.dirname, '../../../../shared/fixtures/statements-real'),
  '/work/shared/fixtures/statements-real',
].find((dir) => existsSync(dir)) as string;

describe('every PDF within limits', () => {
  it('five blank 3,000 pt pages (1.2 KB): refused at inspection, by the text reader and by the OCR renderer', async () => {
    const pdf = hugePagesPdf(5, 3000);
    expect(pdf.length).toBeLessThan(2_000);
    expect(await inspectPdf(bytes(pdf))).toEqual(refusal);
    expect(await extractTextLayer(bytes(pdf))).toEqual(refusal);
    const pages = renderPages(bytes(pdf), { greyscale: true });
    const first = await pages.next();
    expect(first).toEqual({ done: true, value: refusal });
  });

  it('a flate bomb: one stream past the per-stream ceiling is refused before parsing', async () => {
    const pdf = await flateBombPdf(PDF_LIMITS.inflatedBytesPerStream + 1024 * 1024);
    expect(pdf.length).toBeLessThan(1_000_000);
    expect(inflatedSizeWithinLimits(bytes(pdf))).toBe(false);
    expect(await inspectPdf(bytes(pdf))).toEqual(refusal);
    expect(await extractTextLayer(bytes(pdf))).toEqual(refusal);
  }, 60_000);

  it('a flate bomb in many streams, each under the ceiling, past the per-document one', async () => {
    const each = 40 * 1024 * 1024;
    const streams = Math.ceil(PDF_LIMITS.inflatedBytesPerDocument / each) + 1;
    const pdf = await flateBombPdf(each, streams);
    expect(
      inflatedSizeWithinLimits(bytes(pdf), {
        perStream: PDF_LIMITS.inflatedBytesPerStream,
        perDocument: PDF_LIMITS.inflatedBytesPerDocument,
      }),
    ).toBe(false);
    expect(await inspectPdf(bytes(pdf))).toEqual(refusal);
  }, 60_000);

  it('bank statements are well within every limit: a text statement and a scan read as before', async () => {
    const { pdf } = await generateStatement('multi-page');
    expect(inflatedSizeWithinLimits(bytes(pdf))).toBe(true);
    expect(await inspectPdf(bytes(pdf))).toMatchObject({ ok: true, pages: 3 });
    expect(await extractTextLayer(bytes(pdf))).toMatchObject({ ok: true, pages: 3 });
    expect(inflatedSizeWithinLimits(bytes(await generateImageOnlyPdf()))).toBe(true);
    // Statements someone else made (shared/fixtures/statements-real): a mock HSBC UK statement and a
    // bank-statement parser's test file, both compressed with FlateDecode.
    for (const name of ['hsbc-uk-current-mock.pdf', 'transtractor-test1.pdf']) {
      const real = bytes(readFileSync(join(REAL, name)));
      expect(inflatedSizeWithinLimits(real), name).toBe(true);
      expect(await inspectPdf(real), name).toMatchObject({ ok: true });
    }
  }, 30_000);

  it('a large page is drawn for recognition at fewer pixels, never more than the ceiling', () => {
    expect(pageWithinLimits(595, 842)).toBe(true);
    expect(pageWithinLimits(612, 1008)).toBe(true);
    expect(pageWithinLimits(3000, 3000)).toBe(false);
    expect(pageWithinLimits(Number.NaN, 10)).toBe(false);
    // A4 at 300 dpi as asked (8.7 M pixels); A3 landscape scaled down to the ceiling.
    expect(drawingScale(595, 842, 300)).toBeCloseTo(300 / 72);
    const scale = drawingScale(1684, 1190, 300);
    expect(scale).toBeLessThan(300 / 72);
    expect(1684 * scale * 1190 * scale).toBeLessThanOrEqual(PDF_LIMITS.ocrPixelsPerPage + 1);
  });
});
