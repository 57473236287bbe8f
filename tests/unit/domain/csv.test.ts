import { describe, expect, it } from 'vitest';
import {
  csvField,
  neutraliseFormula,
  toCsv,
  transactionsCsv,
  transactionsCsvFileName,
} from '../../../functions/domain/csv';

describe('CSV fields (RFC 4180)', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('TESCO STORES 3217')).toBe('TESCO STORES 3217');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(null)).toBe('');
  });

  it('quotes a field holding a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('Smith, J')).toBe('"Smith, J"');
    expect(csvField('The "Red Lion"')).toBe('"The ""Red Lion"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('ends every record with CRLF, the header first', () => {
    expect(toCsv(['a', 'b'], [['x', 1]])).toBe('a,b\r\nx,1\r\n');
  });
});

describe('formula injection: a text cell a spreadsheet would run is neutralised', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+44 7700 900123', "'+44 7700 900123"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', `"'\rCR"`],
  ])('%j', (text, written) => {
    expect(csvField(text)).toBe(written);
  });

  it('leaves text where the character is not first, and numbers (a negative amount stays a number)', () => {
    expect(neutraliseFormula('A=B')).toBe('A=B');
    expect(csvField(-3)).toBe('-3');
  });
});

describe('the transactions export', () => {
  it('has the spec columns; signed amount, effective flow type, balance', () => {
    const csv = transactionsCsv('Joint, current', [
      {
        transaction_date: '2026-01-15',
        description: '=cmd|calc',
        signed_amount: -12.5,
        amount: 12.5,
        flow_type: 'external_expense',
        user_corrected_flow_type: 'internal_transfer',
        balance: 100.1,
      },
      {
        transaction_date: '2026-01-14',
        description: 'SALARY',
        signed_amount: null,
        amount: 2000,
        flow_type: null,
        user_corrected_flow_type: null,
        balance: null,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Account,Date,Description,Amount,Flow Type,Balance',
      '"Joint, current",2026-01-15,\'=cmd|calc,-12.5,internal_transfer,100.1',
      '"Joint, current",2026-01-14,SALARY,2000,,',
      '',
    ]);
  });

  it('is named by account and date', () => {
    expect(transactionsCsvFileName('Joint Current', '2026-01-31')).toBe('joint-current-2026-01-31.csv');
    expect(transactionsCsvFileName('Café / Savings!', '2026-02-01')).toBe('cafe-savings-2026-02-01.csv');
    expect(transactionsCsvFileName('***', '2026-02-01')).toBe('account-2026-02-01.csv');
  });
});
