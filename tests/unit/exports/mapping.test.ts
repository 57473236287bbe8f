import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvMappingSchema, mappingRequestSchema } from '../../../functions/contracts/export-mapping';
import {
  type CsvMapping,
  csvField,
  csvTable,
  mappingProblem,
  qifMapping,
  qifTable,
  readExport,
  readMappedAmount,
  readMappedCsv,
  readMappedTable,
  suggestMapping,
  tableSignature,
} from '../../../functions/domain/exports';

/**
 * The column-mapping reader: a CSV file of columns no bank's layout names, read by the family's mapping;
 * the same rows the web's preview shows. A property test writes random rows with random column orders, date
 * formats, amount forms and sign conventions and reads them back exactly under the mapping that describes
 * them.
 */
const UNKNOWN = [
  'Posted on,Counterparty,Reference,Value (GBP),Running total',
  '02/01/2025,TESCO STORES 2041,CARD 1234,-23.40,976.60',
  '03/01/2025,ACME LTD SALARY,BGC,"2,500.00","3,476.60"',
  '',
  'End of statement,,,,',
].join('\n');

const base: CsvMapping = {
  date: 0,
  description: 1,
  amountKind: 'one',
  amount: 3,
  moneyOut: null,
  moneyIn: null,
  balance: 4,
  dateFormat: 'dmy',
  sign: 'in_positive',
};

