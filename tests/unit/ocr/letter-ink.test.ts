import { describe, expect, it } from 'vitest';
import { withLettersByInk } from '../../../functions/adapters/ocr/letter-ink';
import {
  type OcrBox,
  type OcrPage,
  type OcrWord,
  toTextractResponse,
} from '../../../functions/adapters/ocr/textract-shape';

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

  it("a g boxed shifted along, its tail running out of the box, is left as read ('Logistics' read 'Loqistics')", () => {
    // As recorded: the g's bowl at x 766–781 boxed at 756–773 (over the o before it and the bowl's left
    // half), so the tail from the left of the bowl lay in the box's right half and ran on past it.
    const g = pgm([...BOWL, [33, 18, 36, 38], [21, 37, 36, 40]]);
    const shifted: OcrWord = {
      ...word(),
      symbols: word().symbols!.map((x) => (x.text === 'g' ? { ...x, bbox: box(12, 18, 28, 40) } : x)),
    };
    expect(textOf(withLettersByInk(g, page(shifted)))).toBe('agah');
  });

  it('a word without small letters to find its baseline by is left as read', () => {
    const q = pgm([...BOWL, [33, 18, 36, 40]]);
    const alone: OcrWord = { ...word(), text: 'g', symbols: [word().symbols![1]!] };
    expect(textOf(withLettersByInk(q, page(alone)))).toBe('g');
  });
});

/**
 * Grey pixels recorded from a later set's 300 dpi scan (a Curve-style card, Helvetica 9 pt capitals): the
 * 4 of 'AMAZON.CO.UK*2K4T' the recogniser read 'A' (18 × 23 px), and the A of 'AMAZON' on the same row
 * (23 × 23 px).
 */
