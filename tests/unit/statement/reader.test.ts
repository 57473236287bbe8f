import { describe, expect, it } from 'vitest';
import { debugRows, type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { type CellSpec, HEADING, type LineSpec, pageBlocks, row, rowsFrom } from './blocks';

function read(blocks: Block[], options: Parameters<typeof readStatement>[1] = {}): ParsedStatement {
  const result = readStatement(blocks, options);
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance] as const);

const TOP: LineSpec[] = [
  [30, [[40, 'NatWest']]],
  [50, [[40, 'Statement period 1 January 2025 to 31 January 2025']]],
];

describe('spec 2 §3 statement reader: a plain table', () => {
  const blocks = pageBlocks([
    ...TOP,
    [100, HEADING],
    ...rowsFrom(115, 12, [
      row('01 Jan', 'BALANCE BROUGHT FORWARD', '', '', '1,000.00'),
      row('02 Jan', 'TESCO STORES 2345', '12.34', '', '987.66'),
      row('', 'SALARY ACME LTD', '', '2,000.00', '2,987.66'),
      row('03 Jan', 'DIRECT DEBIT BRITISH GAS', '85.00', '', '2,902.66'),
      row('31 Jan', 'BALANCE CARRIED FORWARD', '', '', '2,902.66'),
    ]),
    [
      400,
      [[40, 'National Westminster Bank Plc. Registered Office: 250 Bishopsgate, London EC2M 4AA. Page 1']],
    ],
  ]);

  it('reads every row, carries the date, and reconciles', () => {
    const s = read(blocks);
    expect(s.institution).toBe('NatWest');
    expect(s.period).toEqual({ start: '2025-01-01', end: '2025-01-31' });
    expect(s.openingBalance).toBe(1000);
    expect(s.closingBalance).toBe(2902.66);
    expect(brief(s)).toEqual([
      ['2025-01-02', 'TESCO STORES 2345', -12.34, 987.66],
      ['2025-01-02', 'SALARY ACME LTD', 2000, 2987.66],
      ['2025-01-03', 'DIRECT DEBIT BRITISH GAS', -85, 2902.66],
    ]);
    expect(s.transactions[0]).toMatchObject({ amount: 12.34, type: 'debit' });
    expect(s.transactions[1]).toMatchObject({ amount: 2000, type: 'credit' });
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
    expect(s.warnings).toEqual([]);
    expect(s.pages).toBe(1);
    expect(s.accountKind).toBe('bank');
  });

  it('exposes the rows it sees for debugging', () => {
    expect(debugRows(blocks)[0]).toEqual({ page: 1, text: 'NatWest' });
  });

  it('reports a break where a printed balance disagrees', () => {
    const wrong = pageBlocks([
      ...TOP,
      [100, HEADING],
      ...rowsFrom(115, 12, [
        row('01 Jan', 'Opening balance', '', '', '100.00'),
        row('02 Jan', 'TESCO', '10.00', '', '80.00'),
        row('03 Jan', 'Closing balance', '', '', '80.00'),
      ]),
    ]);
    expect(read(wrong).reconciliation).toEqual({
      ok: false,
      breaks: [
        { row: 0, expected: 80, actual: 90, reason: 'running balance' },
        { row: 0, expected: 80, actual: 90, reason: 'closing balance: opening balance plus transactions' },
      ],
    });
  });
});

