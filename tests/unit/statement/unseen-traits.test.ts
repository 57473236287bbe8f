import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import { type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { generateTraitStatement, type Trait } from '../../fixtures/statements/generate';
import { type CellSpec, HEADING, type LineSpec, pageBlocks, row, rowsFrom } from './blocks';

/**
 * Traits of statements from banks and card issuers the reader was not built on, each named, on hand-built
 * text-layer geometry. Public evidence for each layout is noted beside it.
 */
function read(blocks: Block[], referenceDate = '2025-12-01'): ParsedStatement {
  const result = readStatement(blocks, { referenceDate });
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}

const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance] as const);

describe('numeric dates printed month first (US-format statements)', () => {
  // Evidence: Chase statements print 'MM/DD' rows and a 'MM/DD/YYYY - MM/DD/YYYY' period (Tar-ive/rewind
  // docs/statements.md: '04/22 Discover E-Payment -15.00 53.70'; American Express US periods
  // '11/28/2023 – 12/28/2023' in public AmEx parsers).
  const statement = (period: string, dates: string[]) =>
    pageBlocks([
      [30, [[40, 'Chase']]],
      [50, [[40, period]]],
      [100, HEADING],
      ...rowsFrom(115, 12, [
        row('', 'Beginning balance', '', '', '1,000.00'),
        row(dates[0]!, 'WHOLE FOODS', '12.34', '', '987.66'),
        row(dates[1]!, 'PAYROLL ACME', '', '2,000.00', '2,987.66'),
        row(dates[2]!, 'CON ED', '85.00', '', '2,902.66'),
      ]),
    ]);

  it('reads the period "01/01/2024 - 01/31/2024" and every date month first', () => {
    const s = read(
      statement('Statement period 01/01/2024 - 01/31/2024', ['01/03/2024', '01/15/2024', '01/28/2024']),
    );
    expect(s.period).toEqual({ start: '2024-01-01', end: '2024-01-31' });
    expect(brief(s)).toEqual([
      ['2024-01-03', 'WHOLE FOODS', -12.34, 987.66],
      ['2024-01-15', 'PAYROLL ACME', 2000, 2987.66],
      ['2024-01-28', 'CON ED', -85, 2902.66],
    ]);
    expect(s.reconciliation.ok).toBe(true);
  });

  it('decides the order from the whole date column: one date that reads only month first', () => {
    // '02/03/2024' alone reads 2 March; beside '02/15/2024' it is 3 February.
    const s = read(statement('Account activity', ['02/03/2024', '02/15/2024', '02/27/2024']));
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-02-03', '2024-02-15', '2024-02-27']);
  });

  it('decides an ambiguous column from the period: the reading that puts the dates inside it', () => {
    const s = read(
      statement('Statement period 3 February 2024 to 2 March 2024', [
        '02/05/2024',
        '02/09/2024',
        '03/01/2024',
      ]),
    );
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-02-05', '2024-02-09', '2024-03-01']);
  });

  it('reads a period whose ends make no period day first ("01/05/2024 - 02/04/2024") month first', () => {
    const s = read(
      statement('Statement period 01/05/2024 - 02/04/2024', ['01/08/2024', '01/09/2024', '02/01/2024']),
    );
    expect(s.period).toEqual({ start: '2024-01-05', end: '2024-02-04' });
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-01-08', '2024-01-09', '2024-02-01']);
  });

  it("reads a numeric statement date in the order of the statement's other dates", () => {
    // Yearless 'MM/DD' rows (Chase) and 'Statement date 02/03/2024': 3 February, not 2 March.
    const s = read(statement('Statement date 02/03/2024', ['01/08', '01/15', '01/29']));
    expect(s.statementDate).toBe('2024-02-03');
    expect(s.yearSource).toBe('statement_date');
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-01-08', '2024-01-15', '2024-01-29']);
  });

  it('keeps UK day-first dates day first when a date reads only that way', () => {
    const s = read(
      statement('Statement period 01/03/2024 to 31/03/2024', ['02/03/2024', '15/03/2024', '28/03/2024']),
    );
    expect(s.period).toEqual({ start: '2024-03-01', end: '2024-03-31' });
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-03-02', '2024-03-15', '2024-03-28']);
  });
});

