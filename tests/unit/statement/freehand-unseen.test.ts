import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { groupRows, wordsFromBlocks } from '../../../functions/domain/statement/geometry';
import { detectHeader } from '../../../functions/domain/statement/header';
import { FREEHAND_UNSEEN } from '../../fixtures/statements/freehand-unseen';
import { type CellSpec, HEADING, pageBlocks, row, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * UK banks and card issuers not drawn before (tests/fixtures/statements/freehand-unseen.ts), carrying in new
 * combinations the traits a held-back set of real statements showed the reader failing on: each layout read
 * from its text layer, every row exact; each trait on hand-built blocks.
 */
const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

describe('statements of banks and card issuers not drawn before, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_UNSEEN);
});

/** A card's rows under 'Transaction' over 'date' | Description | Amount £, from y0, 15 points apart. */
const cardRows = (y0: number, rows: Array<[string, string, string]>) =>
  rowsFrom(
    y0,
    15,
    rows.map(([date, text, amount]): CellSpec[] => [
      [40, date],
      [110, text],
      [400, amount, 'r'],
    ]),
  );
const CARD_ROWS: Array<[string, string, string]> = [
  ['15 May', 'GREGGS PLC NEWCASTLE', '4.34'],
  ['2 June', 'SHELL GOSFORTH', '40.00'],
  ['9 June', 'SAINSBURYS S/MKTS', '12.00'],
];
const CARD_ANSWER = [
  ['2025-05-15', 'GREGGS PLC NEWCASTLE', -4.34],
  ['2025-06-02', 'SHELL GOSFORTH', -40],
  ['2025-06-09', 'SAINSBURYS S/MKTS', -12],
];

describe("a box beside the table sharing the heading's lines ('Statement date' over '13 June 25')", () => {
  // Evidence: UK card statements (Virgin Money, MBNA and other bank cards) print a box of account details
  // right of the transactions, its labels above their values, level with the table's two-line headings
  // ('Transaction' over 'date'). Its 'Statement date' was read as the table's date column, so no row had a
  // date; the statement's only year, two digits, stood under that label.
  const blocks = pageBlocks([
    [40, [[40, 'Credit card statement. Credit limit £3,500.00']]],
    [55, [[40, 'Previous balance 100.00']]],
    [67, [[40, 'New balance 156.34']]],
    [
      100,
      [
        [40, 'Transaction'],
        [110, 'Description'],
        [400, 'Amount £', 'r'],
        [440, 'Statement date'],
      ],
    ],
    [
      110,
      [
        [40, 'date'],
        [440, '13 June 25'],
      ],
    ],
    ...cardRows(130, CARD_ROWS),
  ]);
  it('reads the heading up to the gap before the box', () => {
    const rows = groupRows(wordsFromBlocks(blocks));
    const found = detectHeader(
      rows,
      rows.findIndex((r) => r.words[0]!.text === 'Transaction'),
    );
    expect(found?.rows).toBe(2);
    expect(found?.header.columns.map((c) => [c.kind, Math.round(c.left * 600)])).toEqual([
      ['date', 40],
      ['description', 110],
      ['amount', 360],
    ]);
  });
  it("takes the year from the date under the box's label", () => {
    const s = read(blocks);
    expect(brief(s)).toEqual(CARD_ANSWER);
    expect(s.yearSource).toBe('statement_date');
    expect(s.statementDate).toBe('2025-06-13');
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a box's figures beside the table under their labels ('Credit limit' over '£3,500.00')", () => {
  // Evidence: the same card boxes ('Credit limit', 'Minimum payment', each over its figure) stand level with
  // the transactions; a figure of the box on a row's line was read as that row's second amount, and on a
  // section heading's line ('Payments and credits') as a transaction of its own.
  const blocks = pageBlocks([
    [40, [[40, 'Credit card statement. Statement date 13 June 25']]],
    [55, [[40, 'Previous balance 100.00']]],
    [67, [[40, 'New balance 156.34']]],
    [
      100,
      [
        [40, 'Date'],
        [110, 'Description'],
        [400, 'Amount £', 'r'],
      ],
    ],
    [118, [[440, 'Credit limit']]],
    [
      130,
      [
        [110, 'Purchases'],
        [440, '£3,500.00'],
      ],
    ],
    [142, [[440, 'Minimum payment']]],
    ...cardRows(154, CARD_ROWS).map(([y, cells]): [number, CellSpec[]] => [
      y,
      y === 154 ? [...cells, [440, '£25.00']] : cells,
    ]),
  ]);
  it('are the box’s, neither a row nor a second amount', () => {
    const s = read(blocks);
    expect(brief(s)).toEqual(CARD_ANSWER);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a savings summary's 'Interest' printed apart from 'Paid in' ('Interest 80.58')", () => {
  // Evidence: savings statements (Marcus by Goldman Sachs, app savers) summarise the period as 'Opening
  // balance', 'Paid in' (the deposits), 'Paid out', 'Interest', 'Closing balance': 'Interest' alone, its
  // figure right after it. Money in was checked against the deposits and interest together and broke.
  const summary = (interest: string) =>
    read(
      pageBlocks([
        [30, [[40, 'Savings account statement 1 January 2025 to 31 January 2025']]],
        [50, [[40, 'Opening balance 1,000.00']]],
        [62, [[40, 'Paid in 500.00']]],
        [74, [[40, 'Paid out 200.00']]],
        [86, [[40, `${interest} 3.50`]]],
        [98, [[40, 'Closing balance 1,303.50']]],
        [130, HEADING],
        ...rowsFrom(145, 12, [
          row('06/01/2025', 'Deposit from current account', '', '500.00', '1,500.00'),
          row('20/01/2025', 'Withdrawal to current account', '200.00', '', '1,300.00'),
          row('31/01/2025', 'Interest 4.10% AER on 1,300.00', '', '3.50', '1,303.50'),
        ]),
      ]),
    );
  it('is the interest the deposits leave out', () => {
    expect(summary('Interest').reconciliation.ok).toBe(true);
  });
  it("is read only with its figure right after it ('Interest charged' is not the saver's interest)", () => {
    expect(summary('Interest charged').reconciliation.ok).toBe(false);
  });
});