describe('a file of unknown columns', () => {
  it('is refused by the reader on its own, and can be mapped: its header and data rows are found', () => {
    const result = readExport(new TextEncoder().encode(UNKNOWN), 'bank.csv');
    expect(result.ok).toBe(false);
    const table = csvTable(UNKNOWN)!;
    expect(table.columns).toEqual(['Posted on', 'Counterparty', 'Reference', 'Value (GBP)', 'Running total']);
    expect(table.rows.map((r) => r.line)).toEqual([2, 3, 5]);
    expect(tableSignature(table)).toEqual([
      'posted on',
      'counterparty',
      'reference',
      'value (gbp)',
      'running total',
    ]);
  });

  it('reads every row under the mapping, the footer left out, the balances reconciled', () => {
    const result = readMappedCsv(UNKNOWN, base);
    if (!result.ok) throw new Error(result.message);
    expect(
      result.statement.transactions.map((t) => [t.date, t.description, t.signedAmount, t.balance]),
    ).toEqual([
      ['2025-01-02', 'TESCO STORES 2041', -23.4, 976.6],
      ['2025-01-03', 'ACME LTD SALARY', 2500, 3476.6],
    ]);
    expect(result.statement.reconciliation.ok).toBe(true);
    expect(result.statement.layout).toBe('mapped');
  });

  it('a wrong mapping names the first row it cannot read, in the family words', () => {
    const wrongDate = readMappedCsv(UNKNOWN, { ...base, dateFormat: 'ymd' });
    expect(wrongDate).toMatchObject({
      ok: false,
      message: 'We could not read the date "02/01/2025" on line 2 of this file.',
    });
    const wrongAmount = readMappedCsv(UNKNOWN, { ...base, amount: 2 });
    expect(wrongAmount).toMatchObject({
      ok: false,
      message: 'We could not read the amount "CARD 1234" on line 2 of this file.',
    });
    const rows = readMappedTable(csvTable(UNKNOWN)!, { ...base, amount: 2 });
    expect(rows[0]).toEqual({
      line: 2,
      ok: false,
      message: 'We could not read the amount "CARD 1234" on line 2 of this file.',
    });
  });

  it('money out and money in columns; a card whose charges are positive', () => {
    const split = 'When,What,Out,In\n2025-03-01,Coffee,2.50,\n2025-03-02,Refund,,10.00\n';
    const read = readMappedCsv(split, {
      ...base,
      amountKind: 'split',
      amount: null,
      moneyOut: 2,
      moneyIn: 3,
      balance: null,
      dateFormat: 'ymd',
    });
    if (!read.ok) throw new Error(read.message);
    expect(read.statement.transactions.map((t) => t.signedAmount)).toEqual([-2.5, 10]);
    const card = 'When,What,Charge\n03/15/2025,Coffee,2.50\n03/16/2025,Payment,-100.00\n';
    const asCard = readMappedCsv(card, {
      ...base,
      amount: 2,
      balance: null,
      dateFormat: 'mdy',
      sign: 'out_positive',
    });
    if (!asCard.ok) throw new Error(asCard.message);
    expect(asCard.statement.transactions.map((t) => [t.date, t.signedAmount])).toEqual([
      ['2025-03-15', -2.5],
      ['2025-03-16', 100],
    ]);
  });

  it('a DR/CR column beside unsigned amounts says which way each goes (Co-operative Bank, Nationwide business exports)', () => {
    const marked = [
      'Date,Details,Amount,Dr/Cr,Balance',
      '02/01/2025,TESCO STORES 2041,23.40,DR,976.60',
      '03/01/2025,ACME LTD SALARY,"2,500.00",CR,"3,476.60"',
      '04/01/2025,REFUND,5.00,C,"3,481.60"',
      '05/01/2025,CARD FEE,1.00,Debit,"3,480.60"',
    ].join('\n');
    const table = csvTable(marked)!;
    const guess = suggestMapping(table);
    expect(guess).toMatchObject({
      amountKind: 'marked',
      amount: 2,
      direction: 3,
      balance: 4,
      description: 1,
    });
    const read = readMappedCsv(marked, guess);
    if (!read.ok) throw new Error(read.message);
    expect(read.statement.transactions.map((t) => t.signedAmount)).toEqual([-23.4, 2500, 5, -1]);
    expect(read.statement.reconciliation.ok).toBe(true);
    const unclear = readMappedCsv(marked.replace(',CR,', ',??,'), guess);
    expect(unclear).toMatchObject({
      ok: false,
      message: 'We could not tell whether "??" on line 3 of this file is money in or money out.',
    });
    expect(mappingProblem({ ...guess, direction: null }, 5)).toBe(
      'Choose the column that holds the money in or out.',
    );
    expect(mappingProblem({ ...guess, direction: 2 }, 5)).toBe('Each column can be chosen once only.');
  });

  it('amounts with a decimal comma, as exports from European-owned banks and spreadsheets set to other locales write them', () => {
    const comma = [
      'Date;Description;Amount;Balance',
      '02-01-2025;TESCO STORES;-23,40;976,60',
      '03-01-2025;ACME LTD SALARY;2.500,00;3.476,60',
      '04-01-2025;RENT;-1.200;2.276,60',
    ].join('\n');
    const table = csvTable(comma)!;
    expect(table.rows).toHaveLength(3);
    const guess = suggestMapping(table);
    expect(guess).toMatchObject({ decimal: 'comma', amountKind: 'one', amount: 2, balance: 3 });
    const read = readMappedCsv(comma, guess);
    if (!read.ok) throw new Error(read.message);
    expect(read.statement.transactions.map((t) => [t.signedAmount, t.balance])).toEqual([
      [-23.4, 976.6],
      [2500, 3476.6],
      [-1200, 2276.6],
    ]);
    expect(read.statement.reconciliation.ok).toBe(true);
    // Read with a decimal point, '-23,40' is no amount at all: the family is told which row.
    expect(readMappedCsv(comma, { ...guess, decimal: 'point' })).toMatchObject({
      ok: false,
      message: 'We could not read the amount "-23,40" on line 2 of this file.',
    });
    expect(readMappedAmount('12.50', 'comma')).toBeNull();
    expect(readMappedAmount('1 234,5', 'comma')?.pence).toBe(123450);
    expect(readMappedAmount('(1.234,56)', 'comma')?.pence).toBe(-123456);
  });

  it('a description in two columns (payee and reference) is read as one, in the order chosen', () => {
    const read = readMappedCsv(UNKNOWN, { ...base, details: [2] });
    if (!read.ok) throw new Error(read.message);
    expect(read.statement.transactions.map((t) => t.description)).toEqual([
      'TESCO STORES 2041 CARD 1234',
      'ACME LTD SALARY BGC',
    ]);
    expect(mappingProblem({ ...base, details: [1] }, 5)).toBe('Each column can be chosen once only.');
    expect(mappingProblem({ ...base, details: [9] }, 5)).toBe('The description column is not in this file.');
  });

  it('a first guess: the date column, the description, the amount and the balance by their contents', () => {
    expect(suggestMapping(csvTable(UNKNOWN)!)).toMatchObject({
      date: 0,
      description: 1,
      amountKind: 'one',
      amount: 3,
      balance: 4,
      dateFormat: 'dmy',
    });
  });

  it('a file with no header: its columns are numbered and its width is what it is known by', () => {
    const table = csvTable('02/01/2025,Coffee,-2.50\n03/01/2025,Tea,-1.20\n')!;
    expect(table.header).toBeNull();
    expect(table.columns).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(tableSignature(table)).toEqual(['3 columns']);
  });

  it("a trailing separator on each data line but not on the header's: the header is still the header", () => {
    const table = csvTable('When,What,How much\n02/01/2025,Coffee,-2.50,\n03/01/2025,Tea,-1.20,\n')!;
    expect(table.columns).toEqual(['When', 'What', 'How much', 'Column 4']);
    expect(tableSignature(table)).toEqual(['when', 'what', 'how much']);
    const read = readMappedCsv('When,What,How much\n02/01/2025,Coffee,-2.50,\n', {
      ...base,
      amount: 2,
      balance: null,
    });
    expect(read.ok && read.statement.transactions.map((t) => t.signedAmount)).toEqual([-2.5]);
  });

  it('nothing to map: a file with no dates and amounts has no table', () => {
    expect(csvTable('Reference,Payee,Value\nA1,Tesco,-1.00\n')).toBeNull();
  });
});

