import { describe, expect, it } from 'vitest';
import { type ParsedStatement, readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import { type CellSpec, HEADING, pageBlocks, row, rowsFrom } from './blocks';

/**
 * Traits of UK statements as a scan reads them, on hand-built geometry: what OCR makes of a printed trait
 * must be read as the text layer reads it.
 */
function read(blocks: Block[]): ParsedStatement {
  const result = readStatement(blocks, { referenceDate: '2026-01-01' });
  if (!result.ok) throw new Error(`${result.reason}: ${result.message}`);
  return result.statement;
}
const brief = (s: ParsedStatement) =>
  s.transactions.map((t) => [t.date, t.description, t.signedAmount] as const);

describe('the time of a transaction on the line under its date, as a scan reads it (Revolut)', () => {
  // Evidence: Revolut's statement "Date — the date and time the transaction was completed"
  // (https://www.getmoneysorted.co.uk/revolut-bank-statement-guide); OCR reads the colon as '.', ';', a
  // space or nothing, or a nought as 'O'.
  const statement = (times: string[]) =>
    pageBlocks([
      [30, [[40, 'Revolut']]],
      [50, [[40, 'Statement 1 January 2025 to 31 January 2025']]],
      [100, HEADING],
      ...rowsFrom(
        115,
        12,
        [
          row('', 'Opening balance', '', '', '500.00'),
          row('02 Jan 2025', 'TESCO STORES', '12.34', '', '487.66'),
          [[40, times[0]!]] as CellSpec[],
          row('03 Jan 2025', 'ACME SALARY', '', '1,000.00', '1,487.66'),
          [[40, times[1]!]] as CellSpec[],
          row('05 Jan 2025', 'COSTA COFFEE', '3.20', '', '1,484.46'),
          [[40, times[2]!]] as CellSpec[],
          row('07 Jan 2025', 'TFL TRAVEL', '6.80', '', '1,477.66'),
          [[40, times[3]!]] as CellSpec[],
        ].filter((cells) => cells.length),
      ),
    ]);
  const rows = [
    ['2025-01-02', 'TESCO STORES', -12.34],
    ['2025-01-03', 'ACME SALARY', 1000],
    ['2025-01-05', 'COSTA COFFEE', -3.2],
    ['2025-01-07', 'TFL TRAVEL', -6.8],
  ];

  it.each([
    ['a colon read as a point', '07.03'],
    ['a colon lost', '0703'],
    ['a colon read as a space', '07 03'],
    ['a colon read as a semicolon', '07;03'],
    ['a nought read as a letter O', 'O7:03'],
    ['a stray mark after it', "07:03'"],
    // What the local OCR made of '18:02' under '05 Jan 2025' in the scan of the Revolut layout.
    ['not read at all', '1Q-ND'],
  ])('one time misread (%s: "%s") is still the time, not the description', (_, misread) => {
    const s = read(statement(['09:15', misread, '17:42', '12:20']));
    expect(brief(s)).toEqual(rows);
    expect(s.reconciliation.ok).toBe(true);
  });

  it('every time misread the same way: the column of times is still told by the times read right', () => {
    const s = read(statement(['09.15', '07.03', '17:42', '12:20']));
    expect(brief(s)).toEqual(rows);
  });

  it('a figure under a date in a column that prints no times stays in the description', () => {
    const s = read(statement(['', '0703', '', '']));
    expect(s.transactions[1]!.description).toBe('ACME SALARY 0703');
  });
});
