import { describe, expect, it } from 'vitest';
import type { ParsedStatement } from '../../../functions/domain/statement';
import { groupRows, wordsFromBlocks } from '../../../functions/domain/statement/geometry';
import { detectHeader } from '../../../functions/domain/statement/header';
import { FREEHAND_ISSUERCARDS } from '../../fixtures/statements/freehand-issuercards';
import { type LineSpec, pageBlocks, rowsFrom } from './blocks';
import { itReadsEachExactly, read } from './freehand-support';

/**
 * Credit and store card statements of UK issuers drawn freehand (tests/fixtures/statements/
 * freehand-issuercards.ts): each layout read from its text layer, every row exact; each trait the set showed
 * the reader did not yet read, on hand-built blocks.
 */
describe('UK issuers’ credit and store cards drawn freehand, text layer: every row exact', () => {
  itReadsEachExactly(FREEHAND_ISSUERCARDS);
});

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

/** A card's rows under 'Date | Description | Amount £', from y 124, dated February 2025. */
const cardRows = (rows: Array<[string, string, string]>) =>
  rowsFrom(
    124,
    12,
    rows.map(([date, text, amount]) => [
      [40, date],
      [100, text],
      [555, amount, 'r'],
    ]),
  );
const CARD_HEADING: LineSpec = [
  100,
  [
    [40, 'Date'],
    [100, 'Description'],
    [555, 'Amount £', 'r'],
  ],
];