describe('the shared contract', () => {
  it('takes a whole mapping and refuses a column chosen twice or a missing amount', () => {
    expect(csvMappingSchema.safeParse(base).success).toBe(true);
    const twice = csvMappingSchema.safeParse({ ...base, description: 0 });
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toBe('Each column can be chosen once only.');
    const noAmount = csvMappingSchema.safeParse({ ...base, amount: null });
    expect(noAmount.error?.issues[0]?.message).toBe('Choose the column that holds the amount.');
    const split = csvMappingSchema.safeParse({ ...base, amountKind: 'split', moneyOut: 2, moneyIn: null });
    expect(split.error?.issues[0]?.message).toBe('Choose the column that holds the money in.');
    expect(csvMappingSchema.safeParse({ ...base, date: -1 }).success).toBe(false);
    expect(csvMappingSchema.safeParse({ ...base, dateFormat: 'ydm' }).success).toBe(false);
    expect(mappingRequestSchema.safeParse({ kind: 'qif', dateOrder: 'mdy' }).success).toBe(true);
    expect(mappingRequestSchema.safeParse({ kind: 'qif', dateOrder: 'ymd' }).success).toBe(false);
    expect(mappingProblem(base, 4)).toBe('The balance column is not in this file.');
  });
});

describe('a QIF file whose dates could be either order', () => {
  it('is the same table, read in the order the family gives', () => {
    const qif = '!Type:Bank\nD03/04/2024\nT-10.00\nPShop\n^\nD05/04/2024\nT20.00\nPPay\n^\n';
    const table = qifTable(qif);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['03/04/2024', 'Shop', '-10.00'],
      ['05/04/2024', 'Pay', '20.00'],
    ]);
    const dates = (order: 'dmy' | 'mdy') =>
      readMappedTable(table, qifMapping(order)).map((r) => (r.ok === true ? r.row.date : null));
    expect(dates('dmy')).toEqual(['2024-04-03', '2024-04-05']);
    expect(dates('mdy')).toEqual(['2024-03-04', '2024-05-04']);
  });
});

// ── Property: random rows, random columns, read back exactly ──────────────────────────────────────────────

interface Row {
  date: string;
  description: string;
  pence: number;
}

const word = fc
  .array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz0123456789&,./\'"-*#()£é'.split('')), {
    minLength: 1,
    maxLength: 8,
  })
  .map((cs) => cs.join(''));
