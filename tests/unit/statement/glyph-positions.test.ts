import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { PlacedGlyph } from '../../../functions/adapters/pdf/glyph-positions';
import { alignGlyphs, hiddenBreaks } from '../../../functions/adapters/pdf/glyph-text';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';

/**
 * Word breaks pdf.js does not mark: it joins two words into one text run when no space glyph is drawn and the
 * gap between them is under about a tenth of the font size ("Cardpayment - High St" comes out as
 * "Cardpayment-HighSt"), as statements whose software places each word on its own do. The text layer finds
 * such breaks from where the glyphs stand, and leaves glyph-spaced text (HSBC's "BALAN CE", whose letters
 * stand unevenly apart) and a currency sign against its figure as they are.
 */

/** Glyphs of one line of text in a 9 pt font: each letter 5 pt wide, then the given gap (in ems) after it. */
function line(text: string, gapsAfter: (i: number) => number): PlacedGlyph[] {
  const glyphs: PlacedGlyph[] = [];
  let x = 50;
  [...text].forEach((ch, i) => {
    glyphs.push({ text: ch, x, width: 5, size: 9, horizontal: true });
    x += 5 + gapsAfter(i) * 9;
  });
  return glyphs;
}

describe('hiddenBreaks', () => {
  it('breaks a tightly set run where its glyphs stand a narrow gap apart', () => {
    const text = 'CardpaymentHighSt';
    const glyphs = line(text, (i) => ([3, 10, 14].includes(i) ? 0.08 : 0));
    expect(
      hiddenBreaks(
        text,
        [...text].map((_, i) => i),
        glyphs,
      ),
    ).toEqual([4, 11, 15]);
  });

  it('ignores kerning either way and gaps under 0.06 em', () => {
    const text = 'AVATARType';
    const glyphs = line(text, (i) => [-0.05, 0.03, -0.04, 0.05, 0, 0.02, 0, -0.03, 0][i] ?? 0);
    expect(
      hiddenBreaks(
        text,
        [...text].map((_, i) => i),
        glyphs,
      ),
    ).toEqual([]);
  });

  it('leaves glyph-spaced text alone: its letters stand unevenly apart', () => {
    // Gaps as HSBC's 'BALANCE BROUGHT FORWARD' heading shows them (pdf.js spaced the widest ones itself).
    const gaps = [0.01, -0.01, -0.1, -0.01, 0.06, -0.05, 0.01, -0.05, 0.01, 0.06, 0.01, -0.07, -0.05, 0.01];
    const text = 'BALANCEBROUGHT';
    const glyphs = line(text, (i) => gaps[i] ?? 0);
    expect(
      hiddenBreaks(
        text,
        [...text].map((_, i) => i),
        glyphs,
      ),
    ).toEqual([]);
  });

  it('keeps a currency sign with its figure and the digits of a number together', () => {
    const text = '£656.04';
    const glyphs = line(text, (i) => (i === 0 ? 0.07 : 0));
    expect(
      hiddenBreaks(
        text,
        [...text].map((_, i) => i),
        glyphs,
      ),
    ).toEqual([]);
  });
});

describe('alignGlyphs', () => {
  it('matches text-content characters to glyphs, through spaces pdf.js added and ligatures it expanded', () => {
    const glyphs: PlacedGlyph[] = ['O', 'ﬃ', 'ce', 'X', '\u0000', 'Y'].map((text, i) => ({
      text,
      x: i * 10,
      width: 5,
      size: 9,
      horizontal: true,
    }));
    expect(alignGlyphs(['Office', 'X Y'], glyphs)).toEqual([
      [0, 1, 1, 1, 2, 2],
      [3, -1, 5],
    ]);
  });

  it('gives up (null) when the text cannot be found among the glyphs', () => {
    const glyphs: PlacedGlyph[] = [{ text: 'A', x: 0, width: 5, size: 9, horizontal: true }];
    expect(alignGlyphs(['B'], glyphs)).toBeNull();
  });
});

describe('the text layer of words placed one by one', () => {
  async function pdfOf(gapEm: number): Promise<Uint8Array> {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => doc.on('end', resolve));
    doc.font('Helvetica').fontSize(9);
    let x = 50;
    for (const word of ['Card', 'payment', '-', 'High', 'St', 'Petrol', 'Station']) {
      doc.text(word, x, 100, { lineBreak: false });
      x += doc.widthOfString(word) + gapEm * 9;
    }
    doc.end();
    await done;
    return new Uint8Array(Buffer.concat(chunks));
  }

  it.each([0.07, 0.08, 0.1, 0.2])('keeps the spaces of words %s em apart', async (gap) => {
    const read = await extractTextLayer(await pdfOf(gap));
    if (!read.ok) throw new Error(read.message);
    const lines = read.blocks.filter((b) => b.BlockType === 'LINE').map((b) => b.Text);
    expect(lines).toEqual(['Card payment - High St Petrol Station']);
    const words = read.blocks.filter((b) => b.BlockType === 'WORD');
    expect(words.map((w) => w.Text)).toEqual(['Card', 'payment', '-', 'High', 'St', 'Petrol', 'Station']);
    // Each word's box starts where its first glyph stands (50 pt from the page's left edge for the first).
    expect(words[0]!.Geometry!.BoundingBox!.Left).toBeCloseTo(50 / 595.28, 3);
  });
});
