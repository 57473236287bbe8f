import { describe, expect, it } from 'vitest';
import { FREEHAND_BANKS } from '../../fixtures/statements/freehand-banks';
import { pageBlocks } from './blocks';
import { itReadsEachExactly, read, rowsOf } from './freehand-support';

/**
 * Bank and building-society current and savings statements drawn freehand
 * (tests/fixtures/statements/freehand-banks.ts), outside the corpus's layout description, and the trait they
 * showed the reader did not yet read: each layout read from its text layer, every row exact; the trait on
 * hand-built blocks.
 */

describe('bank current and savings accounts drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_BANKS);
});

describe("a 'Transaction' heading over the payees with 'Amount' far right of it (app-bank statements)", () => {
  // 'Date | Transaction | Amount | Balance', as app banks head their tables: 'Transaction' and 'Amount'
  // stand a column apart on one line, two headings, not the phrase 'Transaction amount'.
  const blocks = () =>
    pageBlocks([
      [30, [[40, 'Statement date 6 January 2025']]],
      [
        42,
        [
          [40, 'Starting balance £120.00'],
          [300, 'Ending balance £1,305.50'],
        ],
      ],
      [
        80,
        [
          [40, 'Date'],
          [110, 'Transaction'],
          [460, 'Amount', 'r'],
          [555, 'Balance', 'r'],
        ],
      ],
      [
        95,
        [
          [40, 'Mon 30 Dec'],
          [110, 'Tesco'],
          [460, '-£14.50', 'r'],
          [555, '£105.50', 'r'],
        ],
      ],
      [
        110,
        [
          [40, 'Thu 2 Jan'],
          [110, 'Acme Ltd'],
          [460, '+£1,250.00', 'r'],
          [555, '£1,355.50', 'r'],
        ],
      ],
      [
        125,
        [
          [40, 'Fri 3 Jan'],
          [110, 'Pret A Manger'],
          [460, '-£50.00', 'r'],
          [555, '£1,305.50', 'r'],
        ],
      ],
    ]);

  it('reads the payees under Transaction and the figures under Amount', () => {
    const s = read(blocks());
    expect(rowsOf(s)).toEqual([
      { date: '2024-12-30', description: 'Tesco', signedAmount: -14.5, balance: 105.5 },
      { date: '2025-01-02', description: 'Acme Ltd', signedAmount: 1250, balance: 1355.5 },
      { date: '2025-01-03', description: 'Pret A Manger', signedAmount: -50, balance: 1305.5 },
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });

  it("still reads 'Transaction amount' printed as one heading", () => {
    const s = read(
      pageBlocks([
        [
          80,
          [
            [40, 'Date'],
            [110, 'Description'],
            [400, 'Transaction amount', 'r'],
            [555, 'Balance', 'r'],
          ],
        ],
        [
          95,
          [
            [40, '02/01/2025'],
            [110, 'Opening balance'],
            [555, '100.00', 'r'],
          ],
        ],
        [
          110,
          [
            [40, '03/01/2025'],
            [110, 'Tesco'],
            [400, '-10.00', 'r'],
            [555, '90.00', 'r'],
          ],
        ],
        [
          125,
          [
            [40, '04/01/2025'],
            [110, 'Refund'],
            [400, '5.00', 'r'],
            [555, '95.00', 'r'],
          ],
        ],
      ]),
    );
    expect(rowsOf(s)).toEqual([
      { date: '2025-01-03', description: 'Tesco', signedAmount: -10, balance: 90 },
      { date: '2025-01-04', description: 'Refund', signedAmount: 5, balance: 95 },
    ]);
  });

  it("still reads a card's headings wrapped onto a second line beside a panel's figure", () => {
    // 'Date' over 'received' and 'Transaction' over 'date', a side panel left of them whose second line
    // ('Previous balance £512.34') holds a figure: the heading is read over both lines, not the first alone.
    const s = read(
      pageBlocks([
        [30, [[40, 'Credit card statement   Statement date 30 April 2025']]],
        [
          80,
          [
            [40, 'Card'],
            [80, '**** 1234'],
            [175, 'Date'],
            [250, 'Transaction'],
            [335, 'Description'],
            [548, 'Amount', 'r'],
          ],
        ],
        [
          92,
          [
            [40, 'Previous balance £512.34'],
            [175, 'received'],
            [250, 'date'],
          ],
        ],
        [
          110,
          [
            [40, 'New balance £453.89'],
            [175, '2 Apr'],
            [250, '1 Apr'],
            [335, 'DELIVEROO'],
            [548, '30.56', 'r'],
          ],
        ],
        [
          122,
          [
            [40, 'Minimum payment £25.00'],
            [175, '3 Apr'],
            [250, '2 Apr'],
            [335, 'NETFLIX.COM'],
            [548, '10.99', 'r'],
          ],
        ],
        [
          134,
          [
            [175, '5 Apr'],
            [250, '4 Apr'],
            [335, 'PAYMENT RECEIVED'],
            [548, '100.00 CR', 'r'],
          ],
        ],
      ]),
    );
    expect(s.transactions.map((t) => [t.date, t.postedDate, t.description, t.signedAmount])).toEqual([
      ['2025-04-01', '2025-04-02', 'DELIVEROO', -30.56],
      ['2025-04-02', '2025-04-03', 'NETFLIX.COM', -10.99],
      ['2025-04-04', '2025-04-05', 'PAYMENT RECEIVED', 100],
    ]);
  });
});
