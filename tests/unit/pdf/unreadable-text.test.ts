import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OcrEngine } from '../../../functions/adapters/ocr/engine';
import { readPdfStatement, readPdfText } from '../../../functions/adapters/ocr/pdf-text';
import { readScan } from '../../../functions/adapters/ocr/scan-reader';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import {
  implausibleText,
  unreadablePagesWarning,
  unreadableText,
} from '../../../functions/adapters/pdf/unreadable-text';
import { MISREAD_FIGURES_WARNING, readStatement } from '../../../functions/domain/statement';
import { type Block, withPagesFrom } from '../../../functions/domain/statement/blocks';
import type { LayoutName } from '../../fixtures/statements/generate';
import { generatePdfTraitStatement, PDF_TRAITS, type PdfTrait } from '../../fixtures/statements/pdf-traits';
import { scanPdf } from '../../fixtures/statements/scan';
import { expectRows } from './expect-rows';

/**
 * A text layer that is there but is nonsense: fonts embedded without a usable ToUnicode map (pdf-traits.ts
 * 'no-tounicode' and 'shifted-tounicode'), or with one that gives printable characters, all wrong
 * ('class-shifted-tounicode', 'rotated-tounicode'), each with its public evidence. Such a page is read from its image by
 * OCR, as a scan is, and the reading says so; a clean text layer is never sent to OCR.
 */

describe('unreadableText: the glyph codes of a font without a character map, not characters', () => {
  it('control characters for most glyphs (pdf.js on a font with no ToUnicode) are unreadable', () => {
    expect(
      unreadableText([
        '\u0001\u0002\u0003\u0004\u0005\u0001\u0004\u0006\u0007\b',
        '\u0002 \u000e\u0005 \u000f\u0003\u0005\u0010\u0002\u0011\u0002',
      ]),
    ).toBe(true);
  });

  it("letters for letters and control characters for digits ('7KHGDQFHUV', a shifted map) are unreadable", () => {
    // '03 Feb 2025 TESCO STORES 12.50' with every code point 29 below its own.
    const shifted = [...'03 Feb 2025 TESCO STORES 12.50 Balance brought forward 1,234.56']
      .map((c) => String.fromCharCode(c.charCodeAt(0) - 29))
      .join('');
    expect(unreadableText([shifted])).toBe(true);
  });

  it("pdfminer's '(cid:87)' codes and private-use code points are unreadable", () => {
    expect(
      unreadableText([
        '(cid:56)(cid:81)(cid:71)(cid:72)(cid:85)(cid:86)(cid:87)(cid:68)(cid:81)(cid:71)(cid:76)(cid:81)(cid:74)(cid:3)(cid:58)(cid:68)(cid:79)(cid:78)(cid:76)(cid:81)(cid:74)(cid:3)(cid:48)',
      ]),
    ).toBe(true);
    expect(
      unreadableText([
        '\uE001\uE002\uE003\uE004 \uE005\uE006\uE002\uE007 \uE008\uE009\uE00A\uE00B\uE00C\uE00D\uE00E\uE00F\uE010\uE011\uE012\uE013\uE014',
      ]),
    ).toBe(true);
  });

  it('a clean page is readable: statement text, a few symbol-font bullets, a short stamp', () => {
    const page = [
      'Your Barclays Bank Account statement',
      'Date Description Money out Money in Balance',
      '03 Feb Card payment TESCO STORES 12.50 1,234.56',
      '\uF0B7 Interest rates may change \uF0B7 See overleaf',
    ];
    expect(unreadableText(page)).toBe(false);
    expect(unreadableText(['\u0001\u0002 Page 1'])).toBe(false);
    expect(unreadableText([])).toBe(false);
  });

  it('names the pages in its warning', () => {
    expect(unreadablePagesWarning([2])).toMatch(/^The text of page 2 could not be read .* it was read from/);
    expect(unreadablePagesWarning([1, 2, 3])).toMatch(/^The text of pages 1, 2 and 3 could not .* they were/);
  });
});

