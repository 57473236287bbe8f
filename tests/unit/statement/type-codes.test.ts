import { describe, expect, it } from 'vitest';
import { readStatement } from '../../../functions/domain/statement';
import { type LineSpec, pageBlocks, row, rowsFrom } from './blocks';

/**
 * HSBC-like tables print a payment-type code (BP, TFR, DD, VIS, CR ...) at the start of each entry, and put a
 * wrapped entry's amount on its last line. When every dated row happens to be a single line, the codes are
 * what tells where an entry starts: a coded line without an amount, then an uncoded line with one, is one
 * entry whose amount is on the last line.
 */
const TOP: LineSpec[] = [
  [30, [[40, 'Your Statement']]],
  [50, [[40, '1 April to 30 April 2025']]],
  [
    70,
    [
      [300, 'Opening Balance'],
      [560, '£500.00', 'r'],
    ],
  ],
  [
    82,
    [
      [300, 'Closing Balance'],
      [560, '£387.60', 'r'],
    ],
  ],
];
const HEADING_ROW: LineSpec = [
  100,
  [
    [40, 'Date'],
    [110, 'Pay m e nt t y pe and de t ails'],
    [400, '£ Paid o ut', 'r'],
    [480, '£ Paid in', 'r'],
    [560, '£ Balance', 'r'],
  ],
];

describe('type codes tell where an entry starts', () => {
  it('amounts on the last line of a wrapped entry, with only single-line dated rows', () => {
    const result = readStatement(
      pageBlocks([
        ...TOP,
        HEADING_ROW,
        ...rowsFrom(115, 12, [
          row('02 Apr 25', 'VIS TESCO STORES 2345', '12.40', '', ''),
          row('', 'TFR 123123 11111111', '', '', ''),
          row('', 'INTERNET TRANSFER', '50.00', '', '437.60'),
          row('03 Apr 25', 'DD BRITISH GAS', '85.00', '', ''),
          row('', 'CR STILLS/NASH', '', '60.00', ''),
          row('', 'SO J BROWN', '', '', ''),
          row('', 'RENT APRIL', '25.00', '', '387.60'),
          row('04 Apr 25', 'BP GRACE KELLY', '30.00', '', ''),
          row('', 'CR REFUND', '', '30.00', '387.60'),
        ]),
      ]),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.statement.transactions.map((t) => [t.date, t.description, t.signedAmount])).toEqual([
      ['2025-04-02', 'VIS TESCO STORES 2345', -12.4],
      ['2025-04-02', 'TFR 123123 11111111 INTERNET TRANSFER', -50],
      ['2025-04-03', 'DD BRITISH GAS', -85],
      ['2025-04-03', 'CR STILLS/NASH', 60],
      ['2025-04-03', 'SO J BROWN RENT APRIL', -25],
      ['2025-04-04', 'BP GRACE KELLY', -30],
      ['2025-04-04', 'CR REFUND', 30],
    ]);
    expect(result.statement.reconciliation).toEqual({ ok: true, breaks: [] });
  });
});
