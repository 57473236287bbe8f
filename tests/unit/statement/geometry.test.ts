import { describe, expect, it } from 'vitest';
import type { Block } from '../../../functions/domain/statement/blocks';
import {
  groupRows,
  legibleWords,
  pageCount,
  rowText,
  textsOf,
  wordsFromBlocks,
  wordsText,
} from '../../../functions/domain/statement/geometry';
import { readHeading } from '../../../functions/domain/statement/heading-score';
import { pageBlocks } from './blocks';

const word = (text: string, left: number, top: number, page = 1): Block => ({
  BlockType: 'WORD',
  Id: `${text}-${left}-${top}`,
  Text: text,
  Page: page,
  Geometry: { BoundingBox: { Left: left, Top: top, Width: 0.05, Height: 0.012 } },
});

describe('spec 2 §3 statement geometry: words into rows', () => {
  it('groups words that share a line, even slightly skewed, and orders them left to right', () => {
    const rows = groupRows(
      wordsFromBlocks([
        word('Balance', 0.8, 0.1),
        word('Date', 0.05, 0.1015),
        word('Description', 0.2, 0.0995),
        word('01', 0.05, 0.12),
        word('Jan', 0.1, 0.121),
        word('next', 0.05, 0.12, 2),
      ]),
    );
    expect(rows.map((r) => [r.page, rowText(r)])).toEqual([
      [1, 'Date Description Balance'],
      [1, '01 Jan'],
      [2, 'next'],
    ]);
  });

  it('splits LINE blocks without WORD children into words, ignores other blocks and empty text', () => {
    const blocks = pageBlocks([[100, [[40, '01 Jan  TESCO']]]], 1, { words: false });
    blocks.push({ ...word('  ', 0.5, 0.5) });
    blocks.push({
      BlockType: 'CELL' as 'WORD',
      Id: 'cell',
      Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 1, Height: 1 } },
    });
    const words = wordsFromBlocks(blocks);
    expect(words.map((w) => w.text)).toEqual(['01', 'Jan', 'TESCO']);
    expect(words[2]!.left).toBeCloseTo((40 + 8 * 5) / 600);
  });

  it('counts pages from page numbers or PAGE blocks', () => {
    expect(pageCount([])).toBe(0);
    expect(pageCount([word('a', 0, 0), word('b', 0, 0, 3)])).toBe(3);
    const pages = [1, 2].map(
      (n): Block => ({
        BlockType: 'PAGE',
        Id: `p${n}`,
        Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 1, Height: 1 } },
      }),
    );
    expect(pageCount(pages)).toBe(2);
  });
});

describe('spec 2 §3 statement table headings', () => {
  const heading = (...texts: string[]) =>
    readHeading(
      wordsFromBlocks(pageBlocks([[100, texts.map((t, i) => [40 + i * 90, t] as [number, string])]])),
    )?.map((c) => c.kind) ?? null;

  it.each([
    [
      ['Date', 'Description', 'Paid out', 'Paid in', 'Balance'],
      ['date', 'description', 'out', 'in', 'balance'],
    ],
    [
      ['Date', 'Description', 'Type', 'Money In (£)', 'Money Out (£)', 'Balance (£)'],
      ['date', 'description', 'type', 'in', 'out', 'balance'],
    ],
    [
      ['Date', 'Payment type and details', 'Paid out', 'Paid in', 'Balance'],
      ['date', 'description', 'out', 'in', 'balance'],
    ],
    // A scan's OCR reading the capital O of Nationwide's '£Out' as a zero.
    [
      ['Date', 'Description', '£0ut', '£In', '£Balance'],
      ['date', 'description', 'out', 'in', 'balance'],
    ],
    // ... and its capital I of '£In' as a small L.
    [
      ['Date', 'Description', '£Out', '£ln', '£Balance'],
      ['date', 'description', 'out', 'in', 'balance'],
    ],
    [
      ['Date', 'Description', 'Withdrawn', 'Lodged', 'Balance'],
      ['date', 'description', 'out', 'in', 'balance'],
    ],
    [
      ['DATE', 'TYPE', 'TRANSACTION', 'IN', 'OUT', 'ACCOUNT BALANCE'],
      ['date', 'type', 'description', 'in', 'out', 'balance'],
    ],
    [
      ['Date', 'Description', '(GBP) Amount', '(GBP) Balance'],
      ['date', 'description', 'amount', 'balance'],
    ],
    [
      ['Transaction Date', 'Process Date', 'Transaction Details', 'Amount £'],
      ['date', 'date2', 'description', 'amount'],
    ],
    [
      ['Posting Date', 'Details', 'Debits', 'Credits'],
      ['date', 'description', 'out', 'in'],
    ],
    [
      ['Date', 'Date', 'Narrative', 'Withdrawals', 'Deposits'],
      ['date', 'date2', 'description', 'out', 'in'],
    ],
  ])('%j', (texts, kinds) => {
    expect(heading(...texts)).toEqual(kinds);
  });

  it.each([
    [['Date', 'Description', 'Balance']],
    [['Description', 'Money out', 'Money in']],
    [['The', 'date', 'by', 'which', 'your', 'payment', 'is', 'credited', 'to', 'your', 'account']],
    [['Date', 'Amount']],
  ])('%j is not a transaction table heading', (texts) => {
    expect(heading(...texts)).toBeNull();
  });
});