describe('withPagesFrom: pages of one reading in place of the same pages of another', () => {
  const page = (n: number, id: string): Block[] => [
    {
      BlockType: 'PAGE',
      Id: id,
      Page: n,
      Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 1, Height: 1 } },
    },
    {
      BlockType: 'WORD',
      Id: `${id}-w`,
      Page: n,
      Text: id,
      Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 0.1, Height: 0.1 } },
    },
  ];
  it('keeps page order, takes only the pages listed, and no id repeats', () => {
    const merged = withPagesFrom(
      [...page(1, 'a'), ...page(2, 'b'), ...page(3, 'c')],
      [...page(1, 'a'), ...page(2, 'x'), ...page(3, 'y')],
      [2],
    );
    expect(merged.filter((b) => b.BlockType === 'WORD').map((b) => b.Text)).toEqual(['a', 'x', 'c']);
    expect(new Set(merged.map((b) => b.Id)).size).toBe(merged.length);
  });
});

describe('a text layer in a font without a usable character map is read from the page image', {
  timeout: 240_000,
}, () => {
  let engine: OcrEngine;
  beforeAll(() => {
    engine = new OcrEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  it.each<[PdfTrait, LayoutName]>([
    ['no-tounicode', 'paid-out-paid-in'],
    ['shifted-tounicode', 'credit-card'],
    ['class-shifted-tounicode', 'paid-out-paid-in'],
    ['rotated-tounicode', 'credit-card'],
  ])('%s (%s): every page unreadable as text, read exactly by OCR, with a warning', async (trait, layout) => {
    const { pdf, truth } = await generatePdfTraitStatement(trait, layout);
    const text = await extractTextLayer(new Uint8Array(pdf));
    if (!text.ok) throw new Error(text.message);
    expect(text.unreadablePages).toEqual(Array.from({ length: text.pages }, (_, i) => i + 1));
    // No word of the nonsense reaches the reader.
    expect(text.blocks.filter((b) => b.BlockType !== 'PAGE')).toEqual([]);
    const read = await readPdfText(new Uint8Array(pdf), (bytes) => readScan(bytes, engine));
    if (!read.ok) throw new Error(read.message);
    expect(read.source).toBe('scan');
    expect(read.warnings).toContain(unreadablePagesWarning(text.unreadablePages ?? []));
    expectRows(read.blocks, truth, '2026-01-01');
  });

  it('only the unreadable page of three is read by OCR; the others from their text layer', async () => {
    const { pdf, truth } = await generatePdfTraitStatement('no-tounicode', 'multi-page', { onPages: [2] });
    const text = await extractTextLayer(new Uint8Array(pdf));
    if (!text.ok) throw new Error(text.message);
    expect(text.unreadablePages).toEqual([2]);
    let scanned = 0;
    const read = await readPdfText(new Uint8Array(pdf), (bytes) => {
      scanned++;
      return readScan(bytes, engine);
    });
    if (!read.ok) throw new Error(read.message);
    expect(scanned).toBe(1);
    expect(read.warnings).toContain(unreadablePagesWarning([2]));
    // Pages 1 and 3 are the text layer's own words (every text-layer word has confidence 100).
    const textWords = text.blocks.filter((b) => b.BlockType === 'WORD');
    const kept = read.blocks.filter((b) => b.BlockType === 'WORD' && b.Page !== 2);
    expect(kept).toEqual(textWords);
    expectRows(read.blocks, truth, '2026-01-01');
  });

  it('the same statement scanned (its image only) reads exactly', async () => {
    const { pdf, truth } = await generatePdfTraitStatement('no-tounicode', 'paid-out-paid-in');
    const scan = await readScan(new Uint8Array(await scanPdf(pdf)), engine);
    if (!scan.ok) throw new Error(scan.message);
    expectRows(scan.blocks, truth, '2026-01-01');
  });
});

describe('a font whose map is wrong for digits only: the figures show it, and the page images are read', {
  timeout: 240_000,
}, () => {
  let engine: OcrEngine;
  beforeAll(() => {
    engine = new OcrEngine({ workers: 1 });
  });
  afterAll(() => engine.close());

  // A subset font's ToUnicode map wrong for some glyphs (firecrawl/pdf-inspector#118, "extracted silently,
  // never flagged for OCR"): letters right, 0 and 8 and 3 and 5 given each other's digits.
  it.each<LayoutName>(['paid-out-paid-in', 'credit-card'])(
    'digit-swapped-tounicode (%s): the words pass, the figures do not add up, the page images read exactly',
    async (layout) => {
      const { pdf, truth } = await generatePdfTraitStatement('digit-swapped-tounicode', layout);
      const text = await extractTextLayer(new Uint8Array(pdf));
      if (!text.ok) throw new Error(text.message);
      // Nothing about its words gives it away: the text layer is read, and its reading is contradicted.
      expect(text.unreadablePages).toBeUndefined();
      const words = text.blocks.filter((b) => b.BlockType === 'LINE').map((b) => b.Text ?? '');
      expect(implausibleText(words)).toBe(false);
      const first = readStatement(text.blocks, { referenceDate: '2026-01-01' });
      expect(first.ok && first.statement.reconciliation.ok).toBe(false);
      let scanned = 0;
      const { text: read, result } = await readPdfStatement(
        new Uint8Array(pdf),
        (bytes) => {
          scanned++;
          return readScan(bytes, engine);
        },
        { referenceDate: '2026-01-01' },
      );
      if (!read.ok) throw new Error(read.message);
      expect(scanned).toBe(1);
      expect(read.source).toBe('scan');
      expect(read.warnings).toContain(MISREAD_FIGURES_WARNING);
      expect(result?.ok && result.statement.reconciliation.ok).toBe(true);
      expectRows(read.blocks, truth, '2026-01-01');
    },
  );

  it('when the page images do not add up either, the text layer reading stands as it was', async () => {
    const { pdf } = await generatePdfTraitStatement('digit-swapped-tounicode', 'credit-card');
    const plain = await readPdfText(new Uint8Array(pdf), () => {
      throw new Error('not a scan');
    });
    if (!plain.ok) throw new Error(plain.message);
    // The images read as the same wrong text: nothing confirms them.
    const { text, result } = await readPdfStatement(
      new Uint8Array(pdf),
      async () => ({ ok: true, blocks: plain.blocks, pages: 1, warnings: [] }),
      { referenceDate: '2026-01-01' },
    );
    expect(text).toEqual(plain);
    expect(result).toEqual(readStatement(plain.blocks, { referenceDate: '2026-01-01' }));
  });

  it('a reading its figures confirm is never sent to OCR', async () => {
    const { pdf, truth } = await generatePdfTraitStatement('fake-bold', 'multi-page');
    const { text, result } = await readPdfStatement(
      new Uint8Array(pdf),
      () => {
        throw new Error('sent to OCR');
      },
      { referenceDate: '2026-01-01' },
    );
    if (!text.ok) throw new Error(text.message);
    expect(text.source).toBe('text-layer');
    expect(result?.ok && result.statement.reconciliation.ok).toBe(true);
    expectRows(text.blocks, truth, '2026-01-01');
  });
});

describe('a clean text layer is never sent to OCR', () => {
  it.each(PDF_TRAITS.filter((t) => !t.endsWith('tounicode')))('%s: no page unreadable', async (trait) => {
    const { pdf } = await generatePdfTraitStatement(trait, 'multi-page');
    const text = await extractTextLayer(new Uint8Array(pdf));
    if (!text.ok) throw new Error(text.message);
    expect(text.unreadablePages).toBeUndefined();
  });
});