describe('spec 2 §3 statement reader: failures are values', () => {
  it('no text', () => {
    expect(readStatement([])).toEqual({
      ok: false,
      reason: 'no_text',
      message: 'We could not find any text in this statement.',
    });
  });

  it('no transaction table', () => {
    const letter = pageBlocks([
      [40, [[40, 'Dear Mr Smith,']]],
      [60, [[40, 'Your overdraft limit will be £1,500.00 from 1 April 2025.']]],
    ]);
    expect(readStatement(letter)).toEqual({
      ok: false,
      reason: 'no_transaction_table',
      message: 'We could not find a transaction table in this statement.',
    });
  });

  it('no year anywhere', () => {
    const blocks = pageBlocks([
      [100, HEADING],
      ...rowsFrom(115, 12, [row('02 Jan', 'TESCO', '1.00', '', '9.00')]),
    ]);
    expect(readStatement(blocks)).toMatchObject({ ok: false, reason: 'no_year' });
    // A reference date (the upload date) is enough.
    expect(brief(read(blocks, { referenceDate: '2025-03-01' }))).toEqual([['2025-01-02', 'TESCO', -1, 9]]);
  });
});

describe('spec 2 §3 statement reader: dates', () => {
  it('infers years across December → January from the period', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Your statement 15 December 2024 - 14 January 2025']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('15 Dec', 'Opening balance', '', '', '50.00'),
          row('30 Dec', 'TESCO', '10.00', '', '40.00'),
          row('2 Jan', 'FASTER PAYMENT FROM J SMITH', '', '5.00', '45.00'),
        ]),
      ]),
    );
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-12-30', '2025-01-02']);
    expect(s.closingBalance).toBeNull();
    expect(s.reconciliation.ok).toBe(true);
  });

  it('counts back from a statement date when no period is printed, and then gives the period from the rows', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Statement date 5 January 2025']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('30 Dec', 'TESCO', '10.00', '', '40.00'),
          row('2 Jan', 'REFUND', '', '5.00', '45.00'),
        ]),
      ]),
    );
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-12-30', '2025-01-02']);
    expect(s.period).toEqual({ start: '2024-12-30', end: '2025-01-02' });
    expect(s.warnings).toContain(
      'The statement period is not printed; it is taken from the first and last transaction dates.',
    );
  });

  it('takes years from year rows, and dates without a year follow them', () => {
    const s = read(
      pageBlocks([
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('2024', '', '', '', ''),
          row('31 Dec', 'TESCO', '1.00', '', '9.00'),
          row('2025', '', '', '', ''),
          row('01 Jan', 'TESCO', '1.00', '', '8.00'),
        ]),
      ]),
    );
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-12-31', '2025-01-01']);
  });

  it('applies a date on its own line to the rows that follow it (and to undated rows above)', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('', 'FIRST', '1.00', '', ''),
          row('03 Jan', '', '', '', ''),
          row('', 'SECOND', '2.00', '', ''),
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-01-03', 'FIRST', -1, null],
      ['2025-01-03', 'SECOND', -2, null],
    ]);
    expect(s.warnings).toContain('The statement prints no balances to check the transactions against.');
    expect(s.reconciliation.ok).toBe(false);
  });

  it('reads a date that runs under the description heading, but not a description that starts there', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [
          100,
          [
            [40, 'Date'],
            [80, 'Details'],
            [400, 'Amount', 'r'],
          ],
        ],
        [
          115,
          [
            [40, '02 Jan 2025'],
            [100, 'TESCO'],
            [400, '-1.00', 'r'],
          ],
        ],
        [
          127,
          [
            [40, '03 Jan'],
            [80, '12 MONTHS PLAN'],
            [400, '-2.00', 'r'],
          ],
        ],
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-01-02', 'TESCO', -1, null],
      ['2025-01-03', '12 MONTHS PLAN', -2, null],
    ]);
  });
});

