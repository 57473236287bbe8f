import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { type Block, type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import { hiddenTextStatementPdf } from '../../fixtures/statements/real-layouts';
import { type CellSpec, type LineSpec, pageBlocks, rowsFrom } from './blocks';

/**
 * Layouts UK banks print that the generated fixtures do not make, each reproduced as the bank lays it out
 * (hand-built Textract-shaped blocks) and read exactly. Each test names the trait and where it was seen.
 */
function read(...pages: LineSpec[][]): ParsedStatement {
  const result = readStatement(pages.flatMap((lines, i) => pageBlocks(lines, i + 1)));
  if (!result.ok) throw new Error(result.message);
  return result.statement;
}

const rowsOf = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance]);

describe('real UK statement layouts', () => {
  it('a side panel printed beside the table (interest rates, average balance, overdraft limit) is no part of its rows', () => {
    // Nationwide FlexAccount statements print an information box right of the transaction table, level with
    // its rows ('Average credit balance', 'Credit interest', 'Arranged overdraft', 'Start balance' /
    // 'End balance'); under 'Date  Description  £ Out  £ In  £ Balance'. Seen in
    // paultendo/ai-bank-statement-extractor @ src/parsers/nationwide_parser.py (INFO_BOX_KEYWORDS, and the
    // table cropped at the box's left edge) and docs/PARSER_PATTERNS.md ('Info Box Filtering').
    const s = read([
      [30, [[40, 'Nationwide Building Society']]],
      [45, [[40, 'FlexAccount statement']]],
      [57, [[40, '11 February 2025 to 10 March 2025']]],
      [
        100,
        [
          [40, 'Date'],
          [90, 'Description'],
          [290, '£ Out', 'r'],
          [340, '£ In', 'r'],
          [400, '£ Balance', 'r'],
        ],
      ],
      ...rowsFrom(115, 12, [
        [
          [40, '11 Feb'],
          [90, 'Balance from statement 12'],
          [400, '500.00', 'r'],
          [430, 'Average credit balance'],
          [585, '£412.30', 'r'],
        ],
        [
          [40, '12 Feb'],
          [90, 'Contactless Payment'],
          [430, 'Credit interest rate'],
          [585, '0.10%', 'r'],
        ],
        [
          [90, 'TESCO STORES'],
          [290, '12.00', 'r'],
          [400, '488.00', 'r'],
          [430, 'Arranged overdraft limit'],
          [585, '£250.00', 'r'],
        ],
        [
          [40, '14 Feb'],
          [90, 'Transfer from 07-00-00 1234'],
          [340, '100.00', 'r'],
          [400, '588.00', 'r'],
          [430, 'Interest paid'],
          [585, '£0.04', 'r'],
        ],
        [
          [430, 'Start balance'],
          [585, '£500.00', 'r'],
        ],
        [
          [40, '01 Mar'],
          [90, 'Direct debit EON'],
          [290, '45.00', 'r'],
          [400, '543.00', 'r'],
          [430, 'End balance'],
          [585, '£543.00', 'r'],
        ],
        [
          [40, '10 Mar'],
          [90, 'Balance carried forward'],
          [400, '543.00', 'r'],
        ],
      ]),
    ]);
    expect(rowsOf(s)).toEqual([
      ['2025-02-12', 'Contactless Payment TESCO STORES', -12, 488],
      ['2025-02-14', 'Transfer from 07-00-00 1234', 100, 588],
      ['2025-03-01', 'Direct debit EON', -45, 543],
    ]);
    expect([s.openingBalance, s.closingBalance, s.reconciliation.ok]).toEqual([500, 543, true]);
  });
});