describe('a date under its label in a line of summary figures', () => {
  // Evidence: Sainsbury's Bank prints 'Opening balance | Closing balance | Minimum payment | Payment due date'
  // over '£744.10 | £1,431.71 | £32.21 | 11/11/25', Santander's card 'New balance | … | Payment due' over the
  // figures and '09/12/25'. The date among the figures left the whole line unread: no opening or closing, the
  // rows checked against nothing.
  it('pairs each figure with its label and leaves the date its own', () => {
    const s = read(
      pageBlocks([
        [20, [[40, 'Credit card statement']]],
        [30, [[400, 'Statement date 16/10/25']]],
        [
          50,
          [
            [40, 'Opening balance'],
            [170, 'Closing balance'],
            [300, 'Payment due date'],
          ],
        ],
        [
          61,
          [
            [40, '£100.00'],
            [170, '£130.00'],
            [300, '11/11/25'],
          ],
        ],
        CARD_HEADING,
        ...cardRows([
          ['17/09/25', 'TESCO STORES 3017', '50.00'],
          ['18/09/25', 'PAYMENT RECEIVED', '-40.00'],
          ['19/09/25', 'ALDI 62 773', '20.00'],
        ]),
      ]),
    );
    expect(s.openingBalance).toBe(100);
    expect(s.closingBalance).toBe(130);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a cardholder's subtotal over rows on two pages", () => {
  // Evidence: the John Lewis Partnership Card (NewDay) lists the primary cardholder's rows, then the
  // additional cardholder's, each closed by 'Total for card ending …'; a section running over a page break has
  // 'Carried forward' / 'Brought forward' between its rows. Only the rows after 'Brought forward' were added up
  // against the subtotal, so it was read as a purchase (the closing check broke, sent to the check).
  it('adds up the rows on both pages and is no transaction', () => {
    const s = read([
      ...pageBlocks([
        [20, [[40, 'Partnership Credit Card statement']]],
        [30, [[400, 'Statement date 15.01.26']]],
        [42, [[400, 'New balance £154.00']]],
        CARD_HEADING,
        ...cardRows([
          ['', 'Previous balance', '100.00'],
          ['', 'Mr J Price - card ending 7720', ''],
          ['20.12.25', 'WAITROSE 0287', '10.00'],
          ['21.12.25', 'BOOTS 1123', '20.00'],
          ['', 'Carried forward', '130.00'],
        ]).map(([y, cells]): LineSpec => [y, cells.filter((c) => c[1] !== '')]),
        [780, [[555, 'Continued overleaf', 'r']]],
      ]),
      ...pageBlocks(
        [
          [30, [[400, 'Statement date 15.01.26']]],
          CARD_HEADING,
          ...cardRows([
            ['', 'Brought forward', '130.00'],
            ['02.01.26', 'ALDI 62 773', '25.00'],
            ['03.01.26', 'COSTA COFFEE 43011', '5.00'],
            ['04.01.26', 'BOOTS 1123 REFUND', '6.00CR'],
            ['', 'Total for card ending 7720', '54.00'],
            ['', 'New balance', '154.00'],
          ]).map(([y, cells]): LineSpec => [y, cells.filter((c) => c[1] !== '')]),
        ],
        2,
      ),
    ]);
    expect(brief(s)).toEqual([
      ['2025-12-20', 'WAITROSE 0287', -10],
      ['2025-12-21', 'BOOTS 1123', -20],
      ['2026-01-02', 'ALDI 62 773', -25],
      ['2026-01-03', 'COSTA COFFEE 43011', -5],
      ['2026-01-04', 'BOOTS 1123 REFUND', 6],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a card's misprinted purchase recovered from the opening and closing", () => {
  // Evidence: misprinted figures ('120 00', a space for the point) on UK statements; on a card (NatWest
  // Reward, no running balance) the amount the opening and closing need was recovered as money IN, a
  // £120.00 purchase read as a £120.00 credit (sent to the check, the closing no longer adding up).
  it('is money out when the figures need a purchase', () => {
    const s = read(
      pageBlocks([
        [20, [[40, 'Reward Credit Card Statement']]],
        [30, [[400, 'Statement date 17 Sep 2025']]],
        [42, [[40, 'Previous balance £100.00']]],
        [54, [[40, 'New balance £290.00']]],
        CARD_HEADING,
        ...cardRows([
          ['18 Aug', 'TESCO STORES 3017', '50.00'],
          ['19 Aug', 'DVLA-VEHICLE TAX', '120 00'],
          ['20 Aug', 'ALDI 62 773', '20.00'],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-08-18', 'TESCO STORES 3017', -50],
      ['2025-08-19', 'DVLA-VEHICLE TAX', -120],
      ['2025-08-20', 'ALDI 62 773', -20],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("the table's title on the heading's first line, the money heading beside it", () => {
  // Evidence: HSBC UK card statements print 'Your Transaction Details' and 'Amount' on one line over
  // 'Received By Us | Transaction Date | Details'. Both lines read whole left the title's words over and
  // lost both date columns: every row was dated 1 January with the figures adding up (sent to the check as
  // dates not read).
  const heading: LineSpec[] = [
    [
      100,
      [
        [40, 'Your Transaction Details'],
        [555, 'Amount', 'r'],
      ],
    ],
    [
      110,
      [
        [40, 'Received By Us'],
        [110, 'Transaction Date'],
        [185, 'Details'],
      ],
    ],
  ];
  it('reads the lower line with the money heading: the transaction date second, the date received first', () => {
    const found = detectHeader(groupRows(wordsFromBlocks(pageBlocks(heading))), 0);
    expect(found?.rows).toBe(2);
    expect(found?.header.columns.map((c) => c.kind)).toEqual(['date2', 'date', 'description', 'amount']);
  });
  it('dates each row by its transaction date', () => {
    const s = read(
      pageBlocks([
        [20, [[40, 'Your Rewards Credit Card statement']]],
        [30, [[40, 'Statement Date 09 November 2025']]],
        [42, [[40, 'Previous Balance 100.00']]],
        [54, [[40, 'New Balance 130.00']]],
        ...heading,
        ...rowsFrom(124, 12, [
          [
            [40, '10 Oct 25'],
            [110, '09 Oct 25'],
            [185, 'SHELL OLDBURY'],
            [555, '50.00', 'r'],
          ],
          [
            [40, '12 Oct 25'],
            [110, '11 Oct 25'],
            [185, 'PAYMENT - THANK YOU'],
            [555, '40.00CR', 'r'],
          ],
          [
            [40, '14 Oct 25'],
            [110, '12 Oct 25'],
            [185, '))) COSTA COFFEE OLDBURY'],
            [555, '20.00', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-10-09', 'SHELL OLDBURY', -50],
      ['2025-10-11', 'PAYMENT - THANK YOU', 40],
      ['2025-10-12', '))) COSTA COFFEE OLDBURY', -20],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe("a card's refunds or cashback printed apart from its payments", () => {
  // Evidence: Lloyds Bank's 'Summary of your account' ('Payments received £300.00 CR'), with the refunds on a
  // line of their own, and Santander's All in One card summary ('Payments received', 'Cashback'): the
  // payments alone were checked against every credit in the table, a break that sent exact readings to the
  // check.
  const statement = (label: string) =>
    read(
      pageBlocks([
        [20, [[40, 'Your credit card statement']]],
        [30, [[400, 'Statement date 09 January 2026']]],
        [42, [[40, 'Previous balance £100.00']]],
        [54, [[40, 'Payments received £40.00 CR']]],
        [66, [[40, `${label} £5.00 CR`]]],
        [78, [[40, 'Your new balance £125.00']]],
        CARD_HEADING,
        ...cardRows([
          ['10 Dec', 'TESCO STORES 3017', '50.00'],
          ['11 Dec', 'PAYMENT RECEIVED - THANK YOU', '40.00CR'],
          ['12 Dec', 'NEXT RETAIL LTD REFUND', '5.00CR'],
          ['13 Dec', 'ALDI 62 773', '20.00'],
        ]),
      ]),
    );
  it('checks money in as the payments and the refunds together', () => {
    expect(statement('Refunds received').reconciliation.ok).toBe(true);
    expect(statement('Cashback').reconciliation.ok).toBe(true);
  });
});

describe("a column of the card's last four digits ('Card no.')", () => {
  // Evidence: Santander's card statements show each transaction's date, the last four digits of the card
  // used, a description and the amount. 'Card no.' was no heading word, so the heading was not read and the
  // columns were guessed from where the figures stand.
  it('is read as a heading, the digits with the description', () => {
    const rows = groupRows(
      wordsFromBlocks(
        pageBlocks([
          [
            100,
            [
              [40, 'Date'],
              [100, 'Card no.'],
              [150, 'Description'],
              [555, 'Amount (£)', 'r'],
            ],
          ],
        ]),
      ),
    );
    const columns = detectHeader(rows, 0)?.header.columns;
    expect(columns?.map((c) => c.kind)).toEqual(['date', 'description', 'amount']);
    // The description column starts at 'Card no.', so the digits lead each description.
    expect(columns?.[1]?.left).toBeCloseTo(100 / 600, 2);
  });

  // Evidence: card statements whose summary panel stands left of the table, one panel line level with each
  // table line ('Card number' / 'Card no.' and its masked number on the heading's line, as the Capital One
  // and Virgin Money layouts of the corpus print their panels). The label was read as the heading of a
  // description column, which took the panel's lines into the table and lost all but two of 25 rows.
  it("is no column when it is a panel's label with its value on the heading's line", () => {
    const rows = groupRows(
      wordsFromBlocks(
        pageBlocks([
          [
            100,
            [
              [40, 'Card no.'],
              [160, '**** 1234', 'r'],
              [175, 'Date'],
              [250, 'Description'],
              [555, 'Amount £', 'r'],
            ],
          ],
        ]),
      ),
    );
    const columns = detectHeader(rows, 0)?.header.columns;
    expect(columns?.map((c) => c.kind)).toEqual(['date', 'description', 'amount']);
    expect(columns?.[0]?.left).toBeCloseTo(175 / 600, 2);
  });
});
