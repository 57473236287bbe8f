import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { parseDate } from '../../../functions/domain/statement/dates';
import { wordsFromBlocks } from '../../../functions/domain/statement/geometry';
import { readHeading } from '../../../functions/domain/statement/heading-score';
import { findPeriod } from '../../../functions/domain/statement/printed-periods';
import { FREEHAND_ACCESS } from '../../fixtures/statements/freehand-access';
import { type CellSpec, HEADING, type LineSpec, pageBlocks, rowsFrom } from './blocks';
import { read, readDrawn, rowsOf } from './freehand-support';

/**
 * Statements in the forms families receive other than the standard print, drawn freehand
 * (tests/fixtures/statements/freehand-access.ts): Welsh and bilingual statements, large print, a browser's
 * print of internet banking, day and page totals, an annual savings statement. Each layout read from its
 * text layer, every row exact; each trait on hand-built blocks.
 */
/**
 * Layouts that print neither an opening nor a closing balance (a browser's print of internet banking: the
 * rows' running balances only), read as not printed rather than worked out.
 */
const BALANCES_NOT_PRINTED = new Set(['browser-printout-pending']);

describe('statements in other forms drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_ACCESS) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      const printed = !BALANCES_NOT_PRINTED.has(layout.name);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(printed ? truth.openingBalance : null);
      expect(s.closingBalance).toBe(printed ? truth.closingBalance : null);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance] as const);

describe("Welsh month names and abbreviations ('04 Chwef', '1 Chwefror i 28 Chwefror 2025')", () => {
  // Evidence: UK banks and building societies issue Welsh-language and bilingual statements on request
  // (Welsh Language Commissioner's review of the banks' Welsh services, 2015); Welsh months Ionawr ...
  // Rhagfyr, cut short as Ion, Chwef, Maw, Ebr, Meh, Gorff, Hyd, Tach, Rhag.
  it('are dates, whole or cut short, and a period joined by Welsh "i" (to)', () => {
    expect(parseDate('04 Chwef')).toEqual({ day: 4, month: 2, year: null });
    expect(parseDate('31 Rhagfyr 2024')).toEqual({ day: 31, month: 12, year: 2024 });
    expect(parseDate('02 Ion 25')).toEqual({ day: 2, month: 1, year: 2025 });
    expect(parseDate('7 Gorffennaf')).toEqual({ day: 7, month: 7, year: null });
    expect(findPeriod('1 Chwefror i 28 Chwefror 2025')).toEqual({ start: '2025-02-01', end: '2025-02-28' });
    // Never the start of an English word.
    expect(parseDate('3 Hydro')).toBeNull();
  });
});

