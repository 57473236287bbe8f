import { describe, expect, it } from 'vitest';
import { joinStrips, splitPage } from '../../../functions/adapters/ocr/strips';
import type { OcrPage } from '../../../functions/adapters/ocr/textract-shape';

/** A white PGM page with dark bands (text lines) at the given rows, and optional vertical rules. */
function page(width: number, height: number, lines: Array<[number, number]>, rules: number[] = []): Buffer {
  const header = Buffer.from(`P5\n${width} ${height}\n255\n`, 'latin1');
  const pixels = Buffer.alloc(width * height, 255);
  for (const [from, to] of lines)
    for (let y = from; y < to; y++) pixels.fill(0, y * width + 10, y * width + width - 10);
  for (const x of rules) for (let y = 0; y < height; y++) pixels[y * width + x] = 0;
  return Buffer.concat([header, pixels]);
}

const rowsOf = (image: Buffer) => Number(/^P5\s+\d+\s+(\d+)/.exec(image.toString('latin1', 0, 32))?.[1]);

describe('a page cut into strips for the OCR workers', () => {
  // Text lines 40 px high every 60 px: the blank bands between them are 20 px.
  const lines = Array.from({ length: 33 }, (_, i): [number, number] => [20 + i * 60, 60 + i * 60]);

  it('cuts in the middle of the blank band nearest each cut, never through a line', () => {
    const strips = splitPage(page(400, 2000, lines), 2);
    expect(strips).toHaveLength(2);
    const cut = strips[1]!.top;
    // 1000 is inside the line 980–1020; the nearest blank bands are 960–980 and 1020–1040.
    expect([970, 1030]).toContain(cut);
    expect(rowsOf(strips[0]!.image) + rowsOf(strips[1]!.image)).toBe(2000);
    // The strips hold exactly the page's pixels, in order.
    const whole = page(400, 2000, lines);
    const body = (b: Buffer) => b.subarray(b.length - 400 * rowsOf(b));
    expect(
      Buffer.concat(strips.map((s) => body(s.image))).equals(whole.subarray(whole.length - 400 * 2000)),
    ).toBe(true);
  });

  it('never cuts under a line of large print where only its descenders’ stems cross (large-print statements)', () => {
    // An 18 pt line ('Card payment to Greggs Retford') at the cut: under its baseline only the stems of the
    // two g's cross a few rows (less ink than a blank row allows), then their bowls. Cut there, the strip
    // above loses the descenders and the recogniser reads 'Greggs' as 'Greaas'.
    const image = page(400, 2000, lines);
    const ink = (x0: number, x1: number, y0: number, y1: number) => {
      const offset = image.length - 400 * 2000;
      for (let y = y0; y < y1; y++) image.fill(0, offset + y * 400 + x0, offset + y * 400 + x1);
    };
    ink(100, 102, 1020, 1026);
    ink(150, 152, 1020, 1026);
    ink(90, 160, 1026, 1030);
    const cut = splitPage(image, 2)[1]!.top;
    expect(cut < 1020 || cut >= 1030).toBe(true);
    expect([970, 1035]).toContain(cut);
  });

  it('cuts across a table whose vertical rules run the whole page height', () => {
    const strips = splitPage(page(400, 2000, lines, [5, 200, 395]), 2);
    expect(strips).toHaveLength(2);
  });

  it('reads a page whole when there is no blank row near the cut, or it is short, or there is one worker', () => {
    const dense = page(400, 2000, [[0, 2000]]);
    const [whole, ...more] = splitPage(dense, 2);
    expect(more).toEqual([]);
    expect(whole?.image).toBe(dense);
    const short = page(400, 600, [[20, 60]]);
    expect(splitPage(short, 2)).toHaveLength(1);
    expect(splitPage(page(400, 2000, lines), 1)).toHaveLength(1);
    const notPgm = Buffer.from('not an image');
    expect(splitPage(notPgm, 2)[0]?.image).toBe(notPgm);
  });

  it('puts the strips’ words back in page coordinates, in page order', () => {
    const word = (text: string, y: number) => ({
      text,
      confidence: 95,
      bbox: { x0: 10, y0: y, x1: 50, y1: y + 20 },
      symbols: [{ text, confidence: 95, bbox: { x0: 10, y0: y, x1: 50, y1: y + 20 } }],
    });
    const strip = (text: string): OcrPage => ({
      blocks: [{ paragraphs: [{ lines: [{ words: [word(text, 5)] }] }] }],
    });
    const joined = joinStrips([
      { top: 0, ocr: strip('A') },
      { top: 1000, ocr: strip('B') },
    ]);
    const words = (joined.blocks ?? []).flatMap((b) =>
      b.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)),
    );
    expect(words.map((w) => [w.text, w.bbox.y0, w.symbols?.[0]?.bbox.y1])).toEqual([
      ['A', 5, 25],
      ['B', 1005, 1025],
    ]);
  });
});
