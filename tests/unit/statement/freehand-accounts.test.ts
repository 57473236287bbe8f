import { describe, expect, it } from 'vitest';
import type { Block } from '../../../functions/domain/statement/blocks';
import { FREEHAND_ACCOUNTS } from '../../fixtures/statements/freehand-accounts';
import { type LineSpec, pageBlocks } from './blocks';
import { read, readDrawn, rowsOf } from './freehand-support';

/**
 * Current and savings account statements drawn freehand (tests/fixtures/statements/freehand-accounts.ts),
 * outside the corpus's layout description, and the traits they showed the reader did not yet read: each
 * layout read from its text layer, every row exact; each trait on hand-built blocks.
 */

/** Layouts that print no opening balance (it is the oldest row's balance less its amount). */
const OPENING_NOT_PRINTED = new Set(['currency-labelled-closing']);

describe('current and savings accounts drawn freehand, text layer: every row exact', () => {
  for (const layout of FREEHAND_ACCOUNTS) {
    it(`${layout.name}`, async () => {
      const { statement: s, truth } = await readDrawn(layout);
      expect(rowsOf(s)).toEqual(truth.transactions);
      expect(s.openingBalance).toBe(OPENING_NOT_PRINTED.has(layout.name) ? null : truth.openingBalance);
      expect(s.closingBalance).toBe(truth.closingBalance);
      expect(s.reconciliation.ok).toBe(true);
    });
  }
});

/**
 * A multi-currency account's statement: headings that name no date column ('Description | Incoming |
 * Outgoing | Amount'), newest first, each entry's date on the line under its description. Evidence: Wise
 * balance statements as public parsers' tests quote their text ('EUR on 30 November 2025 [GMT] 697.15 EUR',
 * '27 November 2025 Card ending in 9924 ... Transaction: CARD-3166196743').
 */
function multiCurrency(options: { balances: LineSpec[]; dateLines: [string, string, string] }): Block[] {
  const [newest, middle, oldest] = options.dateLines;
  return pageBlocks([
    [30, [[40, 'GBP statement']]],
    [42, [[40, '1 May 2025 [GMT] - 31 May 2025 [GMT]']]],
    ...options.balances,
    [
      110,
      [
        [40, 'Description'],
        [380, 'Incoming', 'r'],
        [460, 'Outgoing', 'r'],
        [555, 'Amount', 'r'],
      ],
    ],
    [
      125,
      [
        [40, 'Sent money to Northern Rail Ltd'],
        [460, '-54.92', 'r'],
        [555, '862.02', 'r'],
      ],
    ],
    [135, [[40, newest]]],
    [
      155,
      [
        [40, 'Received money from A Khan'],
        [380, '400.00', 'r'],
        [555, '916.94', 'r'],
      ],
    ],
    [165, [[40, middle]]],
    [
      185,
      [
        [40, 'Card transaction of 32.40 GBP issued by Google'],
        [460, '-32.40', 'r'],
        [555, '516.94', 'r'],
      ],
    ],
    [195, [[40, oldest]]],
  ]);
}

describe('a date line that goes on with the entry\'s reference ("27 May 2025 Card ending in 4471 ...")', () => {
  it('dates the entry above with the date and adds the rest of the line to its description', () => {
    const s = read(
      multiCurrency({
        balances: [],
        dateLines: [
          '10 May 2025 Transaction: TRANSFER-1813429851',
          '2 May 2025 Transaction: TRANSFER-1799705561',
          '1 May 2025 Card ending in 4471 Transaction: CARD-3072509862',
        ],
      }),
    );
    expect(s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance])).toEqual([
      [
        '2025-05-01',
        'Card transaction of 32.40 GBP issued by Google Card ending in 4471 Transaction: CARD-3072509862',
        -32.4,
        516.94,
      ],
      ['2025-05-02', 'Received money from A Khan Transaction: TRANSFER-1799705561', 400, 916.94],
      ['2025-05-10', 'Sent money to Northern Rail Ltd Transaction: TRANSFER-1813429851', -54.92, 862.02],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe('a balance labelled by its currency and date alone ("GBP on 1 May 2025 [GMT]  549.34 GBP")', () => {
  const dateLines: [string, string, string] = ['10 May 2025', '2 May 2025', '1 May 2025'];

  it('reads the opening and the closing balance, each by its date', () => {
    const s = read(
      multiCurrency({
        balances: [
          [
            70,
            [
              [40, 'GBP on 1 May 2025 [GMT]'],
              [555, '549.34 GBP', 'r'],
            ],
          ],
          [
            82,
            [
              [40, 'GBP on 31 May 2025 [GMT]'],
              [555, '862.02 GBP', 'r'],
            ],
          ],
        ],
        dateLines,
      }),
    );
    expect([s.openingBalance, s.closingBalance]).toEqual([549.34, 862.02]);
    expect(s.reconciliation.ok).toBe(true);
  });

  it('reads the closing balance when it is the only balance printed', () => {
    const s = read(
      multiCurrency({
        balances: [
          [
            70,
            [
              [40, 'GBP on 31 May 2025 [GMT]'],
              [555, '862.02 GBP', 'r'],
            ],
          ],
        ],
        dateLines,
      }),
    );
    expect([s.openingBalance, s.closingBalance]).toEqual([null, 862.02]);
  });

  it('takes no other word before "on" for a currency ("Due on 31 May 2025  862.02")', () => {
    const s = read(
      multiCurrency({
        balances: [
          [
            70,
            [
              [40, 'Due on 31 May 2025'],
              [555, '862.02', 'r'],
            ],
          ],
        ],
        dateLines,
      }),
    );
    expect(s.closingBalance).toBe(null);
  });
});