describe('dates printed "DD.MM.YY"', () => {
  // Evidence: continental-style dates on UK statements of European-owned banks (Santander UK business
  // exports, Danske Bank) print '15.03.25'.
  it('reads them as dates, not figures, with the period printed the same way', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Danske Bank']]],
        [50, [[40, 'Statement period 01.03.25 to 31.03.25']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('', 'Opening balance', '', '', '1,000.00'),
          row('03.03.25', 'TESCO STORES', '12.34', '', '987.66'),
          row('15.03.25', 'SALARY', '', '2,000.00', '2,987.66'),
        ]),
      ]),
    );
    expect(s.period).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    expect(brief(s)).toEqual([
      ['2025-03-03', 'TESCO STORES', -12.34, 987.66],
      ['2025-03-15', 'SALARY', 2000, 2987.66],
    ]);
  });
});

/** An American Express-style card statement: 'Sep 17' dates, one amount column, CR printed under credits. */
function amexStatement(extra: LineSpec[] = []): Block[] {
  const heading: CellSpec[] = [
    [40, 'Date'],
    [100, 'Transaction details'],
    [560, 'Amount £', 'r'],
  ];
  return pageBlocks([
    [30, [[40, 'American Express']]],
    [50, [[40, 'Statement date 20 October 2024']]],
    [62, [[40, 'Previous balance £100.00']]],
    [74, [[40, 'New balance £155.40']]],
    [100, heading],
    [
      115,
      [
        [40, 'Sep 17'],
        [100, 'SAINSBURYS LONDON'],
        [560, '45.20', 'r'],
      ],
    ],
    [
      127,
      [
        [40, 'Sep 22'],
        [100, 'PAYMENT RECEIVED - THANK YOU'],
        [560, '100.00', 'r'],
      ],
    ],
    [139, [[560, 'CR', 'r']]],
    [
      151,
      [
        [40, 'Oct 3'],
        [100, 'TFL TRAVEL'],
        [560, '130.20', 'r'],
      ],
    ],
    [
      163,
      [
        [40, 'Oct 5'],
        [100, 'AMAZON MARKETPLACE'],
        [560, '20.00', 'r'],
      ],
    ],
    [175, [[560, 'CR', 'r']]],
    ...extra,
  ]);
}

describe('card statements: month-first named dates and CR printed under a credit', () => {
  // Evidence: American Express prints 'Sep 17' style dates and 'CR' beside or under credits; Capital One
  // 'Jul 20  Jul 22  H-E-B ... $5.82' (Tar-ive/rewind docs/statements.md).
  it('reads "Sep 17" dates with the year from the statement date', () => {
    const s = read(amexStatement());
    expect(s.accountKind).toBe('credit_card');
    expect(s.yearSource).toBe('statement_date');
    expect(s.transactions.map((t) => t.date)).toEqual([
      '2024-09-17',
      '2024-09-22',
      '2024-10-03',
      '2024-10-05',
    ]);
  });

  it('"CR" on the line under an amount marks it a credit: a refund is money in, not a purchase', () => {
    const s = read(amexStatement());
    expect(brief(s)).toEqual([
      ['2024-09-17', 'SAINSBURYS LONDON', -45.2, null],
      ['2024-09-22', 'PAYMENT RECEIVED - THANK YOU', 100, null],
      ['2024-10-03', 'TFL TRAVEL', -130.2, null],
      ['2024-10-05', 'AMAZON MARKETPLACE', 20, null],
    ]);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });
});

describe("American Express: 'CR' under the amount, beside the second line of the description", () => {
  // Evidence: Amex prints a refund's description over two lines and its 'CR' under the figure, level with
  // the description's second line (charlesponti/cli-budgeteer packages/cli/src/types/AmexSummary.ts for
  // the UK fields; the corpus layout amex-side-by-side).
  it('marks the amount above as a credit and keeps the line as the description it continues', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'American Express']]],
        [50, [[40, 'Statement date 20 October 2024']]],
        [62, [[40, 'Previous balance £100.00']]],
        [74, [[40, 'New balance £129.20']]],
        [
          100,
          [
            [40, 'Date'],
            [100, 'Transaction details'],
            [560, 'Amount £', 'r'],
          ],
        ],
        ...rowsFrom(115, 12, [
          [
            [40, 'Sep 17'],
            [100, 'SAINSBURYS LONDON'],
            [560, '45.20', 'r'],
          ],
          [
            [40, 'Sep 22'],
            [100, 'AMAZON.CO.UK REFUND'],
            [560, '16.00', 'r'],
          ],
          [
            [100, 'AMAZON.CO.UK'],
            [560, 'CR', 'r'],
          ],
        ]),
      ]),
    );
    expect(brief(s)).toEqual([
      ['2024-09-17', 'SAINSBURYS LONDON', -45.2, null],
      ['2024-09-22', 'AMAZON.CO.UK REFUND AMAZON.CO.UK', 16, null],
    ]);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });
});

