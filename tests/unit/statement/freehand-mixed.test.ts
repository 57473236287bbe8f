import { describe, expect, it } from 'vitest';
import { FREEHAND_MIXED } from '../../fixtures/statements/freehand-mixed';
import { type CellSpec, pageBlocks, rowsFrom } from './blocks';
import { read, readDrawn, rowsOf } from './freehand-support';

/**
 * Statements of more kinds drawn freehand (tests/fixtures/statements/freehand-mixed.ts: a joint building
 * society account, a sole trader's with type codes, a digital bank's with pots, a credit union's, a small-font
 * one, a basic account), and the traits they showed the reader did not yet read: each layout read from its
 * text layer, every row exact; each trait on hand-built blocks.
 */

describe('statements of more kinds drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_MIXED) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      // The pots statement prints no opening or closing balance of its own: none is read.
      if (layout.name !== 'digital-pots') {
        expect(s.openingBalance).toBe(truth.openingBalance);
        expect(s.closingBalance).toBe(truth.closingBalance);
      }
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});

const title: Array<[number, CellSpec[]]> = [
  [30, [[40, 'Current Account Statement']]],
  [42, [[40, '1 May 2025 to 31 May 2025']]],
];
const heading: CellSpec[] = [
  [40, 'Date'],
  [110, 'Description'],
  [380, 'Paid out', 'r'],
  [460, 'Paid in', 'r'],
  [550, 'Balance', 'r'],
];

describe('a balance printed on a line of its own at the end of each day', () => {
  // Evidence: business statements printing the day's balance under its last row ('Balance at end of day'),
  // Lloyds Bank Commercial / Ulster Bank Bankline statements with type codes.
  it("gives the balance to the day's last row", () => {
    const s = read(
      pageBlocks([
        ...title,
        [60, [[40, 'Opening balance £1,000.00']]],
        [80, heading],
        ...rowsFrom(95, 14, [
          [
            [40, '01/05/2025'],
            [110, 'BGC HARGREAVES LTD'],
            [460, '500.00', 'r'],
          ],
          [
            [40, '01/05/2025'],
            [110, 'DEB SCREWFIX'],
            [380, '100.00', 'r'],
          ],
          [
            [110, 'Balance at end of day'],
            [550, '1,400.00', 'r'],
          ],
          [
            [40, '02/05/2025'],
            [110, 'DD HMRC VAT'],
            [380, '400.00', 'r'],
          ],
          [
            [110, 'Balance at end of day'],
            [550, '1,000.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => [t.description, t.signedAmount, t.balance])).toEqual([
      ['BGC HARGREAVES LTD', 500, null],
      ['DEB SCREWFIX', -100, 1400],
      ['DD HMRC VAT', -400, 1000],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe('a table of other balances under a title after the transactions', () => {
  // Evidence: Monzo statements list each pot's balance after the account's transactions (public parsers
  // export a "Pot Summaries" sheet from it), each column headed 'Balance on <date>'.
  it('reads neither its rows as transactions nor its balances as the opening and closing', () => {
    const s = read(
      pageBlocks([
        ...title,
        [
          80,
          [
            [40, 'Date'],
            [110, 'Description'],
            [460, 'Amount', 'r'],
            [550, 'Balance', 'r'],
          ],
        ],
        ...rowsFrom(95, 14, [
          [
            [40, '01/05/2025'],
            [110, 'Salary'],
            [460, '2,000.00', 'r'],
            [550, '2,300.00', 'r'],
          ],
          [
            [40, '02/05/2025'],
            [110, 'Transfer to Holiday pot'],
            [460, '-300.00', 'r'],
            [550, '2,000.00', 'r'],
          ],
          [
            [40, '09/05/2025'],
            [110, 'Deliveroo'],
            [460, '-24.50', 'r'],
            [550, '1,975.50', 'r'],
          ],
        ]),
        [180, [[40, 'Pots']]],
        [
          198,
          [
            [40, 'Pot'],
            [330, 'Balance on 01/05/2025', 'r'],
            [460, 'Balance on 31/05/2025', 'r'],
          ],
        ],
        ...rowsFrom(212, 13, [
          [
            [40, 'Holiday'],
            [330, '450.00', 'r'],
            [460, '750.00', 'r'],
          ],
          [
            [40, 'Bills'],
            [330, '120.00', 'r'],
            [460, '250.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => [t.description, t.signedAmount, t.balance])).toEqual([
      ['Salary', 2000, 2300],
      ['Transfer to Holiday pot', -300, 2000],
      ['Deliveroo', -24.5, 1975.5],
    ]);
    expect(s.openingBalance).not.toBe(450);
    expect(s.closingBalance).not.toBe(750);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a totals row closing the table that prints the balance under 'Balance'", () => {
  // Evidence: basic bank account statements ending the table with 'Totals', the money columns' sums and
  // the closing balance in its column.
  it('reads that balance as the closing balance', () => {
    const s = read(
      pageBlocks([
        ...title,
        [
          80,
          [
            [40, 'Date'],
            [125, 'Description'],
            [380, 'Credit', 'r'],
            [450, 'Debit', 'r'],
            [545, 'Balance', 'r'],
          ],
        ],
        ...rowsFrom(95, 14, [
          [
            [40, '1 May 2025'],
            [125, 'Balance brought forward'],
            [545, '45.50 CR', 'r'],
          ],
          [
            [40, '2 May 2025'],
            [125, 'DWP UC'],
            [380, '612.50', 'r'],
            [545, '658.00 CR', 'r'],
          ],
          [
            [40, '4 May 2025'],
            [125, 'DD OCTOPUS ENERGY'],
            [450, '75.00', 'r'],
            [545, '583.00 CR', 'r'],
          ],
          [
            [125, 'Totals'],
            [380, '612.50', 'r'],
            [450, '75.00', 'r'],
            [545, '583.00 CR', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => [t.description, t.signedAmount])).toEqual([
      ['DWP UC', 612.5],
      ['DD OCTOPUS ENERGY', -75],
    ]);
    expect(s.openingBalance).toBe(45.5);
    expect(s.closingBalance).toBe(583);
    expect(s.reconciliation.ok).toBe(true);
  });
});
