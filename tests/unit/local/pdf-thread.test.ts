import { afterAll, describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { PDF_FAILURE_MESSAGES } from '../../../functions/domain/statement-failures';
import { PdfThread } from '../../../functions/local/pdf-thread';
import { generateStatement } from '../../fixtures/statements/generate';

/**
 * The twin reads PDFs in a worker thread, so that a long or hostile PDF never stalls the API it serves from
 * the same process: the thread reads exactly what the in-process adapters read (scans are
 * drawn and recognised there too, as every scan test through the twin shows), a PDF past the thread's deadline ends the thread with the family's words, and the next PDF is read by a new thread.
 */
const thread = new PdfThread();
afterAll(() => thread.close());

describe("the twin's PDF thread", { timeout: 180_000 }, () => {
  it('reads a multi-page text statement exactly as the in-process reader does', async () => {
    const { pdf } = await generateStatement('multi-page', { seed: 3 });
    const bytes = new Uint8Array(pdf);
    const inThread = await thread.textLayer(bytes, {});
    expect(inThread).toEqual(await extractTextLayer(bytes, {}));
    expect(inThread.ok && inThread.pages).toBeGreaterThan(1);
    // The caller keeps its bytes: a copy is moved to the thread.
    expect(bytes.byteLength).toBe(pdf.byteLength);
  });

  it("answers a PDF's own problems with the family's words, as in process", async () => {
    const notPdf = new TextEncoder().encode('Date,Description,Amount\n');
    expect(await thread.textLayer(notPdf, {})).toEqual(await extractTextLayer(notPdf, {}));
  });

  it('a PDF past its deadline ends the thread; the next PDF starts a new one', async () => {
    const { pdf } = await generateStatement('paid-out-paid-in', { seed: 5 });
    const bytes = new Uint8Array(pdf);
    const late = await thread.textLayer(bytes, { deadlineMs: 1 });
    expect(late).toEqual({
      ok: false,
      reason: 'too_large_to_read',
      message: PDF_FAILURE_MESSAGES.too_large_to_read,
    });
    expect(thread.describe()).toContain('restarted 1 time(s)');
    const next = await thread.textLayer(bytes, {});
    expect(next).toEqual(await extractTextLayer(bytes, {}));
  });
});