describe('spec 2 §3 statement reader: descriptions over several lines', () => {
  it('joins continuation lines under an amount line', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [100, HEADING],
        ...rowsFrom(115, 11, [
          row('02 Jan', 'CARD PAYMENT TO TESCO', '12.00', '', '88.00'),
          row('', 'STORES 2345 LONDON', '', '', ''),
          row('02 Jan', 'FASTER PAYMENT FROM', '', '5.00', '93.00'),
          row('', 'J SMITH REF DINNER', '', '', ''),
          row('03 Jan', 'NETFLIX.COM', '9.99', '', '83.01'),
        ]),
      ]),
    );
    expect(brief(s).map((t) => t[1])).toEqual([
      'CARD PAYMENT TO TESCO STORES 2345 LONDON',
      'FASTER PAYMENT FROM J SMITH REF DINNER',
      'NETFLIX.COM',
    ]);
  });

  it('joins the lines above when the statement prints the amount on the last line', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [100, HEADING],
        ...rowsFrom(115, 11, [
          row('02 Jan', 'Direct Debit to BRITISH GAS', '', '', ''),
          row('', 'Ref: 801234', '85.00', '', '15.00'),
          row('', 'Card payment to TESCO', '', '', ''),
          row('', 'On 01 Jan', '5.00', '', '10.00'),
          row('03 Jan', 'Direct Debit to EE', '', '', ''),
          row('', 'Ref: 42', '1.00', '', '9.00'),
          row('', 'NETFLIX.COM', '9.99', '', '0.99-'),
          row('', 'AMSTERDAM NL', '', '', ''),
          row('04 Jan', 'BOOTS', '1.00', '', '1.99-'),
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-01-02', 'Direct Debit to BRITISH GAS Ref: 801234', -85, 15],
      ['2025-01-02', 'Card payment to TESCO On 01 Jan', -5, 10],
      ['2025-01-03', 'Direct Debit to EE Ref: 42', -1, 9],
      // A line under an entry, then a new dated entry: it ends the entry above.
      ['2025-01-03', 'NETFLIX.COM AMSTERDAM NL', -9.99, -0.99],
      ['2025-01-04', 'BOOTS', -1, -1.99],
    ]);
  });

  it('ignores text far below the table and page footers, and a dated line that never gets an amount', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [100, HEADING],
        ...rowsFrom(115, 11, [
          row('02 Jan', 'TESCO', '1.00', '', '99.00'),
          row('03 Jan', 'INTEREST RATE CHANGE NOTICE', '', '', ''),
          row('04 Jan', 'BOOTS', '2.00', '', '97.00'),
          row('', 'Continued on next page', '', '', ''),
        ]),
        [300, [[110, 'Thank you for banking with us']]],
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-01-02', 'TESCO', -1, 99],
      ['2025-01-04', 'BOOTS', -2, 97],
    ]);
    expect(s.warnings).toContain('Ignored a line without an amount: "INTEREST RATE CHANGE NOTICE".');
  });
});

