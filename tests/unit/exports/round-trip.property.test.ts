import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField, readExport } from '../../../functions/domain/exports';

/**
 * Random rows written in each format, read back exactly: the dates, the signed amounts to the penny, the
 * descriptions (commas, quotes, '&', '<', '£', accents, emoji where the format allows them) and, where the
 * format has them, the balances. Writers follow the layouts the readers recognise.
 */
interface Row {
  date: string;
  description: string;
  pence: number;
}

const word = (chars: fc.Arbitrary<string>) =>
  fc.array(chars, { minLength: 1, maxLength: 8 }).map((cs) => cs.join(''));
const ascii = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgxyz0123456789&,./\'"-*#()<>;:'.split(''));
const unicode = fc.oneof(ascii, fc.constantFrom('£', 'é', 'ü', '☕', '€'));
const description = (chars: fc.Arbitrary<string>) =>
  fc.array(word(chars), { minLength: 1, maxLength: 5 }).map((ws) => ws.join(' '));

const rowsOf = (chars: fc.Arbitrary<string>) =>
  fc
    .array(
      fc.record({
        day: fc.integer({ min: 0, max: 3000 }),
        description: description(chars),
        pence: fc.integer({ min: -50_000_000, max: 50_000_000 }).filter((p) => p !== 0),
      }),
      { minLength: 1, maxLength: 30 },
    )
    .map((xs) => {
      const days = xs.map((x) => x.day).sort((a, b) => a - b);
      return xs.map(
        (x, i): Row => ({ date: dayToIso(days[i]!), description: x.description, pence: x.pence }),
      );
    });

