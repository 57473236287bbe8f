import { describe, expect, it } from 'vitest';
import { type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { type CellSpec, HEADING, type LineSpec, pageBlocks, row, rowsFrom } from './blocks';

/**
 * Statements read row-perfectly that still did not reconcile: a figure printed beside the balances or the
 * totals read as one of them. Every row here is read right before and after; what changes is which printed
 * figures the rows are checked against.
 */
function read(blocks: Block[]): ParsedStatement {
  const result = readStatement(blocks);
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}

const PERIOD: LineSpec = [30, [[40, 'Statement period 1 March 2025 to 31 March 2025']]];
const ROWS = [
  row('03/03/2025', 'TESCO STORES', '20.00', '', '980.00'),
  row('14/03/2025', 'SALARY', '', '500.00', '1,480.00'),
  row('25/03/2025', 'MONTHLY ACCOUNT FEE', '12.00', '', '1,468.00'),
];
const signed = (s: ParsedStatement) => s.transactions.map((t) => t.signedAmount);

describe("an available balance is not the balance ('Available balance on 31 March 2025', 'Available balance')", () => {
  // Evidence: UK current-account statements print what could be spent beside the balance (the balance with
  // the arranged overdraft, less what is pending): 'Your available balance', 'Available balance on …' in the
  // summary, or a line 'Available balance' under the last row, its figure in the balance column. Read as the
  // dated closing balance, or as the table's last balance line, it broke a reading whose every row was right.
  it("a summary's dated available balance is not the closing balance", () => {
    const s = read(
      pageBlocks([
        PERIOD,
        [45, [[40, 'Balance on 28 February 2025 £1,000.00']]],
        [57, [[40, 'Available balance on 31 March 2025 £2,468.00']]],
        [80, HEADING],
        ...rowsFrom(95, 12, ROWS),
      ]),
    );
    expect(signed(s)).toEqual([-20, 500, -12]);
    expect(s.closingBalance).not.toBe(2468);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });

  it("a line 'Available balance' under the rows, its figure in the balance column, is no balance line", () => {
    const s = read(
      pageBlocks([
        PERIOD,
        [45, [[40, 'Opening balance £1,000.00']]],
        [80, HEADING],
        ...rowsFrom(95, 12, ROWS),
        [
          140,
          [
            [110, 'Available balance'],
            [560, '2,468.00', 'r'],
          ],
        ],
      ]),
    );
    expect(signed(s)).toEqual([-20, 500, -12]);
    expect(s.closingBalance).not.toBe(2468);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });
});

describe("charges printed apart from the money out ('Fees and charges £12.00', 'Interest charged £12.00')", () => {
  // Evidence: current-account summaries that print the month's charges and overdraft interest on lines of
  // their own beside 'Money out' / 'Payments out' (business accounts' 'Charges', 'Interest charged'), the
  // money out leaving them out, as a saver's 'Paid in' leaves out the interest printed beside it (read
  // already). The rows hold the charge: the money out total broke.
  const summary = (charges: string, moneyOut: string) =>
    pageBlocks([
      PERIOD,
      [45, [[40, 'Opening balance £1,000.00']]],
      [57, [[40, `Money out ${moneyOut}`]]],
      [69, [[40, charges]]],
      [81, [[40, 'Money in £500.00']]],
      [110, HEADING],
      ...rowsFrom(125, 12, ROWS),
    ]);

  it.each(['Fees and charges £12.00', 'Interest charged £12.00', 'Charges £12.00'])(
    "checks the money out as the rows' less '%s'",
    (charges) => {
      const s = read(summary(charges, '£20.00'));
      expect(signed(s)).toEqual([-20, 500, -12]);
      expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
    },
  );

  it('still breaks on a money out that is neither', () => {
    const s = read(summary('Fees and charges £12.00', '£25.00'));
    expect(s.reconciliation.breaks).toEqual([expect.objectContaining({ reason: 'money out total' })]);
  });
});

describe("totals at each page's foot ('Totals' per page, 'Totals carried forward')", () => {
  // Evidence: statements that close each page's table with that page's totals ('Totals 20.00 500.00') or
  // with the totals so far carried to the next page ('Totals carried forward', 'Totals brought forward'), as
  // ledger and business statements print them. The last page's totals were checked as the statement's: the
  // money out broke, and a reading ending after the first page (as if another account's table followed) was
  // confirmed with the second page's rows lost. 'Totals carried forward' read as a balance carried forward
  // broke the running balance.
  const pages = (first: CellSpec[][], second: CellSpec[][]) => [
    ...pageBlocks(
      [PERIOD, [45, [[40, 'Opening balance £1,000.00']]], [80, HEADING], ...rowsFrom(95, 12, first)],
      1,
    ),
    ...pageBlocks([[80, HEADING], ...rowsFrom(95, 12, second)], 2),
  ];
  const secondPage = [
    row('25/03/2025', 'MONTHLY ACCOUNT FEE', '12.00', '', '1,468.00'),
    row('28/03/2025', 'REFUND', '', '2.00', '1,470.00'),
  ];

  it("checks each page's own totals as adding up to the statement's", () => {
    const s = read(
      pages(
        [...ROWS.slice(0, 2), row('', 'Totals', '20.00', '500.00', '')],
        [...secondPage, row('', 'Totals', '12.00', '2.00', '')],
      ),
    );
    expect(signed(s)).toEqual([-20, 500, -12, 2]);
    expect(s.warnings.join(' ')).not.toMatch(/Another account/);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });

  it('reads totals carried to the next page as totals, the last the statement’s', () => {
    const s = read(
      pages(
        [...ROWS.slice(0, 2), row('', 'Totals carried forward', '20.00', '500.00', '')],
        [
          row('', 'Totals brought forward', '20.00', '500.00', ''),
          ...secondPage,
          row('', 'Totals', '32.00', '502.00', ''),
        ],
      ),
    );
    expect(signed(s)).toEqual([-20, 500, -12, 2]);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });
});
