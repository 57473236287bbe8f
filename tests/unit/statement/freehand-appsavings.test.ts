import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { FREEHAND_APPSAVINGS } from '../../fixtures/statements/freehand-appsavings';
import { type CellSpec, type LineSpec, pageBlocks } from './blocks';
import { read, readDrawn, rowsOf } from './freehand-support';

/**
 * The UK's app banks as they print their statements today and three big banks' savings and ISA statements,
 * drawn freehand (tests/fixtures/statements/freehand-appsavings.ts): each layout read from its text layer,
 * every row exact; each trait the set showed the reader did not yet read, on hand-built blocks.
 */

/**
 * Monzo's export prints no opening balance, and its closing only as 'Personal Account balance' beside 'Total
 * balance' (the account and its pots): both are left null as not printed, the convention of the earlier sets'
 * Wise-style statement; the balances on every row check the reading.
 */
const NOT_PRINTED = new Set(['monzo-newest-first-pots']);

describe('app banks and big banks’ savings drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_APPSAVINGS) {
    it(layout.name, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      const printed = !NOT_PRINTED.has(layout.name);
      expect(s.openingBalance).toBe(printed ? truth.openingBalance : null);
      expect(s.closingBalance).toBe(printed ? truth.closingBalance : null);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

describe("a description's first line above its date line, under the entry above's last line", () => {
  // Evidence: Monzo's exported statements (parsers of them on GitHub: 'the merchant descriptor sits on the
  // line directly above the date+amount line', 'Reference:' under it) centre a long description on its date
  // line: its first line above, its last under, 10 pt apart, entries 17 pt apart. Where the entry above
  // ends in a line of its own under its date line ('Amount: EUR -18.20. Conversion rate: 0.8407.'), the
  // next entry's first line was read as neither entry's and lost, the balances still adding up (confirmed
  // though wrong).
  const entry = (y: number, date: string, desc: string, amount: string, balance: string): LineSpec => [
    y,
    [
      [40, date],
      [110, desc],
      [470, amount, 'r'],
      [560, balance, 'r'],
    ],
  ];
  const lines = (gap: number): LineSpec[] => [
    [30, [[40, 'Personal Account statement']]],
    [42, [[40, '01/01/2025 - 31/01/2025']]],
    [
      80,
      [
        [40, 'Date'],
        [110, 'Description'],
        [470, '(GBP) Amount', 'r'],
        [560, '(GBP) Balance', 'r'],
      ] as CellSpec[],
    ],
    entry(100, '12/01/2025', 'Pret A Manger', '-4.50', '495.50'),
    entry(117, '13/01/2025', 'UBER *TRIP HELP.UBER.COM', '-15.30', '480.20'),
    [127, [[110, 'Amount: EUR -18.20. Conversion rate: 0.8407.']]],
    [127 + gap, [[110, 'MERCADONA VALENCIA']]],
    entry(137 + gap, '13/01/2025', 'ESP', '-37.85', '442.35'),
    [147 + gap, [[110, 'Amount: EUR -45.00. Conversion rate: 0.8412.']]],
    entry(164 + gap, '14/01/2025', 'Tesco', '-12.35', '430.00'),
  ];
  it('leads the entry below it', () => {
    const s = read(pageBlocks(lines(17)));
    expect(brief(s)).toEqual([
      ['2025-01-12', 'Pret A Manger', -4.5],
      ['2025-01-13', 'UBER *TRIP HELP.UBER.COM Amount: EUR -18.20. Conversion rate: 0.8407.', -15.3],
      ['2025-01-13', 'MERCADONA VALENCIA ESP Amount: EUR -45.00. Conversion rate: 0.8412.', -37.85],
      ['2025-01-14', 'Tesco', -12.35],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
  it('continues the entry above where the lines are evenly spaced (a description wrapped onto three lines)', () => {
    const s = read(pageBlocks(lines(10)));
    expect(brief(s).map(([, d]) => d)).toEqual([
      'Pret A Manger',
      'UBER *TRIP HELP.UBER.COM Amount: EUR -18.20. Conversion rate: 0.8407. MERCADONA VALENCIA',
      'ESP Amount: EUR -45.00. Conversion rate: 0.8412.',
      'Tesco',
    ]);
  });
});