describe('spec 2 §3 statement reader: signs and markers', () => {
  const single = (rows: CellSpec[][], top: LineSpec[] = TOP) =>
    pageBlocks([
      ...top,
      [
        100,
        [
          [40, 'Date'],
          [110, 'Description'],
          [470, 'Amount', 'r'],
          [560, 'Balance', 'r'],
        ],
      ],
      ...rowsFrom(115, 12, rows),
    ]);
  const cells = (date: string, description: string, amount: string, balance = ''): CellSpec[] => [
    [40, date],
    [110, description],
    [470, amount, 'r'],
    ...(balance ? ([[560, balance, 'r']] as CellSpec[]) : []),
  ];

  it('minus marks money out; plain is money in', () => {
    const s = read(single([cells('02 Jan', 'TESCO', '-1.50'), cells('03 Jan', 'SALARY', '100.00')]));
    expect(s.transactions.map((t) => t.signedAmount)).toEqual([-1.5, 100]);
  });

  it('CR marks money in; plain is money out; DR, OD and D balances are overdrawn', () => {
    const s = read(
      single([
        cells('01 Jan', 'BALANCE BROUGHT FORWARD', '', '10.00'),
        cells('02 Jan', 'RENT', '50.00', '40.00 OD'),
        cells('03 Jan', 'SALARY', '100.00 CR', '60.00'),
        cells('04 Jan', 'TESCO', '70.00', '10.00D'),
        cells('05 Jan', 'BOOTS', '5.00', '15.00DR'),
        cells('06 Jan', 'SHELL', '5.00', '(20.00)'),
      ]),
    );
    expect(brief(s).map(([, , signed, balance]) => [signed, balance])).toEqual([
      [-50, -40],
      [100, 60],
      [-70, -10],
      [-5, -15],
      [-5, -20],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });

  it('DR marks money out; plain is money in', () => {
    const s = read(single([cells('02 Jan', 'TESCO', '1.50 DR'), cells('03 Jan', 'SALARY', '100.00')]));
    expect(s.transactions.map((t) => t.signedAmount)).toEqual([-1.5, 100]);
  });

  it('without any marker, the balances decide; without balances, the description', () => {
    const decided = read(
      single([
        cells('01 Jan', 'Opening balance', '', '100.00'),
        cells('02 Jan', 'PAYMENT FROM J SMITH', '30.00', '70.00'),
        cells('03 Jan', 'TESCO', '5.00'),
        cells('03 Jan', 'REFUND', '15.00', '80.00'),
      ]),
    );
    expect(decided.transactions.map((t) => t.signedAmount)).toEqual([-30, -5, 15]);
    expect(decided.warnings).toEqual([]);
    const guessed = read(single([cells('02 Jan', 'SALARY ACME', '30.00'), cells('03 Jan', 'TESCO', '5.00')]));
    expect(guessed.transactions.map((t) => t.signedAmount)).toEqual([30, -5]);
    expect(guessed.warnings).toContain(
      'The direction of 2 transactions is not printed and could not be worked out from the balances; it was guessed from the description.',
    );
  });

  it('reads £ and signs printed as separate words', () => {
    const s = read(single([cells('02 Jan', 'TESCO', '- £ 1.50'), cells('03 Jan', 'SALARY', '£ 100.00 CR')]));
    expect(s.transactions.map((t) => t.signedAmount)).toEqual([-1.5, 100]);
  });

  it('reads a row with both money out and money in as two transactions', () => {
    const s = read(pageBlocks([...TOP, [100, HEADING], [115, row('02 Jan', 'ODD ROW', '1.00', '2.00', '')]]));
    expect(s.transactions.map((t) => t.signedAmount)).toEqual([-1, 2]);
    expect(s.warnings).toContain('A row on page 1 has 2 amounts; each is read as a transaction.');
  });

  it('names a transaction without a description', () => {
    const s = read(pageBlocks([...TOP, [100, HEADING], [115, row('02 Jan', '', '1.00', '', '')]]));
    expect(s.transactions[0]!.description).toBe('Money out');
    expect(s.warnings).toContain('A transaction on 2025-01-02 has no description.');
  });

  it('reads whole-pound figures when the table prints no pence', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('01 Jan', 'Previous Balance', '', '', '1,000'),
          row('02 Jan', 'TFR 12345678 SAVINGS', '40', '', '960'),
        ]),
      ]),
    );
    expect(brief(s)).toEqual([['2025-01-02', 'TFR 12345678 SAVINGS', -40, 960]]);
  });
});

