import { describe, expect, it } from 'vitest';
import { type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { HEADING, type LineSpec, pageBlocks, row, rowsFrom } from './blocks';

/**
 * Where the year of a statement's dates comes from. Rows often print '12 June' alone; the year is then the
 * statement's own (a statement date, the period, a full date printed beside the table), never the upload
 * date when the statement prints one: a June 2025 statement uploaded in 2026 stays in 2025. Only a statement
 * with no year of its own takes the upload date's, and says so; one dated after its upload is refused.
 */
function read(blocks: Block[], referenceDate?: string): ParsedStatement {
  const result = readStatement(blocks, referenceDate ? { referenceDate } : {});
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}

const TABLE: LineSpec[] = [
  [100, HEADING],
  ...rowsFrom(115, 12, [
    row('12 June', 'COSTA COFFEE', '3.50', '', '96.50'),
    row('16 June', 'TESCO STORES', '6.50', '', '90.00'),
  ]),
];

describe('the year of yearless dates', () => {
  it("a statement date with a two-digit year in a side panel ('Statement date 13 June 25') beats the upload date", () => {
    const s = read(pageBlocks([[40, [[400, 'Statement date 17 June 25']]], ...TABLE]), '2026-07-01');
    expect(s.transactions.map((t) => t.date)).toEqual(['2025-06-12', '2025-06-16']);
    expect(s.yearSource).toBe('statement_date');
    expect(s.statementDate).toBe('2025-06-17');
    expect(s.warnings.join(' ')).not.toMatch(/uploaded/);
  });

  it("'Date of statement: 01/07/2025' (a numeric statement date after a colon)", () => {
    const s = read(pageBlocks([[40, [[400, 'Date of statement: 01/07/2025']]], ...TABLE]), '2026-07-01');
    expect(s.statementDate).toBe('2025-07-01');
    expect(s.transactions[0]!.date).toBe('2025-06-12');
  });

  it('a statement date counts back across New Year', () => {
    const s = read(
      pageBlocks([
        [40, [[400, 'Statement date 3 Jan 26']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('30 Dec', 'TESCO', '10.00', '', '40.00'),
          row('2 Jan', 'REFUND', '', '5.00', '45.00'),
        ]),
      ]),
      '2026-11-26',
    );
    expect(s.transactions.map((t) => t.date)).toEqual(['2025-12-30', '2026-01-02']);
  });

  it('a printed period gives the year (and is preferred for placing the dates)', () => {
    const s = read(pageBlocks([[40, [[40, '1 June to 30 June 2025']]], ...TABLE]), '2026-07-01');
    expect(s.transactions[0]!.date).toBe('2025-06-12');
    expect(s.yearSource).toBe('period');
  });

  it('a full date printed outside the table (a balance on a date) gives the year', () => {
    const s = read(pageBlocks([[40, [[40, 'Your balance on 30 June 2025 £90.00']]], ...TABLE]), '2026-07-01');
    expect(s.transactions[0]!.date).toBe('2025-06-12');
    expect(s.yearSource).toBe('printed_date');
  });

  it('a full date after the upload (a notice of a change to come) is not the statement date', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Your balance on 30 June 2025 £90.00']]],
        [50, [[40, 'Your overdraft rate changes from 1 August 2026.']]],
        ...TABLE,
      ]),
      '2026-07-01',
    );
    expect(s.transactions[0]!.date).toBe('2025-06-12');
  });

  it('only when the statement prints no year does the upload date give it, with a warning', () => {
    const s = read(pageBlocks([...TABLE]), '2026-07-01');
    expect(s.transactions.map((t) => t.date)).toEqual(['2026-06-12', '2026-06-16']);
    expect(s.yearSource).toBe('reference_date');
    expect(s.warnings).toContain(
      'The statement does not print its year; it is taken from the day the statement was uploaded (2026-07-01). Please check the dates.',
    );
  });

  it('dates on the rows with their year need nothing else', () => {
    const s = read(
      pageBlocks([
        [100, HEADING],
        ...rowsFrom(115, 12, [row('12/06/2025', 'COSTA COFFEE', '3.50', '', '96.50')]),
      ]),
      '2026-07-01',
    );
    expect(s.yearSource).toBe('printed');
  });

  it('a statement dated after the day it was uploaded is refused', () => {
    const blocks = pageBlocks([[40, [[400, 'Statement date 17 June 25']]], ...TABLE]);
    expect(readStatement(blocks, { referenceDate: '2025-06-10' })).toEqual({
      ok: false,
      reason: 'dated_after_upload',
      message:
        'This statement is dated after the day it was uploaded, which cannot be right. Please check the file and upload it again.',
    });
    // A day's grace for time zones.
    expect(readStatement(blocks, { referenceDate: '2025-06-16' }).ok).toBe(true);
    const period = pageBlocks([[40, [[40, '1 June to 30 June 2025']]], ...TABLE]);
    expect(readStatement(period, { referenceDate: '2025-05-20' })).toMatchObject({
      ok: false,
      reason: 'dated_after_upload',
    });
  });
});

