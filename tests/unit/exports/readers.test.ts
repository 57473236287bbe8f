import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_MESSAGES,
  type ExportStatement,
  kindFromContent,
  otherAccount,
  parseCsv,
  parseExportAmount,
  parseExportDate,
  readExport,
} from '../../../functions/domain/exports';

/**
 * Each bank's export read exactly, from small files in its layout (tests/fixtures/exports/README.md names
 * the real-world trait each carries; csv-layouts.ts names the public evidence of each layout).
 */
const dir = join(__dirname, '../../fixtures/exports');
const bytes = (file: string) => new Uint8Array(readFileSync(join(dir, file)));

function read(file: string): ExportStatement {
  const result = readExport(bytes(file), file);
  if (!result.ok) throw new Error(`${file}: ${result.message}`);
  return result.statement;
}

const rows = (s: ExportStatement) =>
  s.transactions.map((t) => [t.date, t.signedAmount, t.balance, t.description]);

describe('CSV exports of the UK banks, by their header rows', () => {
  it('Barclays: sort code and number in one cell, newest first turned round, no balances (said so)', () => {
    const s = read('barclays.csv');
    expect(s).toMatchObject({
      format: 'csv',
      layout: 'barclays',
      institution: 'Barclays',
      accountKind: 'bank',
      account: { sortCode: '200000', accountNumber: '12345678' },
      period: { start: '2026-07-15', end: '2026-08-03' },
      reconciliation: { ok: false, breaks: [] },
      warnings: [EXPORT_MESSAGES.noBalances],
    });
    expect(rows(s)).toEqual([
      ['2026-07-15', 2450, null, 'ACME LTD SALARY'],
      ['2026-07-22', -51.3, null, 'TESCO STORES 3021 ON 21 JUL BCC'],
      ['2026-08-03', -10.99, null, 'NETFLIX.COM ON 02 AUG BCC'],
    ]);
  });

  it('Lloyds group: debit and credit columns, a quote before the sort code, balances reconcile', () => {
    const s = read('lloyds.csv');
    expect(s).toMatchObject({
      layout: 'lloyds-group',
      institution: null,
      account: { sortCode: '309174', accountNumber: '02344812' },
      openingBalance: 10734.61,
      closingBalance: 11992.11,
      reconciliation: { ok: true, breaks: [] },
      warnings: [],
    });
    expect(rows(s)).toEqual([
      ['2024-08-27', 2500, 13234.61, 'ACME LTD SALARY'],
      ['2024-08-28', -1250, 11984.61, 'BRITISH GAS, ACCOUNT 1'],
      ['2024-08-28', 20, 12004.61, 'NAME REASON'],
      ['2024-08-30', -12.5, 11992.11, 'TESCO STORES 2041'],
    ]);
  });

  it('TSB: the same layout in sentence case, with a trailing comma on each line', () => {
    const s = read('tsb.csv');
    expect(s).toMatchObject({ layout: 'lloyds-group', reconciliation: { ok: true } });
    expect(rows(s)).toEqual([
      ['2026-03-01', -45, 955, 'FIGMA'],
      ['2026-03-02', 500, 1455, 'CLIENT PAYMENT'],
    ]);
  });

  it("NatWest / RBS: '01 Sep 2026' dates, quoted descriptions holding commas and a date", () => {
    const s = read('natwest.csv');
    expect(s).toMatchObject({
      layout: 'natwest-group',
      account: { sortCode: '600000', accountNumber: '12345678' },
      reconciliation: { ok: true },
      openingBalance: 3509.27,
    });
    expect(rows(s).map((r) => r[1])).toEqual([-2, -2, -500]);
    expect(s.transactions[2]!.description).toBe('TSB BANK PLC , FP 01/09/26 30 , 04014648296244000N');
  });

  it('Nationwide: Windows-1252 £, lines above the header, the masked account number', () => {
    const s = read('nationwide.csv');
    expect(s).toMatchObject({
      layout: 'nationwide',
      institution: 'Nationwide',
      account: { lastDigits: '45678' },
      closingBalance: 1252.7,
      reconciliation: { ok: true, breaks: [] },
    });
    expect(rows(s)).toEqual([
      ['2026-10-02', -12.4, 987.6, 'Page and Spine Books'],
      ['2026-10-04', -31.15, 956.45, 'City Water'],
      ['2026-10-05', 296.25, 1252.7, 'ACME LTD SALARY'],
    ]);
  });

  it('Monzo: UTF-8 with a byte-order mark and an emoji; the name column; no balances', () => {
    const s = read('monzo.csv');
    expect(s).toMatchObject({
      layout: 'monzo',
      institution: 'Monzo',
      warnings: [EXPORT_MESSAGES.noBalances],
    });
    expect(rows(s)).toEqual([
      ['2026-09-03', -3.75, null, 'Tamesis Dock'],
      ['2026-09-04', 2100, null, 'ACME Ltd'],
      ['2026-09-04', -4.5, null, 'Pret A Manger'],
    ]);
  });

  it('Starling: counter party and reference, balances reconcile', () => {
    const s = read('starling.csv');
    expect(s).toMatchObject({
      layout: 'starling',
      institution: 'Starling Bank',
      reconciliation: { ok: true },
    });
    expect(rows(s)[0]).toEqual(['2019-10-01', 1500, 5500, 'An Employer SALARY']);
  });

  it('Revolut: completed rows only, the fee taken with the amount, ISO dates with times', () => {
    const s = read('revolut.csv');
    expect(s).toMatchObject({
      layout: 'revolut',
      dateOrder: 'iso',
      reconciliation: { ok: true, breaks: [] },
    });
    expect(rows(s)).toEqual([
      ['2024-01-14', 200, 200, 'Top-Up by *1234'],
      ['2024-01-16', -23.4, 176.6, 'Tesco'],
      ['2024-01-17', -50.25, 126.35, 'Exchanged to EUR'],
    ]);
  });

  it("Chase UK: '12 August 2026' dates and a quoted balance", () => {
    const s = read('chase-uk.csv');
    expect(s).toMatchObject({ layout: 'chase-uk', institution: 'Chase UK', reconciliation: { ok: true } });
    expect(rows(s)).toEqual([
      ['2026-08-12', -45.67, 954.33, 'To Revolving Line Account'],
      ['2026-09-03', 500, 1454.33, 'From A N OTHER - CHASE-TOPUP'],
    ]);
  });

  it('American Express: a card; charges positive in the file are money out, the payment money in', () => {
    const s = read('amex.csv');
    expect(s).toMatchObject({ layout: 'amex', accountKind: 'credit_card', institution: 'American Express' });
    expect(rows(s)).toEqual([
      ['2026-01-14', 500, null, 'PAYMENT RECEIVED - THANK YOU'],
      ['2026-01-15', -25.5, null, 'TEST RESTAURANT'],
      ['2026-01-20', -1020.1, null, 'SAINSBURYS S/MKTS'],
    ]);
  });

  it("Barclaycard's headerless 7-column file: '02 Jan 24' dates, money in and out columns", () => {
    const s = read('barclaycard-7.csv');
    expect(s).toMatchObject({
      layout: 'barclaycard-7',
      accountKind: 'credit_card',
      institution: 'Barclaycard',
    });
    expect(rows(s)).toEqual([
      ['2024-01-02', -12.99, null, 'AMAZON.CO.UK'],
      ['2024-01-05', 150, null, 'PAYMENT THANK YOU'],
      ['2024-01-09', -7.2, null, 'TFL TRAVEL CH'],
    ]);
  });

  it("HSBC's headerless file: two genuine identical purchases on one day are both read", () => {
    const s = read('hsbc.csv');
    expect(s.layout).toBe('hsbc');
    expect(rows(s)).toEqual([
      ['2024-01-15', -23.4, null, 'TESCO STORES 2041'],
      ['2024-01-15', -23.4, null, 'TESCO STORES 2041'],
      ['2024-01-16', 2500, null, 'SALARY ACME LTD'],
    ]);
  });

  it('any other bank by its column names: money out in brackets or with DR, a balance-only line skipped', () => {
    const s = read('co-operative.csv');
    expect(s).toMatchObject({ layout: 'generic', openingBalance: 1000, reconciliation: { ok: true } });
    expect(rows(s).map((r) => r[1])).toEqual([-45.2, 1200, -100]);
  });

  it('a balance that does not follow is a break, as for a PDF', () => {
    const text = 'Date,Description,Amount,Balance\n01/02/2024,A,-10.00,90.00\n02/02/2024,B,-10.00,75.00\n';
    const result = readExport(new TextEncoder().encode(text), 'x.csv');
    expect(result.ok && result.statement.reconciliation).toEqual({
      ok: false,
      breaks: [{ row: 1, expected: 75, actual: 80, reason: 'running balance' }],
    });
  });
});

