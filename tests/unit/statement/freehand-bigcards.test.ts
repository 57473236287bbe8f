import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { groupRows, wordsFromBlocks } from '../../../functions/domain/statement/geometry';
import { detectHeader } from '../../../functions/domain/statement/header';
import { FREEHAND_BIGCARDS } from '../../fixtures/statements/freehand-bigcards';
import { type CellSpec, pageBlocks, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * Statements of the UK's biggest card, charge card and savings issuers drawn freehand
 * (tests/fixtures/statements/freehand-bigcards.ts): each layout read from its text layer, every row exact;
 * each trait the set showed the reader did not yet read, on hand-built blocks.
 */
const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

describe('the biggest UK card and savings issuers drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_BIGCARDS);
});

describe("a heading that does not wrap printed level with the wrapped headings' second lines", () => {
  // Evidence: card statements head their date columns on two lines ('Date of' over 'transaction', 'Date'
  // over 'posted'; MBNA's 'Transaction' / 'Posting' / 'Rate' over 'Date' / 'Date' / 'Code') and print the
  // one-line 'Description' on the lower line. The first line read alone ('Date of | Date | Amount', the
  // 'of' left over) hid the second, and a reading from the second date column on won: every row was dated
  // by its posting date, the statement still adding up (confirmed though wrong).
  const heading: Array<[number, CellSpec[]]> = [
    [
      100,
      [
        [40, 'Date of'],
        [110, 'Date'],
        [555, 'Amount', 'r'],
      ],
    ],
    [
      109,
      [
        [40, 'transaction'],
        [110, 'posted'],
        [170, 'Description'],
        [555, '£', 'r'],
      ],
    ],
  ];
  it('reads both lines: the transaction date first, the posting date second', () => {
    const rows = groupRows(wordsFromBlocks(pageBlocks(heading)));
    const found = detectHeader(rows, 0);
    expect(found?.rows).toBe(2);
    expect(found?.header.columns.map((c) => c.kind)).toEqual(['date', 'date2', 'description', 'amount']);
  });
  it('dates each row by the date of the transaction', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Statement date 14.03.25']]],
        [42, [[40, 'Previous balance £100.00']]],
        [54, [[40, 'New balance £130.00']]],
        ...heading,
        ...rowsFrom(124, 12, [
          [
            [40, '15 Feb'],
            [110, '17 Feb'],
            [170, 'BP CONNECT'],
            [555, '50.00', 'r'],
          ],
          [
            [40, '18 Feb'],
            [110, '20 Feb'],
            [170, 'PAYMENT RECEIVED THANK YOU'],
            [555, '40.00CR', 'r'],
          ],
          [
            [40, '21 Feb'],
            [110, '23 Feb'],
            [170, 'LIDL GB'],
            [555, '20.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-02-15', 'BP CONNECT', -50],
      ['2025-02-18', 'PAYMENT RECEIVED THANK YOU', 40],
      ['2025-02-21', 'LIDL GB', -20],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("summary labels ending in their currency ('Previous Balance £' over its figure)", () => {
  // Evidence: American Express UK statements print 'Credit Limit £ | Available Credit Limit £' and the account
  // summary's 'Previous Balance £ … New Balance £' each over its figure. The lone '£' was taken for a figure,
  // so the line was not read as labels: no opening or closing, nothing to check the rows against.
  it('pairs each figure with the label above it', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Statement of Account']]],
        [42, [[40, 'Statement includes payments and charges received by 3 December 2025']]],
        [
          60,
          [
            [40, 'Previous Balance £'],
            [200, 'New Payments £'],
            [360, 'New Balance £'],
          ],
        ],
        [
          71,
          [
            [40, '1,265.30'],
            [200, '450.00'],
            [360, '875.30'],
          ],
        ],
        [
          100,
          [
            [40, 'Date'],
            [100, 'Transaction Details'],
            [555, 'Amount £', 'r'],
          ],
        ],
        ...rowsFrom(115, 12, [
          [
            [40, 'Nov 04'],
            [100, 'PRET A MANGER'],
            [555, '20.00', 'r'],
          ],
          [
            [40, 'Nov 05'],
            [100, 'PAYMENT RECEIVED - THANK YOU'],
            [555, '-450.00', 'r'],
          ],
          [
            [40, 'Nov 09'],
            [100, 'LIDL GB'],
            [555, '40.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.openingBalance).toBe(1265.3);
    expect(s.closingBalance).toBe(875.3);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a cardholder's title naming the card by its masked number, between two entries", () => {
  // Evidence: American Express UK prints each supplementary cardmember's rows under 'MR D OKONJO  Card
  // Number xxxx-xxxxxx-71012'; Barclaycard and MBNA list additional cardholders with their card or reference.
  // Printed in the description column a line under the main card's last entry, the title was read as that
  // entry's second line ('PAYMENT RECEIVED - THANK YOU MR D OKONJO Card Number …'), the figures still adding
  // up. A payment's own note 'CARD ENDING 5521' (no masked number) still goes on with it.
  const statement = (title: string) =>
    read(
      pageBlocks([
        [18, [[40, 'Credit card statement']]],
        [30, [[40, 'Statement date 03/12/25']]],
        [42, [[40, 'Previous balance £100.00']]],
        [54, [[40, 'New balance £130.00']]],
        [
          100,
          [
            [40, 'Date'],
            [100, 'Transaction Details'],
            [555, 'Amount £', 'r'],
          ],
        ],
        ...rowsFrom(115, 12, [
          [
            [40, '04/11/25'],
            [100, 'PRET A MANGER'],
            [555, '20.00', 'r'],
          ],
          [
            [40, '05/11/25'],
            [100, 'PAYMENT RECEIVED'],
            [555, '-10.00', 'r'],
          ],
          [[100, title]],
          [
            [40, '08/11/25'],
            [100, 'LIDL GB'],
            [555, '20.00', 'r'],
          ],
        ]),
      ]),
    );
  it('heads the rows below and is no part of the entry above', () => {
    expect(brief(statement('MR D OKONJO Card Number xxxx-xxxxxx-71012'))).toEqual([
      ['2025-11-04', 'PRET A MANGER', -20],
      ['2025-11-05', 'PAYMENT RECEIVED', 10],
      ['2025-11-08', 'LIDL GB', -20],
    ]);
  });
  it("leaves a payment's own card note with it", () => {
    expect(brief(statement('CARD ENDING 5521'))[1]).toEqual([
      '2025-11-05',
      'PAYMENT RECEIVED CARD ENDING 5521',
      10,
    ]);
  });
});

describe('card columns side by side without headings: credits with CR after the figure, a first line with no entry on the left', () => {
  // Evidence: Barclaycard prints its transactions in two columns, 'DD Mon  description  £12.34', credits
  // '£250.00 CR' right-aligned as a whole, the left column opened by 'Your previous balance' and a second
  // cardholder's rows under 'Mrs P Martin reference: 014'. The figures followed by CR stood apart from the
  // plain ones, taken for a second column (balances): no row was read. With that read, the right column's
  // first entry, level with a left line holding no entry, was lost.
  const left = (date: string, text: string, amount: string): CellSpec[] => [
    [40, date],
    [76, text],
    [280, amount, 'r'],
  ];
  const right = (date: string, text: string, amount: string): CellSpec[] => [
    [310, date],
    [346, text],
    [560, amount, 'r'],
  ];
  it('reads the CR figures in the amount column and the right column from its first line', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Statement date 27 January 2026']]],
        [42, [[40, 'Your previous balance: £100.00']]],
        [54, [[40, 'Your new balance: £165.00']]],
        [80, [[40, 'Your transactions']]],
        [
          100,
          [
            [76, 'Your previous balance'],
            [280, '£100.00', 'r'],
            ...right('05 Jan', 'M&S SIMPLY FOOD', '£30.00'),
          ],
        ],
        ...rowsFrom(114, 12, [
          [...left('28 Dec', 'ARGOS LTD', '£35.00'), ...right('06 Jan', 'LIDL GB', '£20.00')],
          [...left('31 Dec', 'Payment, thank you', '£50.00 CR'), ...right('07 Jan', 'CAFFE NERO', '£5.00')],
          [...left('02 Jan', 'BP CONNECT', '£40.00'), ...right('08 Jan', 'ARGOS LTD REFUND', '£15.00 CR')],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-12-28', 'ARGOS LTD', -35],
      ['2025-12-31', 'Payment, thank you', 50],
      ['2026-01-02', 'BP CONNECT', -40],
      ['2026-01-05', 'M&S SIMPLY FOOD', -30],
      ['2026-01-06', 'LIDL GB', -20],
      ['2026-01-07', 'CAFFE NERO', -5],
      ['2026-01-08', 'ARGOS LTD REFUND', 15],
    ]);
    expect(s.openingBalance).toBe(100);
    expect(s.closingBalance).toBe(165);
    expect(s.reconciliation.ok).toBe(true);
  });
});