describe('real UK statement layouts: short headings', () => {
  it("figures wider than a short money heading ('IN', 'OUT') are read in its column", () => {
    // Starling Bank statements head their table 'DATE  TYPE  TRANSACTION  IN  OUT  ACCOUNT BALANCE', with
    // money in left of money out and 'dd/mm/yyyy' dates; a figure such as '£1,000.00' is several times as
    // wide as 'IN' above it. Seen in a public Starling Bank parser, starling-1.6.py
    // (_get_table_header_info; 'IN typically left of OUT'); its repository was not recorded.
    const s = read([
      [30, [[40, 'Starling Bank']]],
      [45, [[40, 'Summary 01/01/2025 - 31/01/2025']]],
      [
        100,
        [
          [40, 'DATE'],
          [100, 'TYPE'],
          [200, 'TRANSACTION'],
          [420, 'IN', 'r'],
          [490, 'OUT', 'r'],
          [560, 'ACCOUNT BALANCE', 'r'],
        ],
      ],
      ...rowsFrom(115, 12, [
        [
          [40, '01/01/2025'],
          [200, 'OPENING BALANCE'],
          [560, '£100.00', 'r'],
        ],
        [
          [40, '02/01/2025'],
          [100, 'FASTER PAYMENT'],
          [200, 'ACME LTD'],
          [420, '£1,000.00', 'r'],
          [560, '£1,100.00', 'r'],
        ],
        [
          [40, '03/01/2025'],
          [100, 'CONTACTLESS'],
          [200, 'PRET A MANGER'],
          [490, '£4.50', 'r'],
          [560, '£1,095.50', 'r'],
        ],
        [
          [40, '04/01/2025'],
          [100, 'DIRECT DEBIT'],
          [200, 'COUNCIL TAX'],
          [490, '£120.00', 'r'],
          [560, '£975.50', 'r'],
        ],
      ]),
    ]);
    expect(rowsOf(s)).toEqual([
      ['2025-01-02', 'FASTER PAYMENT ACME LTD', 1000, 1100],
      ['2025-01-03', 'CONTACTLESS PRET A MANGER', -4.5, 1095.5],
      ['2025-01-04', 'DIRECT DEBIT COUNCIL TAX', -120, 975.5],
    ]);
    expect([s.openingBalance, s.reconciliation.ok]).toEqual([100, true]);
  });
});

