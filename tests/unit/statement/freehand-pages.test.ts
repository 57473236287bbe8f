import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { FREEHAND_PAGES } from '../../fixtures/statements/freehand-pages';
import { type LineSpec, pageBlocks, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * Current-account statements drawn freehand with the PDF and page mechanics real statements have
 * (tests/fixtures/statements/freehand-pages.ts), and the traits they showed the reader did not yet read: each
 * layout read from its text layer, every row exact; each trait on hand-built blocks.
 */

describe('current accounts with page mechanics drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_PAGES);
});

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);
const heading: LineSpec = [
  110,
  [
    [40, 'Date'],
    [110, 'Details'],
    [420, 'Withdrawals', 'r'],
    [490, 'Lodgements', 'r'],
    [560, 'Balance', 'r'],
  ],
];
const top: LineSpec[] = [
  [30, [[40, 'Current Account Statement']]],
  [42, [[40, 'Statement period 01.03.25 to 31.03.25']]],
  heading,
];

describe("footnote markers beside amounts and descriptions ('150.00†', 'RYANAIR DUBLIN *')", () => {
  // Evidence: UK statements mark rows for a note under the table (a non-sterling transaction fee, a
  // transfer made in the mobile app) with '*', '†' or '‡' printed against the figure or the details. The
  // figure with its marker is still the money; the marker is not part of the description.
  it('are read as the figure and the details without the marker', () => {
    const s = read(
      pageBlocks([
        ...top,
        [
          125,
          [
            [40, '01.03.25'],
            [110, 'BALANCE FROM LAST STATEMENT'],
            [560, '500.00', 'r'],
          ],
        ],
        ...rowsFrom(140, 14, [
          [
            [40, '03.03.25'],
            [110, 'POS RYANAIR DUBLIN *'],
            [420, '76.40', 'r'],
            [560, '423.60', 'r'],
          ],
          [
            [40, '04.03.25'],
            [110, 'MOBILE TRANSFER TO 95-01-22'],
            [420, '150.00†', 'r'],
            [560, '273.60', 'r'],
          ],
          [
            [40, '05.03.25'],
            [110, 'LODGEMENT CASH'],
            [490, '20.00 ‡', 'r'],
            [560, '293.60', 'r'],
          ],
        ]),
        [200, [[40, '* Includes a non-sterling transaction fee of 2.75% of the value of the transaction.']]],
        [212, [[40, '† Transfer made using the mobile app. ‡ Paid in at a Post Office counter.']]],
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-03-03', 'POS RYANAIR DUBLIN', -76.4],
      ['2025-03-04', 'MOBILE TRANSFER TO 95-01-22', -150],
      ['2025-03-05', 'LODGEMENT CASH', 20],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a payment's reference on a line of its own above its description", () => {
  // Evidence: statements that print a payment's reference ('REF: INV 2025-114') on its own line, set tight
  // over the description line that carries the date and amount, with the usual gap above it; read as the
  // tail of the entry above, the entries confirm themselves with each other's references.
  const rows = (refTop: number, nextTop: number): LineSpec[] => [
    ...top,
    [
      125,
      [
        [40, '01.03.25'],
        [110, 'BALANCE BROUGHT FORWARD'],
        [560, '500.00', 'r'],
      ],
    ],
    [
      141,
      [
        [40, '02.03.25'],
        [110, 'CHEQUE 000417'],
        [420, '120.00', 'r'],
        [560, '380.00', 'r'],
      ],
    ],
    [refTop, [[110, 'REF: INV 2025-114']]],
    [
      nextTop,
      [
        [40, '03.03.25'],
        [110, 'FASTER PAYMENT TO K DOUGLAS'],
        [420, '185.00', 'r'],
        [560, '195.00', 'r'],
      ],
    ],
  ];
  it('leads the entry below when it sits tight above it', () => {
    const s = read(pageBlocks(rows(157, 168)));
    expect(brief(s)).toEqual([
      ['2025-03-02', 'CHEQUE 000417', -120],
      ['2025-03-03', 'REF: INV 2025-114 FASTER PAYMENT TO K DOUGLAS', -185],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
  it('continues the entry above when the lines are evenly spaced (a wrapped description)', () => {
    const s = read(pageBlocks(rows(153, 165)));
    expect(brief(s).map(([, d]) => d)).toEqual([
      'CHEQUE 000417 REF: INV 2025-114',
      'FASTER PAYMENT TO K DOUGLAS',
    ]);
  });
});