const FOUR: number[][] = [
  [255, 251, 255, 255, 254, 255, 255, 250, 255, 251, 62, 0, 1, 43, 251, 255, 254, 252],
  [251, 255, 252, 252, 255, 251, 255, 255, 255, 149, 1, 1, 0, 40, 255, 255, 255, 255],
  [255, 253, 255, 255, 252, 251, 255, 249, 217, 1, 2, 0, 0, 47, 255, 250, 255, 253],
  [255, 250, 255, 245, 255, 255, 244, 254, 63, 3, 28, 27, 0, 36, 255, 253, 255, 253],
  [255, 255, 249, 255, 250, 255, 255, 147, 0, 4, 184, 11, 1, 47, 251, 255, 255, 255],
  [248, 253, 255, 253, 255, 253, 219, 0, 1, 89, 255, 17, 7, 36, 255, 255, 254, 255],
  [255, 254, 255, 252, 251, 255, 45, 2, 21, 244, 248, 24, 0, 46, 252, 254, 255, 255],
  [255, 255, 252, 255, 255, 130, 0, 1, 180, 253, 255, 14, 0, 39, 255, 251, 255, 255],
  [255, 255, 255, 255, 206, 7, 0, 94, 255, 255, 251, 16, 1, 39, 253, 252, 255, 255],
  [248, 253, 255, 248, 39, 2, 24, 241, 253, 250, 255, 17, 0, 41, 255, 255, 255, 255],
  [254, 255, 251, 128, 2, 0, 190, 253, 255, 255, 255, 17, 0, 43, 245, 254, 255, 254],
  [255, 255, 200, 1, 0, 98, 255, 250, 253, 255, 255, 11, 10, 34, 255, 255, 252, 255],
  [255, 248, 41, 0, 22, 245, 255, 248, 255, 252, 255, 16, 4, 37, 251, 253, 252, 255],
  [255, 118, 0, 0, 193, 255, 248, 255, 255, 254, 255, 18, 0, 47, 255, 252, 255, 254],
  [190, 0, 0, 125, 251, 252, 253, 255, 250, 252, 251, 27, 0, 38, 255, 252, 255, 251],
  [78, 0, 5, 49, 67, 61, 63, 65, 63, 65, 60, 2, 0, 13, 59, 61, 65, 248],
  [69, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 2, 2, 0, 1, 0, 243],
  [152, 128, 128, 128, 128, 128, 128, 128, 128, 129, 126, 9, 0, 25, 124, 127, 129, 247],
  [255, 255, 255, 255, 255, 255, 255, 255, 255, 252, 255, 22, 0, 42, 254, 254, 254, 253],
  [253, 255, 255, 255, 255, 255, 255, 255, 255, 252, 255, 10, 5, 36, 255, 255, 251, 255],
  [253, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 16, 5, 45, 244, 255, 255, 255],
  [255, 255, 255, 255, 255, 255, 255, 255, 255, 253, 254, 15, 0, 43, 255, 255, 253, 254],
  [255, 254, 254, 254, 254, 254, 254, 254, 254, 255, 252, 84, 63, 86, 252, 254, 255, 255],
];
const CAPITAL_A: number[][] = [
  [
    255, 254, 255, 255, 252, 255, 255, 255, 198, 2, 3, 0, 23, 251, 255, 255, 253, 255, 253, 254, 255, 254,
    254,
  ],
  [254, 254, 255, 251, 255, 255, 253, 255, 99, 0, 0, 0, 0, 180, 249, 255, 255, 251, 255, 255, 255, 253, 255],
  [251, 255, 255, 249, 255, 255, 254, 233, 11, 2, 45, 3, 0, 69, 255, 252, 255, 252, 255, 255, 253, 255, 255],
  [252, 255, 255, 251, 255, 252, 255, 146, 0, 3, 154, 54, 6, 0, 227, 252, 255, 255, 255, 252, 255, 255, 252],
  [255, 255, 255, 255, 253, 255, 251, 43, 4, 8, 243, 156, 0, 0, 121, 255, 251, 255, 254, 252, 255, 255, 253],
  [255, 254, 253, 255, 253, 255, 194, 0, 0, 83, 255, 232, 2, 9, 23, 248, 255, 255, 253, 255, 255, 255, 255],
  [255, 254, 253, 255, 255, 251, 90, 0, 2, 191, 252, 253, 87, 2, 0, 170, 255, 255, 255, 255, 255, 253, 255],
  [255, 255, 255, 255, 255, 240, 1, 0, 30, 248, 255, 255, 189, 0, 4, 75, 252, 253, 255, 253, 255, 254, 255],
  [254, 252, 255, 251, 252, 141, 0, 0, 129, 250, 255, 255, 252, 29, 0, 5, 224, 255, 254, 255, 255, 253, 255],
  [253, 255, 243, 255, 255, 22, 6, 2, 216, 255, 247, 255, 255, 123, 3, 0, 119, 255, 253, 255, 253, 255, 252],
  [254, 255, 255, 251, 187, 3, 0, 56, 255, 255, 251, 255, 252, 223, 3, 0, 25, 249, 255, 255, 249, 255, 255],
  [255, 255, 245, 255, 77, 0, 3, 161, 255, 253, 255, 251, 253, 255, 55, 2, 0, 175, 255, 254, 254, 253, 255],
  [255, 255, 255, 238, 0, 0, 8, 243, 255, 253, 254, 255, 255, 253, 165, 1, 1, 64, 252, 255, 255, 254, 254],
  [251, 253, 253, 123, 8, 3, 62, 194, 191, 193, 189, 191, 195, 185, 180, 0, 8, 1, 221, 255, 255, 255, 253],
  [255, 255, 255, 20, 0, 3, 0, 0, 0, 1, 3, 0, 0, 2, 2, 0, 5, 0, 126, 255, 250, 255, 255],
  [253, 254, 168, 5, 4, 0, 3, 3, 2, 0, 0, 3, 0, 4, 0, 2, 0, 0, 20, 254, 255, 253, 255],
  [255, 255, 70, 1, 0, 159, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 56, 0, 1, 170, 251, 254, 255],
  [249, 222, 10, 0, 12, 246, 252, 255, 255, 255, 255, 255, 255, 255, 255, 254, 169, 0, 1, 81, 255, 249, 254],
  [255, 114, 0, 0, 95, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 248, 243, 14, 0, 0, 232, 252, 255],
  [253, 23, 0, 3, 202, 247, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 253, 103, 5, 0, 118, 254, 255],
  [165, 0, 0, 34, 255, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255, 254, 249, 200, 0, 7, 20, 252, 249],
  [62, 0, 5, 140, 255, 255, 249, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 39, 0, 0, 176, 255],
  [
    65, 59, 61, 236, 250, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 249, 255, 156, 70, 63, 121,
    252,
  ],
];