describe('OFX and QFX', () => {
  it('OFX 1.02 SGML: elements without closing tags, sort code and number, LEDGERBAL as the closing balance', () => {
    const s = read('bank-sgml.ofx');
    expect(s).toMatchObject({
      format: 'ofx',
      layout: 'ofx-1',
      institution: 'Nationwide',
      account: { sortCode: '070116', accountNumber: '12345678' },
      period: { start: '2024-01-01', end: '2024-01-31' },
      closingBalance: 3476.6,
      openingBalance: 1023.4,
      reconciliation: { ok: false, breaks: [] },
      warnings: [EXPORT_MESSAGES.closingOnly],
    });
    expect(rows(s)).toEqual([
      ['2024-01-03', -23.4, null, 'TESCO STORES 2041 CONTACTLESS'],
      ['2024-01-25', 2500, null, 'ACME LTD SALARY'],
      ['2024-01-25', -23.4, null, 'TESCO STORES 2041 CONTACTLESS'],
    ]);
  });

  it("OFX 2.11 XML: '&amp;', a thousands separator, one decimal", () => {
    const s = read('bank-xml.ofx');
    expect(s).toMatchObject({
      layout: 'ofx-2',
      institution: 'First Direct',
      account: { accountNumber: '87654321' },
    });
    expect(rows(s)).toEqual([
      ['2024-02-02', -1250, null, 'MARKS & SPENCER'],
      ['2024-02-28', 3000.5, null, 'SALARY ACME LTD FEB'],
    ]);
  });

  it('a QFX card statement: a charge is money out; the ledger balance owed is kept as owed', () => {
    const s = read('card.qfx');
    expect(s).toMatchObject({
      accountKind: 'credit_card',
      institution: 'American Express',
      account: { lastDigits: '71002' },
      closingBalance: 145.01,
    });
    expect(rows(s).map((r) => r[1])).toEqual([-54.99, 200]);
  });

  it("a CSV's 'Currency' column is the account's currency (Revolut, Monzo, Chase UK)", () => {
    expect(read('revolut.csv').currency).toBe('GBP');
    expect(read('monzo.csv').currency).toBe('GBP');
    const euro = readFileSync(join(dir, 'revolut.csv'), 'utf8').replace(/,GBP,/g, ',EUR,');
    const result = readExport(new TextEncoder().encode(euro), 'euro.csv');
    if (!result.ok) throw new Error(result.message);
    expect(result.statement.currency).toBe('EUR');
    expect(read('barclays.csv').currency).toBeUndefined();
  });

  it("records the account's currency (CURDEF), so that a euro account's file is never taken for pounds", () => {
    expect(read('bank-xml.ofx').currency).toBe('GBP');
    const euro = readFileSync(join(dir, 'bank-xml.ofx'), 'utf8').replace(/<CURDEF>GBP</, '<CURDEF>EUR<');
    const result = readExport(new TextEncoder().encode(euro), 'euro.ofx');
    if (!result.ok) throw new Error(result.message);
    expect(result.statement.currency).toBe('EUR');
  });
});