describe('page-footer text is never part of a description', () => {
  // Evidence: UK banks print their registered office and regulator at the foot of every page (NatWest
  // 'Registered Office: 250 Bishopsgate', Lloyds 'Registered in England and Wales no. 2065', 'Authorised by
  // the Prudential Regulation Authority and regulated by the Financial Conduct Authority').
  it.each([
    'Continued on next page',
    'Page 2 of 4',
    'Registered in England No. 929027',
    'Authorised by the PRA',
    'Regulated by the FCA and the PRA',
    'Financial Services Register no. 121878',
  ])('"%s" directly under the last row', (footer) => {
    const s = read(
      pageBlocks([
        [30, [[40, 'NatWest']]],
        [50, [[40, 'Statement period 1 January 2025 to 31 January 2025']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('01 Jan', 'BALANCE BROUGHT FORWARD', '', '', '1,000.00'),
          row('02 Jan', 'TESCO STORES 2345', '12.34', '', '987.66'),
          row('03 Jan', 'DIRECT DEBIT BRITISH GAS', '85.00', '', '902.66'),
        ]),
        [151, [[110, footer]]],
      ]),
    );
    expect(s.transactions.map((t) => t.description)).toEqual([
      'TESCO STORES 2345',
      'DIRECT DEBIT BRITISH GAS',
    ]);
  });
});

describe('a misprinted amount the arithmetic recovers', () => {
  // '120 00': a space printed for the point (a typo); the statement prints only its opening and closing.
  const statement = (closing: string) =>
    pageBlocks([
      [30, [[40, 'NatWest']]],
      [50, [[40, 'Statement period 1 January 2025 to 31 January 2025']]],
      [62, [[40, 'Opening balance 1,000.00']]],
      [74, [[40, `Closing balance ${closing}`]]],
      [100, HEADING],
      ...rowsFrom(115, 12, [
        row('02 Jan', 'TESCO STORES 2345', '12.34', '', ''),
        [
          [40, '03 Jan'],
          [110, 'BRITISH GAS'],
          [388, '120', 'r'],
          [400, '00', 'r'],
        ],
        row('04 Jan', 'BOOTS', '85.00', '', ''),
        row('05 Jan', 'SALARY', '', '500.00', ''),
      ]),
    ]);

  it('reads "120 00" as 120.00 when the opening and closing need exactly that, and says it was recovered', () => {
    const s = read(statement('1,282.66'));
    expect(brief(s)).toEqual([
      ['2025-01-02', 'TESCO STORES 2345', -12.34, null],
      ['2025-01-03', 'BRITISH GAS', -120, null],
      ['2025-01-04', 'BOOTS', -85, null],
      ['2025-01-05', 'SALARY', 500, null],
    ]);
    expect(s.reconciliation.ok).toBe(true);
    expect(s.reconciliation.unreadable).toEqual([
      expect.objectContaining({ row: 1, cell: 'amount', text: '120 00', recovered: 120 }),
    ]);
  });

  it('does not recover a figure whose digits disagree with what the balances need', () => {
    const s = read(statement('1,272.66'));
    expect(s.transactions.map((t) => t.description)).toEqual(['TESCO STORES 2345', 'BOOTS', 'SALARY']);
    expect(s.reconciliation.ok).toBe(false);
    expect(s.reconciliation.unreadable?.[0]).toMatchObject({ text: '120 00' });
    expect(s.reconciliation.unreadable?.[0]?.recovered).toBeUndefined();
  });

  it('records a figure recovered from the balances either side as recovered too', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'NatWest']]],
        [50, [[40, 'Statement period 1 January 2025 to 31 January 2025']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('01 Jan', 'BALANCE BROUGHT FORWARD', '', '', '1,000.00'),
          row('02 Jan', 'TESCO STORES', '2,540.BB', '', '-1,540.00'),
        ]),
      ]),
    );
    expect(s.transactions[0]).toMatchObject({ signedAmount: -2540 });
    expect(s.reconciliation.unreadable?.[0]).toMatchObject({ text: '2,540.BB', recovered: 2540 });
  });
});