describe('words too small to be seen', () => {
  const word = (text: string, left: number, width: number, height: number) => ({
    text,
    page: 1,
    left,
    top: 0.3,
    right: left + width,
    bottom: 0.3 + height,
  });
  it("keeps a dash a scan's OCR boxes by its ink (flat but as wide as a letter), drops screen-reader text", () => {
    const printed = ['PAYMENT', 'RECEIVED', 'THANK', 'YOU'].map((t, i) =>
      word(t, 0.1 + 0.1 * i, 0.06, 0.0095),
    );
    const dash = word('-', 0.33, 0.0036, 0.00086);
    const hidden = word('blank.', 0.1, 0.0002, 0.00008);
    expect(legibleWords([...printed, dash, hidden]).map((w) => w.text)).toEqual([
      'PAYMENT',
      'RECEIVED',
      'THANK',
      'YOU',
      '-',
    ]);
  });
});

describe('a two-line heading read from a scan', () => {
  it("'Date of' over 'transaction' with 'of' boxed a little higher than 'Date' and 'transaction' a point further left: still the transaction date, then 'Date entered'", () => {
    const words = wordsFromBlocks(
      pageBlocks([
        [
          100,
          [
            [40, 'Date'],
            [120, 'Date'],
            [200, 'Description'],
            [560, 'Amount', 'r'],
          ],
        ],
        [99.6, [[67, 'of']]],
        [
          112,
          [
            [39, 'transaction'],
            [120, 'entered'],
          ],
        ],
      ]),
    );
    expect(readHeading(words)?.map((c) => c.kind)).toEqual(['date', 'date2', 'description', 'amount']);
  });
});

describe("the words' texts, built without Array.prototype.map (the same as map and join)", () => {
  // A performance trait, not a reading one: an array made by `map` takes another internal shape once V8
  // optimises the code that made it, and the functions it is handed were compiled again for each shape.
  // These helpers must give exactly what `map(text)` and `.join(' ')` gave.
  const words = wordsFromBlocks([word('01', 0.05, 0.1), word('Jan', 0.1, 0.1), word('Café', 0.2, 0.1)]);
  it('gives every text, or the first `end` of them, as map and slice did', () => {
    expect(textsOf(words)).toEqual(words.map((w) => w.text));
    expect(textsOf(words, 2)).toEqual(words.slice(0, 2).map((w) => w.text));
    expect(textsOf(words, 9)).toEqual(words.map((w) => w.text));
    expect(textsOf([])).toEqual([]);
  });
  it('joins them by a space, as join did', () => {
    expect(wordsText(words)).toBe(words.map((w) => w.text).join(' '));
    expect(wordsText(words, 1)).toBe('01');
    expect(wordsText(words, 9)).toBe(words.map((w) => w.text).join(' '));
    expect(wordsText([])).toBe('');
    expect(rowText({ page: 1, top: 0, bottom: 1, words })).toBe('01 Jan Café');
  });
});
