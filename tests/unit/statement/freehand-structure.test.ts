import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { FREEHAND_STRUCTURE } from '../../fixtures/statements/freehand-structure';
import { type LineSpec, pageBlocks, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * Statements whose table structure is unusual, drawn freehand (tests/fixtures/statements/freehand-structure.ts):
 * each layout read from its text layer, every row exact; each trait the reader did not yet read on hand-built
 * blocks.
 */
describe('statements with unusual table structures drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_STRUCTURE);
});

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance] as const);

describe("a ditto mark under a repeated date ('\"' in the date column)", () => {
  // Evidence: ledgers, passbooks and statements printed on line printers (C. Hoare & Co.'s and older
  // building societies' statements as customers' copies show): a repeated date printed as '"'. Kept, it led
  // each such row's description, and the figures, adding up, confirmed the wrong descriptions.
  it('repeats the date above and is no word of the description, in a line printed as one run of text', () => {
    const line = (date: string, text: string, amount: string, balance: string) =>
      `${date.padEnd(8)}  ${text.padEnd(30)}${amount.padStart(12)}${balance.padStart(14)}`;
    const s = read(
      pageBlocks([
        [30, [[40, 'STATEMENT OF ACCOUNT FROM 01/03/25 TO 31/03/25']]],
        [
          80,
          [
            [
              40,
              `${'DATE'.padEnd(8)}  ${'PARTICULARS'.padEnd(30)}${'AMOUNT'.padStart(11)} ${'BALANCE'.padStart(12)}  `,
            ],
          ],
        ],
        ...rowsFrom(95, 12, [
          [[40, line('01/03/25', 'BALANCE BROUGHT FORWARD', '', '412.88CR')]],
          [[40, line('04/03/25', 'CARD PURCHASE WAITROSE', '25.37-', '387.51CR')]],
          [[40, line('   "', 'DIRECT DEBIT BT GROUP', '62.40-', '325.11CR')]],
          [[40, line('   "', 'CHEQUE 100234', '450.00-', '124.89DR')]],
          [[40, line('07/03/25', 'CREDIT SALARY', '1,200.00 ', '1,075.11CR')]],
          [[40, line('  do.', 'CARD PURCHASE HATCHARDS', '41.02-', '1,034.09CR')]],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-03-04', 'CARD PURCHASE WAITROSE', -25.37, 387.51],
      ['2025-03-04', 'DIRECT DEBIT BT GROUP', -62.4, 325.11],
      ['2025-03-04', 'CHEQUE 100234', -450, -124.89],
      ['2025-03-07', 'CREDIT SALARY', 1200, 1075.11],
      ['2025-03-07', 'CARD PURCHASE HATCHARDS', -41.02, 1034.09],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a Day column under month section lines ('Day | Particulars | Payments | Receipts | Balance')", () => {
  // Evidence: ledger-style statements and passbooks (private banks' ledger print, as customers' copies of
  // Adam & Company's and Child & Co.'s statements show): the day's number alone, the month and year only in
  // a section line over the month's rows. 'Day' was no heading word and a bare day no date: every row was
  // dated 1 January with the dates unreadable.
  const table = (sections: boolean) =>
    read(
      pageBlocks([
        [30, [[40, 'Statement of Account  Sheet 214']]],
        [
          80,
          [
            [50, 'Day'],
            [90, 'Particulars'],
            [400, 'Payments', 'r'],
            [480, 'Receipts', 'r'],
            [560, 'Balance', 'r'],
          ],
        ],
        ...rowsFrom(95, 12, [
          sections ? [[42, 'DECEMBER 2024']] : [],
          [
            [50, '28'],
            [90, 'Balance brought forward'],
            [560, '1,000.00', 'r'],
          ],
          [
            [50, '30'],
            [90, 'Card payment Waterstones'],
            [400, '14.25', 'r'],
            [560, '985.75', 'r'],
          ],
          sections ? [[42, 'JANUARY 2025']] : [],
          [
            [50, '2'],
            [90, 'Credit Salary'],
            [480, '2,000.00', 'r'],
            [560, '2,985.75', 'r'],
          ],
          [
            [50, '6'],
            [90, 'Direct debit Scottish Power'],
            [400, '112.00', 'r'],
            [560, '2,873.75', 'r'],
          ],
        ]).filter(([, cells]) => cells.length),
      ]),
      { referenceDate: '2025-02-01' },
    );
  it('dates each row by its day and the month and year of the section line above it', () => {
    const s = table(true);
    expect(brief(s)).toEqual([
      ['2024-12-30', 'Card payment Waterstones', -14.25, 985.75],
      ['2025-01-02', 'Credit Salary', 2000, 2985.75],
      ['2025-01-06', 'Direct debit Scottish Power', -112, 2873.75],
    ]);
    expect(s.reconciliation.ok).toBe(true);
    expect(s.yearSource).toBe('printed');
  });
  it('leaves a bare number undated where no section line names the month', () => {
    const s = table(false);
    expect(s.transactions.every((t) => t.date !== '2025-01-02')).toBe(true);
  });
});

describe("money columns before the description ('Date | Withdrawals | Deposits | Particulars | Balance')", () => {
  // Evidence: building-society passbooks and the statements printed in their form (the passbook's fixed
  // money columns ahead of its narrative). The description's words stood in the money columns' area, so
  // every row was text across the money columns: no row was read.
  it('reads the description between the money columns and the balance', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Half-yearly statement  Period 01.01.2025 - 30.06.2025']]],
        [
          80,
          [
            [40, 'Date'],
            [170, 'Withdrawals', 'r'],
            [240, 'Deposits', 'r'],
            [255, 'Particulars'],
            [560, 'Balance', 'r'],
          ],
        ],
        ...rowsFrom(95, 12, [
          [
            [40, '01.01.2025'],
            [255, 'Balance brought forward'],
            [560, '18,642.15', 'r'],
          ],
          [
            [40, '06.01.2025'],
            [240, '300.00', 'r'],
            [255, 'Standing order from current a/c'],
            [560, '18,942.15', 'r'],
          ],
          [
            [40, '20.01.2025'],
            [170, '250.00', 'r'],
            [255, 'Withdrawal at branch - cash 000187'],
            [560, '18,692.15', 'r'],
          ],
          [
            [40, '31.03.2025'],
            [240, '178.31', 'r'],
            [255, 'Interest credited gross'],
            [560, '18,870.46', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-01-06', 'Standing order from current a/c', 300, 18942.15],
      ['2025-01-20', 'Withdrawal at branch - cash 000187', -250, 18692.15],
      ['2025-03-31', 'Interest credited gross', 178.31, 18870.46],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a section per payment type, its title the direction ('Payments in', 'Direct debits', 'Card payments')", () => {
  // Evidence: statements grouping the month's entries by payment type (the Co-operative Bank's and credit
  // unions' "payments by type" print, annual account summaries), one Amount column, no running balance, a
  // subtotal under each section and the statement's totals at the end. More rows than the opening and closing
  // can decide, so each direction was guessed from its description: 'HMRC SELF ASSESSMENT' and a card's
  // 'CREDIT CARD' direct debit read as money in, a lodger's 'RENT SHARE' and a 'VINTED' sale as money out.
  type Section = [title: string, rows: Array<[date: string, description: string, pence: number]>];
  const statement = (sections: readonly Section[], period: string) => {
    const opening = 94512;
    const all = sections.flatMap(([, rows]) => rows);
    const closing = opening + all.reduce((n, [, , p]) => n + p, 0);
    const money = (p: number) =>
      (Math.abs(p) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const lines: LineSpec[] = [
      [30, [[40, 'The co-operative bank']]],
      [45, [[40, period]]],
      [70, [[40, 'Your transactions this month, by type']]],
    ];
    let y = 90;
    for (const [title, rows] of sections) {
      lines.push([
        y,
        [
          [40, title],
          [450, 'Amount \u00a3', 'r'],
        ],
      ]);
      y += 14;
      for (const [date, description, pence] of rows) {
        lines.push([
          y,
          [
            [40, date],
            [110, description],
            [450, money(pence), 'r'],
          ],
        ]);
        y += 12;
      }
      lines.push([
        y,
        [
          [110, `Total ${title}`],
          [450, money(rows.reduce((n, [, , p]) => n + p, 0)), 'r'],
        ],
      ]);
      y += 20;
    }
    const sum = (sign: number) =>
      all.filter(([, , p]) => p * sign > 0).reduce((n, [, , p]) => n + Math.abs(p), 0);
    lines.push([
      y,
      [
        [110, 'Opening balance'],
        [450, money(opening), 'r'],
      ],
    ]);
    lines.push([
      y + 12,
      [
        [110, 'Total money in'],
        [450, money(sum(1)), 'r'],
      ],
    ]);
    lines.push([
      y + 24,
      [
        [110, 'Total money out'],
        [450, money(sum(-1)), 'r'],
      ],
    ]);
    lines.push([
      y + 36,
      [
        [110, 'Closing balance'],
        [450, money(closing), 'r'],
      ],
    ]);
    return { blocks: pageBlocks(lines), all, opening, closing };
  };
  const english: Section[] = [
    [
      'Direct Debits',
      [
        ['01/02/2025', 'OCTOPUS ENERGY', -14200],
        ['01/02/2025', 'HMRC SELF ASSESSMENT', -31250],
        ['03/02/2025', 'BIRMINGHAM CITY COUNCIL', -17800],
        ['10/02/2025', 'BARCLAYCARD CREDIT CARD', -8600],
        ['15/02/2025', 'AVIVA INSURANCE', -4112],
        ['24/02/2025', 'PUREGYM LTD', -2299],
      ],
    ],
    [
      'Standing Orders',
      [
        ['01/02/2025', 'MRS P KAUR RENT', -72500],
        ['14/02/2025', 'SAVINGS 30-94-41 11223344', -15000],
      ],
    ],
    [
      'Card Payments',
      [
        ['02/02/2025', 'ALDI 84 SELLY OAK', -3417],
        ['05/02/2025', 'NATIONAL EXPRESS WM', -460],
        ['08/02/2025', 'ASDA SUPERSTORE 4288', -6843],
        ['11/02/2025', 'GREGGS 1174', -395],
        ['13/02/2025', 'BOOTS 3311', -1249],
        ['21/02/2025', 'ODEON CINEMAS', -2180],
      ],
    ],
    [
      'Payments In',
      [
        ['14/02/2025', 'BGC UNIVERSITY OF BHAM', 231604],
        ['17/02/2025', 'J SMITH RENT SHARE', 45000],
        ['20/02/2025', 'VINTED LTD', 2350],
        ['26/02/2025', 'CHILD BENEFIT', 10260],
      ],
    ],
  ];

  it('reads each amount in the direction its section title names, over what its description suggests', () => {
    const { blocks, all, opening, closing } = statement(english, 'Statement period 01/02/2025 to 28/02/2025');
    const s = read(blocks);
    expect(s.transactions.map((t) => [t.description, t.signedAmount])).toEqual(
      all.map(([, d, p]) => [d, p / 100]),
    );
    expect([s.openingBalance, s.closingBalance]).toEqual([opening / 100, closing / 100]);
    expect(s.reconciliation.ok).toBe(true);
    expect(s.warnings.some((w) => /guessed from the description/.test(w))).toBe(false);
  });

  it("reads the Welsh titles ('Arian allan', 'Arian i mewn') so too", () => {
    const welsh: Section[] = [
      ['Arian allan', english[0]![1].concat(english[2]![1])],
      ['Arian i mewn', english[3]![1]],
      ['Taliadau allan', english[1]![1]],
    ];
    const { blocks, all } = statement(welsh, 'Cyfnod y datganiad 01/02/2025 i 28/02/2025');
    const s = read(blocks);
    expect(s.transactions.map((t) => [t.description, t.signedAmount])).toEqual(
      all.map(([, d, p]) => [d, p / 100]),
    );
    expect(s.reconciliation.ok).toBe(true);
  });

  it('takes no direction from a title over a summary box, its next line a figure', () => {
    // 'Money in' over '£450.00' is the summary's total, not a section over the table below it: read as one,
    // the shopping would be money in, and the statement read as a card's. No opening or closing: the totals
    // alone check the rows.
    const s = read(
      pageBlocks([
        [30, [[40, 'Statement period 01/02/2025 to 28/02/2025']]],
        [50, [[40, 'Money out']]],
        [62, [[40, '\u00a350.00']]],
        [74, [[40, 'Money in']]],
        [86, [[40, '\u00a3450.00']]],
        [
          110,
          [
            [40, 'Date'],
            [110, 'Description'],
            [450, 'Amount', 'r'],
          ],
        ],
        ...rowsFrom(124, 12, [
          [
            [40, '03/02/2025'],
            [110, 'TESCO STORES'],
            [450, '50.00', 'r'],
          ],
          [
            [40, '04/02/2025'],
            [110, 'SALARY ACME'],
            [450, '450.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => t.signedAmount)).toEqual([-50, 450]);
    expect(s.accountKind).toBe('bank');
    expect(s.reconciliation.ok).toBe(true);
  });
});