/** 'UK*2K?T' cut short to '2?T': a 2, the glyph read 'A' at (30, 20), a T; only the glyph drawn. */
function codeWord(glyphWidth: number, text = '2AT'): OcrWord {
  const symbols = [
    { text: text[0]!, confidence: 99, bbox: box(10, 20, 26, 43) },
    { text: text[1]!, confidence: 98, bbox: box(30, 20, 30 + glyphWidth, 43) },
    { text: text[2]!, confidence: 97, bbox: box(50, 20, 69, 43) },
  ];
  return { text, confidence: 85, bbox: box(10, 20, 69, 43), symbols };
}

describe("Helvetica's 4 the recogniser read as 'A' ('AMAZON.CO.UK*2K4T' read '2KAT')", () => {
  it('a glyph standing on its upright alone, right of its middle, is a 4 (recorded from a scan)', () => {
    expect(textOf(withLettersByInk(greyPage(FOUR, 30, 20), page(codeWord(18))))).toBe('24T');
  });

  it('a glyph standing on two legs at its sides is an A (recorded from a scan)', () => {
    expect(textOf(withLettersByInk(greyPage(CAPITAL_A, 30, 20), page(codeWord(23))))).toBe('2AT');
  });

  it('a word holding no figure is left as read (an A there is a letter)', () => {
    expect(textOf(withLettersByInk(greyPage(FOUR, 30, 20), page(codeWord(18, 'KAT'))))).toBe('KAT');
  });

  it('a foot whose rows do not agree (a speck beside the upright) is left as read', () => {
    const speck = greyPage(FOUR, 30, 20);
    speck[`P5\n${WIDTH} ${HEIGHT}\n255\n`.length + 41 * WIDTH + 32] = 0;
    expect(textOf(withLettersByInk(speck, page(codeWord(18))))).toBe('2AT');
  });
});

/**
 * Grey pixels recorded from a later set's 300 dpi scan (a Santander-style statement, Helvetica 8 pt
 * capitals): the F of 'REF.WAGES FROM BRUNEL ENGINEERING' with the full stop under its arms, 20 × 23 px,
 * which the recogniser boxed with the F (x 0–18) and left out ('REFWAGES').
 */
const F_AND_STOP: number[][] = [
  [127, 126, 129, 129, 130, 122, 124, 126, 129, 125, 129, 124, 129, 124, 125, 223, 255, 255, 255, 252],
  [5, 0, 0, 0, 0, 7, 5, 2, 0, 3, 0, 3, 0, 8, 1, 193, 255, 251, 253, 255],
  [0, 2, 5, 72, 63, 58, 58, 64, 62, 63, 67, 60, 59, 64, 60, 206, 255, 253, 255, 255],
  [3, 0, 29, 251, 255, 255, 255, 253, 255, 254, 254, 248, 255, 253, 251, 255, 255, 251, 255, 250],
  [0, 0, 24, 255, 248, 249, 255, 253, 255, 251, 255, 255, 255, 250, 255, 252, 244, 255, 255, 254],
  [0, 0, 31, 253, 255, 255, 255, 252, 254, 255, 253, 252, 255, 254, 255, 255, 255, 255, 255, 255],
  [2, 6, 33, 248, 255, 253, 254, 255, 255, 253, 255, 249, 255, 251, 255, 252, 255, 252, 246, 255],
  [0, 0, 26, 255, 255, 249, 255, 255, 255, 254, 252, 255, 255, 255, 255, 255, 253, 255, 255, 253],
  [0, 2, 32, 251, 255, 255, 252, 255, 255, 253, 255, 255, 253, 254, 255, 255, 251, 255, 254, 254],
  [7, 0, 26, 255, 249, 255, 255, 255, 249, 255, 250, 253, 255, 252, 254, 251, 255, 255, 255, 255],
  [0, 0, 21, 191, 197, 192, 186, 194, 190, 192, 197, 185, 192, 194, 199, 255, 254, 254, 254, 255],
  [1, 8, 2, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 32, 255, 255, 254, 254, 255],
  [1, 0, 2, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 0, 32, 255, 255, 254, 255, 255],
  [3, 3, 21, 191, 197, 192, 186, 194, 190, 192, 197, 185, 192, 194, 199, 255, 254, 254, 254, 254],
  [0, 0, 26, 255, 249, 255, 255, 255, 249, 255, 250, 253, 255, 252, 254, 251, 255, 255, 254, 251],
  [1, 1, 32, 251, 255, 255, 252, 255, 255, 253, 255, 255, 253, 254, 255, 255, 251, 255, 255, 250],
  [0, 0, 30, 254, 250, 255, 253, 255, 254, 254, 255, 255, 255, 255, 254, 255, 255, 254, 254, 255],
  [5, 0, 26, 255, 255, 254, 254, 254, 250, 255, 253, 255, 253, 248, 254, 252, 255, 255, 255, 253],
  [6, 0, 33, 251, 253, 253, 255, 255, 250, 253, 252, 255, 255, 255, 228, 151, 150, 184, 255, 253],
  [0, 4, 26, 255, 255, 251, 255, 255, 255, 254, 255, 251, 252, 255, 170, 0, 0, 100, 254, 255],
  [0, 1, 28, 255, 254, 255, 254, 254, 255, 255, 255, 254, 255, 255, 168, 0, 0, 91, 254, 255],
  [6, 0, 29, 255, 255, 247, 255, 255, 251, 254, 255, 253, 255, 255, 172, 23, 19, 101, 254, 255],
  [255, 255, 253, 255, 245, 255, 248, 250, 255, 253, 249, 255, 255, 255, 255, 247, 253, 255, 255, 254],
];

