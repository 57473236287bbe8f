import { afterAll, describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { PDF_FAILURE_MESSAGES } from '../../../functions/domain/statement-failures';
import { PdfThread } from '../../../functions/local/pdf-thread';
import { keptTextOf, readKeptText } from '../../../functions/services/pipeline/kept-text';
import type { TextLayerReading } from '../../../functions/shared/ports';
import { generateStatement } from '../../fixtures/statements/generate';

/**
 * The twin reads PDFs in a worker thread, so that a long or hostile PDF never stalls the API it serves from
 * the same process: the thread reads exactly what the in-process adapters read (scans are
 * drawn and recognised there too, as every scan test through the twin shows), a PDF past the thread's deadline ends the thread with the family's words, and the next PDF is read by a new thread.
 */
const thread = new PdfThread();
afterAll(() => thread.close());

describe("the twin's PDF thread", { timeout: 180_000 }, () => {
  it('reads a multi-page text statement exactly as the in-process reader does, packed as the kept text', async () => {
    const { pdf } = await generateStatement('multi-page', { seed: 3 });
    const bytes = new Uint8Array(pdf);
    const inThread = await thread.textLayer(bytes, {});
    const inProcess = await extractTextLayer(bytes, {});
    if (!inProcess.ok) throw new Error(inProcess.message);
    // Only the kept text's bytes cross to the API's thread, never the words as objects.
    expect(inThread).toEqual({ ok: true, kept: keptTextOf(inProcess.blocks), pages: inProcess.pages });
    expect(inThread.ok && inThread.pages).toBeGreaterThan(1);
    // The caller keeps its bytes: a copy is moved to the thread.
    expect(bytes.byteLength).toBe(pdf.byteLength);
  });

  it("reads a kept text as a statement exactly as Parse's in-process reader does", async () => {
    const { pdf } = await generateStatement('multi-page', { seed: 3 });
    const inThread = (await thread.textLayer(new Uint8Array(pdf), {})) as Extract<
      TextLayerReading,
      { kept: Uint8Array }
    >;
    const options = { referenceDate: '2026-11-26', accountType: 'current' };
    const reading = await thread.keptText(inThread.kept, options);
    expect(reading).toEqual(readKeptText(inThread.kept, options));
    expect(reading.ok && reading.statement.transactions.length).toBeGreaterThan(10);
    // A working file of another shape fails as it does in process: an error, not a family's message.
    await expect(thread.keptText(new TextEncoder().encode('{"words":1}'), options)).rejects.toThrow();
  });

  it('a kept text past its deadline is too large to read', async () => {
    const short = new PdfThread({ textLayerMs: 1 });
    try {
      const { pdf } = await generateStatement('signed-amount', { seed: 4 });
      const read = await extractTextLayer(new Uint8Array(pdf), {});
      if (!read.ok) throw new Error(read.message);
      expect(
        await short.keptText(keptTextOf(read.blocks), { referenceDate: '2026-11-26', accountType: null }),
      ).toEqual({
        ok: false,
        reason: 'too_large_to_read',
        message: PDF_FAILURE_MESSAGES.too_large_to_read,
      });
    } finally {
      await short.close();
    }
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
    const inProcess = await extractTextLayer(bytes, {});
    expect(next).toEqual(
      inProcess.ok ? { ok: true, kept: keptTextOf(inProcess.blocks), pages: inProcess.pages } : inProcess,
    );
  });
});
