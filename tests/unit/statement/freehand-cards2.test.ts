import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { wordsFromBlocks } from '../../../functions/domain/statement/geometry';
import { readHeading } from '../../../functions/domain/statement/heading-score';
import { FREEHAND_CARDS2 } from '../../fixtures/statements/freehand-cards2';
import { type CellSpec, pageBlocks, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * A second round of card statements drawn freehand (tests/fixtures/statements/freehand-cards2.ts), and the
 * traits they showed the reader did not yet read: each layout read from its text layer, every row exact;
 * each trait on hand-built blocks.
 */
const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

describe('card statements drawn freehand, second round, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_CARDS2);
});

/** A heading line's columns, each text at its own x. */
const headingAt = (cells: Array<[number, string]>) =>
  readHeading(wordsFromBlocks(pageBlocks([[100, cells]])))?.map((c) => [c.kind, Math.round(c.left * 600)]) ??
  null;

describe("column headings side by side that would spell one heading ('Transaction' beside 'Amount')", () => {
  // Evidence: Capital One UK and other card statements head the description 'Transaction' and the money
  // 'Amount'; read as one phrase ('Transaction amount') the table had no description and its figures were
  // taken for balances.
  it('are two headings when a column gap stands between them', () => {
    expect(
      headingAt([
        [40, 'Date'],
        [110, 'Transaction'],
        [560, 'Amount'],
      ])?.map(([kind]) => kind),
    ).toEqual(['date', 'description', 'amount']);
  });
});

describe("a money column headed by the pound sign alone ('Date  Description  £')", () => {
  // Evidence: UK card statements heading the amount column '£' over plain figures (Virgin Money style
  // transaction pages; '£' columns on Amex UK's 'Amount £').
  it('is the amount column', () => {
    expect(
      headingAt([
        [215, 'Date'],
        [265, 'Description'],
        [555, '£'],
      ])?.map(([kind]) => kind),
    ).toEqual(['date', 'description', 'amount']);
  });
});

describe("a posting date headed 'Post date' ('Trans date  Post date  Merchant  Amount GBP')", () => {
  // Evidence: card exports and commercial card statements ("Transaction Date", "Posting Date", "Post Date",
  // "Merchant", "Merchant City").
  it('is the second date column, its dates never in the description', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Business Charge Card']]],
        [42, [[40, 'Statement date 24-Apr-26']]],
        [54, [[40, 'Balance from previous statement 100.00']]],
        [66, [[40, 'New balance 60.00']]],
        [
          110,
          [
            [40, 'Trans date'],
            [100, 'Post date'],
            [160, 'Merchant'],
            [560, 'Amount GBP', 'r'],
          ],
        ],
        ...rowsFrom(125, 12, [
          [
            [40, '28-Mar-26'],
            [100, '29-Mar-26'],
            [160, 'PREMIER INN'],
            [560, '50.00', 'r'],
          ],
          [
            [40, '02-Apr-26'],
            [100, '03-Apr-26'],
            [160, 'DIRECT DEBIT RECEIVED'],
            [560, '100.00CR', 'r'],
          ],
          [
            [40, '05-Apr-26'],
            [100, '06-Apr-26'],
            [160, 'SHELL'],
            [560, '10.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2026-03-28', 'PREMIER INN', -50],
      ['2026-04-02', 'DIRECT DEBIT RECEIVED', 100],
      ['2026-04-05', 'SHELL', -10],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a charge card's closing labelled 'Balance due in full'", () => {
  // Evidence: charge cards collect the whole balance each month ("balance due in full"; American Express,
  // business charge cards collected by direct debit).
  it('is the closing balance', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Business Charge Card']]],
        [42, [[40, 'Statement date 24 April 2026']]],
        [
          70,
          [
            [40, 'Balance from previous statement'],
            [300, 'Balance due in full'],
          ],
        ],
        [
          82,
          [
            [40, '100.00'],
            [300, '60.00'],
          ],
        ],
        [
          110,
          [
            [40, 'Date'],
            [110, 'Description'],
            [560, 'Amount', 'r'],
          ],
        ],
        ...rowsFrom(125, 12, [
          [
            [40, '20 Apr'],
            [110, 'TESCO'],
            [560, '60.00', 'r'],
          ],
          [
            [40, '21 Apr'],
            [110, 'DIRECT DEBIT RECEIVED'],
            [560, '100.00CR', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.closingBalance).toBe(60);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("totals of one direction closing a card's table ('Total payments and credits', 'Total new spending')", () => {
  // Evidence: Capital One UK and other card statements close the transactions with the period's payments
  // and its new spending; each adds up the rows of one direction, not the rows right above it.
  it('are checks, not transactions', () => {
    const row = (date: string, text: string, amount: string): CellSpec[] => [
      [40, date],
      [110, text],
      [560, amount, 'r'],
    ];
    const s = read(
      pageBlocks([
        [30, [[40, 'Credit Card Statement']]],
        [42, [[40, 'Statement date 03/01/2026']]],
        [54, [[40, 'Previous balance £100.00']]],
        [66, [[40, 'New balance £95.00   Minimum payment £25.00']]],
        [
          110,
          [
            [40, 'Date'],
            [110, 'Description'],
            [560, 'Amount', 'r'],
          ],
        ],
        ...rowsFrom(125, 12, [
          row('28 Dec', 'ALDI STORES', '£20.00'),
          row('29 Dec', 'PAYMENT RECEIVED, THANK YOU', '£50.00 CR'),
          row('30 Dec', 'BP CONNECT', '£15.00'),
          row('02 Jan', 'PRIMARK REFUND', '£10.00 CR'),
          row('03 Jan', 'JUST EAT', '£20.00'),
          [
            [110, 'Total payments and credits'],
            [560, '£60.00 CR', 'r'],
          ],
          [
            [110, 'Total new spending'],
            [560, '£55.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-12-28', 'ALDI STORES', -20],
      ['2025-12-29', 'PAYMENT RECEIVED, THANK YOU', 50],
      ['2025-12-30', 'BP CONNECT', -15],
      ['2026-01-02', 'PRIMARK REFUND', 10],
      ['2026-01-03', 'JUST EAT', -20],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});