/** 'REF?WAGES' cut short to 'FW': the F boxed with its stop at (10, 20), the W's box after it. */
function stopWord(): OcrWord {
  const symbols = [
    { text: 'F', confidence: 97, bbox: box(10, 20, 28, 42) },
    { text: 'W', confidence: 98, bbox: box(31, 20, 60, 42) },
  ];
  return { text: 'FW', confidence: 85, bbox: box(10, 20, 60, 42), symbols };
}
/** The recorded F with its stop's pixels (rows 18–21, columns 14–17) set to `grey`. */
function withStop(draw: (x: number, y: number) => number): Buffer {
  return greyPage(
    F_AND_STOP.map((row, y) => row.map((v, x) => (y >= 18 && x >= 14 ? draw(x, y) : v))),
    10,
    20,
  );
}

describe("a full stop boxed with the letter before it ('REF.WAGES' read 'REFWAGES')", () => {
  it("a dot of its own on the baseline, right of the letter's foot, is a stop (recorded from a scan)", () => {
    expect(textOf(withLettersByInk(greyPage(F_AND_STOP, 10, 20), page(stopWord())))).toBe('F.W');
  });

  it('without the dot the word is left as read', () => {
    expect(
      textOf(
        withLettersByInk(
          withStop(() => 255),
          page(stopWord()),
        ),
      ),
    ).toBe('FW');
  });

  it('a speck smaller than a stop (2 × 2 px, a tenth of the letter) is none', () => {
    const speck = withStop((x, y) => (x >= 15 && x <= 16 && y >= 19 && y <= 20 ? 0 : 255));
    expect(textOf(withLettersByInk(speck, page(stopWord())))).toBe('FW');
  });

  it("a neighbour's foot reaching into the box, joined to its glyph above, is none", () => {
    // The dot's place joined by a 3 px stroke up to the box's top: a stroke's end, not a piece of its own.
    const image = greyPage(F_AND_STOP, 10, 20);
    const header = `P5\n${WIDTH} ${HEIGHT}\n255\n`.length;
    for (let y = 20; y < 38; y++) for (let x = 25; x < 28; x++) image[header + y * WIDTH + x] = 0;
    expect(textOf(withLettersByInk(image, page(stopWord())))).toBe('FW');
  });
});

/**
 * Grey pixels recorded from the later sets' 300 dpi scans (rows top to bottom, 255 paper, 0 ink): a
 * Helvetica 9 pt ’ of 'CARD PAYMENT TO ROSIE’S CAFE PEEL' (an Isle of Man bank's rows) and a Helvetica
 * Bold 8 pt straight ' of 'LAST MONTH'S BALANCE' (a card statement's row), each read "'" by the recogniser.
 */
