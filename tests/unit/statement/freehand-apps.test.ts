import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { FREEHAND_APPS } from '../../fixtures/statements/freehand-apps';
import { HEADING, pageBlocks, row, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * Statements of the UK's app-based, challenger and e-money accounts drawn freehand
 * (tests/fixtures/statements/freehand-apps.ts): each layout read from its text layer, every row exact;
 * each trait they showed the reader did not yet read, on hand-built blocks.
 */
describe('app, challenger and e-money account statements drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_APPS);
});

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance] as const);

describe("a summary's 'Balance at start' / 'Balance at end'", () => {
  // Evidence: app-bank and building-society summaries label the period's balances 'Balance at start (of
  // period)' and 'Balance at end (of period)' (Kroo-style summary beside the address); 'Balance at end of
  // day' under a day's rows stays a balance line, not the closing.
  it('are the opening and closing balances', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Current Account']]],
        [42, [[40, 'Statement for 2025-02-01 to 2025-02-28']]],
        [
          54,
          [
            [360, 'Balance at start'],
            [560, '100.00', 'r'],
          ],
        ],
        [
          66,
          [
            [360, 'Balance at end'],
            [560, '75.00', 'r'],
          ],
        ],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('2025-02-03', 'TFL TRAVEL CHARGE', '30.00', '', '70.00'),
          row('2025-02-09', 'REFUND', '', '5.00', '75.00'),
        ]),
      ]),
    );
    expect(s.openingBalance).toBe(100);
    expect(s.closingBalance).toBe(75);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("two dated balances on one line, a colon after each date ('Balance on 01/04/2025: £642.19')", () => {
  // Evidence: app-bank statements print the period's first and last balances side by side, each as
  // 'Balance on <date>:' and its figure (Monzo-style joint account summary).
  it('are the opening and the closing', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Joint account statement']]],
        [42, [[40, '01/04/2025 - 30/04/2025']]],
        [
          60,
          [
            [40, 'Balance on 01/04/2025: £100.00'],
            [300, 'Balance on 30/04/2025: £75.00'],
          ],
        ],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('03/04/2025', 'Tesco', '30.00', '', '70.00'),
          row('09/04/2025', 'Refund', '', '5.00', '75.00'),
        ]),
      ]),
    );
    expect(s.openingBalance).toBe(100);
    expect(s.closingBalance).toBe(75);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a local-currency amount in a column of its own, the balances plain ('(Local) Amount  -45.00 EUR')", () => {
  // Evidence: app banks print a card payment abroad with its local amount beside the sterling one (Monzo's
  // '(GBP) Amount' and '(GBP) Balance' printed plain, the local amount with its code); the sterling amount
  // moved the balance, the local one is a note on the payment.
  it('is read with the description, not as a second amount', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Account statement']]],
        [42, [[40, '01/04/2025 - 30/04/2025']]],
        [54, [[40, 'Opening balance 500.00']]],
        [
          100,
          [
            [40, 'Date'],
            [110, 'Description'],
            [380, '(Local) Amount', 'r'],
            [470, '(GBP) Amount', 'r'],
            [560, '(GBP) Balance', 'r'],
          ],
        ],
        ...rowsFrom(115, 12, [
          [
            [40, '17/04/2025'],
            [110, 'Boots'],
            [470, '-6.82', 'r'],
            [560, '493.18', 'r'],
          ],
          [
            [40, '18/04/2025'],
            [110, 'Mercadona Barcelona ESP'],
            [380, '-51.27 EUR', 'r'],
            [470, '-43.73', 'r'],
            [560, '449.45', 'r'],
          ],
          [
            [40, '19/04/2025'],
            [110, 'Salary'],
            [470, '1,000.00', 'r'],
            [560, '1,449.45', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-04-17', 'Boots', -6.82, 493.18],
      ['2025-04-18', 'Mercadona Barcelona ESP -51.27 EUR', -43.73, 449.45],
      ['2025-04-19', 'Salary', 1000, 1449.45],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("no Date column, each day's date a line of its own above its rows ('Transaction details | Amount | Balance')", () => {
  // Evidence: Chase UK statements and app-bank exports group the rows under a date line ('Sat, 01 Mar
  // 2025'), the headings naming only the details, a signed amount and the balance.
  it('dates each row by the date line above it', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Current account statement']]],
        [42, [[40, '1 March 2025 – 31 March 2025']]],
        [
          54,
          [
            [360, 'Opening balance'],
            [560, '£100.00', 'r'],
          ],
        ],
        [
          66,
          [
            [360, 'Closing balance'],
            [560, '£2,088.70', 'r'],
          ],
        ],
        [
          100,
          [
            [52, 'Transaction details'],
            [470, 'Amount', 'r'],
            [560, 'Balance', 'r'],
          ],
        ],
        [115, [[42, 'Sat, 01 Mar 2025']]],
        [
          130,
          [
            [52, 'Pret A Manger'],
            [470, '-£6.50', 'r'],
            [560, '£93.50', 'r'],
          ],
        ],
        [140, [[52, 'Card payment']]],
        [
          154,
          [
            [52, 'Round Up'],
            [470, '-£0.50', 'r'],
            [560, '£93.00', 'r'],
          ],
        ],
        [164, [[52, 'To Round Up account']]],
        [180, [[42, 'Mon, 03 Mar 2025']]],
        [
          195,
          [
            [52, 'Fabrikam Ltd'],
            [470, '+£2,000.00', 'r'],
            [560, '£2,093.00', 'r'],
          ],
        ],
        [205, [[52, 'Payment received']]],
        [
          219,
          [
            [52, 'Boots'],
            [470, '-£4.30', 'r'],
            [560, '£2,088.70', 'r'],
          ],
        ],
        [229, [[52, 'Card payment']]],
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-03-01', 'Pret A Manger Card payment', -6.5, 93.5],
      ['2025-03-01', 'Round Up To Round Up account', -0.5, 93],
      ['2025-03-03', 'Fabrikam Ltd Payment received', 2000, 2093],
      ['2025-03-03', 'Boots Card payment', -4.3, 2088.7],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("an e-money statement's 'Currency | Gross | Fee | Net' columns", () => {
  // Evidence: PayPal account statements and activity reports print each payment's gross, its fee and the
  // net that moved the balance, a currency code on every row, and a summary whose money in and out are the
  // gross payments with the fees a figure of their own.
  it('read the net as the amount, the gross and the fee as neither money nor description', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Monthly account statement']]],
        [42, [[40, 'Statement period: 01/03/2025 - 31/03/2025']]],
        [
          70,
          [
            [40, 'Currency'],
            [160, 'Opening balance', 'r'],
            [250, 'Money in', 'r'],
            [340, 'Money out', 'r'],
            [430, 'Fees', 'r'],
            [547, 'Closing balance', 'r'],
          ],
        ],
        [
          86,
          [
            [40, 'GBP'],
            [160, '100.00', 'r'],
            [250, '40.00', 'r'],
            [340, '-23.50', 'r'],
            [430, '-1.46', 'r'],
            [547, '115.04', 'r'],
          ],
        ],
        [
          120,
          [
            [40, 'Date'],
            [105, 'Description'],
            [330, 'Currency'],
            [410, 'Gross', 'r'],
            [470, 'Fee', 'r'],
            [547, 'Net', 'r'],
          ],
        ],
        ...rowsFrom(135, 12, [
          [
            [40, '02 Mar 2025'],
            [105, 'Express Checkout Payment'],
            [330, 'GBP'],
            [410, '-23.50', 'r'],
            [470, '0.00', 'r'],
            [547, '-23.50', 'r'],
          ],
          [
            [40, '03 Mar 2025'],
            [105, 'Payment received'],
            [330, 'GBP'],
            [410, '40.00', 'r'],
            [470, '-1.46', 'r'],
            [547, '38.54', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-03-02', 'Express Checkout Payment', -23.5, null],
      ['2025-03-03', 'Payment received', 38.54, null],
    ]);
    expect(s.openingBalance).toBe(100);
    expect(s.closingBalance).toBe(115.04);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe('a summary label a little over a line-height above its figure (a shaded label band)', () => {
  // Evidence: summary tables printed as a shaded band of labels over a row of figures (PayPal's balance
  // summary, Revolut's): the figures stand up to two line-heights under the labels.
  it('pairs each figure with its label', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Account statement']]],
        [42, [[40, 'Statement period: 01/03/2025 - 31/03/2025']]],
        [
          70,
          [
            [200, 'Opening balance', 'r'],
            [400, 'Closing balance', 'r'],
          ],
        ],
        [
          95,
          [
            [200, '100.00', 'r'],
            [400, '75.00', 'r'],
          ],
        ],
        [130, HEADING],
        ...rowsFrom(145, 12, [row('03/03/2025', 'Tesco', '25.00', '', '')]),
      ]),
    );
    expect(s.openingBalance).toBe(100);
    expect(s.closingBalance).toBe(75);
    expect(s.reconciliation.ok).toBe(true);
  });
});
