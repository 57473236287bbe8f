import { describe, expect, it } from 'vitest';
import { type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { type CellSpec, pageBlocks, rowsFrom } from './blocks';

/** Traits of UK statements printed beside or around the transactions, on hand-built geometry. */
function read(blocks: Block[]): ParsedStatement {
  const result = readStatement(blocks, { referenceDate: '2026-01-01' });
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}
const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance] as const);

describe("a payment abroad's foreign amount in a column of its own (Revolut's 'Exchange Out')", () => {
  // Evidence: Revolut's statement columns "Completed Date; Description; Paid Out (...); Paid In (...);
  // Exchange Out; Exchange In; Balance (...)" (the ofxstatement Revolut plugin's SIGNATURES).
  const heading: CellSpec[] = [
    [40, 'Date'],
    [110, 'Description'],
    [330, 'Money out', 'r'],
    [400, 'Money in', 'r'],
    [475, 'Exchange Out', 'r'],
    [560, 'Balance', 'r'],
  ];
  const line = (date: string, desc: string, out: string, moneyIn: string, fx: string, balance: string) =>
    [
      [40, date],
      [110, desc],
      ...(out ? [[330, out, 'r']] : []),
      ...(moneyIn ? [[400, moneyIn, 'r']] : []),
      ...(fx ? [[475, fx, 'r']] : []),
      [560, balance, 'r'],
    ] as CellSpec[];

  it('is a note on the payment, never money of the account', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Revolut']]],
        [50, [[40, 'Account transactions from 1 January 2025 to 31 January 2025']]],
        [70, [[360, 'Opening balance £500.00']]],
        [100, heading],
        ...rowsFrom(115, 12, [
          line('02 Jan 2025', 'HOTEL LE MARAIS PARIS', '£22.12', '', 'EUR 26.11', '£477.88'),
          line('03 Jan 2025', 'ACME SALARY', '', '£1,000.00', '', '£1,477.88'),
          line('05 Jan 2025', 'APPLE.COM/US', '£85.00', '', 'USD 107.85', '£1,392.88'),
          line('07 Jan 2025', 'TESCO STORES', '£12.34', '', '', '£1,380.54'),
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-01-02', 'HOTEL LE MARAIS PARIS EUR 26.11', -22.12, 477.88],
      ['2025-01-03', 'ACME SALARY', 1000, 1477.88],
      ['2025-01-05', 'APPLE.COM/US USD 107.85', -85, 1392.88],
      ['2025-01-07', 'TESCO STORES', -12.34, 1380.54],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a card's interest-summary table (rates and what is owed at each)", () => {
  // Evidence: "You can see your balance transfer, purchase and cash interest rates on your monthly statement"
  // (http://www.nationwide.co.uk/support/support-articles/manage-your-account/credit-card-interest); "the
  // breakdown of balance section on the transaction pages"
  // (https://halifax.co.uk/creditcards/help-guidance/what-are-interest-rates.html).
  const interest = (y: number): Array<[number, CellSpec[]]> => [
    [y, [[40, 'Your interest rates and balances']]],
    [
      y + 16,
      [
        [40, 'Balance type'],
        [220, 'Interest rate (p.a.)'],
        [560, 'Balance owed', 'r'],
      ],
    ],
    ...rowsFrom(y + 30, 12, [
      [
        [40, 'Purchases'],
        [220, '24.94%'],
        [560, '123.45', 'r'],
      ],
      [
        [40, 'Cash'],
        [220, '29.94%'],
        [560, '0.00', 'r'],
      ],
      [
        [40, 'Balance transfers'],
        [220, '0% until 30 November 2025'],
        [560, '100.00', 'r'],
      ],
    ]),
  ];
  const table = (y: number): Array<[number, CellSpec[]]> => [
    [
      y,
      [
        [40, 'Date'],
        [110, 'Description'],
        [560, 'Amount', 'r'],
      ],
    ],
    ...rowsFrom(y + 15, 12, [
      [
        [40, '06 Mar'],
        [110, 'TESCO STORES'],
        [560, '45.20', 'r'],
      ],
      [
        [40, '10 Mar'],
        [110, 'PAYMENT RECEIVED - THANK YOU'],
        [560, '-200.00', 'r'],
      ],
      [
        [40, '14 Mar'],
        [110, 'TRAINLINE.COM'],
        [560, '55.25', 'r'],
      ],
    ]),
  ];
  const header: Array<[number, CellSpec[]]> = [
    [30, [[40, 'Barclaycard']]],
    [50, [[40, 'Period 5 Mar 2025 - 4 Apr 2025']]],
    [
      70,
      [
        [360, 'Previous balance'],
        [560, '£322.00', 'r'],
      ],
    ],
    [
      82,
      [
        [360, 'New balance'],
        [560, '£222.45', 'r'],
      ],
    ],
  ];
  const rows = [
    ['2025-03-06', 'TESCO STORES', -45.2, null],
    ['2025-03-10', 'PAYMENT RECEIVED - THANK YOU', 200, null],
    ['2025-03-14', 'TRAINLINE.COM', -55.25, null],
  ];

  it.each([
    ['after the transactions', [...header, ...table(120), ...interest(200)]],
    ['before the transactions', [...header, ...interest(110), ...table(200)]],
  ])('%s: its figures are never rows nor the closing balance', (_, lines) => {
    const s = read(pageBlocks(lines as Array<[number, CellSpec[]]>));
    expect(brief(s)).toEqual(rows);
    expect([s.openingBalance, s.closingBalance]).toEqual([322, 222.45]);
    expect(s.reconciliation.ok).toBe(true);
  });
});