const TYPOGRAPHIC: number[][] = [
  [150, 0, 0, 73, 248],
  [138, 2, 5, 56, 255],
  [146, 0, 0, 71, 253],
  [219, 183, 3, 81, 255],
  [253, 207, 0, 102, 255],
  [255, 116, 0, 182, 254],
  [232, 14, 15, 237, 251],
  [205, 124, 174, 255, 255],
];
const STRAIGHT: number[][] = [
  [122, 3, 0, 0, 42, 254],
  [131, 0, 2, 0, 57, 251],
  [141, 2, 0, 2, 70, 255],
  [150, 1, 0, 1, 89, 255],
  [173, 4, 1, 1, 103, 252],
  [176, 0, 0, 4, 107, 255],
  [202, 3, 0, 3, 119, 255],
  [216, 5, 0, 3, 136, 255],
  [252, 186, 193, 186, 224, 254],
];

/** The grey rows put on a white page with their top left at (x, y). */
function greyPage(grey: number[][], x: number, y: number): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT, 255);
  grey.forEach((row, j) => {
    row.forEach((v, i) => {
      pixels[(y + j) * WIDTH + x + i] = v;
    });
  });
  return Buffer.concat([Buffer.from(`P5\n${WIDTH} ${HEIGHT}\n255\n`, 'latin1'), pixels]);
}

/** 'ROSIE?S' cut short to 'E?S', the mark (read "'") boxed as the recogniser boxed it. */
function apostropheWord(mark: OcrBox): OcrWord {
  const symbols = [
    { text: 'E', confidence: 99, bbox: box(10, 20, 28, 43) },
    { text: "'", confidence: 95, bbox: mark },
    { text: 'S', confidence: 99, bbox: box(40, 20, 58, 43) },
  ];
  return { text: "E'S", confidence: 67, bbox: box(10, 20, 58, 43), symbols };
}

describe("a typographic apostrophe ’ the recogniser read as a straight ' ('ROSIE’S' read 'ROSIE'S')", () => {
  it('a mark whose tail bends down to the left is a ’ (recorded from a scan)', () => {
    const image = greyPage(TYPOGRAPHIC, 31, 20);
    expect(textOf(withLettersByInk(image, page(apostropheWord(box(31, 20, 35, 28)))))).toBe('E’S');
  });

  it("a straight bar is a ' (recorded from a scan)", () => {
    const image = greyPage(STRAIGHT, 31, 20);
    expect(textOf(withLettersByInk(image, page(apostropheWord(box(31, 20, 36, 28)))))).toBe("E'S");
  });

  it("a wedge narrowing straight down (a serif face's ') is a '", () => {
    const wedge = pgm([
      [31, 20, 35, 23],
      [32, 23, 35, 26],
      [32, 26, 34, 30],
    ]);
    expect(textOf(withLettersByInk(wedge, page(apostropheWord(box(31, 20, 35, 30)))))).toBe("E'S");
  });

  it('white print on a coloured band is left as read', () => {
    const band = Buffer.from(
      greyPage(
        TYPOGRAPHIC.map((row) => row.map((v) => 255 - v)),
        31,
        20,
      ),
    );
    const header = `P5\n${WIDTH} ${HEIGHT}\n255\n`.length;
    for (let y = 14; y < 34; y++)
      for (let x = 25; x < 45; x++) {
        const i = header + y * WIDTH + x;
        band[i] = y >= 20 && y < 28 && x >= 31 && x < 36 ? band[i]! : 0;
      }
    expect(textOf(withLettersByInk(band, page(apostropheWord(box(31, 20, 35, 28)))))).toBe("E'S");
  });

  it('a mark of too few rows to tell its tail by is left as read', () => {
    const image = greyPage(TYPOGRAPHIC.slice(0, 4), 31, 20);
    expect(textOf(withLettersByInk(image, page(apostropheWord(box(31, 20, 35, 24)))))).toBe("E'S");
  });
});

/** A line holding a word at `mark` (its marks drawn by `draw`) and 'COSTA' beside it, capitals 23 px tall. */
function bracketLine(text: string, mark: OcrBox): OcrPage {
  const word: OcrWord = { text, confidence: 40, bbox: mark };
  const costa: OcrWord = { text: 'COSTA', confidence: 96, bbox: box(60, 20, 110, 43) };
  return { blocks: [{ paragraphs: [{ lines: [{ words: [word, costa] }] }] }] };
}
/** Brackets ')' 32 px tall from y 15, each a 3 px stroke bowing 4 px right at its middle, at each x. */
function brackets(xs: number[], height = 32): Array<[number, number, number, number]> {
  return xs.flatMap((x) =>
    Array.from({ length: height }, (_, j): [number, number, number, number] => {
      const bow = Math.round(4 * Math.sin((Math.PI * j) / (height - 1)));
      return [x + bow, 15 + j, x + bow + 3, 16 + j];
    }),
  );
}