describe('card transactions printed side by side without headings, over pages', () => {
  // Evidence: Barclaycard UK prints 'DD Mon  description  £amount' in two columns on the same lines with no
  // headings (rc55/barclaycard-uk-parser @ barclaycard_parser.py, column_split); American Express prints
  // 'Nov 3' dates and 'CR' under credits. The last page often holds only a few entries on its right half.
  interface Entry {
    date: string;
    text: string;
    pence: number;
    credit: boolean;
    wrap?: string;
  }
  const NAMES = ['Tesco Stores 2345', 'Amazon.co.uk', 'Ryanair', 'Boots', 'Costa Coffee', 'Shell Garage'];
  const entries: Entry[] = Array.from({ length: 29 }, (_, i) => ({
    date: `Nov ${1 + Math.floor(i * 0.7)}`,
    text: i % 9 === 4 ? 'Payment, Thank You' : NAMES[i % NAMES.length]!,
    pence: 100 + ((i * 7919) % 9000),
    credit: i % 9 === 4,
    wrap: i % 5 === 2 ? 'GBP EXCHANGE RATE 1.17' : undefined,
  }));
  const owed = entries.reduce((sum, e) => sum + (e.credit ? -e.pence : e.pence), 50_000);

  const lines = (list: Entry[], dx: number): CellSpec[][] =>
    list.flatMap((e) => [
      [
        [dx, e.date],
        [dx + 35, e.text],
        [dx + 245, `£${(e.pence / 100).toFixed(2)}`, 'r'],
      ] as CellSpec[],
      ...(e.credit ? [[[dx + 245, 'CR', 'r']] as CellSpec[]] : []),
      ...(e.wrap ? [[[dx + 35, e.wrap]] as CellSpec[]] : []),
    ]);
  const page = (list: Entry[], n: number, top: LineSpec[]): Block[] => {
    const middle = Math.ceil(list.length / 2);
    const left = lines(list.slice(0, middle), 40);
    const right = lines(list.slice(middle), 350);
    const y0 = top.length ? 200 : 60;
    const rows = Array.from(
      { length: Math.max(left.length, right.length) },
      (_, i): LineSpec => [y0 + i * 12, [...(left[i] ?? []), ...(right[i] ?? [])]],
    );
    return pageBlocks(
      [...top, ...rows, [760, [[40, 'Barclaycard is a trading name of Barclays Bank UK PLC.']]]],
      n,
    );
  };

  it('reads both halves of every page whole, the last page with two entries on its right half', () => {
    const top: LineSpec[] = [
      [30, [[40, 'Barclaycard']]],
      [50, [[40, 'Statement period 1 November 2024 to 30 November 2024']]],
      [62, [[40, 'Your previous balance £500.00']]],
      [74, [[40, `Your new balance £${(owed / 100).toFixed(2)}`]]],
      [86, [[40, 'Credit limit £5,000.00']]],
    ];
    const s = read([...page(entries.slice(0, 24), 1, top), ...page(entries.slice(24), 2, [])]);
    expect(s.accountKind).toBe('credit_card');
    expect(s.transactions.map((t) => [t.date, t.description, t.signedAmount])).toEqual(
      entries.map((e) => [
        `2024-11-${e.date.slice(4).padStart(2, '0')}`,
        e.wrap ? `${e.text} ${e.wrap}` : e.text,
        (e.credit ? e.pence : -e.pence) / 100,
      ]),
    );
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });
});

