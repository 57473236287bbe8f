import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { FREEHAND_REGIONAL } from '../../fixtures/statements/freehand-regional';
import { type CellSpec, type LineSpec, pageBlocks } from './blocks';
import { read, readDrawn, rowsOf } from './freehand-support';

/**
 * Current-account and business-account statements of UK banks not drawn from their own evidence before
 * (Virgin Money, Ulster Bank, Bank of Ireland UK, AIB (NI), Nationwide FlexPlus, Tide, Mettle), drawn freehand
 * (tests/fixtures/statements/freehand-regional.ts): each layout read from its text layer, every row exact.
 */

describe('regional and business current accounts drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_REGIONAL) {
    it(layout.name, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

const heading: LineSpec = [
  200,
  [
    [40, 'Date'],
    [90, 'Description'],
    [400, '£Out', 'r'],
    [470, '£In', 'r'],
    [550, '£Balance', 'r'],
  ],
];
/** Yearless rows across a new year, as Nationwide and the NI banks print them. */
const yearless: LineSpec[] = [
  [
    216,
    [
      [40, '12 Dec'],
      [90, 'Balance from statement 83'],
      [550, '422.65', 'r'],
    ],
  ],
  [
    228,
    [
      [40, '13 Dec'],
      [90, 'WAITROSE 223 SWINDON'],
      [400, '24.95', 'r'],
      [550, '397.70', 'r'],
    ],
  ],
  [
    240,
    [
      [40, '02 Jan'],
      [90, 'HONDA OF THE UK SALARY'],
      [470, '2,190.45', 'r'],
      [550, '2,588.15', 'r'],
    ],
  ],
];

describe("a box's label above its figure, among other labels on its line", () => {
  // Evidence: Nationwide's statements and UK banks' account-details boxes print the statement's facts in
  // cells, each label over its value, two or more cells to a line ('Statement date' | 'Statement no.' over
  // '11/01/26' | '84'), the address beside them on the same text lines. The statement date, the only year,
  // was not read (its label had other words after it on its line, and the value under it was looked for
  // level with the line's first word, the address), so the rows' years came from the latest date printed
  // elsewhere: the sort code '07-04-36' in the cell under 'Sort code', read as 7 April 2036. Every row was
  // dated ten years on and the balances confirmed it (confirmed though wrong).
  const boxes = (withStatementDate: boolean, sortCode = '07-04-36'): LineSpec[] => [
    [
      84,
      [
        [40, 'Mr Owen Price'],
        ...((withStatementDate ? [[300, 'Statement date']] : []) as CellSpec[]),
        [430, 'Statement no.'],
      ],
    ],
    [
      95,
      [
        [40, '7 Kingshill Road'],
        ...((withStatementDate ? [[300, '11/01/26']] : []) as CellSpec[]),
        [430, '84'],
      ],
    ],
    [
      118,
      [
        [40, 'SN1 4LG'],
        [300, 'Sort code'],
        [430, 'Account no.'],
      ],
    ],
    [
      129,
      [
        [300, sortCode],
        [430, '1184 2290'],
      ],
    ],
  ];
  it("reads the statement date from under its label, whatever else stands on the label's line", () => {
    const s = read(pageBlocks([...boxes(true), heading, ...yearless]));
    expect(s.statementDate).toBe('2026-01-11');
    expect(brief(s).map(([date]) => date)).toEqual(['2025-12-13', '2026-01-02']);
    expect(s.reconciliation.ok).toBe(true);
  });
  it('never dates the statement by a sort code printed under its label', () => {
    // Without a statement date the year is the upload's (a guess, with a warning), never the sort code's:
    // '07-04-24' read as 7 April 2024 dated the rows December 2023 and January 2024, confirmed.
    const s = read(pageBlocks([...boxes(false, '07-04-24'), heading, ...yearless]), {
      referenceDate: '2026-01-20',
    });
    expect(s.yearSource).toBe('reference_date');
    expect(brief(s).map(([date]) => date)).toEqual(['2025-12-13', '2026-01-02']);
  });
  it('never dates the statement by a sort code printed after its label', () => {
    const lines: LineSpec[] = [
      [84, [[40, 'Sort code 20-11-24   Account number 11842290']]],
      heading,
      ...yearless,
    ];
    const s = read(pageBlocks(lines), { referenceDate: '2026-01-20' });
    expect(s.yearSource).toBe('reference_date');
    expect(brief(s).map(([date]) => date)).toEqual(['2025-12-13', '2026-01-02']);
  });
});

describe("a charges period printed apart from the statement's", () => {
  // Evidence: UK business current accounts take each month's transaction charges in the next statement's
  // period and print the period they were counted over beside them ('Charges for the period 01 Apr 2025 to
  // 30 Apr 2025' on AIB (NI)'s May statement, 'Interest for the period …'). Read as the statement's period,
  // every May row was dated after it and the statement sent to the check.
  const lines = (label: string): LineSpec[] => [
    [60, [[40, 'Statement date 31 May 2025']]],
    [
      200,
      [
        [40, 'Date'],
        [110, 'Details'],
        [400, 'Debit', 'r'],
        [475, 'Credit', 'r'],
        [555, 'Balance', 'r'],
      ],
    ],
    [
      216,
      [
        [40, '01 May 2025'],
        [110, 'BALANCE FORWARD'],
        [555, '2,418.60', 'r'],
      ],
    ],
    [
      229,
      [
        [40, '02 May 2025'],
        [110, 'GLOBAL PAYMENTS TAKINGS'],
        [475, '1,420.70', 'r'],
        [555, '3,839.30', 'r'],
      ],
    ],
    [
      242,
      [
        [40, '29 May 2025'],
        [110, 'FEE TRANSACTION CHARGES'],
        [400, '28.40', 'r'],
        [555, '3,810.90', 'r'],
      ],
    ],
    [280, [[40, label]]],
    [
      295,
      [
        [40, 'Electronic payments out'],
        [260, '31', 'r'],
        [410, '10.85', 'r'],
      ],
    ],
  ];
  for (const label of [
    'Charges for the period 01 Apr 2025 to 30 Apr 2025',
    'Interest and charges for the period 1 April 2025 to 30 April 2025',
    'Fees charged from 01/04/2025 to 30/04/2025',
  ]) {
    it(`'${label}' is not the statement's period`, () => {
      const s = read(pageBlocks(lines(label)));
      // Not printed: taken from the rows (with a warning), as a statement without a period is.
      expect(s.period).toEqual({ start: '2025-05-02', end: '2025-05-29' });
      expect(brief(s)).toEqual([
        ['2025-05-02', 'GLOBAL PAYMENTS TAKINGS', 1420.7],
        ['2025-05-29', 'FEE TRANSACTION CHARGES', -28.4],
      ]);
      expect(s.reconciliation.unreadable ?? []).toEqual([]);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
  it("a statement's own period on a line of its own is still its period", () => {
    const s = read(
      pageBlocks([[48, [[40, 'Statement period 01 May 2025 to 31 May 2025']]], ...lines('Charges')]),
    );
    expect(s.period).toEqual({ start: '2025-05-01', end: '2025-05-31' });
  });
  it("a panel's interest heading on the same line as the statement's period leaves the period read", () => {
    // Side panels share text lines with the page ('Interest rates' left, 'Statement period …' right).
    const s = read(
      pageBlocks([
        [
          48,
          [
            [40, 'Interest rates'],
            [300, 'Statement period 01 May 2025 to 31 May 2025'],
          ],
        ],
        ...lines('Charges'),
      ]),
    );
    expect(s.period).toEqual({ start: '2025-05-01', end: '2025-05-31' });
  });
});
