import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { inspectPdf, MAX_PDF_PAGES } from '../../../functions/adapters/pdf/pdf-document';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { readStatement } from '../../../functions/domain/statement';
import {
  generateImageOnlyPdf,
  generateNoTablePdf,
  generateStatement,
} from '../../fixtures/statements/generate';

const bytes = (b: Buffer | string) => new Uint8Array(Buffer.from(b));

describe('spec 2 §5 upload: PDF checks give clear failures', () => {
  it('inspects a good PDF', async () => {
    const { pdf } = await generateStatement('multi-page');
    expect(await inspectPdf(bytes(pdf))).toEqual({ ok: true, size: pdf.length, pages: 3, version: '1.3' });
  });

  it.each([
    ['empty', bytes(''), 'empty', 'This PDF is empty.'],
    [
      'not a PDF',
      bytes('Date,Description,Amount\n01/01/2025,TESCO,-1.00\n'),
      'not_pdf',
      'This file is not a PDF.',
    ],
    [
      'a PNG named .pdf',
      bytes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
      'not_pdf',
      'This file is not a PDF.',
    ],
  ])('%s', async (_name, input, reason, message) => {
    expect(await inspectPdf(input)).toEqual({ ok: false, reason, message });
    expect(await extractTextLayer(input)).toEqual({ ok: false, reason, message });
  });

  it('a truncated PDF (the first half of a real one) is damaged', async () => {
    const { pdf } = await generateStatement('paid-out-paid-in');
    const half = bytes(pdf.subarray(0, Math.floor(pdf.length / 2)));
    const damaged = {
      ok: false,
      reason: 'damaged',
      message: 'This PDF appears to be damaged or incomplete.',
    };
    expect(await inspectPdf(half)).toEqual(damaged);
    expect(await extractTextLayer(half)).toEqual(damaged);
  });

  it('a PDF with a broken body is damaged', async () => {
    const broken = bytes('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
    expect(await inspectPdf(broken)).toMatchObject({ ok: false, reason: 'damaged' });
  });

  it('a password-protected PDF', async () => {
    const { pdf } = await generateStatement('paid-out-paid-in', { userPassword: 'secret' });
    const encrypted = {
      ok: false,
      reason: 'encrypted',
      message: 'This PDF is password-protected. Please upload an unprotected copy.',
    };
    expect(await inspectPdf(bytes(pdf))).toEqual(encrypted);
    expect(await extractTextLayer(bytes(pdf))).toEqual(encrypted);
  });

  it('a PDF over the size limit', async () => {
    const { pdf } = await generateStatement('signed-amount');
    expect(await inspectPdf(bytes(pdf), { maxBytes: 1000 })).toMatchObject({
      ok: false,
      reason: 'too_large',
    });
  });

  it('a PDF with more pages than a statement has is refused before it is read', async () => {
    const { pdf } = await generateStatement('multi-page');
    const tooMany = {
      ok: false,
      reason: 'too_many_pages',
      message: `This PDF has more than ${MAX_PDF_PAGES} pages. Please upload a single statement.`,
    };
    expect(await extractTextLayer(bytes(pdf), { maxPages: 2 })).toEqual(tooMany);
    expect(await extractTextLayer(bytes(pdf), { maxBytes: 1000 })).toMatchObject({ reason: 'too_large' });
    expect(await extractTextLayer(bytes(pdf), { maxPages: 3 })).toMatchObject({ ok: true, pages: 3 });
  });

  it('an image-only PDF (a scan) has no text layer', async () => {
    const pdf = bytes(await generateImageOnlyPdf());
    expect(await inspectPdf(pdf)).toMatchObject({ ok: true, pages: 1 });
    expect(await extractTextLayer(pdf)).toEqual({
      ok: false,
      reason: 'no_text_layer',
      message: 'We could not read this scanned statement. Please upload the PDF downloaded from your bank.',
    });
  });

  it('a PDF with text but no transaction table', async () => {
    const text = await extractTextLayer(bytes(await generateNoTablePdf()));
    if (!text.ok) throw new Error(text.message);
    expect(readStatement(text.blocks)).toEqual({
      ok: false,
      reason: 'no_transaction_table',
      message: 'We could not find a transaction table in this statement.',
    });
  });
});

/** A one-line PDF whose words are written piece by piece, changing font mid-word. */
function piecemealPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  let x = 100;
  for (const [font, text] of [
    ['Helvetica', 'CARD PAYMENT TO '],
    ['Helvetica-Bold', 'TES'],
    ['Helvetica', 'CO'],
  ] as const) {
    doc.font(font).fontSize(9).text(text, x, 100, { lineBreak: false });
    x += doc.widthOfString(text);
  }
  doc.end();
  return done;
}

describe('spec 2 §3 text layer: Textract-shaped blocks from the PDF', () => {
  it('joins a word written in pieces', async () => {
    const result = await extractTextLayer(bytes(await piecemealPdf()));
    if (!result.ok) throw new Error(result.message);
    expect(result.blocks.filter((b) => b.BlockType === 'WORD').map((b) => b.Text)).toEqual([
      'CARD',
      'PAYMENT',
      'TO',
      'TESCO',
    ]);
  });

  it('gives PAGE, LINE and WORD blocks with normalised geometry, top-down', async () => {
    const { pdf } = await generateStatement('signed-amount');
    const input = bytes(pdf);
    const result = await extractTextLayer(input);
    if (!result.ok) throw new Error(result.message);
    expect(input.byteLength).toBe(pdf.length); // the caller's buffer is not detached
    expect(result.pages).toBe(1);
    const page = result.blocks.find((b) => b.BlockType === 'PAGE')!;
    const lines = result.blocks.filter((b) => b.BlockType === 'LINE');
    const words = result.blocks.filter((b) => b.BlockType === 'WORD');
    expect(page.Relationships?.[0]?.Ids).toHaveLength(lines.length);
    const title = lines.find((l) => l.Text === 'Personal Account statement')!;
    expect(title.Relationships?.[0]?.Ids).toHaveLength(3);
    const box = title.Geometry.BoundingBox;
    expect(box.Left).toBeCloseTo(40 / 595.28, 3);
    expect(box.Top).toBeGreaterThan(30 / 841.89);
    expect(box.Top).toBeLessThan(70 / 841.89);
    const footer = lines.find((l) => l.Text?.startsWith('Page 1 of 1'))!;
    expect(footer.Geometry.BoundingBox.Top).toBeGreaterThan(0.9);
    for (const w of words) {
      const b = w.Geometry.BoundingBox;
      expect(b.Left + b.Width).toBeLessThanOrEqual(1);
      expect(b.Top + b.Height).toBeLessThanOrEqual(1);
      expect(w.Text).toMatch(/^\S+$/);
    }
  });
});