describe('QIF', () => {
  it('!Type:Bank with CRLF: day-first dates settled by the file itself', () => {
    const s = read('bank.qif');
    expect(s).toMatchObject({ format: 'qif', layout: 'qif-bank', dateOrder: 'dmy' });
    expect(rows(s)).toEqual([
      ['2024-01-03', -23.4, null, 'TESCO STORES 2041 CONTACTLESS'],
      ['2024-01-25', 2500, null, 'ACME LTD SALARY'],
      ['2024-01-25', -23.4, null, 'TESCO STORES 2041 CONTACTLESS'],
    ]);
  });

  it('!Type:CCard whose dates could be either order: read day-first and reported ambiguous', () => {
    const s = read('card-ambiguous.qif');
    expect(s).toMatchObject({ accountKind: 'credit_card', dateOrder: 'ambiguous' });
    expect(s.warnings).toContain(EXPORT_MESSAGES.ambiguousDates);
    expect(s.transactions.map((t) => t.date)).toEqual(['2024-02-01', '2024-03-02']);
    const asked = readExport(bytes('card-ambiguous.qif'), 'card.qif', { dateOrder: 'mdy' });
    expect(asked.ok && asked.statement.transactions.map((t) => t.date)).toEqual(['2024-01-02', '2024-02-03']);
    expect(asked.ok && asked.statement.dateOrder).toBe('mdy');
  });

  it("month-first dates with Quicken's apostrophe year, after an !Account block", () => {
    const s = read('us-order.qif');
    expect(s.dateOrder).toBe('mdy');
    expect(rows(s)).toEqual([
      ['2024-01-15', -9.99, null, 'SPOTIFY'],
      ['2024-01-31', 100, null, 'TRANSFER FROM SAVINGS'],
    ]);
  });
});

