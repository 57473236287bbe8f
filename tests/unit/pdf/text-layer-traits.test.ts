import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { PlacedGlyph } from '../../../functions/adapters/pdf/glyph-positions';
import { glyphsLeftOut, SCAN_VISIBLE_CHARS } from '../../../functions/adapters/pdf/glyphs-left-out';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import type { Block } from '../../../functions/domain/statement/blocks';
import type { LayoutName } from '../../fixtures/statements/generate';
import { generatePdfTraitStatement, type PdfTrait } from '../../fixtures/statements/pdf-traits';
import { expectRows } from './expect-rows';

/**
 * Real statements' text layers are not written as our generator's are (whole words in reading order, one
 * string per operator, visible, horizontal). Each trait below (pdf-traits.ts, with its public evidence) is laid
 * on a generated layout and read through the real PDF adapter and the statement reader: every row, the opening
 * and closing balances and the reconciliation must come out exactly as for the plain statement.
 */

async function read(trait: PdfTrait, layout: LayoutName = 'paid-out-paid-in') {
  const { pdf, truth } = await generatePdfTraitStatement(trait, layout);
  const text = await extractTextLayer(new Uint8Array(pdf));
  if (!text.ok) throw new Error(text.message);
  return { blocks: text.blocks, truth };
}

const lines = (blocks: readonly Block[]) =>
  blocks.filter((b) => b.BlockType === 'LINE').map((b) => b.Text ?? '');