function dayToIso(n: number): string {
  return new Date(Date.UTC(2018, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
}

const [y, m, d] = [
  (iso: string) => iso.slice(0, 4),
  (iso: string) => iso.slice(5, 7),
  (iso: string) => iso.slice(8, 10),
];
const ukDate = (iso: string) => `${d(iso)}/${m(iso)}/${y(iso)}`;
const money = (pence: number, options: { sign?: boolean; pound?: boolean } = {}) => {
  const abs = Math.abs(pence);
  const text = `${Math.floor(abs / 100).toLocaleString('en-GB')}.${String(abs % 100).padStart(2, '0')}`;
  return `${pence < 0 && options.sign !== false ? '-' : ''}${options.pound ? '£' : ''}${text}`;
};
const balances = (rows: Row[], opening: number) => {
  let running = opening;
  return rows.map((r) => (running += r.pence));
};

function readBack(file: string, data: Uint8Array | string) {
  const result = readExport(typeof data === 'string' ? new TextEncoder().encode(data) : data, file);
  if (!result.ok) throw new Error(result.message);
  return result.statement;
}

const expected = (rows: Row[], withBalances?: number[]) =>
  rows.map((r, i) => ({
    date: r.date,
    description: r.description,
    signedAmount: r.pence / 100,
    balance: withBalances ? withBalances[i]! / 100 : null,
  }));
const actual = (s: ReturnType<typeof readBack>) =>
  s.transactions.map((t) => ({
    date: t.date,
    description: t.description,
    signedAmount: t.signedAmount,
    balance: t.balance,
  }));

const opening = fc.integer({ min: -1_000_000, max: 100_000_000 });

describe('exports: what is written is read back exactly', () => {
  it('CSV by column names (Date, Description, Amount, Balance), UTF-8 with a byte-order mark', () => {
    fc.assert(
      fc.property(rowsOf(unicode), opening, (rows, start) => {
        const bal = balances(rows, start);
        const lines = ['Date,Description,Amount,Balance'].concat(
          rows.map((r, i) =>
            [
              ukDate(r.date),
              csvField(r.description),
              csvField(money(r.pence)),
              csvField(money(bal[i]!)),
            ].join(','),
          ),
        );
        const s = readBack('file.csv', `\uFEFF${lines.join('\r\n')}\r\n`);
        expect(actual(s)).toEqual(expected(rows, bal));
        expect(s.reconciliation.ok).toBe(rows.length > 1);
      }),
      { numRuns: 150 },
    );
  });

  it("the Lloyds group's layout, newest first, debit and credit columns", () => {
    fc.assert(
      fc.property(rowsOf(unicode), opening, (rows, start) => {
        const bal = balances(rows, start);
        const lines = rows.map((r, i) =>
          [
            ukDate(r.date),
            'DEB',
            "'30-91-74",
            '02344812',
            csvField(r.description),
            r.pence < 0 ? csvField(money(-r.pence)) : '',
            r.pence > 0 ? csvField(money(r.pence)) : '',
            csvField(money(bal[i]!)),
          ].join(','),
        );
        const header =
          'Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance';
        // Newest first, as the bank writes it; a single day's rows cannot say which way round they are.
        const distinct = new Set(rows.map((r) => r.date)).size === rows.length;
        const body = distinct ? [...lines].reverse() : lines;
        const s = readBack('lloyds.csv', [header, ...body].join('\n'));
        expect(actual(s)).toEqual(expected(rows, bal));
      }),
      { numRuns: 150 },
    );
  });

  it('Nationwide in Windows-1252: £ in every money cell, lines above the header, paid out and paid in', () => {
    fc.assert(
      fc.property(rowsOf(ascii), opening, (rows, start) => {
        const bal = balances(rows, start);
        const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
        const named = (iso: string) =>
          `${d(iso)} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m(iso)) - 1]} ${y(iso)}`;
        const text = [
          '"Account Name:","FlexAccount ****45678"',
          `"Account Balance:",${q(money(bal.at(-1)!, { pound: true }))}`,
          '',
          '"Date","Transaction type","Description","Paid out","Paid in","Balance"',
          ...rows.map((r, i) =>
            [
              q(named(r.date)),
              q('Payment to'),
              q(r.description),
              q(r.pence < 0 ? money(-r.pence, { pound: true }) : ''),
              q(r.pence > 0 ? money(r.pence, { pound: true }) : ''),
              q(money(bal[i]!, { pound: true })),
            ].join(','),
          ),
        ].join('\r\n');
        const bytes = Uint8Array.from([...text].map((c) => (c === '£' ? 0xa3 : c.charCodeAt(0))));
        const s = readBack('nationwide.csv', bytes);
        expect(actual(s)).toEqual(expected(rows, bal));
        expect(s.account.lastDigits).toBe('45678');
      }),
      { numRuns: 100 },
    );
  });

  const ofxDate = (iso: string) => iso.replace(/-/g, '');
  const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  it('OFX 1.x (SGML) and 2.x (XML)', () => {
    fc.assert(
      fc.property(
        rowsOf(unicode),
        fc.boolean(),
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        (rows, xml, closing) => {
          const close = (tag: string) => (xml ? `</${tag}>` : '');
          const trn = rows
            .map(
              (r, i) =>
                `<STMTTRN><TRNTYPE>OTHER${close('TRNTYPE')}<DTPOSTED>${ofxDate(r.date)}120000${close('DTPOSTED')}` +
                `<TRNAMT>${(r.pence / 100).toFixed(2)}${close('TRNAMT')}<FITID>${i}${close('FITID')}` +
                `<NAME>${xmlText(r.description)}${close('NAME')}</STMTTRN>`,
            )
            .join('\n');
          const head = xml
            ? '<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n'
            : 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n';
          const text =
            `${head}<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP${close('CURDEF')}` +
            `<BANKACCTFROM><BANKID>309174${close('BANKID')}<ACCTID>02344812${close('ACCTID')}</BANKACCTFROM>` +
            `<BANKTRANLIST>\n${trn}\n</BANKTRANLIST><LEDGERBAL><BALAMT>${(closing / 100).toFixed(2)}${close('BALAMT')}` +
            `<DTASOF>${ofxDate(rows.at(-1)!.date)}${close('DTASOF')}</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
          const s = readBack(xml ? 'file.ofx' : 'file.qfx', text);
          expect(actual(s)).toEqual(expected(rows));
          expect(s.closingBalance).toBe(closing / 100);
          expect(s.account).toEqual({ sortCode: '309174', accountNumber: '02344812', lastDigits: null });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('QIF (!Type:Bank), day-first dates read as written, or as the family says when they cannot tell', () => {
    fc.assert(
      fc.property(rowsOf(unicode), (rows) => {
        const text = `!Type:Bank\n${rows
          .map((r) => `D${ukDate(r.date)}\nT${money(r.pence)}\nP${r.description}\n^`)
          .join('\n')}\n`;
        const s = readBack('file.qif', text);
        const asked = readExport(new TextEncoder().encode(text), 'file.qif', { dateOrder: 'dmy' });
        expect(actual(s)).toEqual(expected(rows));
        expect(asked.ok && actual(asked.statement)).toEqual(expected(rows));
      }),
      { numRuns: 150 },
    );
  });
});
