import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { FREEHAND_LOANS } from '../../fixtures/statements/freehand-loans';
import { type CellSpec, pageBlocks, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * Mortgages, loans and savings drawn freehand (tests/fixtures/statements/freehand-loans.ts): each layout read
 * from its text layer, every row exact, money owed returned as a card's is (balances as what is owed, a
 * payment positive, interest and charges negative); and the traits they showed the reader did not yet read,
 * each on hand-built blocks.
 */
describe('mortgage, loan and savings statements drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_LOANS);
});

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance] as const);

describe("a mortgage printing its balance as 'Amount owed' and payments with a minus in one Amount column", () => {
  // Evidence: tracker and variable-rate mortgage statements (Yorkshire BS, Nationwide) print what is owed
  // ('Amount owed on 31 December 2025') and show a payment as reducing it with a minus. Every balance is
  // positive, so a reading as money held, every sign turned over, adds up as well: the wording decides.
  it('is money owed: a payment is money in, interest money out, the balances what is owed', () => {
    const row = (date: string, text: string, amount: string, balance: string): CellSpec[] => [
      [40, date],
      [100, text],
      [460, amount, 'r'],
      [555, balance, 'r'],
    ];
    const s = read(
      pageBlocks([
        [30, [[40, 'Yorkshire Building Society']]],
        [42, [[40, 'Mortgage statement']]],
        [54, [[40, 'For the period 1 July 2025 to 31 July 2025']]],
        [66, [[330, 'Amount owed on 1 July 2025 £1,000.00']]],
        [78, [[330, 'Amount owed on 31 July 2025 £905.00']]],
        [
          110,
          [
            [40, 'Date'],
            [100, 'Details'],
            [460, 'Amount £', 'r'],
            [555, 'Balance £', 'r'],
          ],
        ],
        ...rowsFrom(125, 12, [
          row('15 Jul 25', 'Payment received - direct debit', '-100.00', '900.00'),
          row('31 Jul 25', 'Interest charged', '5.00', '905.00'),
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-07-15', 'Payment received - direct debit', 100, 900],
      ['2025-07-31', 'Interest charged', -5, 905],
    ]);
    expect([s.openingBalance, s.closingBalance]).toEqual([1000, 905]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a loan's money columns ('Interest', 'Charges', 'Repayments', 'Balance outstanding')", () => {
  // Evidence: personal loan and mortgage annual statements (Consumer Credit Act s.77A statements, Santander /
  // Tesco Bank loans) print what is added to the loan (interest, charges, a returned direct debit) apart from
  // the repayments. 'Charges' alone heads such a column only beside 'Repayments'.
  it('are money added to what is owed and money paying it off', () => {
    const row = (date: string, text: string, col: number, amount: string, balance: string): CellSpec[] => [
      [40, date],
      [112, text],
      [col, amount, 'r'],
      [555, balance, 'r'],
    ];
    const s = read(
      pageBlocks([
        [30, [[40, 'Personal Loan - Annual Statement']]],
        [42, [[40, 'Statement period: 01-Apr-2025 to 30-Apr-2025']]],
        [
          110,
          [
            [40, 'Date'],
            [112, 'Details'],
            [330, 'Interest', 'r'],
            [400, 'Charges', 'r'],
            [475, 'Repayments', 'r'],
            [555, 'Balance', 'r'],
          ],
        ],
        ...rowsFrom(125, 12, [
          [
            [112, 'Balance brought forward'],
            [555, '1,000.00', 'r'],
          ],
          row('15-Apr-2025', 'Interest', 330, '6.00', '1,006.00'),
          row('15-Apr-2025', 'Repayment - Direct Debit', 475, '100.00', '906.00'),
          row('18-Apr-2025', 'Direct Debit returned unpaid', 400, '100.00', '1,006.00'),
          row('18-Apr-2025', 'Returned payment fee', 400, '12.00', '1,018.00'),
          row('24-Apr-2025', 'Repayment - debit card', 475, '100.00', '918.00'),
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-04-15', 'Interest', -6, 1006],
      ['2025-04-15', 'Repayment - Direct Debit', 100, 906],
      ['2025-04-18', 'Direct Debit returned unpaid', -100, 1006],
      ['2025-04-18', 'Returned payment fee', -12, 1018],
      ['2025-04-24', 'Repayment - debit card', 100, 918],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("what is owed on a date ('Balance outstanding on 01-Apr-2025', 'Amount owed on 31 July 2025')", () => {
  // Evidence: loan annual statements state the balance outstanding at the start and end of the period
  // (Consumer Credit Act 1974 s.77A); mortgage statements the amount owed on each date.
  it('is the opening or closing by its date', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Loan account number 0089 2261 553']]],
        [42, [[40, 'Statement period: 01-Apr-2025 to 30-Apr-2025']]],
        [
          66,
          [
            [40, 'Balance outstanding on 01-Apr-2025'],
            [290, '£1,000.00', 'r'],
          ],
        ],
        [
          78,
          [
            [40, 'Balance outstanding on 30-Apr-2025'],
            [290, '£906.00', 'r'],
          ],
        ],
        [
          110,
          [
            [40, 'Date'],
            [112, 'Details'],
            [400, 'Debit', 'r'],
            [475, 'Credit', 'r'],
            [555, 'Balance', 'r'],
          ],
        ],
        ...rowsFrom(125, 12, [
          [
            [40, '15-Apr-2025'],
            [112, 'Interest'],
            [400, '6.00', 'r'],
            [555, '1,006.00', 'r'],
          ],
          [
            [40, '15-Apr-2025'],
            [112, 'Repayment'],
            [475, '100.00', 'r'],
            [555, '906.00', 'r'],
          ],
        ]),
      ]),
    );
    expect([s.openingBalance, s.closingBalance]).toEqual([1000, 906]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("an investment account's cash statement ('Trade date | Settle date | Reference | Description | Unit cost (p) | Quantity | Value (£) | Balance (£)')", () => {
  // Evidence: Hargreaves Lansdown capital account statements and other platforms' ISA cash statements print
  // the trade and settlement dates, a reference, and for a buy its unit cost in pence and the units bought
  // ('28,412.00', '1.7598'): figures that are not money, read with the description; the money is the Value.
  it('reads the trade date, the text columns with the units, and the Value as the amount', () => {
    const row = (trade: string, settle: string, ref: string, text: string, value: string, balance: string) =>
      [
        [40, trade],
        [98, settle],
        [156, ref],
        [212, text],
        [700, value, 'r'],
        [800, balance, 'r'],
      ] as CellSpec[];
    const buy = (
      trade: string,
      settle: string,
      ref: string,
      unit: string,
      qty: string,
      value: string,
      balance: string,
    ) =>
      [
        ...row(trade, settle, ref, 'Bought Global Equity Fund A Acc', value, balance),
        [540, unit, 'r'],
        [610, qty, 'r'],
      ] as CellSpec[];
    const s = read(
      pageBlocks([
        [30, [[40, 'Stocks & Shares ISA - Cash account statement']]],
        [42, [[40, '1 April 2025 to 30 June 2025']]],
        [
          110,
          [
            [40, 'Trade date'],
            [98, 'Settle date'],
            [156, 'Reference'],
            [212, 'Description'],
            [540, 'Unit cost (p)', 'r'],
            [610, 'Quantity', 'r'],
            [700, 'Value (£)', 'r'],
            [800, 'Balance (£)', 'r'],
          ],
        ],
        ...rowsFrom(125, 12, [
          [
            [40, '01/04/2025'],
            [212, 'Balance brought forward'],
            [800, '37.52', 'r'],
          ],
          row('07/04/2025', '07/04/2025', 'SUB', 'Subscription - direct debit', '500.00', '537.52'),
          buy('08/04/2025', '10/04/2025', 'B8831204', '28,412.00', '1.7598', '-500.00', '37.52'),
          row('01/05/2025', '01/05/2025', 'SUB', 'Subscription - direct debit', '500.00', '537.52'),
          buy('02/05/2025', '06/05/2025', 'B8831205', '28,690.50', '1.7427', '-500.00', '37.52'),
          row('02/06/2025', '02/06/2025', 'SUB', 'Subscription - direct debit', '500.00', '537.52'),
          buy('03/06/2025', '05/06/2025', 'B8831206', '28,133.00', '1.7773', '-500.00', '37.52'),
          row('30/06/2025', '30/06/2025', 'CHG', 'Platform charge', '-4.12', '33.40'),
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-04-07', 'SUB Subscription - direct debit', 500, 537.52],
      ['2025-04-08', 'B8831204 Bought Global Equity Fund A Acc 28,412.00 1.7598', -500, 37.52],
      ['2025-05-01', 'SUB Subscription - direct debit', 500, 537.52],
      ['2025-05-02', 'B8831205 Bought Global Equity Fund A Acc 28,690.50 1.7427', -500, 37.52],
      ['2025-06-02', 'SUB Subscription - direct debit', 500, 537.52],
      ['2025-06-03', 'B8831206 Bought Global Equity Fund A Acc 28,133.00 1.7773', -500, 37.52],
      ['2025-06-30', 'CHG Platform charge', -4.12, 33.4],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});