describe("bad files get the family's words", () => {
  const fail = (file: string, data: Uint8Array | string) => {
    const result = readExport(typeof data === 'string' ? new TextEncoder().encode(data) : data, file);
    return result.ok ? null : { reason: result.reason, message: result.message };
  };

  it('an empty file', () => {
    expect(fail('x.csv', '')).toEqual({ reason: 'empty', message: 'This file is empty.' });
    expect(fail('x.csv', '\n\n')).toEqual({ reason: 'empty', message: 'This file is empty.' });
  });

  it('a file that is not what its name says', () => {
    expect(fail('statement.csv', '%PDF-1.7\n...')).toEqual({
      reason: 'not_export',
      message:
        'This file is not a CSV file, although its name ends in .csv. Please upload the file exactly as your bank gave it.',
    });
    expect(fail('statement.ofx', 'Date,Description,Amount\n01/01/2024,A,1.00\n')?.message).toBe(
      'This file is not an OFX file, although its name ends in .ofx. Please upload the file exactly as your bank gave it.',
    );
    expect(fail('statement.qif', bytes('bank-sgml.ofx'))?.reason).toBe('not_export');
    expect(fail('statement.csv', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 1, 2]))?.reason).toBe('not_export');
  });

  it('a CSV with no date column', () => {
    expect(fail('no-date.csv', bytes('no-date.csv'))).toEqual({
      reason: 'csv_no_date',
      message:
        'We could not find a date column in this CSV file. Please upload the file exactly as your bank gave it.',
    });
  });

  it('a CSV whose amount columns cannot be told', () => {
    expect(fail('x.csv', 'Date,Description,Sum total\n01/01/2024,A,1.00\n')?.reason).toBe(
      'csv_unknown_layout',
    );
  });

  it('an amount or date that cannot be read names its line', () => {
    expect(fail('bad-amount.csv', bytes('bad-amount.csv'))?.message).toBe(
      'We could not read the amount "twelve pounds" on line 3 of this file.',
    );
    expect(fail('x.csv', 'Date,Description,Amount\n31/02/2024,A,1.00\n')?.message).toBe(
      'We could not read the date "31/02/2024" on line 2 of this file.',
    );
  });

  it('a header and no rows', () => {
    expect(fail('x.csv', 'Date,Description,Amount\n')?.reason).toBe('no_transactions');
  });

  it("another account's file: the account numbers differ", () => {
    const barclays = read('barclays.csv').account;
    expect(otherAccount(barclays, { account_number: '87654321', sort_code: '200000' })).toEqual({
      file: '5678',
      account: '4321',
    });
    expect(otherAccount(barclays, { account_number: '12345678', sort_code: '20-00-00' })).toBeNull();
    expect(otherAccount(barclays, { account_number: '12345678', sort_code: '309174' })).not.toBeNull();
    expect(otherAccount(barclays, { account_number: null })).toBeNull();
    const nationwide = read('nationwide.csv').account;
    expect(otherAccount(nationwide, { account_number: '12345678' })).toBeNull();
    expect(otherAccount(nationwide, { account_number: '12399999' })).toEqual({
      file: '5678',
      account: '9999',
    });
    const card = read('card.qfx').account;
    expect(otherAccount(card, { card_last4: '1002' })).toBeNull();
    expect(otherAccount(card, { card_last4: '4444' })).not.toBeNull();
  });
});

