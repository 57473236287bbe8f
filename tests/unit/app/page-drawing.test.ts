import PDFDocument from 'pdfkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_MESSAGES } from '../../../functions/contracts/statement-check';
import { resetConfig } from '../../../functions/shared/config';
import type { PageImages } from '../../../functions/shared/ports';

/**
 * The composition of the function that draws statement pages (the API's pages area): in AWS nothing is
 * registered and the pdf.js + @napi-rs/canvas adapter draws; the twin's registered drawing is kept; a canvas
 * that cannot load is the family's "cannot be drawn here" (503), not a crash.
 */
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
  vi.doUnmock('../../../functions/adapters/ocr/page-images');
  vi.resetModules();
});

function onePagePdf(): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.fontSize(12).text('Opening balance 1,234.56', 72, 72);
    doc.end();
  });
}

async function freshComposition() {
  process.env = { ...saved, APP_MODE: 'aws' };
  resetConfig();
  vi.resetModules();
  const container = await import('../../../functions/app/container');
  container.clearRegisteredServices();
  return { ...container, ...(await import('../../../functions/app/page-drawing')) };
}

describe('drawing statement pages (the pages area)', () => {
  it('in AWS, where nothing is registered, draws with pdf.js on the native canvas', async () => {
    const { drawingServices, services } = await freshComposition();
    expect(services().pageImages).toBeNull(); // every other function: no drawing
    const drawn = await drawingServices().pageImages.render(await onePagePdf(), 1);
    expect(drawn).toMatchObject({ pages: 1, height: expect.any(Number) });
    expect(Math.abs((drawn?.width ?? 0) - 909)).toBeLessThanOrEqual(2);
    expect(
      Buffer.from(drawn?.png ?? [])
        .subarray(0, 8)
        .toString('hex'),
    ).toBe('89504e470d0a1a0a');
    expect(await drawingServices().pageImages.render(await onePagePdf(), 2)).toBeNull();
  }, 60_000);

  it("keeps the drawing the twin registers (its PDF process's)", async () => {
    const { drawingServices, registerServices } = await freshComposition();
    const registered: PageImages = { render: async () => null };
    registerServices({ pageImages: registered });
    expect(drawingServices().pageImages).toBe(registered);
  });

  it('answers 503 with the message the screen shows when the canvas cannot load', async () => {
    vi.doMock('../../../functions/adapters/ocr/page-images', () => {
      throw new Error('Cannot find native binding');
    });
    const { drawingServices } = await freshComposition();
    const render = drawingServices().pageImages.render(await onePagePdf(), 1);
    await expect(render).rejects.toMatchObject({ status: 503, message: CHECK_MESSAGES.noPageImages });
  });
});