describe('real UK statement layouts: foreign currency', () => {
  it('a figure in another currency than the balances, under a card payment abroad, is not a transaction', () => {
    // Card payments abroad print the sterling amount and, on the line below, what was spent in the other
    // currency and the rate ('€12.00', 'Rate: €1.00 = £0.8583'); when that figure stands in the amount
    // column it looks like money. Parsers of real UK statements filter such figures out: seen in
    // paultendo/ai-bank-statement-extractor @ docs/historical/LEARNINGS_MONZO_FX.md ('Foreign Currency
    // Amount Filtering': Monzo 'Amount: EUR -109.50. Conversion', NatWest 'USD 20.00 VRATE 1.2730') beside
    // the GBP amounts. The balances here are printed in pounds, so a euro figure is a note, not money.
    const s = read([
      [30, [[40, 'Revolut Ltd']]],
      [45, [[40, 'GBP Statement']]],
      [57, [[40, 'Account transactions from 1 January 2025 to 31 January 2025']]],
      [
        100,
        [
          [40, 'Date'],
          [120, 'Description'],
          [400, 'Money out', 'r'],
          [480, 'Money in', 'r'],
          [560, 'Balance', 'r'],
        ],
      ],
      ...rowsFrom(115, 12, [
        [
          [40, '1 Jan 2025'],
          [120, 'Opening balance'],
          [560, '£1,000.00', 'r'],
        ],
        [
          [40, '12 Jan 2025'],
          [120, 'Cafe de Flore'],
          [400, '£10.30', 'r'],
          [560, '£989.70', 'r'],
        ],
        [
          [120, 'Card: 459675******1234'],
          [400, '€12.00', 'r'],
        ],
        [[120, 'Rate: €1.00 = £0.8583']],
        [
          [40, '14 Jan 2025'],
          [120, 'Transfer from JOHN SMITH'],
          [480, '£100.00', 'r'],
          [560, '£1,089.70', 'r'],
        ],
      ]),
    ]);
    expect(rowsOf(s)).toEqual([
      ['2025-01-12', 'Cafe de Flore Card: 459675******1234 €12.00 Rate: €1.00 = £0.8583', -10.3, 989.7],
      ['2025-01-14', 'Transfer from JOHN SMITH', 100, 1089.7],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe('real UK statement layouts: dates', () => {
  it('a date wrapped in a narrow date column (the last digit of the year on the line below) is one date', () => {
    // Monzo's PDF statements print 'DD/MM/YYYY' in a date column too narrow for it: the text layer gives
    // '16/08/202' on the entry's line and '4' on the line below, sometimes beside the foreign-currency line
    // ('Amount: EUR -109.50. Conversion rate: 1.170122.'). Seen in paultendo/ai-bank-statement-extractor @
    // docs/historical/LEARNINGS_MONZO_FX.md ('Dates split across lines') and data/bank_templates/monzo.yaml.
    const s = read([
      [30, [[40, 'Monzo Bank Limited']]],
      [45, [[40, '01/08/2024 - 31/08/2024']]],
      [
        100,
        [
          [40, 'Date'],
          [100, 'Description'],
          [460, '(GBP) Amount', 'r'],
          [560, '(GBP) Balance', 'r'],
        ],
      ],
      ...rowsFrom(115, 12, [
        [
          [40, '12/08/202'],
          [100, 'LINGOM*RED London GBR'],
          [460, '-93.58', 'r'],
          [560, '106.42', 'r'],
        ],
        [
          [40, '4'],
          [100, 'Amount: EUR -109.50. Conversion'],
        ],
        [[100, 'rate: 1.170122.']],
        [
          [40, '15/08/202'],
          [100, 'TESCO STORES'],
          [460, '-6.42', 'r'],
          [560, '100.00', 'r'],
        ],
        [[40, '4']],
        [
          [40, '20/08/20'],
          [100, 'ACME LTD SALARY'],
          [460, '1,000.00', 'r'],
          [560, '1,100.00', 'r'],
        ],
        [[40, '24']],
      ]),
    ]);
    expect(rowsOf(s)).toEqual([
      ['2024-08-12', 'LINGOM*RED London GBR Amount: EUR -109.50. Conversion rate: 1.170122.', -93.58, 106.42],
      ['2024-08-15', 'TESCO STORES', -6.42, 100],
      ['2024-08-20', 'ACME LTD SALARY', 1000, 1100],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });
});

describe('real UK statement layouts: summary wording', () => {
  it("'Your balance at close of business <date>' is the closing balance", () => {
    // Santander UK current-account statements print their summary as 'Balance brought forward from previous
    // statement', 'Total money in:', 'Total money out: -£…' and 'Your balance at close of business 8th Feb
    // 2025', with ordinal dates ('9th Jan') in a 'Date | Description | Money in | Money out | £ Balance'
    // table. Seen in paultendo/ai-bank-statement-extractor @ data/bank_templates/santander.yaml
    // (header_patterns new_balance, date_formats).
    const s = read([
      [30, [[40, 'Santander']]],
      [45, [[40, 'Your account summary for 9th Jan 2025 to 8th Feb 2025']]],
      [
        60,
        [
          [40, 'Balance brought forward from previous statement'],
          [400, '£1,000.00'],
        ],
      ],
      [
        72,
        [
          [40, 'Total money in:'],
          [400, '£200.00'],
        ],
      ],
      [
        84,
        [
          [40, 'Total money out:'],
          [400, '-£50.00'],
        ],
      ],
      [
        96,
        [
          [40, 'Your balance at close of business 8th Feb 2025'],
          [400, '£1,150.00'],
        ],
      ],
      [
        120,
        [
          [40, 'Date'],
          [110, 'Description'],
          [400, 'Money in', 'r'],
          [480, 'Money out', 'r'],
          [560, '£ Balance', 'r'],
        ],
      ],
      ...rowsFrom(135, 12, [
        [
          [40, '9th Jan'],
          [110, 'Balance brought forward from previous statement'],
          [560, '1,000.00', 'r'],
        ],
        [
          [40, '10th Jan'],
          [110, 'CARD PAYMENT TO TESCO ON 08-01-2025'],
          [480, '50.00', 'r'],
          [560, '950.00', 'r'],
        ],
        [
          [40, '1st Feb'],
          [110, 'BANK GIRO CREDIT REF ACME'],
          [400, '200.00', 'r'],
          [560, '1,150.00', 'r'],
        ],
      ]),
    ]);
    expect(rowsOf(s)).toEqual([
      ['2025-01-10', 'CARD PAYMENT TO TESCO ON 08-01-2025', -50, 950],
      ['2025-02-01', 'BANK GIRO CREDIT REF ACME', 200, 1150],
    ]);
    expect([s.openingBalance, s.closingBalance, s.reconciliation.ok]).toEqual([1000, 1150, true]);
  });
});

describe('real UK statement layouts: credit cards', () => {
  const summary: LineSpec[] = [
    [30, [[40, 'Barclaycard']]],
    [45, [[40, 'Statement date 21 November 2024']]],
    [
      60,
      [
        [40, 'Your previous balance'],
        [250, '£120.00'],
      ],
    ],
    [
      72,
      [
        [40, 'Payments towards your account'],
        [250, '£120.00'],
      ],
    ],
    [
      84,
      [
        [40, 'Your new balance'],
        [250, '£171.45'],
      ],
    ],
    [
      96,
      [
        [40, 'Minimum payment'],
        [250, '£25.00'],
      ],
    ],
  ];
  const transactions = (payment: string): LineSpec[] => [
    [30, [[40, 'Your transactions']]],
    ...rowsFrom(50, 12, [
      [
        [40, '04 Nov'],
        [75, 'SQ *Exeter Science Park L'],
        [285, '£4.45', 'r'],
        [310, '12 Nov'],
        [345, 'Tesco Stores 2345'],
        [580, '£36.50', 'r'],
      ],
      [
        [75, 'Exeter'],
        [310, '14 Nov'],
        [345, 'Amazon.co.uk'],
        [580, '£20.00CR', 'r'],
      ],
      [
        [40, '05 Nov'],
        [75, 'Payment, Thank You'],
        [285, payment, 'r'],
        [310, '16 Nov'],
        [345, 'Ryanair'],
        [580, '£80.00', 'r'],
      ],
      [
        [40, '06 Nov'],
        [75, 'FS *Illformed.com'],
        [285, '£60.00', 'r'],
        [310, '17 Nov'],
        [345, 'Boots'],
        [580, '£10.50', 'r'],
      ],
    ]),
    [200, [[40, 'Ways to pay: by Direct Debit, online banking or at any bank branch. Sort code 20-00-00']]],
  ];

  it('transactions printed in two columns side by side, without headings, read left half then right half', () => {
    // Barclaycard UK statements print their transactions in a two-column ('newspaper') layout with no
    // column headings: 'DD Mon  description  £amount[CR]' on the left half and again on the right half of
    // the same lines, a 'Ways to pay' box across the page below, and the summary ('Your previous balance',
    // 'Payments towards your account', 'Your new balance') on page 1. Seen in rc55/barclaycard-uk-parser @
    // barclaycard_parser.py (column_split, parse_transaction_line) and CLAUDE.md ('two-column layout').
    const s = read(summary, transactions('£120.00CR'));
    expect(rowsOf(s)).toEqual([
      ['2024-11-04', 'SQ *Exeter Science Park L Exeter', -4.45, null],
      ['2024-11-05', 'Payment, Thank You', 120, null],
      ['2024-11-06', 'FS *Illformed.com', -60, null],
      ['2024-11-12', 'Tesco Stores 2345', -36.5, null],
      ['2024-11-14', 'Amazon.co.uk', 20, null],
      ['2024-11-16', 'Ryanair', -80, null],
      ['2024-11-17', 'Boots', -10.5, null],
    ]);
    expect([s.accountKind, s.openingBalance, s.closingBalance, s.reconciliation.ok]).toEqual([
      'credit_card',
      120,
      171.45,
      true,
    ]);
  });

  it('a card payment printed as a plain figure (no CR) beside CR refunds is money in, decided by the balances', () => {
    // Barclaycard prints 'Payment, Thank You £34.99' (or 'Payment By Direct Debit') without the CR it prints
    // on refunds ('£60.00CR'), so the column's convention would make the payment a purchase. Seen in
    // rc55/barclaycard-uk-parser @ barclaycard_parser.py (examples in parse_transaction_line; payments
    // recognised by their wording).
    const s = read(summary, transactions('£120.00'));
    expect(s.transactions.map((t) => [t.description, t.signedAmount, t.type])).toContainEqual([
      'Payment, Thank You',
      120,
      'credit',
    ]);
    expect([s.closingBalance, s.reconciliation.ok]).toEqual([171.45, true]);
    // The same statement with its new balance altered by 1.00 does not reconcile.
    const altered = summary.map(
      ([y, cells]): LineSpec => [
        y,
        cells.map(([x, text, a]) => [x, text === '£171.45' ? '£172.45' : text, a]),
      ],
    );
    expect(read(altered, transactions('£120.00')).reconciliation.ok).toBe(false);
  });
});

describe('real UK statement layouts: hidden text', () => {
  it('screen-reader text in a tiny font stacked on each row is not part of the statement', () => {
    // Lloyds Bank (and its sister brands' shared template) PDFs carry accessibility text for screen readers
    // in a 0.05 pt font at each row, repeating every cell with its column name, under the 'Date |
    // Description | Type | Money In (£) | Money Out (£) | Balance (£)' table with '03 Jan 23' dates. Seen in
    // paultendo/ai-bank-statement-extractor @ src/parsers/lloyds_parser.py ('Lloyds uses white text with
    // tiny size (0.05) for screen readers') and docs/PARSER_PATTERNS.md ('Accessibility Text Filtering').
    const printed: Array<[string, string, string, string, string, string]> = [
      ['03 Jan 23', 'TESCO STORES 3297', 'DEB', '', '12.34', '487.66'],
      ['05 Jan 23', 'ACME LTD', 'BGC', '1,000.00', '', '1,487.66'],
      ['06 Jan 23', 'J SMITH RENT', 'SO', '', '600.00', '887.66'],
    ];
    const lines: LineSpec[] = [
      [30, [[40, 'Lloyds Bank']]],
      [45, [[40, '01 January 2023 to 31 January 2023']]],
      [
        60,
        [
          [40, 'Balance on 01 January 2023'],
          [300, '£500.00'],
        ],
      ],
      [
        72,
        [
          [40, 'Balance on 31 January 2023'],
          [300, '£887.66'],
        ],
      ],
      [
        100,
        [
          [40, 'Date'],
          [100, 'Description'],
          [300, 'Type'],
          [400, 'Money In (£)', 'r'],
          [480, 'Money Out (£)', 'r'],
          [560, 'Balance (£)', 'r'],
        ],
      ],
      ...rowsFrom(
        115,
        12,
        printed.map(([date, description, type, moneyIn, out, balance]) => {
          const cells: CellSpec[] = [
            [40, date],
            [100, description],
            [300, type],
          ];
          if (moneyIn) cells.push([400, moneyIn, 'r']);
          if (out) cells.push([480, out, 'r']);
          cells.push([560, balance, 'r']);
          return cells;
        }),
      ),
    ];
    let id = 0;
    const hidden: Block[] = printed.flatMap(([date, description, type, moneyIn, out, balance], k) =>
      `Date ${date}. Description ${description}. Type ${type}. Money In (£) ${moneyIn || 'blank'}. Money Out (£) ${out || 'blank'}. Balance (£) ${balance}.`
        .split(' ')
        .map(
          (text, i): Block => ({
            BlockType: 'WORD',
            Id: `hidden-${++id}`,
            Text: text,
            Page: 1,
            Geometry: {
              BoundingBox: {
                Left: (40 + 0.2 * i) / 600,
                Top: (119 + 12 * k) / 800,
                Width: (0.03 * text.length) / 600,
                Height: 0.05 / 800,
              },
            },
          }),
        ),
    );
    const result = readStatement([...pageBlocks(lines, 1), ...hidden]);
    if (!result.ok) throw new Error(result.message);
    expect(rowsOf(result.statement)).toEqual([
      ['2023-01-03', 'DEB TESCO STORES 3297', -12.34, 487.66],
      ['2023-01-05', 'BGC ACME LTD', 1000, 1487.66],
      ['2023-01-06', 'SO J SMITH RENT', -600, 887.66],
    ]);
    expect(result.statement.reconciliation.ok).toBe(true);
  });

  it('the same, from a PDF whose text layer carries the screen-reader text in a 0.05 pt white font', async () => {
    const text = await extractTextLayer(await hiddenTextStatementPdf());
    if (!text.ok) throw new Error(text.message);
    const result = readStatement(text.blocks);
    if (!result.ok) throw new Error(result.message);
    expect(rowsOf(result.statement)).toEqual([
      ['2023-01-03', 'DEB TESCO STORES 3297', -12.34, 487.66],
      ['2023-01-05', 'BGC ACME LTD', 1000, 1487.66],
      ['2023-01-06', 'SO J SMITH RENT', -600, 887.66],
    ]);
    expect([
      result.statement.openingBalance,
      result.statement.closingBalance,
      result.statement.reconciliation.ok,
    ]).toEqual([500, 887.66, true]);
  });
});
