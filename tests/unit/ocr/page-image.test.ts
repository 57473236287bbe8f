import { createCanvas, loadImage } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { placement, scanPageImages } from '../../../functions/adapters/ocr/page-image';
import { pdfPageImages } from '../../../functions/adapters/ocr/page-images';
import { renderPages } from '../../../functions/adapters/ocr/render';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { readStatement } from '../../../functions/domain/statement';
import { generateStatement } from '../../fixtures/statements/generate';
import { generatePdfTraitStatement } from '../../fixtures/statements/pdf-traits';

/** A JPEG of a page-sized sheet with a dark bar (as a scanner saves a page), and a PDF of such pages. */
async function scannerPdf(
  pages: Array<{ rotate?: number; text?: string; inset?: number; cropBox?: number[]; twice?: boolean }>,
): Promise<Buffer> {
  const canvas = createCanvas(620, 877);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 620, 877);
  context.fillStyle = '#000000';
  context.fillRect(40, 40, 300, 30);
  const jpeg = await canvas.encode('jpeg', 85);
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { CreationDate: new Date(Date.UTC(2025, 0, 1)) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  for (const page of pages) {
    doc.addPage({ size: 'A4', margin: 0 });
    const inset = page.inset ?? 0;
    doc.image(jpeg, inset, inset, { width: 595.28 - 2 * inset, height: 841.89 - 2 * inset });
    if (page.twice) doc.image(jpeg, 300, 400, { width: 100, height: 140 });
    if (page.text) doc.fontSize(10).text(page.text, 50, 800);
    if (page.cropBox)
      (doc.page as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data.CropBox =
        page.cropBox;
    if (page.rotate)
      (doc.page as unknown as { dictionary: { data: Record<string, unknown> } }).dictionary.data.Rotate =
        page.rotate;
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

describe('a scanned page that is one JPEG over the whole page', () => {
  it('is handed over as its JPEG; a page with text, a rotation, an image not covering it, a crop box or a second image is not', async () => {
    const pdf = await scannerPdf([
      {},
      { text: 'Statement' },
      { rotate: 90 },
      { inset: 50 },
      { cropBox: [20, 20, 575, 821] },
      { twice: true },
    ]);
    const jpegOf = await scanPageImages(new Uint8Array(pdf));
    const first = jpegOf?.(1);
    // A JPEG starts with the SOI marker FF D8.
    expect(first && [first[0], first[1]]).toEqual([0xff, 0xd8]);
    expect(jpegOf?.(2)).toBeNull();
    expect(jpegOf?.(3)).toBeNull();
    expect(jpegOf?.(4)).toBeNull();
    expect(jpegOf?.(5)).toBeNull(); // a crop box
    expect(jpegOf?.(6)).toBeNull(); // a second image drawn
    expect(jpegOf?.(7)).toBeNull(); // no such page
  });

  it('is drawn at the page size in pixels, like pdf.js draws it, with the same marks in the same place', async () => {
    const pdf = new Uint8Array(await scannerPdf([{}, { text: 'x' }]));
    const drawn = [];
    for await (const page of renderPages(pdf, { dpi: 72, greyscale: true })) drawn.push(page);
    // Page 1 went the JPEG way, page 2 (with text) through pdf.js: both the A4 page at 72 dpi.
    expect(drawn.map((p) => [p.width, p.height])).toEqual([
      [596, 842],
      [596, 842],
    ]);
    const grey = (image: Buffer, x: number, y: number, width: number) =>
      image[image.length - 842 * width + y * width + x];
    for (const page of drawn) {
      expect(grey(page.image, 100, 50, page.width)).toBeLessThan(60); // inside the dark bar
      expect(grey(page.image, 100, 300, page.width)).toBeGreaterThan(230); // white paper
    }
  });

  it('is placed by the content’s cm operators, q/Q nesting included; anything else is not a placement', () => {
    expect(placement('1 0 0 -1 0 841.92 cm q 595.44 0 0 -841.92 0 841.92 cm /I1 Do Q', 'I1')).toEqual([
      595.44, 0, 0, 841.92, 0, 0,
    ]);
    expect(placement('q 2 0 0 2 0 0 cm Q q 595 0 0 842 0 0 cm /Im0 Do Q', '/Im0')).toEqual([
      595, 0, 0, 842, 0, 0,
    ]);
    expect(placement('BT /F1 12 Tf (Hello) Tj ET 595 0 0 842 0 0 cm /I1 Do', 'I1')).toBeNull();
    expect(placement('595 0 0 842 0 0 cm /I1 Do /I1 Do', 'I1')).toBeNull();
    expect(placement('595 0 0 842 0 0 cm /I2 Do', 'I1')).toBeNull();
    expect(placement('Q 595 0 0 842 0 0 cm /I1 Do', 'I1')).toBeNull();
  });
});

describe("Check Statement's page image of a statement set sideways on a landscape sheet", () => {
  it('is drawn turned as its text is read, so that each row read stands where it is drawn', async () => {
    const sideways = await generatePdfTraitStatement('sideways-page', 'paid-out-paid-in');
    const plain = await generateStatement('paid-out-paid-in');
    const turned = await pdfPageImages.render(new Uint8Array(sideways.pdf), 1);
    const upright = await pdfPageImages.render(new Uint8Array(plain.pdf), 1);
    if (!turned || !upright) throw new Error('not drawn');
    // Portrait, as the statement reads, not the landscape sheet.
    expect([turned.width, turned.height]).toEqual([upright.width, upright.height]);
    const text = await extractTextLayer(new Uint8Array(sideways.pdf));
    if (!text.ok) throw new Error(text.message);
    const read = readStatement(text.blocks, { regions: true });
    if (!read.ok) throw new Error(read.message);
    const regions = read.statement.regions ?? [];
    expect(regions).toHaveLength(sideways.truth.transactions.length);
    // Under each row read, the turned page has the ink the upright statement has there.
    const ink = async (
      png: Uint8Array,
      box: { left: number; top: number; right: number; bottom: number },
    ) => {
      const image = await loadImage(Buffer.from(png));
      const canvas = createCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const x = Math.floor(box.left * image.width);
      const y = Math.floor(box.top * image.height);
      const w = Math.max(1, Math.ceil((box.right - box.left) * image.width));
      const h = Math.max(1, Math.ceil((box.bottom - box.top) * image.height));
      const data = context.getImageData(x, y, w, h).data;
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++;
      return dark / (w * h);
    };
    for (const region of regions) {
      const there = await ink(turned.png, region.row);
      expect(there).toBeGreaterThan(0.02);
      expect(Math.abs(there - (await ink(upright.png, region.row)))).toBeLessThan(0.02);
    }
  });
});