describe('statements read row-perfectly are checked under the other sign conventions before they are refused', () => {
  const heading: CellSpec[] = [
    [40, 'Date'],
    [110, 'Description'],
    [480, 'Amount', 'r'],
    [560, 'Balance', 'r'],
  ];
  const line = (date: string, text: string, amount: string, balance: string): CellSpec[] => [
    [40, date],
    [110, text],
    [480, amount, 'r'],
    [560, balance, 'r'],
  ];

  it('a card statement that names no issuer and no card wording: the balances add up only as amounts owed', () => {
    // A store card or a card from an issuer the reader does not know: purchases plain, the payment 'CR',
    // and the balance owed rising with each purchase.
    const s = read(
      pageBlocks([
        [30, [[40, 'Your statement']]],
        [50, [[40, 'Statement period 1 May 2025 to 31 May 2025']]],
        [100, heading],
        ...rowsFrom(115, 12, [
          line('01 May', 'Previous balance', '', '200.00'),
          line('03 May', 'ARGOS LTD', '49.99', '249.99'),
          line('10 May', 'PAYMENT RECEIVED', '200.00CR', '49.99'),
          line('21 May', 'CURRYS', '120.00', '169.99'),
        ]),
      ]),
    );
    expect(s.accountKind).toBe('credit_card');
    expect(brief(s)).toEqual([
      ['2025-05-03', 'ARGOS LTD', -49.99, 249.99],
      ['2025-05-10', 'PAYMENT RECEIVED', 200, 49.99],
      ['2025-05-21', 'CURRYS', -120, 169.99],
    ]);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
    expect(s.warnings.join(' ')).toMatch(/add up only as amounts owed/);
  });

  it('a card that prints the amount owed with a minus, and purchases as money out ("-12.00")', () => {
    // App-based card statements print a card's figures as a current account does: the balance owed
    // '-£249.99', a purchase '-49.99', a payment '+200.00'.
    const s = read(
      pageBlocks([
        [30, [[40, 'Capital One']]],
        [50, [[40, 'Statement period 1 May 2025 to 31 May 2025']]],
        [100, heading],
        ...rowsFrom(115, 12, [
          line('01 May', 'Previous balance', '', '-£200.00'),
          line('03 May', 'ARGOS LTD', '-49.99', '-£249.99'),
          line('10 May', 'PAYMENT RECEIVED', '+200.00', '-£49.99'),
          line('21 May', 'CURRYS', '-120.00', '-£169.99'),
        ]),
      ]),
    );
    expect(s.accountKind).toBe('credit_card');
    expect(s.openingBalance).toBe(200);
    expect(s.warnings.join(' ')).toMatch(/the amount owed with a minus/);
    expect(brief(s)).toEqual([
      ['2025-05-03', 'ARGOS LTD', -49.99, 249.99],
      ['2025-05-10', 'PAYMENT RECEIVED', 200, 49.99],
      ['2025-05-21', 'CURRYS', -120, 169.99],
    ]);
    expect(s.reconciliation).toEqual({ ok: true, breaks: [] });
  });

  it('a statement that adds up under no convention keeps its first reading and says which figures disagree', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'NatWest']]],
        [50, [[40, 'Statement period 1 May 2025 to 31 May 2025']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('01 May', 'BALANCE BROUGHT FORWARD', '', '', '1,000.00'),
          row('03 May', 'TESCO', '12.34', '', '987.66'),
          row('04 May', 'BOOTS', '10.00', '', '970.00'),
        ]),
      ]),
    );
    expect(s.accountKind).toBe('bank');
    expect(s.reconciliation.ok).toBe(false);
    expect(s.reconciliation.breaks).toEqual([
      expect.objectContaining({ row: 1, expected: 970, actual: 977.66, reason: 'running balance' }),
    ]);
  });
});

describe('the new traits rendered as real PDFs, with the traits they meet most', () => {
  // The generator's monthFirstDates ('04/12' rows, '04/01/2025 - 04/30/2025') and crBelow ('CR' under a card
  // credit), read through the text-layer adapter as the pipeline reads them.
  const sets: Trait[][] = [
    ['card', 'crBelow'],
    ['card', 'crBelow', 'amountLast', 'glyphSpacing'],
    ['monthFirstDates', 'statementDate', 'dayEndBalance'],
    ['monthFirstDates', 'card', 'crBelow', 'statementDate'],
    ['monthFirstDates', 'newestFirst', 'broughtForward'],
  ];
  it.each(sets.map((traits) => [traits.join(' + '), traits] as const))('%s', async (_name, traits) => {
    const { pdf, truth } = await generateTraitStatement(traits, 7);
    const text = await extractTextLayer(new Uint8Array(pdf));
    if (!text.ok) throw new Error(text.message);
    const s = read(text.blocks, '2026-06-15');
    const want = truth.transactions.map((t, i) =>
      truth.postedDates ? { ...t, postedDate: truth.postedDates[i] } : t,
    );
    expect(s.transactions).toEqual(want);
    expect([s.openingBalance, s.closingBalance, s.period]).toEqual([
      truth.openingBalance,
      truth.closingBalance,
      truth.period,
    ]);
    expect(s.reconciliation).toMatchObject({ ok: true, breaks: [] });
  });
});
