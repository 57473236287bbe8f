import { describe, expect, it } from 'vitest';
import { type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { HEADING, pageBlocks, row, rowsFrom } from './blocks';

/**
 * Summary rows printed inside the transaction table ("LAST MONTH'S BALANCE", 'Balance from previous
 * statement', 'SUBTOTAL', 'TOTAL', 'TOTAL AMOUNT DUE', as Tesco Bank, MBNA and Danske print them) are the
 * opening balance, checks and the closing balance: never purchases.
 */
function read(blocks: Block[]): ParsedStatement {
  const result = readStatement(blocks);
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}

const CARD_HEADING = [
  [40, 'Date'],
  [110, 'Description'],
  [560, 'Amount £', 'r'],
] as const;

describe('summary rows inside the table', () => {
  it("a card's LAST MONTH'S BALANCE, SUBTOTAL, TOTAL and TOTAL AMOUNT DUE", () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Your credit card statement 1 June to 30 June 2025']]],
        [100, CARD_HEADING.map((c) => [...c])],
        ...rowsFrom(115, 12, [
          [
            [110, "LAST MONTH'S BALANCE"],
            [560, '100.00', 'r'],
          ],
          [
            [40, '12 Jun'],
            [110, 'COSTA COFFEE'],
            [560, '3.50', 'r'],
          ],
          [
            [40, '14 Jun'],
            [110, 'PAYMENT RECEIVED - THANK YOU'],
            [560, '50.00 CR', 'r'],
          ],
          [
            [110, 'SUBTOTAL'],
            [560, '3.50', 'r'],
          ],
          [
            [40, '16 Jun'],
            [110, 'TESCO STORES'],
            [560, '6.50', 'r'],
          ],
          [
            [110, 'TOTAL'],
            [560, '10.00', 'r'],
          ],
          [
            [110, 'TOTAL AMOUNT DUE'],
            [560, '60.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.accountKind).toBe('credit_card');
    expect(s.transactions.map((t) => [t.description, t.signedAmount])).toEqual([
      ['COSTA COFFEE', -3.5],
      ['PAYMENT RECEIVED - THANK YOU', 50],
      ['TESCO STORES', -6.5],
    ]);
    expect(s.openingBalance).toBe(100);
    expect(s.closingBalance).toBe(60);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });

  it("a bank's 'Balance from previous statement' first row is the opening balance", () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Statement period 1 June to 30 June 2025']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('', 'Balance from previous statement', '', '', '100.00'),
          row('12 Jun', 'COSTA COFFEE', '3.50', '', '96.50'),
        ]),
      ]),
    );
    expect(s.openingBalance).toBe(100);
    expect(s.transactions).toHaveLength(1);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe('a table of balances above the transactions, a row name before its figures', () => {
  it("Revolut's 'Product | Opening balance | Money out | Money in | Closing balance' over 'Account (Current Account) | …'", () => {
    // Evidence: public Revolut PDF parsers ('Balance summary' with Product, Opening balance, Money out,
    // Money in, Closing balance); the corpus layout revolut-gbp.
    const s = read(
      pageBlocks([
        [30, [[40, 'Revolut Ltd']]],
        [50, [[40, 'Balance summary']]],
        [
          62,
          [
            [40, 'Product'],
            [200, 'Opening balance'],
            [300, 'Money out'],
            [380, 'Money in'],
            [460, 'Closing balance'],
          ],
        ],
        [
          74,
          [
            [40, 'Account (Current Account)'],
            [200, '£100.00'],
            [300, '£3.50'],
            [380, '£0.00'],
            [460, '£96.50'],
          ],
        ],
        [86, [[40, 'Account transactions from 1 June 2025 to 30 June 2025']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [row('12 Jun 2025', 'COSTA COFFEE', '3.50', '', '96.50')]),
      ]),
    );
    expect([s.openingBalance, s.closingBalance]).toEqual([100, 96.5]);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });
});

describe('a summary panel left of the table, on the same text lines as its rows', () => {
  it("keeps the panel's words out of descriptions and its figures out of the rows, and reads them as the summary", () => {
    const s = read(
      pageBlocks([
        [
          100,
          [
            [5, 'Sort code 12-34-56'],
            [150, 'Date'],
            [210, 'Description'],
            [430, 'Money out', 'r'],
            [500, 'Money in', 'r'],
            [570, 'Balance', 'r'],
          ],
        ],
        ...rowsFrom(115, 12, [
          [
            [5, 'Statement date 17 June 25'],
            [150, '12 June'],
            [210, 'COSTA COFFEE'],
            [430, '3.50', 'r'],
            [570, '118.58', 'r'],
          ],
          [
            [5, 'Money out 10.00'],
            [150, '16 June'],
            [210, 'CCC GBP 14.80'],
            [430, '0.40', 'r'],
            [570, '118.18', 'r'],
          ],
          [
            [5, 'Opening balance 122.08'],
            [150, '16 June'],
            [210, 'TESCO STORES'],
            [430, '6.10', 'r'],
            [570, '112.08', 'r'],
          ],
          [
            [5, 'Closing balance 112.08'],
            [210, 'PAGE 1'],
          ],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance])).toEqual([
      ['2025-06-12', 'COSTA COFFEE', -3.5, 118.58],
      ['2025-06-16', 'CCC GBP 14.80', -0.4, 118.18],
      ['2025-06-16', 'TESCO STORES', -6.1, 112.08],
    ]);
    expect(s.statementDate).toBe('2025-06-17');
    expect(s.openingBalance).toBe(122.08);
    expect(s.closingBalance).toBe(112.08);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });
});

describe('a summary box with each label above its figure', () => {
  it("'Balance on 01 March 2025' over '£2,364.50' and 'Opening balance' over '£2,218.40' give the opening and closing", () => {
    const s = read(
      pageBlocks([
        [
          40,
          [
            [40, 'Opening balance'],
            [200, 'Money in'],
            [360, 'Balance on 31 March 2025'],
          ],
        ],
        [
          51,
          [
            [40, '£2,218.40'],
            [200, '£150.00'],
            [360, '£2,364.50'],
          ],
        ],
        [70, [[40, 'Statement period 1 March to 31 March 2025']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('02 Mar', 'COSTA COFFEE', '3.90', '', '2,214.50'),
          row('28 Mar', 'SALARY ACME LTD', '', '150.00', '2,364.50'),
        ]),
      ]),
    );
    expect(s.openingBalance).toBe(2218.4);
    expect(s.closingBalance).toBe(2364.5);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });
});

describe("'TOTAL BALANCE' closes the statement only when its figures say so", () => {
  // A summary that sums the customer's accounts ('Total balance' of the current account and its savings
  // together, beside the account's own figures): not this account's closing balance.
  it("a summary's 'Total balance' of every account the customer holds is not the account's closing", () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Your accounts statement 1 June to 30 June 2025']]],
        [45, [[40, 'Current account opening balance 1,000.00']]],
        [60, [[40, 'Total balance 6,200.00']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('02 Jun', 'COSTA COFFEE', '3.90', '', '996.10'),
          row('28 Jun', 'SALARY ACME LTD', '', '150.00', '1,146.10'),
        ]),
      ]),
    );
    expect(s.openingBalance).toBe(1000);
    expect(s.closingBalance).not.toBe(6200);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });

  // Nationwide's card statement closes its table with 'TOTAL BALANCE' (the amount owed): the balances add up.
  it("a card table closed by 'TOTAL BALANCE' takes it as the closing balance", () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Your credit card statement 1 June to 30 June 2025']]],
        [100, CARD_HEADING.map((c) => [...c])],
        ...rowsFrom(115, 12, [
          [
            [110, 'Balance from previous statement'],
            [560, '100.00', 'r'],
          ],
          [
            [40, '12 Jun'],
            [110, 'COSTA COFFEE'],
            [560, '3.50', 'r'],
          ],
          [
            [40, '14 Jun'],
            [110, 'PAYMENT RECEIVED - THANK YOU'],
            [560, '50.00 CR', 'r'],
          ],
          [
            [110, 'TOTAL BALANCE'],
            [560, '53.50', 'r'],
          ],
        ]),
      ]),
    );
    expect(s.closingBalance).toBe(53.5);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });
});
