import { describe, expect, it } from 'vitest';
import { type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { readTwoWays } from '../../../functions/domain/statement/weak-words';
import { readingReasons } from '../../../functions/domain/statement-check';
import { HEADING, type LineSpec, pageBlocks, row, rowsFrom } from './blocks';

/**
 * A scan's words that the statement's figures cannot prove: the dates and money of a reading may all add
 * up while a description is misread. Such readings go to the family's check, never into the family's
 * figures as fact. Hand-built geometry with the recogniser's confidence on each word, as a scan gives it.
 */
function read(blocks: Block[]): ParsedStatement {
  const result = readStatement(blocks, { referenceDate: '2026-01-01' });
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}

/** The blocks as a scan reads them: every word 95 sure, `sureness` giving others. */
function scanned(blocks: Block[], sureness: Record<string, number> = {}): Block[] {
  return blocks.map((b) => (b.BlockType === 'WORD' ? { ...b, Confidence: sureness[b.Text ?? ''] ?? 95 } : b));
}

const statement = (descriptions: string[]): LineSpec[] => {
  let balance = 500;
  return [
    [30, [[40, 'Barclays']]],
    [50, [[40, 'Statement 1 April 2025 to 30 April 2025']]],
    [100, HEADING],
    ...rowsFrom(115, 12, [
      row('', 'Opening balance', '', '', '500.00'),
      ...descriptions.map((d, i) => {
        balance -= 10;
        return row(`${String(i + 2).padStart(2, '0')} Apr 2025`, d, '10.00', '', `${balance.toFixed(2)}`);
      }),
    ]),
    [
      115 + 12 * (descriptions.length + 1),
      [
        [110, 'Closing balance'],
        [560, `${balance.toFixed(2)}`, 'r'],
      ],
    ],
  ];
};

describe('a description word the scan read with little confidence', () => {
  // What the local OCR made of a business card's 'ZIZZI CARDIFF' (confidence 41) and a contactless ')))'
  // (15): the amounts and balances were right, so the reading was confirmed with the words wrong.
  const lines = statement(['Z1Z7Z1 CARDIFF', 'TESCO STORES', '») PRET A MANGER']);

  it('sends the statement to the family’s check, the rows marked, the words shown as read', () => {
    const s = read(scanned(pageBlocks(lines), { Z1Z7Z1: 41, '»)': 15 }));
    expect(s.reconciliation.ok).toBe(true);
    expect(s.transactions.map((t) => t.description)).toEqual([
      'Z1Z7Z1 CARDIFF',
      'TESCO STORES',
      '») PRET A MANGER',
    ]);
    expect(readingReasons(s)).toEqual(['unreadable_words']);
    expect(s.reconciliation.unreadable).toEqual([
      expect.objectContaining({ cell: 'description', row: 0, text: 'Z1Z7Z1' }),
      expect.objectContaining({ cell: 'description', row: 2, text: '»)' }),
    ]);
    // one warning for the family, not one a row: the rows themselves are marked on the check
    expect(s.warnings.filter((w) => /descriptions? ha(s|ve) words/.test(w))).toEqual([
      "2 transactions' descriptions have words the scan could not read clearly.",
    ]);
    expect(s.warnings.some((w) => w.includes('Z1Z7Z1'))).toBe(false);
  });

  it('words read surely, and a text layer’s words, are confirmed', () => {
    expect(readingReasons(read(scanned(pageBlocks(lines))))).toEqual([]);
    expect(readingReasons(read(pageBlocks(lines)))).toEqual([]);
  });
});

describe('a payee’s word read two ways on rows otherwise alike', () => {
  // A column-order statement's scan read 'DIRECT DEBIT O2 UK' on four rows and 'DIRECT DEBIT 02 UK' on two
  // (confidence 77–87 both); an app bank's 'AMAZON.CO.UK*HX4T29QB5' read 'HX4T290QB5' on four rows of six.
  const lines = statement(['DIRECT DEBIT O2 UK', 'TESCO STORES', 'DIRECT DEBIT 02 UK', 'DIRECT DEBIT O2 UK']);

  it('sends every such row to the family’s check: which reading is right the figures cannot tell', () => {
    const s = read(scanned(pageBlocks(lines)));
    expect(s.reconciliation.ok).toBe(true);
    expect(readingReasons(s)).toEqual(['unreadable_words']);
    expect(s.reconciliation.unreadable?.map((u) => u.row)).toEqual([0, 2, 3]);
  });

  it('a text layer prints what it prints: two payees are two payees', () => {
    expect(readingReasons(read(pageBlocks(lines)))).toEqual([]);
  });

  it('one glyph read as its lookalike, or read twice as two alike characters', () => {
    expect(readTwoWays('O2', '02')).toBe(true);
    expect(readTwoWays('AMAZON.CO.UK*HX4T29QB5', 'AMAZON.CO.UK*HX4T290QB5')).toBe(true);
    expect(readTwoWays('Sainsbury’s', "Sainsbury's")).toBe(true);
    expect(readTwoWays('AMAZON.CO.UK*2K4T', 'AMAZON.CO.UK*2KAT')).toBe(true);
    // Cheque numbers, references and card numbers that differ are different payments.
    expect(readTwoWays('000417', '000418')).toBe(false);
    expect(readTwoWays('1004', '1012')).toBe(false);
    expect(readTwoWays('INV-114', 'INV-1145')).toBe(false);
  });
});

describe('a 4 read as an A on one of two rows alike', () => {
  // A Curve-style card's scan read 'AMAZON.CO.UK*2K4T' on one row and 'AMAZON.CO.UK*2KAT' (confidence over
  // 60) on the other: Helvetica's 4, its open top meeting in a point, is an A to the recogniser. The
  // amounts added up and the reading was confirmed with one payee wrong.
  const lines = statement(['AMAZON.CO.UK*2K4T', 'TESCO STORES 2214', 'AMAZON.CO.UK*2KAT']);

  it('sends both rows to the family’s check', () => {
    const s = read(scanned(pageBlocks(lines)));
    expect(s.reconciliation.ok).toBe(true);
    expect(readingReasons(s)).toEqual(['unreadable_words']);
    expect(s.reconciliation.unreadable?.map((u) => u.row)).toEqual([0, 2]);
  });
});

describe('a reference on its own line above its description, as a scan boxes its ink', () => {
  // A Tesco Bank-style statement prints 'REF: INV 2025-114' in 7.5 pt 10 pt above its entry, entries 14 pt
  // apart. Read from a scan, the entries' boxes reach the brackets' ink ('(185.00)') and the reference's
  // only its capitals: the gaps between the boxes look even (6.2 pt over it, 4.6 under), and each reference
  // was read as the end of the entry above, the money still adding up.
  const blocks = (): Block[] => {
    const lines: LineSpec[] = [
      [30, [[40, 'Tesco Bank']]],
      [50, [[40, 'Statement 1 March 2025 to 31 March 2025']]],
      [100, HEADING],
      [115, row('01 Mar 2025', 'BALANCE BROUGHT FORWARD', '', '', '500.00')],
      [129, row('02 Mar 2025', 'CHEQUE 000417', '(120.00)', '', '380.00')],
      [143, [[110, 'REF: INV 2025-114']]],
      [153, row('03 Mar 2025', 'FASTER PAYMENT TO K DOUGLAS', '(185.00)', '', '195.00')],
      [167, row('04 Mar 2025', 'DIRECT DEBIT SCOTTISH POWER', '(91.00)', '', '104.00')],
      [181, row('31 Mar 2025', 'BALANCE CARRIED FORWARD', '', '', '104.00')],
    ];
    // Ink boxes: an entry's line 7.9 pt tall from its top, the reference's capitals 5.3 pt.
    return scanned(pageBlocks(lines)).map((b) => {
      if (b.BlockType === 'PAGE') return b;
      const box = b.Geometry.BoundingBox;
      const reference = Math.abs(box.Top * 800 - 143) < 0.5;
      const height = (reference ? 5.3 : 7.9) / 800;
      return {
        ...b,
        Geometry: { BoundingBox: { ...box, Top: box.Top + (reference ? 0.1 / 800 : 0), Height: height } },
      };
    });
  };

  it('leads the entry below it', () => {
    const s = read(blocks());
    expect(s.transactions.map((t) => t.description)).toEqual([
      'CHEQUE 000417',
      'REF: INV 2025-114 FASTER PAYMENT TO K DOUGLAS',
      'DIRECT DEBIT SCOTTISH POWER',
    ]);
  });
});