describe('spec 2 §3 statement reader: credit cards', () => {
  const card = (extra: LineSpec[], rows: CellSpec[][]) =>
    pageBlocks([
      [30, [[40, 'Platinum Card']]],
      [45, [[40, 'Statement period 16/12/24 to 15/01/25']]],
      ...extra,
      [
        100,
        [
          [40, 'Date'],
          [110, 'Transaction details'],
          [560, 'Amount £', 'r'],
        ],
      ],
      ...rowsFrom(115, 12, rows),
    ]);
  const line = (date: string, description: string, amount: string): CellSpec[] => [
    [40, date],
    [110, description],
    [560, amount, 'r'],
  ];

  it('a payment (CR) is money in to the card, a purchase money out; balances are amounts owed', () => {
    const s = read(
      card(
        [
          [
            60,
            [
              [40, 'Previous balance'],
              [250, '£500.00'],
            ],
          ],
          [
            72,
            [
              [40, 'New balance'],
              [250, '£30.00'],
            ],
          ],
          [84, [[40, 'Minimum payment £25.00']]],
        ],
        [
          line('17 Dec', 'PAYMENT RECEIVED - THANK YOU', '500.00 CR'),
          line('20 Dec', 'TESCO STORES', '30.00'),
        ],
      ),
    );
    expect(s.accountKind).toBe('credit_card');
    expect(brief(s)).toEqual([
      ['2024-12-17', 'PAYMENT RECEIVED - THANK YOU', 500, null],
      ['2024-12-20', 'TESCO STORES', -30, null],
    ]);
    expect([s.openingBalance, s.closingBalance]).toEqual([500, 30]);
    expect(s.reconciliation.ok).toBe(true);
  });

  it('a card in credit has a negative amount owed; the kind can be forced', () => {
    const s = read(
      card(
        [
          [
            60,
            [
              [40, 'Opening balance £10.00 CR'],
              [300, 'Closing balance £0.00'],
            ],
          ],
        ],
        [line('20 Dec', 'TESCO STORES', '10.00')],
      ),
      { accountKind: 'credit_card' },
    );
    expect([s.openingBalance, s.closingBalance]).toEqual([-10, 0]);
    expect(s.reconciliation.ok).toBe(true);
    expect(s.institution).toBeNull();
  });
});

describe('spec 2 §3 statement reader: balances outside the table', () => {
  it('reads "Balance on <date>" boxes as opening and closing', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [
          60,
          [
            [40, 'Balance on 01 January 2025'],
            [300, '£100.00'],
          ],
        ],
        [
          72,
          [
            [40, 'Balance on 31 January 2025'],
            [300, '£90.00'],
          ],
        ],
        [100, HEADING],
        [115, row('02 Jan', 'TESCO', '10.00', '', '90.00')],
      ]),
    );
    expect([s.openingBalance, s.closingBalance]).toEqual([100, 90]);
    expect(s.reconciliation.ok).toBe(true);
  });

  it('warns when the summary and the table disagree (the table wins)', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [
          60,
          [
            [40, 'Opening balance £99.00'],
            [300, 'Closing balance £89.00'],
          ],
        ],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('01 Jan', 'Balance brought forward', '', '', '100.00'),
          row('02 Jan', 'TESCO', '10.00', '', '90.00'),
        ]),
      ]),
    );
    expect(s.openingBalance).toBe(100);
    expect(s.closingBalance).toBe(89);
    expect(s.warnings).toContain(
      'The opening balance in the summary (99.00) differs from the table (100.00).',
    );
  });

  it('checks a balance printed on a line of its own', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('01 Jan', 'Opening balance', '', '', '100.00'),
          row('02 Jan', 'TESCO', '10.00', '', ''),
          row('02 Jan', 'End of day', '', '', '91.00'),
          row('03 Jan', 'BOOTS', '1.00', '', '90.00'),
        ]),
      ]),
    );
    expect(s.reconciliation.breaks).toEqual([
      { row: 0, expected: 91, actual: 90, reason: 'printed balance' },
    ]);
  });
});