describe('values', () => {
  it.each([
    ['1,234.56', 123456],
    ['£1,234.56', 123456],
    ['-£12.00', -1200],
    ['−12.50', -1250],
    ['(12.50)', -1250],
    ['12.50-', -1250],
    ['12.50 DR', -1250],
    ['12.50CR', 1250],
    ['+12.50', 1250],
    ['12.5', 1250],
    ['12', 1200],
    ['-12.500', -1250],
    ["'30.00", 3000],
  ])('%s is %i pence', (text, pence) => {
    expect(parseExportAmount(text)?.pence).toBe(pence);
  });

  it.each([
    ['15/01/2024', '2024-01-15'],
    ['15/01/24', '2024-01-15'],
    ['15-01-2024', '2024-01-15'],
    ['15.01.2024', '2024-01-15'],
    ['2024-01-15 10:23:45', '2024-01-15'],
    ['2024-01-15T10:23:45Z', '2024-01-15'],
    ['15 Jan 2024', '2024-01-15'],
    ['15 January 2024', '2024-01-15'],
    ['15-Jan-24', '2024-01-15'],
    ['3 Sept 2026', '2026-09-03'],
  ])('%s is %s', (text, iso) => {
    expect(parseExportDate(text)).toBe(iso);
  });

  it('what a file is, from its bytes', () => {
    expect(kindFromContent(bytes('bank-xml.ofx'))).toBe('ofx');
    expect(kindFromContent(bytes('card.qfx'))).toBe('ofx');
    expect(kindFromContent(bytes('bank.qif'))).toBe('qif');
    expect(kindFromContent(bytes('nationwide.csv'))).toBe('csv');
    expect(kindFromContent(new TextEncoder().encode('%PDF-1.4'))).toBe('pdf');
  });
});

describe('CSV text', () => {
  it('quoted fields holding separators, quotes and line breaks; CRLF; a trailing comma; empty lines', () => {
    expect(parseCsv('a,"b, c","say ""hi""",\r\n\r\n"two\nlines",x\n', ',')).toEqual([
      ['a', 'b, c', 'say "hi"', ''],
      [''],
      ['two\nlines', 'x'],
    ]);
  });

  it('semicolons and tabs are found as separators', () => {
    expect(parseCsv('Date;Description;Amount\n01/02/2024;"A; B";-1,50\n')).toEqual([
      ['Date', 'Description', 'Amount'],
      ['01/02/2024', 'A; B', '-1,50'],
    ]);
    expect(parseCsv('Date\tAmount\n01/02/2024\t1.00')).toEqual([
      ['Date', 'Amount'],
      ['01/02/2024', '1.00'],
    ]);
  });
});