const description = fc
  .array(word, { minLength: 1, maxLength: 4 })
  .map((ws) => ws.join(' '))
  // A description that reads as a date or an amount is another column's text, not a description's.
  .filter((d) => !/^[-(£\d]/.test(d));

const dayToIso = (n: number) => new Date(Date.UTC(2019, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const writeDate = (iso: string, format: CsvMapping['dateFormat']) => {
  const [y, m, d] = [iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10)];
  return format === 'dmy' ? `${d}/${m}/${y}` : format === 'mdy' ? `${m}/${d}/${y}` : `${y}-${m}-${d}`;
};
const money = (pence: number, style: number, decimal: 'point' | 'comma' = 'point') => {
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100).toLocaleString('en-GB');
  const pennies = String(abs % 100).padStart(2, '0');
  const text = decimal === 'point' ? `${pounds}.${pennies}` : `${pounds.replace(/,/g, '.')},${pennies}`;
  if (pence >= 0) return style === 2 ? `£${text}` : text;
  return style === 1 ? `(${text})` : style === 2 ? `-£${text}` : `-${text}`;
};

const fileArbitrary = fc.record({
  rows: fc
    .array(
      fc.record({
        day: fc.integer({ min: 0, max: 2000 }),
        description,
        pence: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((p) => p !== 0),
      }),
      { minLength: 1, maxLength: 25 },
    )
    .map((xs) => {
      const days = xs.map((x) => x.day).sort((a, b) => a - b);
      return xs.map(
        (x, i): Row => ({ date: dayToIso(days[i]!), description: x.description, pence: x.pence }),
      );
    }),
  dateFormat: fc.constantFrom<CsvMapping['dateFormat']>('dmy', 'mdy', 'ymd'),
  amountKind: fc.constantFrom<CsvMapping['amountKind']>('one', 'split', 'marked'),
  decimal: fc.constantFrom<'point' | 'comma'>('point', 'comma'),
  withDetails: fc.boolean(),
  detail: description,
  sign: fc.constantFrom<CsvMapping['sign']>('in_positive', 'out_positive'),
  withBalance: fc.boolean(),
  moneyStyle: fc.integer({ min: 0, max: 2 }),
  extra: fc.integer({ min: 0, max: 2 }),
  order: fc.integer({ min: 0, max: 1_000_000 }),
  opening: fc.integer({ min: -1_000_000, max: 1_000_000 }),
});

/** The parts a file has, in a shuffled order (with unrelated columns among them). */
function layout(parts: string[], seed: number): string[] {
  const out = [...parts];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('property: random rows written with random column orders and date formats read back exactly', () => {
  it('under the mapping that describes them', () => {
    fc.assert(
      fc.property(fileArbitrary, (f) => {
        const parts = [
          'date',
          'description',
          ...(f.withDetails ? ['detail'] : []),
          ...(f.amountKind === 'one'
            ? ['amount']
            : f.amountKind === 'marked'
              ? ['amount', 'dir']
              : ['out', 'in']),
          ...(f.withBalance ? ['balance'] : []),
          ...Array.from({ length: f.extra }, (_, i) => `note${i}`),
        ];
        const columns = layout(parts, f.order);
        const at = (part: string) => columns.indexOf(part);
        let running = f.opening;
        const lines = [columns.map((c) => `Col ${c}`).join(',')];
        for (const row of f.rows) {
          running += row.pence;
          const cells = columns.map((part) => {
            if (part === 'date') return writeDate(row.date, f.dateFormat);
            if (part === 'description') return csvField(row.description);
            if (part === 'detail') return csvField(f.detail);
            if (part === 'amount' && f.amountKind === 'marked')
              return csvField(money(Math.abs(row.pence), f.moneyStyle, f.decimal));
            if (part === 'dir') return row.pence < 0 ? 'DR' : 'CR';
            if (part === 'amount')
              return csvField(
                money(f.sign === 'in_positive' ? row.pence : -row.pence, f.moneyStyle, f.decimal),
              );
            if (part === 'out') return row.pence < 0 ? csvField(money(-row.pence, 0, f.decimal)) : '';
            if (part === 'in') return row.pence > 0 ? csvField(money(row.pence, 0, f.decimal)) : '';
            if (part === 'balance') return csvField(money(running, 0, f.decimal));
            return 'x';
          });
          lines.push(cells.join(','));
        }
        const mapping: CsvMapping = {
          date: at('date'),
          description: at('description'),
          details: f.withDetails ? [at('detail')] : [],
          amountKind: f.amountKind,
          amount: f.amountKind === 'split' ? null : at('amount'),
          moneyOut: f.amountKind === 'split' ? at('out') : null,
          moneyIn: f.amountKind === 'split' ? at('in') : null,
          direction: f.amountKind === 'marked' ? at('dir') : null,
          balance: f.withBalance ? at('balance') : null,
          dateFormat: f.dateFormat,
          sign: f.amountKind === 'one' ? f.sign : 'in_positive',
          decimal: f.decimal,
        };
        expect(csvMappingSchema.safeParse(mapping).success).toBe(true);
        const result = readMappedCsv(lines.join('\r\n'), mapping);
        if (!result.ok) throw new Error(`${result.message}\n${lines.join('\n')}`);
        const read = result.statement.transactions.map((t) => ({
          date: t.date,
          description: t.description,
          pence: Math.round(t.signedAmount * 100),
        }));
        expect(read).toEqual(
          f.rows.map((r) => ({
            ...r,
            description: (f.withDetails ? `${r.description} ${f.detail}` : r.description).replace(
              /\s+/g,
              ' ',
            ),
          })),
        );
        if (f.withBalance && f.rows.length > 1 && (f.amountKind !== 'one' || mapping.sign === 'in_positive'))
          expect(result.statement.reconciliation.ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
