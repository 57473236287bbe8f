import { describe, expect, it } from 'vitest';
import { type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { HEADING, type LineSpec, pageBlocks, row, rowsFrom } from './blocks';

/**
 * The printed period weighed against the rows' dates. The figures add up whatever the dates, so a date the
 * period contradicts is never confirmed as read: the reading the period confirms is taken, else the row goes
 * to the family's check with the reason. And the period itself, where an annual statement prints it by its
 * end alone.
 */
function read(blocks: Block[]): ParsedStatement {
  const result = readStatement(blocks, { referenceDate: '2026-03-01' });
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}

describe("an annual statement's period printed by its end ('Year ended 31 DEC 2025', 'Year to 5 April 2025')", () => {
  // Evidence: UK mortgage and loan annual statements ('Annual mortgage statement — Year ended 31 December
  // 2025', Nationwide's and Halifax's annual mortgage statements), cash ISA and savings annual statements
  // ('Year to 5 April 2025', the tax year) and credit unions' 'Statement for the year ending 31 March 2025'
  // print the period by its last day. No range was read: the period was taken from the first and last rows,
  // with a warning, and a row dated outside the year went unweighed.
  const statement = (title: string, rows: Array<[string, string, string, string, string]>): LineSpec[] => [
    [30, [[40, 'Example Building Society']]],
    [45, [[40, title]]],
    [80, HEADING],
    ...rowsFrom(
      95,
      12,
      rows.map(([d, desc, out, moneyIn, bal]) => row(d, desc, out, moneyIn, bal)),
    ),
  ];

  it.each([
    ['Year ended 31 DEC 2025', '2025-01-01', '2025-12-31'],
    ['Annual mortgage statement for the year ended 31 December 2025', '2025-01-01', '2025-12-31'],
    ['Statement for the year ending 31/12/2025', '2025-01-01', '2025-12-31'],
    // Read before: a range printed whole.
    ['Annual statement 1 January 2025 to 31 December 2025', '2025-01-01', '2025-12-31'],
  ])("reads '%s' as the period", (title, start, end) => {
    const s = read(
      pageBlocks(
        statement(title, [
          ['', 'Balance brought forward', '', '', '1,000.00'],
          ['15 Mar', 'INTEREST', '', '10.00', '1,010.00'],
          ['20 Nov', 'WITHDRAWAL', '100.00', '', '910.00'],
        ]),
      ),
    );
    expect(s.period).toEqual({ start, end });
    expect(s.transactions.map((t) => t.date)).toEqual(['2025-03-15', '2025-11-20']);
    expect(s.warnings.join(' ')).not.toMatch(/period is not printed/);
    expect(s.reconciliation.ok).toBe(true);
  });

  it("reads a tax year's 'Year to 5 April 2025' as 6 April 2024 to 5 April 2025, the rows across New Year", () => {
    const s = read(
      pageBlocks(
        statement('Cash ISA annual statement  Year to 5 April 2025', [
          ['', 'Balance brought forward', '', '', '5,000.00'],
          ['12 Apr', 'SUBSCRIPTION', '', '500.00', '5,500.00'],
          ['15 Jan', 'SUBSCRIPTION', '', '500.00', '6,000.00'],
          ['02 Apr', 'INTEREST', '', '120.55', '6,120.55'],
        ]),
      ),
    );
    expect(s.period).toEqual({ start: '2024-04-06', end: '2025-04-05' });
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-04-12', '2025-01-15', '2025-04-02']);
  });

  it('takes no period from a line stating a figure for a year, nor from a year to date', () => {
    const s = read(
      pageBlocks(
        statement('Interest paid in the year to 5 April 2025 £12.34   Interest year to date £3.10', [
          ['', 'Balance brought forward', '', '', '1,000.00'],
          ['15 Mar 2025', 'INTEREST', '', '10.00', '1,010.00'],
          ['20 Mar 2025', 'WITHDRAWAL', '100.00', '', '910.00'],
        ]),
      ),
    );
    expect(s.period).toEqual({ start: '2025-03-15', end: '2025-03-20' });
  });
});

describe('a row whose date the printed period contradicts, read again where the period confirms one reading', () => {
  // Evidence: the figures add up whatever the dates, so a date is only ever checked by the period and the
  // rows either side. A row printed the other way round from the rest (a card payment abroad posted with the
  // merchant's month-first date, as exports of mixed origin print it: '03/12/2025' among '14/03/2025' and
  // '25/03/2025'), a yearless row under a year row ('2024') that the rows have run past into January (the
  // '2025' row lost), and a scan's one digit misread ('18/08/2025' for '18/03/2025') were each dated as read:
  // outside the period, noted only as 'the dates may be read from the wrong column', or, a bank's row going
  // back into the days before the period (inside the month's grace a card's purchase is allowed), confirmed.
  const statement = (period: string, rows: Array<[string, string, string, string, string]>): Block[] =>
    pageBlocks([
      [30, [[40, 'Example Bank']]],
      [45, [[40, period]]],
      [80, HEADING],
      ...rowsFrom(
        95,
        12,
        [['', 'Balance brought forward', '', '', '1,000.00'] as const, ...rows].map(
          ([d, desc, out, moneyIn, bal]) => row(d, desc, out, moneyIn, bal),
        ),
      ),
    ]);

  it('reads day and month the other way round when only that reading fits the period and the rows either side', () => {
    const s = read(
      statement('Statement period 1 March 2025 to 31 March 2025', [
        ['05/03/2025', 'TESCO STORES', '20.00', '', '980.00'],
        ['03/12/2025', 'CARD PAYMENT ABROAD', '30.00', '', '950.00'],
        ['14/03/2025', 'SALARY', '', '500.00', '1,450.00'],
        ['25/03/2025', 'RENT', '400.00', '', '1,050.00'],
      ]),
    );
    expect(s.transactions.map((t) => t.date)).toEqual([
      '2025-03-05',
      '2025-03-12',
      '2025-03-14',
      '2025-03-25',
    ]);
    expect(s.warnings.join(' ')).toMatch(/read the other way it is 2025-03-12/);
    expect(s.reconciliation.ok).toBe(true);
    expect(s.reconciliation.unreadable).toBeUndefined();
    // A month's name reads one way only: '03 Dec 2025' there is noted, never read as 12 March.
    const named = read(
      statement('Statement period 1 March 2025 to 31 March 2025', [
        ['05/03/2025', 'TESCO STORES', '20.00', '', '980.00'],
        ['03 Dec 2025', 'CARD PAYMENT ABROAD', '30.00', '', '950.00'],
        ['14/03/2025', 'SALARY', '', '500.00', '1,450.00'],
        ['25/03/2025', 'RENT', '400.00', '', '1,050.00'],
      ]),
    );
    expect(named.transactions[1]!.date).toBe('2025-12-03');
    expect(named.reconciliation.unreadable).toEqual([
      expect.objectContaining({ cell: 'date', text: '2025-12-03' }),
    ]);
  });

  it("gives a yearless row the period's year where a year row's puts it outside", () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Example Bank']]],
        [45, [[40, 'Statement period 15 December 2024 to 14 January 2025']]],
        [80, HEADING],
        ...rowsFrom(95, 12, [
          row('', 'Balance brought forward', '', '', '1,000.00'),
          [[40, '2024']],
          row('20 Dec', 'BOOTS', '10.00', '', '990.00'),
          row('28 Dec', 'TESCO STORES', '20.00', '', '970.00'),
          row('02 Jan', 'SALARY', '', '500.00', '1,470.00'),
          row('05 Jan', 'RENT', '400.00', '', '1,070.00'),
        ]),
      ]),
    );
    expect(s.transactions.map((t) => t.date)).toEqual([
      '2024-12-20',
      '2024-12-28',
      '2025-01-02',
      '2025-01-05',
    ]);
    expect(s.reconciliation.ok).toBe(true);
    expect(s.reconciliation.unreadable).toBeUndefined();
  });

  it('confirms no other reading where most rows fall outside the period (the period may be misread)', () => {
    // A period most rows contradict may be another line's dates ('Rates from 1 March 2024 to 31 March 2024'):
    // reading every row into it would confirm wrong dates.
    const s = read(
      statement('Statement period 1 March 2024 to 31 March 2024', [
        ['05/03/2025', 'TESCO STORES', '20.00', '', '980.00'],
        ['14/03/2025', 'SALARY', '', '500.00', '1,480.00'],
        ['25/03/2025', 'RENT', '400.00', '', '1,080.00'],
      ]),
    );
    expect(s.transactions.map((t) => t.date)).toEqual(['2025-03-05', '2025-03-14', '2025-03-25']);
    expect(s.reconciliation.unreadable).toEqual([
      expect.objectContaining({ cell: 'date', reason: expect.stringMatching(/3 rows are dated after/) }),
    ]);
  });

  it('takes the one date a misread digit leaves, noted for the check, never confirmed', () => {
    const s = read(
      statement('Statement period 1 March 2025 to 31 March 2025', [
        ['05/03/2025', 'TESCO STORES', '20.00', '', '980.00'],
        ['14/03/2025', 'SALARY', '', '500.00', '1,480.00'],
        ['18/08/2025', 'BOOTS', '30.00', '', '1,450.00'],
        ['25/03/2025', 'RENT', '400.00', '', '1,050.00'],
      ]),
    );
    expect(s.transactions.map((t) => t.date)).toEqual([
      '2025-03-05',
      '2025-03-14',
      '2025-03-18',
      '2025-03-25',
    ]);
    expect(s.reconciliation.unreadable).toEqual([
      expect.objectContaining({ cell: 'date', text: '2025-08-18', recoveredDate: '2025-03-18' }),
    ]);
  });

  it("sends a bank's row going back before the period to the check; a card's purchase may be dated so", () => {
    const rows: Array<[string, string, string, string, string]> = [
      ['03/03/2025', 'TESCO STORES', '20.00', '', '980.00'],
      ['14/03/2025', 'SALARY', '', '500.00', '1,480.00'],
      ['28/02/2025', 'BOOTS', '30.00', '', '1,450.00'],
      ['25/03/2025', 'RENT', '400.00', '', '1,050.00'],
    ];
    const bank = read(statement('Statement period 1 March 2025 to 31 March 2025', rows));
    expect(bank.transactions.map((t) => t.date)[2]).toBe('2025-02-28');
    expect(bank.reconciliation.unreadable).toEqual([
      expect.objectContaining({
        cell: 'date',
        text: '2025-02-28',
        reason: expect.stringMatching(/before the statement period/),
      }),
    ]);
    const card = read(
      pageBlocks([
        [30, [[40, 'Example Card Services   Credit limit £3,000.00']]],
        [45, [[40, 'Statement period 1 March 2025 to 31 March 2025']]],
        [80, HEADING],
        ...rowsFrom(95, 12, [
          row('', 'Balance brought forward', '', '', '1,000.00'),
          row('03/03/2025', 'TESCO STORES', '20.00', '', '1,020.00'),
          row('14/03/2025', 'PAYMENT RECEIVED', '', '500.00', '520.00'),
          row('28/02/2025', 'BOOTS', '30.00', '', '550.00'),
          row('25/03/2025', 'AMAZON', '400.00', '', '950.00'),
        ]),
      ]),
    );
    expect(card.accountKind).toBe('credit_card');
    expect(card.transactions.map((t) => t.date)[2]).toBe('2025-02-28');
    expect(card.reconciliation.ok).toBe(true);
    expect(card.reconciliation.unreadable).toBeUndefined();
  });
});
