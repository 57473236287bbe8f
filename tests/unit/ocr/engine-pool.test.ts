import PDFDocument from 'pdfkit';
import type { Page } from 'tesseract.js';
import { describe, expect, it } from 'vitest';
import { OcrEngine } from '../../../functions/adapters/ocr/engine';
import { readScan, type ScanEngine } from '../../../functions/adapters/ocr/scan-reader';

/**
 * The OCR engine's pool and the strips a page is cut into are two numbers. The words a scan reads depend on
 * where its pages are cut (each strip is read as one block, whose word spacing Tesseract estimates over its own
 * lines: a cut by print instead of at half the height changed the words of four corpus scans read exactly
 * before, README 'Scans on the twin'), so the strips are fixed by the cores; the workers are not, and one
 * worker more than the strips lets the cores share a scan's last strips (a short last page's small lower strip
 * left one of two workers idle while the other read the upper one).
 */

/**
 * A4 pages of dark bars where lines of print would be (drawn by pdf.js: no text layer, no image), every 18 pt
 * from the top to the bottom, so a page can be cut at a blank band anywhere.
 */
async function barsPdf(pages: number): Promise<Uint8Array> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { CreationDate: new Date(Date.UTC(2025, 0, 1)) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (let n = 0; n < pages; n++) {
    doc.addPage({ size: 'A4', margin: 0 });
    for (let y = 40; y < 800; y += 18) doc.rect(60, y, 300, 8).fill('#000000');
  }
  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

const rowsOf = (image: Buffer) => Number(/^P5\s+\d+\s+(\d+)/.exec(image.toString('latin1', 0, 32))?.[1]);

/** An engine that reads nothing and keeps the images handed to it. */
function countingEngine(options: { strips: number; workers: number }) {
  const images: Buffer[] = [];
  const engine: ScanEngine & { workers: number } = {
    ...options,
    closed: false,
    recognise: async (image: Buffer) => {
      images.push(image);
      return { blocks: [] } as unknown as Page;
    },
  };
  return { engine, images };
}

describe("the OCR engine's workers and a page's strips", () => {
  it('cuts each page into the strips asked for, whatever the number of workers', async () => {
    const pdf = await barsPdf(2);
    const { engine, images } = countingEngine({ strips: 2, workers: 3 });
    const result = await readScan(pdf, engine);
    expect(result).toMatchObject({ ok: false, reason: 'no_text' });
    // Two pages of 3508 rows at 300 dpi, two strips each (the third worker cuts no page into three). Bands
    // of ink no word covers, read again, are a few rows high; the strips are at least 450.
    const strips = images.filter((image) => rowsOf(image) >= 450);
    expect(strips.map(rowsOf).reduce((a, b) => a + b, 0)).toBe(2 * 3508);
    expect(strips).toHaveLength(4);
  });

  it('has one worker more than the strips, and as many strips as workers when only the workers are given', () => {
    const two = new OcrEngine({ strips: 2 });
    expect([two.strips, two.workers]).toEqual([2, 3]);
    // One strip (a one-core machine, or the tests' single worker): pages read whole by one worker.
    const one = new OcrEngine({ strips: 1 });
    expect([one.strips, one.workers]).toEqual([1, 1]);
    // Benches and tests that give the workers alone cut as many strips as before (their word caches hold).
    const given = new OcrEngine({ workers: 2 });
    expect([given.strips, given.workers]).toEqual([2, 2]);
    expect(new OcrEngine({ workers: 1 }).strips).toBe(1);
    for (const engine of [two, one, given]) expect(engine.started).toBe(false);
  });
});
