import { describe, expect, it } from 'vitest';
import { type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { HEADING, type LineSpec, pageBlocks, row, rowsFrom } from './blocks';

/**
 * An overdrawn account: its opening and closing balances, and its running balances, marked the ways UK
 * statements mark them. Evidence: '-£453.81' (Halifax's summary, paultendo/ai-bank-statement-extractor's
 * Halifax notes); a trailing 'D' on HSBC's opening and closing balance
 * (StillwatersTechnology/bank_statements_to_excel src/bstec/modules/classes.py reads it as a debit);
 * 'overdrawn' written out beside the figure (large-print statements, some building societies);
 * 'OD' (NatWest / RBS, paultendo/ai-bank-statement-extractor's NatWest notes); 'DR' (Danske Bank); brackets
 * (Starling's money figures); a trailing minus ('770,138.57-', as older core banking systems print an
 * overdraft, read so by public statement parsers).
 */
function read(blocks: Block[]): ParsedStatement {
  const result = readStatement(blocks, { referenceDate: '2025-12-01' });
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}

// 'Opening balance' as each form prints -123.45, and the closing the rows reach (-123.45 - 12.34 + 200.00 = 64.21
// in credit, or -123.45 - 12.34 - 85.00 = -220.79 overdrawn).
const FORMS: Array<[name: string, text: (m: string) => string]> = [
  ['a leading minus', (m) => `-£${m}`],
  ['a minus after the pound sign', (m) => `£-${m}`],
  ['brackets', (m) => `(£${m})`],
  ['a trailing minus', (m) => `£${m}-`],
  ['DR', (m) => `£${m} DR`],
  ['OD', (m) => `£${m} OD`],
  ['D', (m) => `£${m} D`],
  ['DR without the pound sign', (m) => `${m}DR`],
  // The word written out in the figure's cell ('£1,234.56 overdrawn', as large-print and accessible formats
  // and some building societies print it instead of 'OD').
  ['overdrawn written out', (m) => `£${m} overdrawn`],
  ['OVERDRAWN in capitals, no pound sign', (m) => `${m} OVERDRAWN`],
];

function statement(summary: LineSpec[], balance: (m: string) => string): Block[] {
  return pageBlocks([
    [30, [[40, 'Lloyds Bank']]],
    [50, [[40, 'Statement period 1 January 2025 to 31 January 2025']]],
    ...summary,
    [130, HEADING],
    ...rowsFrom(145, 12, [
      row('02 Jan', 'TESCO STORES 2345', '12.34', '', balance('135.79')),
      row('03 Jan', 'BRITISH GAS', '85.00', '', balance('220.79')),
    ]),
  ]);
}

describe('overdrawn opening and closing balances in the summary', () => {
  it.each(FORMS)('beside the label: %s', (_name, form) => {
    const s = read(
      statement(
        [
          [
            70,
            [
              [360, 'Opening balance'],
              [560, form('123.45'), 'r'],
            ],
          ],
          [
            82,
            [
              [360, 'Closing balance'],
              [560, form('220.79'), 'r'],
            ],
          ],
        ],
        form,
      ),
    );
    expect([s.openingBalance, s.closingBalance]).toEqual([-123.45, -220.79]);
    expect(s.transactions.map((t) => t.balance)).toEqual([-135.79, -220.79]);
    expect(s.reconciliation).toMatchObject({ ok: true, breaks: [] });
  });

  it.each(FORMS)('under the label (a box of labels over figures): %s', (_name, form) => {
    const s = read(
      statement(
        [
          [
            70,
            [
              [300, 'Opening balance'],
              [420, 'Closing balance'],
            ],
          ],
          [
            82,
            [
              [300, form('123.45')],
              [420, form('220.79')],
            ],
          ],
        ],
        form,
      ),
    );
    expect([s.openingBalance, s.closingBalance]).toEqual([-123.45, -220.79]);
    expect(s.reconciliation).toMatchObject({ ok: true, breaks: [] });
  });

  it('an overdrawn opening and a closing back in credit, the table marking its balances another way', () => {
    const blocks = pageBlocks([
      [30, [[40, 'NatWest']]],
      [50, [[40, 'Statement period 1 January 2025 to 31 January 2025']]],
      [
        70,
        [
          [360, 'Previous balance'],
          [560, '£123.45 OD', 'r'],
        ],
      ],
      [
        82,
        [
          [360, 'New balance'],
          [560, '£64.21', 'r'],
        ],
      ],
      [130, HEADING],
      ...rowsFrom(145, 12, [
        row('02 Jan', 'TESCO STORES 2345', '12.34', '', '135.79-'),
        row('03 Jan', 'ACME LTD SALARY', '', '200.00', '64.21'),
      ]),
    ]);
    const s = read(blocks);
    expect([s.openingBalance, s.closingBalance]).toEqual([-123.45, 64.21]);
    expect(s.transactions.map((t) => [t.signedAmount, t.balance])).toEqual([
      [-12.34, -135.79],
      [200, 64.21],
    ]);
    expect(s.reconciliation).toMatchObject({ ok: true, breaks: [] });
  });
});

describe('page furniture', () => {
  // A description's second line that recurs at the same place on two pages (the second entry of each page
  // near its top, 'LONDON') lies between rows with money: the table's own text, not a repeated header.
  it("keeps a wrapped description's second line printed at the same place at the top of two pages", () => {
    const page = (n: number, first: string, second: string, balances: [string, string]) =>
      pageBlocks(
        [
          [20, [[40, 'HSBC']]],
          [40, HEADING],
          ...rowsFrom(55, 12, [
            row(first, 'BALANCE BROUGHT FORWARD', '', '', balances[0]),
            row(first, 'SAINSBURYS S/MKTS', '10.00', '', ''),
            [[110, 'LONDON']],
            row(second, 'BOOTS 1234', '5.00', '', balances[1]),
          ]),
          [780, [[40, `Page ${n} of 2`]]],
        ],
        n,
      );
    const s = read([
      ...pageBlocks([[60, [[40, 'Your statement 1 January 2025 to 31 January 2025']]]], 1),
      ...page(1, '02 Jan', '03 Jan', ['100.00', '85.00']),
      ...page(2, '04 Jan', '05 Jan', ['85.00', '70.00']),
    ]);
    expect(s.transactions.map((t) => t.description)).toEqual([
      'SAINSBURYS S/MKTS LONDON',
      'BOOTS 1234',
      'SAINSBURYS S/MKTS LONDON',
      'BOOTS 1234',
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});
