import { describe, expect, it } from 'vitest';
import {
  MIN_MEAN_CONFIDENCE,
  type OcrBox,
  type OcrPage,
  type OcrWord,
  readabilityOf,
  toTextractResponse,
} from '../../../functions/adapters/ocr/textract-shape';
import { collectTextractBlocks } from '../../../functions/adapters/textract/blocks';

/**
 * Recognised words (pixels of a 1000 × 2000 page image) to a GetDocumentTextDetection response, and what the
 * shape corrections undo. Hand-made recogniser output: each case names the real-world trait it stands for.
 */
const box = (x0: number, y0: number, x1: number, y1: number): OcrBox => ({ x0, y0, x1, y1 });

/** A word whose characters sit side by side, each `w` wide with `gap` between them. */
function word(text: string, x0: number, y0 = 100, options: { w?: number; gap?: number; h?: number } = {}) {
  const { w = 10, gap = 2, h = 16 } = options;
  const symbols = [...text].map((ch, i) => ({
    text: ch,
    confidence: 96,
    bbox: box(x0 + i * (w + gap), y0, x0 + i * (w + gap) + w, y0 + h),
  }));
  return {
    text,
    confidence: 96,
    bbox: box(x0, y0, x0 + text.length * (w + gap) - gap, y0 + h),
    symbols,
  } satisfies OcrWord;
}

const page = (...lines: OcrWord[][]): OcrPage => ({
  blocks: [{ paragraphs: [{ lines: lines.map((words) => ({ words })) }] }],
});

const textsOf = (ocr: OcrPage) =>
  (toTextractResponse([{ page: 1, width: 1000, height: 2000, ocr }]).Blocks ?? [])
    .filter((b) => b.BlockType === 'WORD')
    .map((b) => b.Text);

