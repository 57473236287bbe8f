import { describe, expect, it } from 'vitest';
import {
  getDocument,
  inThreadWorker,
  type PDFDocumentProxy,
  VerbosityLevel,
} from '../../../functions/adapters/pdf/pdfjs';
import { generateBigStatement, generateStatement } from '../../fixtures/statements/generate';
import { generatePdfTraitStatement } from '../../fixtures/statements/pdf-traits';

/**
 * pdf.js's worker code reached through the adapter's copy-free in-thread port (functions/adapters/pdf/pdfjs.ts)
 * hands over exactly what pdf.js's own in-thread worker (which copies every message) does: every page's text
 * content and operator list, on statements whose pages send them in many chunks (a 12-page statement of 408
 * rows), with a form XObject, and with glyphs drawn one operator each. Two pages read at once, as the text
 * layer reads them, still each get their own.
 */
const options = {
  isEvalSupported: false,
  useSystemFonts: false,
  disableFontFace: true,
  useWorkerFetch: false,
  maxImageSize: 0,
  verbosity: VerbosityLevel.ERRORS,
};

async function pagesOf(pdf: Uint8Array, worker?: ReturnType<typeof inThreadWorker>) {
  const document: PDFDocumentProxy = await getDocument({
    ...options,
    data: new Uint8Array(pdf),
    ...(worker ? { worker } : {}),
  }).promise;
  try {
    const pages = [];
    for (let n = 1; n <= document.numPages; n += 2) {
      const read = await Promise.all(
        [n, n + 1]
          .filter((p) => p <= document.numPages)
          .map(async (p) => {
            const page = await document.getPage(p);
            const [text, operators] = await Promise.all([page.getTextContent(), page.getOperatorList()]);
            // Plain data, as the copying worker hands it over (its glyphs are objects of no class); a font's
            // name carries its document's number (`g_d3_f1`), which counts the documents a worker has opened.
            return JSON.parse(JSON.stringify({ text, operators }).replace(/\bg_d\d+_/g, 'g_d_')) as unknown;
          }),
      );
      pages.push(...read);
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

describe("pdf.js's worker code in this thread without copying its messages", { timeout: 120_000 }, () => {
  it.each<[string, () => Promise<{ pdf: Uint8Array }>]>([
    ['the 12-page statement', generateBigStatement],
    ['a one-page statement', () => generateStatement('signed-amount')],
    ['text in a form XObject', () => generatePdfTraitStatement('form-xobject')],
    ['a glyph per operator', () => generatePdfTraitStatement('glyph-per-operator')],
  ])('%s: the same text content and operator lists as pdf.js own in-thread worker', async (_, make) => {
    const { pdf } = await make();
    const copied = await pagesOf(pdf);
    const direct = await pagesOf(pdf, inThreadWorker());
    expect(direct.length).toBeGreaterThan(0);
    expect(direct).toEqual(copied);
  });

  it('one worker serves every document, one after another and at once', async () => {
    const [a, b] = await Promise.all([generateStatement('signed-amount'), generateStatement('credit-card')]);
    const alone = [await pagesOf(a.pdf, inThreadWorker()), await pagesOf(b.pdf, inThreadWorker())];
    const together = await Promise.all([pagesOf(a.pdf, inThreadWorker()), pagesOf(b.pdf, inThreadWorker())]);
    expect(together).toEqual(alone);
    expect(alone[0]).not.toEqual(alone[1]);
  });

  it('a destroyed document stops listening (the worker is kept for the next)', async () => {
    const { pdf } = await generateStatement('signed-amount');
    const port = inThreadWorker().port as unknown as { listening: number };
    await pagesOf(pdf, inThreadWorker());
    const before = port.listening;
    for (let i = 0; i < 3; i++) await pagesOf(pdf, inThreadWorker());
    // One that fails to open is destroyed as the adapter does (openPdf).
    const task = getDocument({ ...options, data: new Uint8Array([1, 2, 3]), worker: inThreadWorker() });
    await task.promise.catch(() => undefined);
    await task.destroy();
    expect(port.listening).toBe(before);
  });
});
