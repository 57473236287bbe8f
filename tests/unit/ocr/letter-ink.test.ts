import { describe, expect, it } from 'vitest';
import { withLettersByInk } from '../../../functions/adapters/ocr/letter-ink';
import type { OcrBox, OcrPage, OcrWord } from '../../../functions/adapters/ocr/textract-shape';

/**
 * Letters told by their ink where the recogniser's language model reads a rarer letter as its lookalike.
 * Hand-drawn glyphs on a white PGM page, as a 300 dpi scan holds them.
 */
const WIDTH = 120;
const HEIGHT = 60;

function pgm(marks: Array<[x0: number, y0: number, x1: number, y1: number]>): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (const [x0, y0, x1, y1] of marks)
    for (let y = y0; y < y1; y++) pixels.fill(0, y * WIDTH + x0, y * WIDTH + x1);
  return Buffer.concat([Buffer.from(`P5\n${WIDTH} ${HEIGHT}\n255\n`, 'latin1'), pixels]);
}

const box = (x0: number, y0: number, x1: number, y1: number): OcrBox => ({ x0, y0, x1, y1 });

/** 'Sada?ah' cut short to 'a?ah': an a, the glyph read 'g' (bowl x 20–36, baseline 30, descender to 40). */
function word(): OcrWord {
  const symbols = [
    { text: 'a', confidence: 98, bbox: box(4, 18, 16, 30) },
    { text: 'g', confidence: 98, bbox: box(20, 18, 36, 40) },
    { text: 'a', confidence: 98, bbox: box(40, 18, 52, 30) },
    { text: 'h', confidence: 98, bbox: box(56, 10, 68, 30) },
  ];
  return { text: 'agah', confidence: 90, bbox: box(4, 10, 68, 40), symbols };
}
const page = (w: OcrWord): OcrPage => ({ blocks: [{ paragraphs: [{ lines: [{ words: [w] }] }] }] });
const textOf = (ocr: OcrPage) => ocr.blocks?.[0]?.paragraphs[0]?.lines[0]?.words[0]?.text;

// The bowl: its sides and top and bottom strokes between x 20 and 36, y 18 and 30.
const BOWL: Array<[number, number, number, number]> = [
  [20, 18, 36, 20],
  [20, 28, 36, 30],
  [20, 18, 23, 30],
  [33, 18, 36, 30],
];

describe("a 'q' the recogniser read as 'g' ('Sadaqah' read 'Sadagah')", () => {
  it("a descender that is a straight stem at the right of the bowl is a q's", () => {
    const q = pgm([...BOWL, [33, 18, 36, 40]]);
    expect(textOf(withLettersByInk(q, page(word())))).toBe('aqah');
  });

  it("a descender whose tail turns back under the bowl to the left is a g's", () => {
    const g = pgm([...BOWL, [33, 18, 36, 38], [21, 37, 36, 40]]);
    expect(textOf(withLettersByInk(g, page(word())))).toBe('agah');
  });

  it('a word without small letters to find its baseline by is left as read', () => {
    const q = pgm([...BOWL, [33, 18, 36, 40]]);
    const alone: OcrWord = { ...word(), text: 'g', symbols: [word().symbols![1]!] };
    expect(textOf(withLettersByInk(q, page(alone)))).toBe('g');
  });
});
