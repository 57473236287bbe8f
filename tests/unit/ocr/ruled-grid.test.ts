import { describe, expect, it } from 'vitest';
import { withoutRuledGrid } from '../../../functions/adapters/ocr/ruled-grid';

/**
 * A statement table printed as a ruled grid (every cell bordered, a high-street bank's online statement):
 * its scan read none of its 40 rows, the borders around every cell read as marks or lines lost. Hand-made
 * 300 dpi page images: 2 px grey rules (138, a 0.5 pt '#8a8a8a' rule) with a lighter edge, and print.
 */
const W = 2480;
const H = 3508;

function blank(): { header: Buffer; pixels: Buffer } {
  return { header: Buffer.from(`P5\n${W} ${H}\n255\n`, 'latin1'), pixels: Buffer.alloc(W * H, 255) };
}
const hRule = (p: Buffer, y: number, x0: number, x1: number) => {
  for (let x = x0; x < x1; x++) {
    p[y * W + x] = 138;
    p[(y + 1) * W + x] = 138;
    p[(y + 2) * W + x] = 190;
  }
};
const vRule = (p: Buffer, x: number, y0: number, y1: number) => {
  for (let y = y0; y < y1; y++) {
    p[y * W + x] = 138;
    p[y * W + x + 1] = 138;
    p[y * W + x + 2] = 190;
  }
};
/** A glyph-sized blot of print (a letter at 8 pt: about 20 × 30 px). */
const glyph = (p: Buffer, x: number, y: number) => {
  for (let j = 0; j < 30; j++) for (let i = 0; i < 20; i++) p[(y + j) * W + x + i] = 0;
};
const at = (image: Buffer, x: number, y: number) => image[image.length - W * H + y * W + x];

describe('a table printed as a ruled grid, read without its rules', () => {
  // Five columns (six borders) and 30 rows 67 px (16 pt) high, as the grid statement prints them.
  const grid = () => {
    const { header, pixels } = blank();
    const columns = [167, 383, 1425, 1717, 2008, 2321];
    for (let r = 0; r <= 30; r++) hRule(pixels, 900 + r * 67, 167, 2323);
    for (const x of columns) vRule(pixels, x, 900, 900 + 30 * 67 + 3);
    glyph(pixels, 200, 920);
    glyph(pixels, 420, 920);
    return Buffer.concat([header, pixels]);
  };

  it('paints every border white, the grey edge too, and keeps the print inside the cells', () => {
    const image = grid();
    const out = withoutRuledGrid(image);
    expect(out).not.toBe(image);
    for (const [x, y] of [
      [1000, 900],
      [1000, 901],
      [1000, 902],
      [167, 1500],
      [169, 1500],
      [2321, 2000],
    ] as const)
      expect(at(out, x, y)).toBe(255);
    expect(at(out, 205, 930)).toBe(0);
    expect(at(out, 425, 940)).toBe(0);
  });

  it('a page with no grid (a summary box, a rule under the headings, column lines) is handed on as it is', () => {
    const { header, pixels } = blank();
    // A summary box, a rule under the table's headings and one at its foot, column lines down the table.
    hRule(pixels, 300, 1300, 2300);
    hRule(pixels, 600, 1300, 2300);
    vRule(pixels, 1300, 300, 603);
    vRule(pixels, 2300, 300, 603);
    hRule(pixels, 900, 167, 2323);
    hRule(pixels, 3000, 167, 2323);
    for (const x of [383, 1425, 1717, 2008]) vRule(pixels, x, 900, 3000);
    glyph(pixels, 200, 920);
    const image = Buffer.concat([header, pixels]);
    expect(withoutRuledGrid(image)).toBe(image);
  });
});