describe("the contactless symbol ')))' counted by its ink (read '))', ')))))))', ')»)' or '»)')", () => {
  it('three tall strokes are three brackets, whatever the recogniser counted', () => {
    const image = pgm(brackets([10, 21, 32]));
    for (const read of ['))', ')))))))', ')»)', '»)'])
      expect(textOf(withLettersByInk(image, bracketLine(read, box(10, 15, 40, 47))))).toBe(')))');
  });

  it("read ')))' with boxes that overlap, it stays three brackets in the reader's words", () => {
    // The boxes as recorded: [401–405], [401–420], [423–431] for three brackets 11 px apart.
    const symbols = [
      { text: ')', confidence: 94, bbox: box(10, 15, 14, 47) },
      { text: ')', confidence: 98, bbox: box(10, 15, 29, 47) },
      { text: ')', confidence: 97, bbox: box(32, 15, 40, 47) },
    ];
    const ocr = bracketLine(')))', box(10, 15, 40, 47));
    ocr.blocks![0]!.paragraphs[0]!.lines[0]!.words[0]!.symbols = symbols;
    const read = toTextractResponse([
      { page: 1, width: WIDTH, height: HEIGHT, ocr: withLettersByInk(pgm(brackets([10, 21, 32])), ocr) },
    ]);
    expect(read.Blocks?.find((b) => b.BlockType === 'WORD')?.Text).toBe(')))');
  });

  it('a guillemet standing within the small letters is left as read', () => {
    // '»' 12 px tall: two chevrons, shorter than the line's capitals.
    const image = pgm([
      [12, 30, 15, 36],
      [15, 36, 18, 42],
      [20, 30, 23, 36],
      [23, 36, 26, 42],
    ]);
    expect(textOf(withLettersByInk(image, bracketLine('»', box(12, 30, 26, 42))))).toBe('»');
  });

  it('strokes not crossing the word from top to bottom are left as read', () => {
    // Two brackets and a short mark at the foot: the rows cross 2, 2 and 3 strokes.
    const image = pgm([...brackets([10, 21]), [34, 35, 37, 47]]);
    expect(textOf(withLettersByInk(image, bracketLine('))', box(10, 15, 40, 47))))).toBe('))');
  });
});

describe("a masked card number's asterisks counted by their ink ('537410******4410' read '537410%*+**4410')", () => {
  /** Asterisks 9 px tall from y 20 (the figures 18 px), 10.5 px apart from x 40: an upright arm, a bar, legs. */
  function asterisksAt(n: number): Array<[number, number, number, number]> {
    return Array.from({ length: n }, (_, k) => Math.round(40 + 10.5 * k)).flatMap(
      (x): Array<[number, number, number, number]> => [
        [x + 4, 20, x + 6, 24],
        [x, 24, x + 9, 26],
        [x + 1, 26, x + 3, 29],
        [x + 6, 26, x + 8, 29],
      ],
    );
  }
  const digit = (text: string, x: number) => ({ text, confidence: 99, bbox: box(x, 20, x + 12, 38) });
  const mark = (text: string, x0: number, x1: number) => ({
    text,
    confidence: 90,
    bbox: box(x0, 20, x1, 29),
  });

  it('a run of asterisks read with a % and a +, one box over two, is as many asterisks as its upright arms', () => {
    const symbols = [
      digit('1', 10),
      digit('0', 24),
      mark('%', 40, 49),
      mark('*', 51, 59),
      mark('+', 61, 70),
      mark('*', 72, 91),
      digit('4', 94),
    ];
    const read: OcrWord = { text: '10%*+*4', confidence: 18, bbox: box(10, 20, 106, 38), symbols };
    const image = pgm([[12, 20, 22, 38], [26, 20, 36, 38], ...asterisksAt(5), [96, 20, 106, 38]]);
    expect(textOf(withLettersByInk(image, page(read)))).toBe('10*****4');
  });

  it("a '+' standing as tall as the figures beside an asterisk is left as read", () => {
    const symbols = [
      digit('1', 10),
      mark('*', 40, 49),
      { text: '+', confidence: 90, bbox: box(52, 22, 62, 38) },
    ];
    const read: OcrWord = { text: '1*+', confidence: 50, bbox: box(10, 20, 62, 38), symbols };
    const image = pgm([[12, 20, 22, 38], ...asterisksAt(1), [56, 22, 58, 38], [52, 29, 62, 31]]);
    expect(textOf(withLettersByInk(image, page(read)))).toBe('1*+');
  });
});

