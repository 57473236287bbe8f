import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { parseDate } from '../../../functions/domain/statement/dates';
import { wordsFromBlocks } from '../../../functions/domain/statement/geometry';
import { readHeading } from '../../../functions/domain/statement/heading-score';
import { findPeriod } from '../../../functions/domain/statement/printed-periods';
import { FREEHAND_SOCIETIES } from '../../fixtures/statements/freehand-societies';
import { type CellSpec, pageBlocks, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * Building societies, Northern Irish, Welsh, Islamic and business accounts drawn freehand
 * (tests/fixtures/statements/freehand-societies.ts), and the traits they showed the reader did not yet read:
 * each layout read from its text layer, every row exact; each trait on hand-built blocks.
 */
const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

describe('society, regional and business statements drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_SOCIETIES);
});

describe("a booking date beside a value date ('Booking date | Value date | Text | Debit | Credit | Balance')", () => {
  // Evidence: statements from banks on Nordic and ISO 20022 systems (Handelsbanken plc, Danske Bank, N26:
  // 'Booking date' and 'Value date'; camt.053 BookgDt / ValDt). The balance moves on the booking date; a
  // cheque's value date is days later and a card settlement's a day earlier. Dated by the value date, the
  // rows still added up, so the wrong dates were confirmed.
  const table = (headings: CellSpec[], first: 'booking' | 'value') => {
    const row = (
      booking: string,
      value: string,
      text: string,
      debit: string,
      credit: string,
      bal: string,
    ) => {
      const [a, b] = first === 'booking' ? [booking, value] : [value, booking];
      const cells: CellSpec[] = [
        [40, a],
        [100, b],
        [160, text],
      ];
      if (debit) cells.push([430, debit, 'r']);
      if (credit) cells.push([500, credit, 'r']);
      cells.push([570, bal, 'r']);
      return cells;
    };
    return read(
      pageBlocks([
        [30, [[40, 'Account statement 2025-03-01 - 2025-03-31']]],
        [
          50,
          [
            [160, 'Opening balance 2025-03-01'],
            [570, '1000.00', 'r'],
          ],
        ],
        [80, headings],
        ...rowsFrom(95, 12, [
          row('4 Mar', '6 Mar', 'CHEQUE LODGED', '', '200.00', '1200.00'),
          row('5 Mar', '5 Mar', 'DIRECT DEBIT', '50.00', '', '1150.00'),
          row('9 Mar', '8 Mar', 'CARD SETTLEMENT', '', '25.00', '1175.00'),
        ]),
        [
          140,
          [
            [160, 'Closing balance 2025-03-31'],
            [570, '1175.00', 'r'],
          ],
        ],
      ]),
    );
  };
  const expected = [
    ['2025-03-04', 'CHEQUE LODGED', 200],
    ['2025-03-05', 'DIRECT DEBIT', -50],
    ['2025-03-09', 'CARD SETTLEMENT', 25],
  ];
  it('dates each row by its booking date', () => {
    const s = table(
      [
        [40, 'Booking date'],
        [100, 'Value date'],
        [160, 'Text'],
        [430, 'Debit', 'r'],
        [500, 'Credit', 'r'],
        [570, 'Balance', 'r'],
      ],
      'booking',
    );
    expect(brief(s)).toEqual(expected);
    expect(s.reconciliation.ok).toBe(true);
  });
  it('dates each row by its booking date when the value date is printed first', () => {
    const s = table(
      [
        [40, 'Value date'],
        [100, 'Booking date'],
        [160, 'Text'],
        [430, 'Debit', 'r'],
        [500, 'Credit', 'r'],
        [570, 'Balance', 'r'],
      ],
      'value',
    );
    expect(brief(s)).toEqual(expected);
  });
});

describe("the month's name between slashes ('06/Jan/2025')", () => {
  // Evidence: statements printed by core banking systems in the 'dd/Mon/yyyy' form (banks with Gulf and
  // South Asian parents in the UK, Al Rayan Bank's among the Islamic banks). Not read as dates, every row
  // was dated 1 January with its date leading its description.
  it('is a date, in a row and in the period', () => {
    expect(parseDate('06/Jan/2025')).toEqual({ day: 6, month: 1, year: 2025 });
    expect(parseDate('31/Mar/25')).toEqual({ day: 31, month: 3, year: 2025 });
    expect(findPeriod('Statement period 01/Jan/2025 to 31/Mar/2025')).toEqual({
      start: '2025-01-01',
      end: '2025-03-31',
    });
  });
  it('dates the rows of a statement', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Everyday Saver Account Statement']]],
        [
          80,
          [
            [40, 'Date'],
            [120, 'Description'],
            [430, 'Credit', 'r'],
            [500, 'Debit', 'r'],
            [570, 'Balance', 'r'],
          ],
        ],
        ...rowsFrom(95, 12, [
          [
            [40, '01/Jan/2025'],
            [120, 'Balance brought forward'],
            [570, '1,000.00', 'r'],
          ],
          [
            [40, '06/Jan/2025'],
            [120, 'Transfer in'],
            [430, '500.00', 'r'],
            [570, '1,500.00', 'r'],
          ],
          [
            [40, '31/Jan/2025'],
            [120, 'Profit paid'],
            [430, '4.02', 'r'],
            [570, '1,504.02', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-01-06', 'Transfer in', 500],
      ['2025-01-31', 'Profit paid', 4.02],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a passbook's headings ('DATE  CODE  BRANCH  WITHDRAWALS  RECEIPTS  BALANCE')", () => {
  // Evidence: building-society passbooks and the annual statements printed in their form (Yorkshire,
  // Skipton, Leeds): each entry a transaction code and the branch number, a key to the codes under the table.
  // Not read as headings, the table's columns were guessed from where its figures stand.
  it('are read: the code a type, the branch a text column', () => {
    const heading = readHeading(
      wordsFromBlocks(
        pageBlocks([
          [
            100,
            [
              [40, 'DATE'],
              [110, 'CODE'],
              [160, 'BRANCH'],
              [330, 'WITHDRAWALS', 'r'],
              [420, 'RECEIPTS', 'r'],
              [530, 'BALANCE', 'r'],
            ],
          ],
        ]),
      ),
    );
    expect(heading?.map((c) => c.kind)).toEqual(['date', 'type', 'description', 'out', 'in', 'balance']);
  });
});