describe('recognised words as Textract blocks', () => {
  it('PAGE → LINE → WORD with normalised BoundingBox and Polygon, confidence and page numbers', async () => {
    const response = toTextractResponse([
      { page: 1, width: 1000, height: 2000, ocr: page([word('TESCO', 100), word('STORES', 170)]) },
      { page: 2, width: 1000, height: 2000, ocr: page([word('12.50', 800, 400)]) },
    ]);
    expect(response).toMatchObject({ JobStatus: 'SUCCEEDED', DocumentMetadata: { Pages: 2 } });
    const blocks = response.Blocks ?? [];
    const line = blocks.find((b) => b.BlockType === 'LINE' && b.Page === 1);
    expect(line).toMatchObject({ Text: 'TESCO STORES', Confidence: 96 });
    const near = (n: number) => expect.closeTo(n, 9);
    expect(line?.Geometry?.BoundingBox).toEqual({
      Left: near(0.1),
      Top: near(0.05),
      Width: near(0.14),
      Height: near(0.008),
    });
    const amount = blocks.find((b) => b.BlockType === 'WORD' && b.Page === 2);
    expect(amount?.Geometry?.Polygon).toEqual([
      { X: near(0.8), Y: near(0.2) },
      { X: near(0.858), Y: near(0.2) },
      { X: near(0.858), Y: near(0.208) },
      { X: near(0.8), Y: near(0.208) },
    ]);
    const pages = blocks.filter((b) => b.BlockType === 'PAGE');
    expect(pages.map((p) => p.Relationships?.[0]?.Ids?.length)).toEqual([1, 1]);
    // The same path as a Textract result: the adapter's collector gives the reader its blocks.
    const collected = await collectTextractBlocks(async () => response);
    expect(collected).toMatchObject({ ok: true, pages: 2 });
  });

  it('a table row read as one line is split at column gaps, as Textract splits lines', () => {
    const response = toTextractResponse([
      {
        page: 1,
        width: 1000,
        height: 2000,
        ocr: page([word('01/03/2025', 50), word('NETFLIX.COM', 200), word('10.99', 800)]),
      },
    ]);
    const lines = (response.Blocks ?? []).filter((b) => b.BlockType === 'LINE').map((b) => b.Text);
    expect(lines).toEqual(['01/03/2025', 'NETFLIX.COM', '10.99']);
  });

  it('a zero between letters, shaped like the page’s zeros, is a zero ("JAN01", not "JANO1")', () => {
    // Helvetica-like: a zero is narrow (10 × 16), a capital O round (15 × 16).
    const zeros = ['100.00', '250.00', '30.00'].map((t, i) => word(t, 700, 300 + 40 * i));
    const os = ['BOOTS', 'COSTA', 'ORDER'].map((t, i) => word(t, 100, 300 + 40 * i, { w: 15 }));
    const jan = word('JANO1', 100, 500);
    const tesco = word('TESC01', 100, 540);
    // The O of 'TESCO' is as round as the page's Os: a letter read as a zero.
    tesco.symbols[4]!.bbox = box(160, 540, 175, 556);
    const texts = textsOf(page(...zeros.map((w) => [w]), ...os.map((w) => [w]), [jan], [tesco]));
    expect(texts).toContain('JAN01');
    expect(texts).toContain('TESCO1');
  });

  it("an O read as a zero beside figures alone, shaped like the page's Os, is an O ('O2' read '02')", () => {
    // As measured on a scan of 'DIRECT DEBIT O2 UK': zeros 0.65–0.68 as wide as tall, Os 0.92–0.96, the
    // glyph read '0' 0.96. Here zeros 10 × 16 (0.63), Os 15 × 16 (0.94), the glyph 15 × 16.
    const zeros = ['100.00', '250.00', '30.00'].map((t, i) => word(t, 700, 300 + 40 * i));
    const os = ['BOOTS', 'COSTA', 'ORDER'].map((t, i) => word(t, 100, 300 + 40 * i, { w: 15 }));
    const o2 = word('02', 100, 500);
    o2.symbols[0]!.bbox = box(100, 500, 115, 516);
    // A day's '02' of the page's narrow zeros stays figures, and an amount's round zero (another face's
    // total) stays a figure: a word holding a stop, comma or slash is money or a date.
    const day = word('02', 100, 540);
    const total = word('1,000.00', 700, 540);
    total.symbols[2]!.bbox = box(724, 540, 739, 556);
    const texts = textsOf(page(...zeros.map((w) => [w]), ...os.map((w) => [w]), [o2], [day], [total]));
    expect(texts).toContain('O2');
    expect(texts.filter((t) => t === '02')).toHaveLength(1);
    expect(texts).toContain('1,000.00');
  });

  it('a zero in figures alone only as round as midway between the shapes is left as read', () => {
    const zeros = ['100.00', '250.00', '30.00'].map((t, i) => word(t, 700, 300 + 40 * i));
    const os = ['BOOTS', 'COSTA', 'ORDER'].map((t, i) => word(t, 100, 300 + 40 * i, { w: 15 }));
    const o2 = word('02', 100, 500);
    // 13 × 16 (0.81): past the middle (0.78) but not three quarters of the way to the Os.
    o2.symbols[0]!.bbox = box(100, 500, 113, 516);
    expect(textsOf(page(...zeros.map((w) => [w]), ...os.map((w) => [w]), [o2]))).toContain('02');
  });

  it('without both shapes on the page to compare, O and 0 are left as read', () => {
    expect(textsOf(page([word('JANO1', 100)]))).toEqual(['JANO1']);
  });

  it('one glyph read as two characters (a weak symbol inside its neighbour) is read once', () => {
    const ref = word('2K4LMS8', 100);
    // 'S' lies over the M's right half with a lower confidence.
    ref.symbols[5] = { text: 'S', confidence: 80, bbox: box(152, 100, 160, 116) };
    expect(textsOf(page([ref]))).toEqual(['2K4LM8']);
  });

  it("a Q read twice, as '0' and 'Q', however sure, is read once ('HX4T29QB5' read 'HX4T290QB5')", () => {
    // The recogniser's own boxes on a scan: the '0' (95) over the Q's left half, both from the line's top
    // down to the Q's tail, 6 px under the line's other characters.
    const ref = word('HX4T290QB5', 1000, 726, { w: 18, gap: 4, h: 23 });
    ref.symbols[6] = { text: '0', confidence: 95, bbox: box(1133.5, 726, 1142.5, 755) };
    ref.symbols[7] = { text: 'Q', confidence: 98, bbox: box(1134, 726, 1156, 755) };
    expect(textsOf(page([ref]))).toEqual(['HX4T29QB5']);
  });

  it('a confidently read mark boxed across its neighbour is kept ("TFL.GOV.UK/CP", as read from a scan)', () => {
    const url = word('TFL.GOV.UK/CP', 384);
    // The recogniser's own boxes: the second full stop (98) spans most of the V (99) before it.
    url.symbols[6] = { text: 'V', confidence: 99, bbox: box(512, 100, 541, 116) };
    url.symbols[7] = { text: '.', confidence: 98, bbox: box(530, 100, 551, 116) };
    expect(textsOf(page([url]))).toEqual(['TFL.GOV.UK/CP']);
  });

  it("an app bank's middle dot ('Tesco Groceries · Card 4471') read as '-' or '+' is a dot by its speck of ink", () => {
    // As read from a scan at 300 dpi: a 2 × 3 px speck between 30 px words; a real dash is wider than tall.
    const speck = (text: string, x0: number): OcrWord => ({
      text,
      confidence: 80,
      bbox: box(x0, 110, x0 + 2, 113),
    });
    const line = (mark: OcrWord) => [
      word('Tesco', 100, 100, { h: 30 }),
      mark,
      word('Card', 200, 100, { h: 30 }),
    ];
    const dash = { text: '-', confidence: 95, bbox: box(170, 112, 182, 116) } satisfies OcrWord;
    const plus = { text: '+', confidence: 95, bbox: box(170, 104, 182, 116) } satisfies OcrWord;
    expect(textsOf(page(line(speck('-', 175))))).toEqual(['Tesco', '·', 'Card']);
    expect(textsOf(page(line(speck('+', 175))))).toEqual(['Tesco', '·', 'Card']);
    expect(textsOf(page(line(dash)))).toEqual(['Tesco', '-', 'Card']);
    expect(textsOf(page(line(plus)))).toEqual(['Tesco', '+', 'Card']);
  });

  it("a passbook's code 'SO' in Courier read 'so' is in capitals: its ink stands as tall as the line's figures", () => {
    // As read from a scan of a building-society passbook statement: '30/1/15  SO  0000  50.00', the code
    // read 'so' (confidence 67-72) with ink 23 px tall beside figures 24 px tall; a small s or o is about
    // two thirds of that.
    const line = (code: OcrWord) => [
      word('30/1/15', 100, 100, { h: 24 }),
      code,
      word('0000', 400, 100, { h: 24 }),
    ];
    expect(textsOf(page(line({ ...word('so', 250, 101, { h: 23 }), confidence: 67 })))).toEqual([
      '30/1/15',
      'SO',
      '0000',
    ]);
    // A small word beside figures stays small: its ink is the small letters' height.
    expect(textsOf(page(line(word('so', 250, 108, { h: 16 }))))).toEqual(['30/1/15', 'so', '0000']);
    // Letters with other small shapes ('sO', 'son') are left as read.
    expect(textsOf(page(line(word('son', 250, 101, { h: 23 }))))).toEqual(['30/1/15', 'son', '0000']);
  });

  it("words of large print run together across a space ('debitto', 'MrT') are split where the space stands", () => {
    // As read from a scan of an 18 pt large-print statement: 'Direct debit to BT' read 'Direct debitto BT',
    // the glyphs' boxes 6–8 px apart but 23 px between 'debit' and 'to', as wide as the line's spaces.
    const spaced = (text: string, x0: number, at: number, space: number) => {
      const w = word(text, x0, 100, { w: 20, gap: 7, h: 56 });
      w.symbols.forEach((x, i) => {
        if (i >= at) x.bbox = box(x.bbox.x0 + space, x.bbox.y0, x.bbox.x1 + space, x.bbox.y1);
      });
      w.bbox = box(w.bbox.x0, w.bbox.y0, w.bbox.x1 + space, w.bbox.y1);
      return w;
    };
    const line = [word('Direct', 100, 100, { w: 20, gap: 7, h: 56 })];
    line.push(spaced('debitto', 285, 5, 16));
    line.push(word('BT', 510, 100, { w: 20, gap: 7, h: 56 }));
    expect(textsOf(page(line))).toEqual(['Direct', 'debit', 'to', 'BT']);
    // A figure's '1' stands apart in its wide cell: '137.05' stays one figure.
    const figures = [word('TOP-UP', 100, 100, { h: 30 }), spaced('137.05', 200, 1, 16)];
    expect(textsOf(page(figures))).toEqual(['TOP-UP', '137.05']);
    // Letters a little apart (a wide letter's side) are no space.
    expect(textsOf(page([word('Direct', 100, 100, { h: 56 }), spaced('debitto', 200, 5, 4)]))).toEqual([
      'Direct',
      'debitto',
    ]);
  });

  it("an 'h' without an ascender is an 'n' ('Fortnum' read 'Forthum')", () => {
    // As read from a scan of a Coutts-style statement: 'Card payment Fortnum & Mason', the glyph read 'h'
    // boxed at the small letters' height (20 px) while the line's capitals stand 5 px higher.
    const letters = (text: string, x0: number, tops: Record<string, number>): OcrWord => {
      const w = word(text, x0, 105, { h: 20 });
      for (const x of w.symbols) x.bbox = box(x.bbox.x0, tops[x.text] ?? 105, x.bbox.x1, 125);
      return { ...w, bbox: box(w.bbox.x0, 100, w.bbox.x1, 125) };
    };
    const caps = { C: 100, F: 100, M: 100, d: 100, t: 101 };
    const line = (h: number) => [
      letters('Card', 100, caps),
      letters('Forthum', 160, { ...caps, h }),
      letters('Mason', 260, caps),
    ];
    expect(textsOf(page(line(105)))).toEqual(['Card', 'Fortnum', 'Mason']);
    // An 'h' with its ascender is an 'h'.
    expect(textsOf(page(line(100)))).toEqual(['Card', 'Forthum', 'Mason']);
  });

  it("letters boxed off their glyphs leave an 'h' as read ('Churchill' in a small-print footer)", () => {
    // As read from a scan of a current account's 7 pt footer, 'Registered Office: 1 Churchill Place': the
    // boxes shifted along the word, the 'u' boxed up to the ascender line and the second 'h' at the small
    // letters' height. Read 'Churcnill' on two pages and 'Churchill' on the third, the footer was no longer
    // the same line on every page, and an entry running on across it lost its description.
    const tops = [100, 100, 100, 105, 105, 105, 100, 100, 100];
    const footer = (x0: number, text: string, at: (i: number) => number) => {
      const w = word(text, x0, 105, { h: 20 });
      w.symbols.forEach((x, i) => {
        x.bbox = box(x.bbox.x0, at(i), x.bbox.x1, 125);
      });
      return { ...w, bbox: box(w.bbox.x0, 100, w.bbox.x1, 125) };
    };
    const words = [
      footer(100, 'Office', (i) => (i < 3 ? 100 : 105)),
      footer(200, 'Churchill', (i) => tops[i]!),
      footer(330, 'Place', (i) => (i < 2 ? 100 : 105)),
    ];
    expect(textsOf(page(words))).toEqual(['Office', 'Churchill', 'Place']);
  });

  it("a spaced en dash read '—' is told from an em dash by its length ('Card payment – Waterstones')", () => {
    // As read from a scan of a ledger statement at 9 pt: every description's en dash read '—', 20 px long
    // beside figures and capitals 27 px tall (0.74 of them); an em dash is a whole em, about 1.4 of them.
    const line = (dash: string, length: number) => {
      const mark = word(dash, 180, 100, { w: length, h: 2 });
      return [word('Card', 100), { ...mark, bbox: box(180, 108, 180 + length, 110) }, word('TESCO', 220)];
    };
    expect(textsOf(page(line('—', 12)))).toEqual(['Card', '–', 'TESCO']);
    expect(textsOf(page(line('–', 23)))).toEqual(['Card', '—', 'TESCO']);
    expect(textsOf(page(line('—', 23)))).toEqual(['Card', '—', 'TESCO']);
  });

  it("a footnote's dagger after a figure's pence, read as a 7, is the dagger ('150.00†' read '150.007')", () => {
    // As read from a scan of a Danske Bank-style statement marking the figures that include a fee: the
    // dagger's stem reaching 5 px below the figures' baseline (26 px tall), a 7 on it as the figures are.
    const figure = (descent: number) => {
      const w = word('150.007', 800, 100, { h: 26 });
      w.symbols[3]!.bbox = box(w.symbols[3]!.bbox.x0, 121, w.symbols[3]!.bbox.x1, 126);
      w.symbols[6]!.bbox = box(w.symbols[6]!.bbox.x0, 100, w.symbols[6]!.bbox.x1, 126 + descent);
      return w;
    };
    expect(textsOf(page([figure(5)]))).toEqual(['150.00†']);
    expect(textsOf(page([figure(4)]))).toEqual(['150.00†']);
    // A 7 standing on the baseline is a figure's.
    expect(textsOf(page([figure(1)]))).toEqual(['150.007']);
  });

  it("the contactless mark ')))' with two marks in one box is three marks again", () => {
    const mark = word('))', 100, 100, { w: 8, gap: 3 });
    mark.symbols[1]!.bbox = box(111, 100, 130, 116);
    expect(textsOf(page([mark]))).toEqual([')))']);
  });
});

describe('when a scan is read with confidence', () => {
  const at = (confidence: number) => ({
    page: 1,
    width: 1000,
    height: 2000,
    ocr: page([{ ...word('SAINSBURYS', 100), confidence }]),
  });

  it('mean word confidence, weighted by length, against the threshold', () => {
    expect(readabilityOf([at(95)])).toEqual({ words: 1, meanConfidence: 95 });
    expect(readabilityOf([at(95), at(15)]).meanConfidence).toBe(55);
    expect(55).toBeLessThan(MIN_MEAN_CONFIDENCE);
    expect(readabilityOf([{ ...at(0), ocr: { blocks: null } }])).toEqual({ words: 0, meanConfidence: 0 });
  });
});
