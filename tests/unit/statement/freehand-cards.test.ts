import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { FREEHAND_CARDS } from '../../fixtures/statements/freehand-cards';
import { type CellSpec, pageBlocks, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * Credit, charge and store card statements drawn freehand (tests/fixtures/statements/freehand-cards.ts),
 * and the traits they showed the reader did not yet read: each layout read from its text layer, every row
 * exact; each trait on hand-built blocks.
 */
const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

describe('card statements drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_CARDS);
});

const cardTitle: Array<[number, CellSpec[]]> = [
  [30, [[40, 'Credit Card Statement']]],
  [42, [[40, 'Statement date 14 December 2025']]],
  [54, [[40, 'Credit limit £3,000.00']]],
];

describe('two tables side by side under headings printed over the left one only', () => {
  // Evidence: Barclaycard UK statements print their transaction pages in two columns, 'DD Mon Description
  // £Amount[CR]', the column headings once (rc55/barclaycard-uk-parser: "two-column layout").
  it('reads the right half after the left, under the left half headings', () => {
    const entry = (x: number, date: string, text: string, amount: string): CellSpec[] => [
      [x, date],
      [x + 40, text],
      [x + 260, amount, 'r'],
    ];
    const s = read(
      pageBlocks([
        ...cardTitle,
        [70, [[40, 'Previous balance £100.00']]],
        [82, [[40, 'New balance £86.00']]],
        [
          110,
          [
            [30, 'Date'],
            [70, 'Description'],
            [290, 'Amount', 'r'],
          ],
        ],
        ...rowsFrom(125, 14, [
          [...entry(30, '15 Nov', 'TESCO STORES', '£10.00'), ...entry(305, '19 Nov', 'BOOTS', '£4.00')],
          [
            ...entry(30, '16 Nov', 'PAYMENT, THANK YOU', '£100.00CR'),
            ...entry(305, '20 Nov', 'COSTA', '£3.00'),
          ],
          [...entry(30, '17 Nov', 'SHELL', '£50.00'), ...entry(305, '21 Nov', 'ASOS REFUND', '£6.00CR')],
          [...entry(30, '18 Nov', 'WAITROSE', '£20.00'), ...entry(305, '22 Nov', 'NETFLIX', '£5.00')],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-11-15', 'TESCO STORES', -10],
      ['2025-11-16', 'PAYMENT, THANK YOU', 100],
      ['2025-11-17', 'SHELL', -50],
      ['2025-11-18', 'WAITROSE', -20],
      ['2025-11-19', 'BOOTS', -4],
      ['2025-11-20', 'COSTA', -3],
      ['2025-11-21', 'ASOS REFUND', 6],
      ['2025-11-22', 'NETFLIX', -5],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a card's previous balance labelled 'Your balance last statement'", () => {
  // Evidence: Barclaycard UK summaries compare the new balance with the balance at the last statement
  // ("Payments towards your account", "Your new activity": rc55/barclaycard-uk-parser).
  it('is the opening balance', () => {
    const s = read(
      pageBlocks([
        ...cardTitle,
        [
          70,
          [
            [40, 'Your balance last statement'],
            [300, '£100.00', 'r'],
          ],
        ],
        [
          82,
          [
            [40, 'New balance'],
            [300, '£110.00', 'r'],
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
            [40, '20 Nov'],
            [110, 'TESCO'],
            [560, '30.00', 'r'],
          ],
          [
            [40, '21 Nov'],
            [110, 'PAYMENT RECEIVED'],
            [560, '20.00CR', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.openingBalance).toBe(100);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a cardholder's total marked CR ('Total of new transactions for ...')", () => {
  // Evidence: American Express lists each supplementary cardholder's charges in a section of its own with
  // a total; credits marked 'CR' beside plain charges ("Purchase Activity for CARDHOLDER card ending XXXX"
  // in card parsers); the total nets the credits off.
  it('is a check, not a transaction, when its figure nets the CR-marked credits off the plain charges', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Statement of Account']]],
        [42, [[40, 'Statement period 20 September 2025 to 19 October 2025']]],
        [54, [[40, 'Previous balance £500.00   New balance £150.00   Minimum payment £25.00']]],
        [
          100,
          [
            [40, 'Date'],
            [110, 'Transaction details'],
            [560, 'Amount £', 'r'],
          ],
        ],
        ...rowsFrom(115, 12, [
          [[40, 'MR JOHN SMITH   Card ending 1004']],
          [
            [40, 'Sep 21'],
            [110, 'PAYMENT RECEIVED - THANK YOU'],
            [560, '500.00 CR', 'r'],
          ],
          [
            [40, 'Sep 23'],
            [110, 'HARRODS LTD'],
            [560, '150.00', 'r'],
          ],
          [
            [40, 'Sep 25'],
            [110, 'HARRODS REFUND'],
            [560, '30.00 CR', 'r'],
          ],
          [
            [110, 'Total of new transactions for MR JOHN SMITH'],
            [560, '380.00 CR', 'r'],
          ],
          [[40, 'MRS ANNA SMITH   Card ending 1012']],
          [
            [40, 'Oct 02'],
            [110, 'SELFRIDGES'],
            [560, '20.00', 'r'],
          ],
          [
            [40, 'Oct 05'],
            [110, 'BOOTS'],
            [560, '10.00', 'r'],
          ],
          [
            [110, 'Total of new transactions for MRS ANNA SMITH'],
            [560, '30.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => t.description)).toEqual([
      'PAYMENT RECEIVED - THANK YOU',
      'HARRODS LTD',
      'HARRODS REFUND',
      'SELFRIDGES',
      'BOOTS',
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a summary under the table, opened by the previous balance ('Balance brought forward')", () => {
  // Evidence: charge card statements that set the balance out under the transactions ("previous balance,
  // payments, new balance, payment due": gh1000.com "decoding your credit card bill").
  it('is the summary, not rows: its figures give the opening and closing', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Platinum Charge Card']]],
        [42, [[40, 'Closing date Jan 13, 2026   Membership number xxxx-21009']]],
        [
          100,
          [
            [40, 'Date'],
            [110, 'Description'],
            [560, 'Amount', 'r'],
          ],
        ],
        ...rowsFrom(115, 12, [
          [
            [40, 'Dec 15'],
            [110, 'THE WOLSELEY'],
            [560, '£86.40', 'r'],
          ],
          [
            [40, 'Dec 19'],
            [110, 'PAYMENT RECEIVED - THANK YOU'],
            [560, '-£400.00', 'r'],
          ],
          [
            [40, 'Jan 05'],
            [110, 'ADDISON LEE'],
            [560, '£38.50', 'r'],
          ],
        ]),
        ...rowsFrom(180, 12, [
          [
            [310, 'Balance brought forward'],
            [553, '£400.00', 'r'],
          ],
          [
            [310, 'Less payments and credits'],
            [553, '-£400.00', 'r'],
          ],
          [
            [310, 'Plus new charges'],
            [553, '£124.90', 'r'],
          ],
          [
            [310, 'Total now due'],
            [553, '£124.90', 'r'],
          ],
          [[310, 'Payment due by February 7, 2026']],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-12-15', 'THE WOLSELEY', -86.4],
      ['2025-12-19', 'PAYMENT RECEIVED - THANK YOU', 400],
      ['2026-01-05', 'ADDISON LEE', -38.5],
    ]);
    expect(s.openingBalance).toBe(400);
    expect(s.closingBalance).toBe(124.9);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a card that marks its money in with a plus ('+£50.00') and its purchases plain", () => {
  // Evidence: app-issued UK credit cards show money in as '+£' and spending as a plain '£' figure.
  it('reads the plus as a payment or refund', () => {
    const s = read(
      pageBlocks([
        ...cardTitle,
        [70, [[40, 'Opening balance £100.00   Closing balance £75.00   Minimum payment £25.00']]],
        [
          100,
          [
            [40, 'Date'],
            [110, 'Description'],
            [560, 'Amount', 'r'],
          ],
        ],
        ...rowsFrom(115, 12, [
          [
            [40, '20 Nov 25'],
            [110, 'PAYMENT FROM CURRENT ACCOUNT'],
            [560, '+£100.00', 'r'],
          ],
          [
            [40, '21 Nov 25'],
            [110, 'TESCO EXPRESS'],
            [560, '£85.00', 'r'],
          ],
          [
            [40, '22 Nov 25'],
            [110, 'AMAZON REFUND'],
            [560, '+£10.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => t.signedAmount)).toEqual([100, -85, 10]);
    expect(s.reconciliation.ok).toBe(true);
  });
  it('reads the plus as a purchase when only that reading is confirmed by the balances (purchases marked, payments plain)', () => {
    const s = read(
      pageBlocks([
        ...cardTitle,
        [70, [[40, 'Opening balance £100.00   Closing balance £75.00   Minimum payment £25.00']]],
        [
          100,
          [
            [40, 'Date'],
            [110, 'Description'],
            [560, 'Amount', 'r'],
          ],
        ],
        ...rowsFrom(115, 12, [
          [
            [40, '20 Nov 25'],
            [110, 'DIRECT DEBIT RECEIVED'],
            [560, '£100.00', 'r'],
          ],
          [
            [40, '21 Nov 25'],
            [110, 'TESCO EXPRESS'],
            [560, '+£85.00', 'r'],
          ],
          [
            [40, '22 Nov 25'],
            [110, 'AMAZON REFUND'],
            [560, '£10.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => t.signedAmount)).toEqual([100, -85, 10]);
    expect(s.reconciliation.ok).toBe(true);
  });
});