describe('spec 2 §3 statement reader: pages', () => {
  it('continues the table on a page without headings, repeats headings, and ignores page furniture', () => {
    const page1 = pageBlocks([
      ...TOP,
      [100, HEADING],
      ...rowsFrom(115, 12, [
        row('01 Jan', 'BALANCE BROUGHT FORWARD', '', '', '100.00'),
        row('02 Jan', 'TESCO', '10.00', '', '90.00'),
        row('', 'BALANCE CARRIED FORWARD', '', '', '90.00'),
      ]),
      [200, [[40, 'Some text after the table on page 1']]],
    ]);
    const page2 = pageBlocks(
      [
        [30, [[40, 'Account 12345678']]],
        ...rowsFrom(115, 12, [
          row('', 'BALANCE BROUGHT FORWARD', '', '', '90.00'),
          row('03 Jan', 'BOOTS', '5.00', '', '85.00'),
        ]),
      ],
      2,
    );
    const page3 = pageBlocks(
      [
        [90, HEADING],
        ...rowsFrom(115, 12, [
          row('04 Jan', 'SHELL', '5.00', '', '80.00'),
          row('31 Jan', 'BALANCE CARRIED FORWARD', '', '', '80.00'),
        ]),
      ],
      3,
    );
    const s = read([...page1, ...page2, ...page3]);
    expect(s.pages).toBe(3);
    expect(brief(s)).toEqual([
      ['2025-01-02', 'TESCO', -10, 90],
      ['2025-01-03', 'BOOTS', -5, 85],
      ['2025-01-04', 'SHELL', -5, 80],
    ]);
    expect([s.openingBalance, s.closingBalance]).toEqual([100, 80]);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });

  it('reads headings that wrap onto two lines', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [
          100,
          [
            [40, 'Date'],
            [110, 'Details'],
            [380, 'Money', 'r'],
            [470, 'Money', 'r'],
            [560, 'Balance', 'r'],
          ],
        ],
        [
          110,
          [
            [375, 'out', 'r'],
            [465, 'in', 'r'],
          ],
        ],
        [
          125,
          [
            [40, '02 Jan'],
            [110, 'TESCO'],
            [380, '1.00', 'r'],
            [560, '9.00', 'r'],
          ],
        ],
        [
          137,
          [
            [40, '03 Jan'],
            [110, 'SALARY'],
            [470, '5.00', 'r'],
            [560, '14.00', 'r'],
          ],
        ],
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-01-02', 'TESCO', -1, 9],
      ['2025-01-03', 'SALARY', 5, 14],
    ]);
  });

  it('returns a newest-first statement oldest first, its balances still checked', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [
          60,
          [
            [40, 'Opening balance £100.00'],
            [300, 'Closing balance £112.00'],
          ],
        ],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('20 Jan', 'SALARY', '', '50.00', '112.00'),
          row('10 Jan', 'BOOTS', '5.00', '', '62.00'),
          row('05 Jan', 'SHELL', '30.00', '', '67.00'),
          row('02 Jan', 'TESCO', '3.00', '', '97.00'),
        ]),
        [170, [[110, 'Continued from previous page']]],
      ]),
    );
    expect(brief(s)).toEqual([
      ['2025-01-02', 'TESCO', -3, 97],
      ['2025-01-05', 'SHELL', -30, 67],
      ['2025-01-10', 'BOOTS', -5, 62],
      ['2025-01-20', 'SALARY', 50, 112],
    ]);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
    expect(s.warnings).toEqual([
      'The statement lists transactions newest first; they are returned oldest first.',
    ]);
  });

  it('maps balance lines of a newest-first table to the right place', () => {
    const s = read(
      pageBlocks([
        ...TOP,
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('31 Jan', 'Closing balance', '', '', '85.00'),
          row('20 Jan', 'BOOTS', '5.00', '', '85.00'),
          row('10 Jan', 'SHELL', '5.00', '', '90.00'),
          row('05 Jan', 'TESCO', '5.00', '', '95.00'),
          row('01 Jan', 'Opening balance', '', '', '100.00'),
        ]),
      ]),
    );
    expect([s.openingBalance, s.closingBalance]).toEqual([100, 85]);
    expect(s.transactions.map((t) => t.description)).toEqual(['TESCO', 'SHELL', 'BOOTS']);
    expect(s.reconciliation.ok).toBe(true);
  });

  it('reports an empty table', () => {
    const s = read(
      pageBlocks([...TOP, [100, HEADING], [115, row('01 Jan', 'Opening balance', '', '', '1.00')]]),
    );
    expect(s.transactions).toEqual([]);
    expect(s.warnings).toContain('The transaction table has no transactions in it.');
  });
});