describe('a period of over a year (an annual savings statement)', () => {
  it("'01 Dec 2024 – 02 Dec 2025' holds '2 Dec' twice: rows in order put the first in 2024 and the last in 2025", () => {
    const s = read(
      pageBlocks([
        [40, [[40, '01 Dec 2024 – 02 Dec 2025']]],
        [100, HEADING],
        ...rowsFrom(115, 12, [
          row('2 Dec', 'INTEREST EARNED', '', '2.64', '102.64'),
          row('3 Jun', 'TRANSFER TO 83553418', '50.00', '', '52.64'),
          row('2 Dec', 'INTEREST EARNED', '', '1.28', '53.92'),
        ]),
      ]),
    );
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-12-02', '2025-06-03', '2025-12-02']);
    expect(s.yearSource).toBe('period');
  });
});

describe('a date column whose dates the printed period contradicts (the figures add up whatever the dates)', () => {
  // Evidence: statements with two date columns whose headings do not say which dates the balance (a value
  // date printed first, the booking date second, both headed 'Date', as some core-banking print formats set
  // them), and misaligned scans whose date column is read from the wrong place. The first column was taken:
  // a cheque's value date two days after the period's end dated its row, and the figures, adding up whatever
  // the dates, confirmed it.
  const heading = (first: string, second: string): LineSpec => [
    80,
    [
      [40, first],
      ...(second ? [[110, second] as [number, string]] : []),
      [180, 'Description'],
      [400, 'Money out', 'r'],
      [480, 'Money in', 'r'],
      [560, 'Balance', 'r'],
    ],
  ];
  const rows = (cells: Array<[string, string]>): LineSpec[] =>
    rowsFrom(
      95,
      12,
      [
        ['Balance brought forward', '', '', '100.00'],
        ['TESCO STORES', '20.00', '', '80.00'],
        ['CHEQUE 000123', '', '50.00', '130.00'],
      ].map(([description, out, moneyIn, balance], i) => [
        ...(cells[i]![0] ? [[40, cells[i]![0]] as [number, string]] : []),
        ...(cells[i]![1] ? [[110, cells[i]![1]] as [number, string]] : []),
        [180, description!],
        ...(out ? [[400, out, 'r'] as [number, string, 'r']] : []),
        ...(moneyIn ? [[480, moneyIn, 'r'] as [number, string, 'r']] : []),
        [560, balance!, 'r'] as [number, string, 'r'],
      ]),
    );

  it('dates the rows by the second date column when only its dates fit the period', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Statement period 01/03/2025 to 31/03/2025']]],
        heading('Date', 'Date'),
        ...rows([
          ['28/02/2025', '01/03/2025'],
          ['03/03/2025', '03/03/2025'],
          ['02/04/2025', '31/03/2025'],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => [t.date, t.description, t.signedAmount])).toEqual([
      ['2025-03-03', 'TESCO STORES', -20],
      ['2025-03-31', 'CHEQUE 000123', 50],
    ]);
    expect(s.reconciliation.ok).toBe(true);
    expect(s.reconciliation.unreadable).toBeUndefined();
  });

  it('sends the reading to the family when no date column fits the period', () => {
    const s = read(
      pageBlocks([
        [30, [[40, 'Statement period 01/03/2025 to 31/03/2025']]],
        heading('Date', ''),
        ...rows([
          ['01/03/2025', ''],
          ['03/03/2025', ''],
          ['02/04/2025', ''],
        ]),
      ]),
    );
    expect(s.transactions.map((t) => t.date)).toEqual(['2025-03-03', '2025-04-02']);
    expect(s.reconciliation.unreadable).toEqual([
      expect.objectContaining({ cell: 'date', text: '2025-04-02' }),
    ]);
  });
});