describe("accents told by their ink ('Caffè' read 'Caffe' or 'Caffé', 'Zoë' read 'Zoé')", () => {
  // 'Zoe' cut short to 'oe': an o (x 10–26) and an e (x 30–46), small letters from y 30 to 48, the e boxed
  // with whatever stands above it up to y 20.
  const accented = (read: string): OcrWord => {
    const symbols = [
      { text: 'o', confidence: 99, bbox: box(10, 30, 26, 48) },
      { text: read, confidence: 97, bbox: box(30, 20, 46, 48) },
    ];
    return { text: `o${read}`, confidence: 81, bbox: box(10, 20, 46, 48), symbols };
  };
  const LETTERS: Array<[number, number, number, number]> = [
    [10, 30, 26, 48],
    [30, 30, 46, 48],
  ];
  /** A stroke 3 px wide over rows y0–y1, its left edge moving `step` px a row from x. */
  const stroke = (x: number, y0: number, y1: number, step: number): Array<[number, number, number, number]> =>
    Array.from({ length: y1 - y0 }, (_, j) => {
      const left = Math.round(x + step * j);
      return [left, y0 + j, left + 3, y0 + j + 1];
    });

  it('a stroke moving right going down is a grave, left an acute', () => {
    const grave = pgm([...LETTERS, ...stroke(34, 20, 26, 0.8)]);
    const acute = pgm([...LETTERS, ...stroke(40, 20, 26, -0.8)]);
    for (const read of ['e', 'é', 'è']) {
      expect(textOf(withLettersByInk(grave, page(accented(read))))).toBe('oè');
      expect(textOf(withLettersByInk(acute, page(accented(read))))).toBe('oé');
    }
  });

  it('two marks side by side are a diaeresis, two strokes meeting at the top a circumflex', () => {
    const diaeresis = pgm([...LETTERS, [33, 22, 37, 26], [40, 22, 44, 26]]);
    expect(textOf(withLettersByInk(diaeresis, page(accented('é'))))).toBe('oë');
    const circumflex = pgm([
      ...LETTERS,
      [36, 20, 41, 22],
      ...stroke(35, 22, 26, -0.5),
      ...stroke(39, 22, 26, 0.5),
    ]);
    expect(textOf(withLettersByInk(circumflex, page(accented('e'))))).toBe('oê');
  });

  it("a capital's stroke before the letter reaching over its box is no accent ('Water' read 'Wáter')", () => {
    // The o's box widened to x 4, over a stroke of the letter before it (x 2–9) that slopes down to the left.
    const read = accented('e');
    read.symbols = [
      { text: 'W', confidence: 99, bbox: box(0, 20, 8, 48) },
      { ...read.symbols![0]!, bbox: box(4, 30, 26, 48) },
      read.symbols![1]!,
    ];
    read.text = 'Woe';
    const image = pgm([
      ...LETTERS,
      ...stroke(34, 20, 26, -0.8).map(
        ([a, b, c, d]) => [a - 28, b, c - 28, d] as [number, number, number, number],
      ),
    ]);
    expect(textOf(withLettersByInk(image, page(read)))).toBe('Woe');
    expect(textOf(withLettersByInk(pgm([...LETTERS, ...stroke(40, 20, 26, -0.8)]), page(read)))).toBe('Woé');
  });

  it('a round mark (a speck) or no mark above is left as read', () => {
    expect(textOf(withLettersByInk(pgm([...LETTERS, [36, 22, 40, 26]]), page(accented('é'))))).toBe('oé');
    expect(textOf(withLettersByInk(pgm(LETTERS), page(accented('e'))))).toBe('oe');
  });
});