describe('PDF text-layer traits of real statements: read exactly through the adapter and the reader', () => {
  it.each<LayoutName>(['paid-out-paid-in', 'credit-card'])(
    'fake bold: every string drawn twice, 0.3 pt apart, is read once (%s)',
    async (layout) => {
      const { blocks, truth } = await read('fake-bold', layout);
      // The heading is printed once, not twice.
      expect(lines(blocks).filter((l) => /^Sort code/.test(l)).length).toBeLessThanOrEqual(1);
      expectRows(blocks, truth);
    },
  );

  it.each<LayoutName>(['paid-out-paid-in', 'multi-line'])(
    "fake bold: every glyph drawn two or three times before the next ('TToottaall') is read once (%s)",
    async (layout) => {
      const { blocks, truth } = await read('fake-bold-glyphs', layout);
      expect(lines(blocks).join(' ')).not.toMatch(/(\p{L})\1\1|BBaarr/u);
      expectRows(blocks, truth);
    },
  );

  it('one glyph per text-showing operator, no space glyphs: words are rebuilt from the gaps', async () => {
    const { blocks, truth } = await read('glyph-per-operator');
    expect(lines(blocks)).toContain('Your Barclays Bank Account statement');
    expectRows(blocks, truth);
  });

  it('TJ arrays with kerning inside words and word breaks as adjustments, not spaces', async () => {
    const { blocks, truth } = await read('kerned-tj');
    expect(lines(blocks)).toContain('Your Barclays Bank Account statement');
    expectRows(blocks, truth);
  });

  it.each<[PdfTrait, LayoutName]>([
    ['columns-in-stream', 'paid-out-paid-in'],
    ['columns-in-stream', 'multi-page'],
    ['right-to-left-stream', 'daily-balance'],
  ])('content-stream order is not reading order: %s (%s)', async (trait, layout) => {
    const { blocks, truth } = await read(trait, layout);
    expectRows(blocks, truth);
  });

  it.each<LayoutName>(['paid-out-paid-in', 'multi-page'])(
    'each printed line one string in a fixed-pitch font, columns set apart by runs of spaces (%s)',
    async (layout) => {
      const { blocks, truth } = await read('fixed-pitch-lines', layout);
      // pdf.js splits such a line at its runs of spaces; the words keep their places.
      expectRows(blocks, truth);
    },
  );

  it.each<LayoutName>(['paid-out-paid-in', 'multi-line'])(
    'text condensed by horizontal scaling (Tz 80) and character spacing (%s)',
    async (layout) => {
      const { blocks, truth } = await read('condensed', layout);
      expectRows(blocks, truth);
    },
  );

  it('a reference printed up the page margin (rotated 90 degrees) joins no table row', async () => {
    const { blocks, truth } = await read('margin-reference');
    expect(lines(blocks).join(' ')).not.toContain('0000123456');
    expectRows(blocks, truth);
  });

  it('a portrait page stored landscape with /Rotate 90 reads as the page shows', async () => {
    const { blocks, truth } = await read('rotated-page');
    expect(lines(blocks)).toContain('Your Barclays Bank Account statement');
    expectRows(blocks, truth);
  });

  it.each<LayoutName>(['paid-out-paid-in', 'multi-page'])(
    'a statement set sideways on a landscape sheet (no /Rotate, all its text running up the page) is read turned (%s)',
    async (layout) => {
      const { blocks, truth } = await read('sideways-page', layout);
      expectRows(blocks, truth);
    },
  );

  it.each<LayoutName>(['paid-out-paid-in', 'signed-amount'])(
    "invisible text (rendering mode 3) on a born-digital page, each row spoken ('Row. 03 Feb. ...'), is left out (%s)",
    async (layout) => {
      const { blocks, truth } = await read('invisible-text', layout);
      expect(lines(blocks).join(' ')).not.toMatch(/Row\.|End of row/);
      expectRows(blocks, truth);
    },
  );

  it.each<LayoutName>(['paid-out-paid-in', 'multi-page'])(
    "a searchable scan's invisible text (rendering mode 3, a short visible stamp) is its text, and is read (%s)",
    async (layout) => {
      const { blocks, truth } = await read('searchable-scan', layout);
      expect(lines(blocks)).toContain('Scanned 02/04/2025');
      expectRows(blocks, truth);
    },
  );

  it('text drawn outside the crop box (a print-production line in the cut-away foot) is left out', async () => {
    const { blocks, truth } = await read('outside-crop-box');
    expect(lines(blocks).join(' ')).not.toContain('JOB 4471');
    // Every word lies on the page shown.
    for (const word of blocks.filter((b) => b.BlockType === 'WORD'))
      expect(word.Geometry.BoundingBox.Top + word.Geometry.BoundingBox.Height).toBeLessThan(1);
    expectRows(blocks, truth);
  });

  it('text outside the crop box does not stop words placed one by one from being found by their glyphs', async () => {
    // Words drawn one by one 0.08 em apart (no space glyph), and a line in the cut-away foot of the sheet:
    // pdf.js leaves that line out of its text content, so the glyphs must leave it out too to stay matched.
    const doc = new PDFDocument({ size: 'A4', margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => doc.on('end', resolve));
    (doc.page.dictionary.data as Record<string, unknown>).CropBox = [0, 30, doc.page.width, doc.page.height];
    doc.font('Helvetica').fontSize(8).text('31/03/2025 JOB 4471 BATCH 003 SEQ 000127 1,250.00', 40, 825, {
      lineBreak: false,
    });
    doc.fontSize(9);
    let x = 50;
    for (const word of ['Card', 'payment', '-', 'High', 'St', 'Petrol', 'Station']) {
      doc.text(word, x, 100, { lineBreak: false });
      x += doc.widthOfString(word) + 0.08 * 9;
    }
    doc.end();
    await done;
    const text = await extractTextLayer(new Uint8Array(Buffer.concat(chunks)));
    if (!text.ok) throw new Error(text.message);
    expect(lines(text.blocks)).toEqual(['Card payment - High St Petrol Station']);
  });

  it.each<LayoutName>(['signed-amount', 'paid-out-paid-in'])(
    'U+2212 minus, no-break spaces and fi / fl ligatures in an embedded font (%s)',
    async (layout) => {
      const { blocks, truth } = await read('unicode-forms', layout);
      expectRows(blocks, truth);
    },
  );

  it.each<LayoutName>(['paid-out-paid-in', 'multi-page'])(
    "a page's text drawn inside a Form XObject placed by its own matrix (%s)",
    async (layout) => {
      const { blocks, truth } = await read('form-xobject', layout);
      expectRows(blocks, truth);
    },
  );
});

describe('glyphsLeftOut: the glyphs a reader does not see, or sees once', () => {
  const glyph = (text: string, x: number, extra: Partial<PlacedGlyph> = {}): PlacedGlyph => ({
    text,
    x,
    width: 5,
    size: 9,
    horizontal: true,
    y: 100,
    visible: true,
    inView: true,
    ...extra,
  });

  it('a copy of a glyph a fraction of a point to the side (fake bold) is left out; the first is kept', () => {
    const glyphs = [glyph('T', 50), glyph('T', 50.3), glyph('o', 55), glyph('o', 55.3), glyph('o', 55.6)];
    expect([...glyphsLeftOut(glyphs)]).toEqual([1, 3, 4]);
  });

  it("two letters of a word a glyph width apart ('ll'), even narrow ones, are both kept", () => {
    const glyphs = [
      glyph('l', 50, { width: 2 }),
      glyph('l', 52, { width: 2 }),
      glyph('.', 54, { width: 2.5 }),
    ];
    expect(glyphsLeftOut(glyphs).size).toBe(0);
  });

  it('different text drawn over other text, where only some glyphs coincide, is kept whole', () => {
    const first = [...'Line 0 pays'].map((ch, i) => glyph(ch, 50 + i * 5, { op: 0 }));
    const second = [...'Line 80 pays'].map((ch, i) => glyph(ch, 50 + i * 5, { op: 1 }));
    expect(glyphsLeftOut([...first, ...second]).size).toBe(0);
    // The same string drawn again, 0.3 pt to the right, is a copy.
    const again = [...'Line 0 pays'].map((ch, i) => glyph(ch, 50.3 + i * 5, { op: 2 }));
    expect(glyphsLeftOut([...first, ...again]).size).toBe(9);
  });

  it('the same character on the line below, or in another size, is not a copy', () => {
    const glyphs = [glyph('1', 50), glyph('1', 50, { y: 110 }), glyph('1', 50.2, { size: 12 })];
    expect(glyphsLeftOut(glyphs).size).toBe(0);
  });

  it("invisible text is left out on a page that prints its text; kept on a searchable scan's page", () => {
    const printed = Array.from({ length: SCAN_VISIBLE_CHARS }, (_, i) => glyph('a', i * 6, { y: 200 }));
    const hidden = [glyph('X', 10, { visible: false }), glyph('Y', 16, { visible: false })];
    expect([...glyphsLeftOut([...printed, ...hidden])]).toEqual([SCAN_VISIBLE_CHARS, SCAN_VISIBLE_CHARS + 1]);
    const scan = Array.from({ length: 300 }, (_, i) => glyph('b', (i % 90) * 6, { y: i, visible: false }));
    const stamp = [...'Page 1 of 2'].map((ch, i) => glyph(ch, 500 + i * 5, { y: 800 }));
    expect(glyphsLeftOut([...scan, ...stamp]).size).toBe(0);
  });
});