describe("Welsh column headings and balances ('Dyddiad | Manylion | Arian i mewn | Arian allan | Balans')", () => {
  // Evidence: Welsh-language statements (Principality Building Society corresponds in Welsh; banks' Welsh
  // statements on request): 'Dyddiad' (date), 'Disgrifiad' / 'Manylion' (description, details), 'Arian
  // allan' (money out), 'Arian i mewn' (money in), 'Balans' (balance), 'Balans agoriadol' (opening
  // balance), 'Balans cau' (closing balance).
  it('head the table; the opening and closing rows are balances', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Datganiad blynyddol']]],
        [42, [[40, 'Cyfnod: 1 Hydref 2024 i 30 Medi 2025']]],
        [
          80,
          [
            [40, 'Dyddiad'],
            [150, 'Manylion'],
            [400, 'Arian i mewn', 'r'],
            [480, 'Arian allan', 'r'],
            [560, 'Balans', 'r'],
          ],
        ],
        ...rowsFrom(95, 13, [
          [
            [40, '1 Hydref 2024'],
            [150, 'Balans agoriadol'],
            [560, '£100.00', 'r'],
          ],
          [
            [40, '14 Tachwedd 2024'],
            [150, 'Adnau'],
            [400, '£50.00', 'r'],
            [560, '£150.00', 'r'],
          ],
          [
            [40, '2 Ionawr 2025'],
            [150, 'Tynnu arian'],
            [480, '£20.00', 'r'],
            [560, '£130.00', 'r'],
          ],
          [
            [40, '30 Medi 2025'],
            [150, 'Balans cau'],
            [560, '£130.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2024-11-14', 'Adnau', 50, 150],
      ['2025-01-02', 'Tynnu arian', -20, 130],
    ]);
    expect([s.openingBalance, s.closingBalance]).toEqual([100, 130]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("bilingual headings: Welsh over English, or side by side ('Dyddiad / Date')", () => {
  // Evidence: bilingual statements print each heading in both languages, on two lines or joined by a
  // slash, as Welsh public bodies' forms do ('Dyddiad / Date'); each names one column.
  const heading = (cells: Array<[number, string] | [number, string, 'r']>, under?: CellSpec[]) =>
    readHeading(
      wordsFromBlocks(pageBlocks([[100, cells as CellSpec[]], ...(under ? [[111, under] as LineSpec] : [])])),
    );
  it('side by side: one column each', () => {
    expect(
      heading([
        [40, 'Dyddiad / Date'],
        [120, 'Manylion / Details'],
        [470, 'Swm / Amount', 'r'],
        [560, 'Balans / Balance', 'r'],
      ])?.map((c) => c.kind),
    ).toEqual(['date', 'description', 'amount', 'balance']);
  });
  it('Welsh over English: one column each', () => {
    const words = wordsFromBlocks(
      pageBlocks([
        [
          100,
          [
            [40, 'Dyddiad'],
            [100, 'Disgrifiad'],
            [390, 'Arian allan', 'r'],
            [470, 'Arian i mewn', 'r'],
            [560, 'Balans', 'r'],
          ],
        ],
        [
          110,
          [
            [40, 'Date'],
            [100, 'Description'],
            [390, 'Paid out', 'r'],
            [470, 'Paid in', 'r'],
            [560, 'Balance', 'r'],
          ],
        ],
      ]),
    );
    expect(readHeading(words)?.map((c) => c.kind)).toEqual(['date', 'description', 'out', 'in', 'balance']);
  });
});

describe("a summary label in two languages ('Balans agoriadol / Opening balance £412.77')", () => {
  // Evidence: bilingual statements' summaries print the Welsh label, a slash, the English label, then the
  // figure.
  it('gives the figure after the second label', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Cyfriflen / Statement 1 Ionawr i 31 Ionawr 2025']]],
        [
          50,
          [
            [40, 'Balans agoriadol / Opening balance £100.00'],
            [320, 'Balans cau / Closing balance £80.00'],
          ],
        ],
        [
          80,
          [
            [40, 'Dyddiad / Date'],
            [120, 'Manylion / Details'],
            [470, 'Swm / Amount', 'r'],
            [560, 'Balans / Balance', 'r'],
          ],
        ],
        ...rowsFrom(95, 13, [
          [
            [40, '03 Ion 25'],
            [120, 'TESCO'],
            [470, '-20.00', 'r'],
            [560, '80.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([['2025-01-03', 'TESCO', -20, 80]]);
    expect([s.openingBalance, s.closingBalance]).toEqual([100, 80]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("Welsh summary labels ('Balans agoriadol £100.00', 'Balans cau £75.00')", () => {
  // Evidence: Welsh-language statements name the opening balance 'Balans agoriadol' and the closing 'Balans
  // cau'; brought and carried forward 'Balans a ddygwyd ymlaen' / 'Balans a gariwyd ymlaen'.
  it('are the opening and closing balances', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Datganiad 1 Ionawr i 31 Ionawr 2025']]],
        [50, [[40, 'Balans agoriadol £100.00']]],
        [62, [[40, 'Balans cau £75.00']]],
        [
          100,
          [
            [40, 'Dyddiad'],
            [120, 'Disgrifiad'],
            [470, 'Swm', 'r'],
            [560, 'Balans', 'r'],
          ],
        ],
        ...rowsFrom(115, 13, [
          [
            [40, '03 Ion'],
            [120, 'TESCO'],
            [470, '-20.00', 'r'],
            [560, '80.00', 'r'],
          ],
          [
            [40, '04 Ion'],
            [120, 'SPAR'],
            [470, '-5.00', 'r'],
            [560, '75.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-01-03', 'TESCO', -20, 80],
      ['2025-01-04', 'SPAR', -5, 75],
    ]);
    expect([s.openingBalance, s.closingBalance]).toEqual([100, 75]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("Welsh dated balances ('Balans ar 1 Mawrth 2025 £100.00', 'Balans ar 31 Mawrth 2025')", () => {
  // Evidence: Welsh-language statements print the summary's balances on their dates as the English 'Balance
  // on 1 March 2025' ('Balans ar' = balance on), the month in Welsh. Not read, the statement had no opening or
  // closing, and the running balances alone checked it.
  it('are the opening and closing balances, by their dates', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Datganiad 1 Mawrth i 31 Mawrth 2025']]],
        [50, [[40, 'Balans ar 1 Mawrth 2025 \u00a3100.00']]],
        [62, [[40, 'Balans ar 31 Mawrth 2025 \u00a375.00']]],
        [
          100,
          [
            [40, 'Dyddiad'],
            [120, 'Disgrifiad'],
            [470, 'Swm', 'r'],
            [560, 'Balans', 'r'],
          ],
        ],
        ...rowsFrom(115, 13, [
          [
            [40, '03 Maw'],
            [120, 'TESCO'],
            [470, '-20.00', 'r'],
            [560, '80.00', 'r'],
          ],
          [
            [40, '04 Maw'],
            [120, 'SPAR'],
            [470, '-5.00', 'r'],
            [560, '75.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-03-03', 'TESCO', -20, 80],
      ['2025-03-04', 'SPAR', -5, 75],
    ]);
    expect([s.openingBalance, s.closingBalance]).toEqual([100, 75]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("totals of a day or a page inside the table ('Total for day', 'Page totals', 'Cyfanswm y dudalen')", () => {
  // Evidence: account listings and statements that total each day's and each page's debits and credits
  // (business online-banking statement reports), bilingual page totals ('Cyfanswm y dudalen / Page total').
  // They add up part of the table: no transactions, and not the statement's totals.
  const row = (date: string, text: string, dr: string, cr: string, bal: string): CellSpec[] => [
    [40, date],
    [120, text],
    [380, dr, 'r'],
    [455, cr, 'r'],
    [530, bal, 'r'],
  ];
  const heading: LineSpec = [
    80,
    [
      [40, 'Date'],
      [120, 'Details'],
      [380, 'Debits', 'r'],
      [455, 'Credits', 'r'],
      [530, 'Balance', 'r'],
    ],
  ];
  const totals = (label: string, dr: string, cr: string): CellSpec[] => [
    [120, label],
    [380, dr, 'r'],
    [455, cr, 'r'],
  ];
  it('are neither transactions nor the statement totals', () => {
    const s = read([
      ...pageBlocks(
        [
          [30, [[40, 'Statement of account 01-05-2025 to 31-05-2025']]],
          heading,
          ...rowsFrom(95, 13, [
            row('01-05-2025', 'BALANCE FORWARD', '', '', '100.00'),
            row('02-05-2025', 'POS CO-OP', '10.00', '', '90.00'),
            row('02-05-2025', 'BGC WAGES', '', '500.00', '590.00'),
            totals('Total for day', '10.00', '500.00'),
            row('03-05-2025', 'ATM CASH', '20.00', '', '570.00'),
            totals('Cyfanswm y dudalen / Page totals', '30.00', '500.00'),
          ]),
        ],
        1,
      ),
      ...pageBlocks(
        [
          heading,
          ...rowsFrom(95, 13, [
            row('05-05-2025', 'POS SPAR', '7.00', '', '563.00'),
            row('06-05-2025', 'POS ESSO', '40.00', '', '523.00'),
            totals('Page totals', '47.00', '0.00'),
            row('31-05-2025', 'CLOSING BALANCE', '', '', '523.00'),
          ]),
        ],
        2,
      ),
    ]);
    expect(s.transactions.map((t) => [t.date, t.description, t.signedAmount])).toEqual([
      ['2025-05-02', 'POS CO-OP', -10],
      ['2025-05-02', 'BGC WAGES', 500],
      ['2025-05-03', 'ATM CASH', -20],
      ['2025-05-05', 'POS SPAR', -7],
      ['2025-05-06', 'POS ESSO', -40],
    ]);
    expect([s.openingBalance, s.closingBalance]).toEqual([100, 523]);
    expect(s.reconciliation.ok).toBe(true);
  });
  it("while 'Statement totals' are the statement's own", () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Statement of account 01-05-2025 to 31-05-2025']]],
        heading,
        ...rowsFrom(95, 13, [
          row('01-05-2025', 'BALANCE FORWARD', '', '', '100.00'),
          row('02-05-2025', 'POS CO-OP', '10.00', '', '90.00'),
          totals('Statement totals', '10.00', '0.00'),
          row('31-05-2025', 'CLOSING BALANCE', '', '', '90.00'),
        ]),
      ]),
    );
    expect(brief(s)).toEqual([['2025-05-02', 'POS CO-OP', -10, 90]]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("'overdrawn' printed under a balance (large print)", () => {
  // Evidence: large-print statements (16-18 pt, RNIB clear-print guidance; banks' accessible formats) wrap
  // what does not fit the column: an overdrawn balance's marker stands on the line under its figure.
  it('marks the balance above it overdrawn; the description goes on', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Statement for 1 April 2025 to 30 April 2025']]],
        [80, HEADING],
        ...rowsFrom(95, 13, [
          [
            [110, 'Balance brought forward'],
            [560, '10.00', 'r'],
          ],
          [
            [40, '03/04/25'],
            [110, 'Card payment to'],
            [400, '15.00', 'r'],
            [560, '5.00', 'r'],
          ],
          [
            [110, 'Boots Retford'],
            [560, 'overdrawn', 'r'],
          ],
          [
            [40, '07/04/25'],
            [110, 'Pension'],
            [480, '100.00', 'r'],
            [560, '95.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-04-03', 'Card payment to Boots Retford', -15, -5],
      ['2025-04-07', 'Pension', 100, 95],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});
