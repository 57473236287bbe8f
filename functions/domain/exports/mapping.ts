import { type BuildInput, buildStatement, type ExportRow } from './build';
import { parseCsv } from './csv-text';
import { columnName } from './read-csv';
import { decodeExport } from './text';
import { EXPORT_MESSAGES, NO_ACCOUNT, type ReadExportResult } from './types';
import { parseExportAmount, parseExportDate } from './values';

/**
 * A CSV file whose columns the family names: for a file whose header matches no bank's layout and no common
 * column names, the family says which column holds the date, the description, the amount (one signed column,
 * or money out and money in) and, if there is one, the balance; how its dates are written; and, for one
 * amount column, whether money in or money out is the positive figure. The mapping is kept with the account
 * for the file's header, so the account's next file of the same header is read without asking.
 *
 * Pure: the table of a file, a mapping, and each row as it would be read (shared with the web's preview).
 */
export type MappedDateFormat = 'dmy' | 'mdy' | 'ymd';
export type MappedSign = 'in_positive' | 'out_positive';

export type MappedAmountKind = 'one' | 'split' | 'marked';
export type MappedDecimal = 'point' | 'comma';

export interface CsvMapping {
  date: number;
  description: number;
  /**
   * More columns of the description, added after it in this order (a payee and a reference, a merchant
   * and its town). Kept answers from before these could be chosen have none.
   */
  details?: number[];
  /**
   * 'one': a signed amount in `amount`; 'split': money out in `moneyOut`, money in in `moneyIn`;
   * 'marked': the amount in `amount` and, in `direction`, whether it is money in or out (DR/CR, Debit/Credit).
   */
  amountKind: MappedAmountKind;
  amount: number | null;
  moneyOut: number | null;
  moneyIn: number | null;
  /** For 'marked': the column that says in or out. */
  direction?: number | null;
  balance: number | null;
  dateFormat: MappedDateFormat;
  /** For one amount column: which direction is written positive. */
  sign: MappedSign;
  /** How the amounts write their decimals: '1,234.56' (point, the default) or '1.234,56' (comma). */
  decimal?: MappedDecimal;
}

/** The file as a table: its header (null when it has none), a name for each column, its data rows. */
export interface CsvTable {
  header: string[] | null;
  columns: string[];
  rows: Array<{ cells: string[]; line: number }>;
}

const HEADER_SEARCH_ROWS = 20;

const YMD = /^(\d{4})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})(?:[T ].*)?$/;

/** One date cell read in the mapping's format; 'YYYY-MM-DD' or null. */
export function readMappedDate(text: string, format: MappedDateFormat): string | null {
  const t = text.trim();
  if (!t) return null;
  if (format === 'ymd') {
    const m = YMD.exec(t);
    if (!m) return null;
    return parseExportDate(`${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`);
  }
  if (YMD.test(t)) return null;
  return parseExportDate(t, format);
}

const anyDate = (text: string) =>
  readMappedDate(text, 'dmy') ?? readMappedDate(text, 'mdy') ?? readMappedDate(text, 'ymd');

/** A number written with a decimal comma: '1.234,56', '1 234,56', '-12,50', '12,5'. */
const DECIMAL_COMMA = /^([^\d]*)(\d{1,3}(?:[.\s\u00a0\u202f]\d{3})*|\d+),(\d{1,2})(\D*)$/;

/**
 * One money cell in the mapping's decimal style. A decimal comma is rewritten as the point it stands for
 * ('1.234,56' → '1234.56') and read by the same amount reader, so signs, brackets, '£' and DR/CR read alike.
 */
export function readMappedAmount(text: string, decimal: MappedDecimal = 'point') {
  if (decimal === 'point') return parseExportAmount(text);
  const t = text.trim();
  const m = DECIMAL_COMMA.exec(t);
  if (m) return parseExportAmount(`${m[1]}${m[2]!.replace(/[.\s\u00a0\u202f]/g, '')}.${m[3]}${m[4]}`);
  // A whole amount has no comma; a point in it can only group thousands ('1.234'), never mark pence.
  if (t.includes(',')) return null;
  const grouped = /^([^\d]*)(\d{1,3}(?:\.\d{3})+)(\D*)$/.exec(t);
  if (grouped) return parseExportAmount(`${grouped[1]}${grouped[2]!.replace(/\./g, '')}${grouped[3]}`);
  return t.includes('.') ? null : parseExportAmount(t);
}

const anyAmount = (text: string) => parseExportAmount(text) ?? readMappedAmount(text, 'comma');

/** What a cell of the in-or-out column says: money out, money in, or null when it says neither. */
export function readDirection(text: string): 'out' | 'in' | null {
  const t = text.trim().toLowerCase().replace(/\.$/, '');
  if (/^(dr|d|db|debit|deb|out|paid out|money out|withdrawal|payment|-)$/.test(t)) return 'out';
  if (/^(cr|c|credit|cred|in|paid in|money in|deposit|\+)$/.test(t)) return 'in';
  return null;
}

/**
 * The file's table: its data start at the first line with a date and an amount in it (lines about the
 * account may come first); the line just before is its header when it has as many cells (one more or less:
 * a trailing separator) and no date.
 * Null when no line holds a date and an amount: nothing the family could map.
 */
export function csvTable(text: string): CsvTable | null {
  const rows = parseCsv(text).map((row) => row.map((cell) => cell.trim()));
  let first = -1;
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS + 1); i++) {
    const row = rows[i]!;
    const dateAt = row.findIndex((c) => anyDate(c) !== null);
    if (dateAt >= 0 && row.some((c, j) => j !== dateAt && anyAmount(c) !== null)) {
      first = i;
      break;
    }
  }
  if (first < 0) return null;
  const width = rows[first]!.length;
  const before = rows[first - 1];
  // Some files end each data line with a separator their header line does not have (or the other way).
  const header =
    before &&
    Math.abs(before.length - width) <= 1 &&
    before.filter(Boolean).length >= 2 &&
    !before.some(anyDate)
      ? before
      : null;
  const rowsOut: CsvTable['rows'] = [];
  for (let i = first; i < rows.length; i++)
    if (rows[i]!.some(Boolean)) rowsOut.push({ cells: rows[i]!, line: i + 1 });
  const columns = Array.from({ length: width }, (_, i) =>
    header?.[i] ? header[i]!.replace(/^\uFEFF/, '') : `Column ${i + 1}`,
  );
  return { header, columns, rows: rowsOut };
}

/** What identifies a file's layout for the account: its header's names, or its width when it has none. */
export function tableSignature(table: Pick<CsvTable, 'header' | 'columns'>): string[] {
  return table.header ? table.header.map(columnName) : [`${table.columns.length} columns`];
}

export const sameSignature = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i]);

export type MappedRow =
  | { line: number; ok: true; row: ExportRow }
  | { line: number; ok: false; message: string }
  /** A line with neither a date nor money: a note or a footer, left out. */
  | { line: number; ok: 'skipped' };

/** The columns a mapping names, each at most once: a problem in the family's words, or null. */
export function mappingProblem(mapping: CsvMapping, width: number): string | null {
  type Part = [string, number | null];
  const amounts: Part[] =
    mapping.amountKind === 'one'
      ? [['amount', mapping.amount]]
      : mapping.amountKind === 'marked'
        ? [
            ['amount', mapping.amount],
            ['money in or out', mapping.direction ?? null],
          ]
        : [
            ['money out', mapping.moneyOut],
            ['money in', mapping.moneyIn],
          ];
  const used: Part[] = [
    ['date', mapping.date],
    ['description', mapping.description],
    ...(mapping.details ?? []).map((c): Part => ['description', c]),
    ...amounts,
    ['balance', mapping.balance],
  ];
  for (const [name, column] of used) {
    if (column === null) {
      if (name === 'balance') continue;
      return `Choose the column that holds the ${name}.`;
    }
    if (column < 0 || column >= width) return `The ${name} column is not in this file.`;
  }
  const chosen = used.map(([, c]) => c).filter((c): c is number => c !== null);
  if (new Set(chosen).size !== chosen.length) return 'Each column can be chosen once only.';
  return null;
}

/** One data row read under the mapping, as the pipeline would read it. */
export function readMappedRow(cells: readonly string[], line: number, mapping: CsvMapping): MappedRow {
  const cell = (i: number | null) => (i === null ? '' : (cells[i] ?? '').trim());
  const money = (text: string) => readMappedAmount(text, mapping.decimal);
  const amountCells =
    mapping.amountKind === 'split' ? [cell(mapping.moneyOut), cell(mapping.moneyIn)] : [cell(mapping.amount)];
  const dateText = cell(mapping.date);
  const date = readMappedDate(dateText, mapping.dateFormat);
  if (!date) {
    if (amountCells.some((c) => money(c)) || (dateText && amountCells.some(Boolean)))
      return { line, ok: false, message: EXPORT_MESSAGES.unreadableDate(dateText, line) };
    return { line, ok: 'skipped' };
  }
  let pence: number;
  if (mapping.amountKind === 'one') {
    const text = amountCells[0]!;
    if (!text) return { line, ok: 'skipped' };
    const amount = money(text);
    if (!amount) return { line, ok: false, message: EXPORT_MESSAGES.unreadableAmount(text, line) };
    pence = mapping.sign === 'out_positive' ? -amount.pence : amount.pence;
    if (mapping.sign === 'out_positive' && amount.marker === 'CR') pence = Math.abs(amount.pence);
  } else if (mapping.amountKind === 'marked') {
    const text = amountCells[0]!;
    if (!text) return { line, ok: 'skipped' };
    const amount = money(text);
    if (!amount) return { line, ok: false, message: EXPORT_MESSAGES.unreadableAmount(text, line) };
    const marked = cell(mapping.direction ?? null);
    const direction = readDirection(marked);
    if (!direction) return { line, ok: false, message: EXPORT_MESSAGES.unreadableDirection(marked, line) };
    pence = direction === 'out' ? -Math.abs(amount.pence) : Math.abs(amount.pence);
  } else {
    const [outText, inText] = amountCells as [string, string];
    if (!outText && !inText) return { line, ok: 'skipped' };
    const paidOut = outText ? money(outText) : { pence: 0 };
    const paidIn = inText ? money(inText) : { pence: 0 };
    if (!paidOut) return { line, ok: false, message: EXPORT_MESSAGES.unreadableAmount(outText, line) };
    if (!paidIn) return { line, ok: false, message: EXPORT_MESSAGES.unreadableAmount(inText, line) };
    pence = Math.abs(paidIn.pence) - Math.abs(paidOut.pence);
  }
  const balanceText = cell(mapping.balance);
  const balance = balanceText ? money(balanceText) : null;
  if (balanceText && !balance)
    return { line, ok: false, message: EXPORT_MESSAGES.unreadableAmount(balanceText, line) };
  const description =
    [mapping.description, ...(mapping.details ?? [])]
      .map(cell)
      .filter(Boolean)
      .join(' ')
      .replace(/\s+/g, ' ') || 'Transaction';
  return { line, ok: true, row: { date, description, pence, balancePence: balance?.pence ?? null } };
}

/** Every row of the table under the mapping (the web's preview takes the first few). */
export function readMappedTable(table: CsvTable, mapping: CsvMapping): MappedRow[] {
  return table.rows.map(({ cells, line }) => readMappedRow(cells, line, mapping));
}

/**
 * The file read under the family's mapping, into the statement every reader gives: the first row it cannot
 * read fails it in the family's words, naming the line.
 */
export function readMappedCsv(text: string, mapping: CsvMapping): ReadExportResult {
  const table = csvTable(text);
  if (!table) return { ok: false, reason: 'csv_no_date', message: EXPORT_MESSAGES.noDateColumn };
  const problem = mappingProblem(mapping, table.columns.length);
  if (problem) return { ok: false, reason: 'csv_unknown_layout', message: problem };
  const rows: ExportRow[] = [];
  for (const read of readMappedTable(table, mapping)) {
    if (read.ok === 'skipped') continue;
    if (!read.ok)
      return {
        ok: false,
        reason: /date/.test(read.message) ? 'unreadable_date' : 'unreadable_amount',
        message: read.message,
      };
    rows.push(read.row);
  }
  if (!rows.length) return { ok: false, reason: 'no_transactions', message: EXPORT_MESSAGES.noTransactions };
  const input: BuildInput = {
    format: 'csv',
    layout: 'mapped',
    institution: null,
    accountKind: mapping.amountKind === 'one' && mapping.sign === 'out_positive' ? 'credit_card' : 'bank',
    account: { ...NO_ACCOUNT },
    dateOrder: mapping.dateFormat === 'ymd' ? 'iso' : mapping.dateFormat,
    rows,
  };
  return { ok: true, statement: buildStatement(input) };
}

/** The bytes of a CSV file read under a mapping (the pipeline's reading of a mapped file). */
export function readMappedCsvBytes(bytes: Uint8Array, mapping: CsvMapping): ReadExportResult {
  const { text } = decodeExport(bytes);
  if (!text.trim()) return { ok: false, reason: 'empty', message: EXPORT_MESSAGES.empty };
  return readMappedCsv(text, mapping);
}

/**
 * A first guess for the family to correct: the first column of dates, the one of most text, the last one
 * or two columns of money (one named as a balance or running total is taken as the balance).
 */
export function suggestMapping(table: CsvTable): CsvMapping {
  const sample = table.rows.slice(0, 30).map((r) => r.cells);
  const width = table.columns.length;
  const share = (test: (c: string) => boolean, i: number) => {
    const cells = sample.map((r) => r[i] ?? '').filter(Boolean);
    return cells.length ? cells.filter(test).length / cells.length : 0;
  };
  const indexes = Array.from({ length: width }, (_, i) => i);
  const date = indexes.find((i) => share((c) => anyDate(c) !== null, i) > 0.8) ?? 0;
  const money = indexes.filter((i) => i !== date && share((c) => anyAmount(c) !== null, i) > 0.8);
  // Money written '1.234,56' or '-12,50' reads only with a decimal comma.
  const moneyCells = money.flatMap((i) => sample.map((r) => r[i] ?? '').filter(Boolean));
  const decimal: MappedDecimal =
    moneyCells.some((c) => parseExportAmount(c) === null) &&
    moneyCells.every((c) => readMappedAmount(c, 'comma') !== null)
      ? 'comma'
      : 'point';
  // A column of DR/CR (Debit/Credit) beside the amounts says which way each one goes.
  const direction = indexes.find((i) => i !== date && share((c) => readDirection(c) !== null, i) > 0.9);
  const textual = indexes
    .filter((i) => i !== date && !money.includes(i) && i !== direction)
    .sort(
      (a, b) =>
        sample.reduce((n, r) => n + (r[b]?.length ?? 0), 0) -
        sample.reduce((n, r) => n + (r[a]?.length ?? 0), 0),
    );
  const description = textual[0] ?? indexes.find((i) => i !== date) ?? 0;
  const named = (re: RegExp) => money.find((i) => re.test(table.columns[i] ?? '')) ?? null;
  const balance = named(/balance|running|total/i);
  const moneyOut = named(/out|debit|paid ?out|withdraw/i);
  const moneyIn = named(/\bin\b|credit|paid ?in|deposit/i);
  const dates = sample.map((r) => r[date] ?? '').filter(Boolean);
  const dateFormat: MappedDateFormat = dates.every((d) => readMappedDate(d, 'ymd'))
    ? 'ymd'
    : dates.every((d) => readMappedDate(d, 'dmy'))
      ? 'dmy'
      : dates.every((d) => readMappedDate(d, 'mdy'))
        ? 'mdy'
        : 'dmy';
  const base = {
    date,
    description,
    details: [],
    balance,
    dateFormat,
    sign: 'in_positive' as const,
    decimal,
    direction: null,
  };
  if (moneyOut !== null && moneyIn !== null && moneyOut !== moneyIn)
    return { ...base, amountKind: 'split', amount: null, moneyOut, moneyIn };
  const amount = money.find((i) => i !== balance) ?? null;
  if (direction !== undefined && amount !== null)
    return { ...base, amountKind: 'marked', amount, moneyOut: null, moneyIn: null, direction };
  return { ...base, amountKind: 'one', amount, moneyOut: null, moneyIn: null };
}

/**
 * A QIF file as the same table (date, payee, amount), so the family's one question, the order of its dates,
 * is asked on the same screen with the same preview.
 */
export function qifTable(text: string): CsvTable {
  const rows: CsvTable['rows'] = [];
  let fields = new Map<string, string>();
  let start = 0;
  let inTransactions = false;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    if (line.startsWith('!')) {
      inTransactions = /^!type:(bank|cash|ccard|oth a|oth l)/i.test(line);
      fields = new Map();
      return;
    }
    if (!inTransactions) return;
    if (line === '^') {
      if (fields.size)
        rows.push({
          cells: [
            fields.get('D') ?? '',
            fields.get('P') ?? fields.get('M') ?? '',
            fields.get('T') ?? fields.get('U') ?? '',
          ],
          line: start,
        });
      fields = new Map();
      return;
    }
    if (!fields.size) start = i + 1;
    if (!fields.has(line[0]!)) fields.set(line[0]!, line.slice(1).trim());
  });
  return { header: ['Date', 'Payee', 'Amount'], columns: ['Date', 'Payee', 'Amount'], rows };
}

/** The QIF table's fixed mapping: only the date order is the family's. */
export const qifMapping = (dateFormat: 'dmy' | 'mdy'): CsvMapping => ({
  date: 0,
  description: 1,
  amountKind: 'one',
  amount: 2,
  moneyOut: null,
  moneyIn: null,
  balance: null,
  dateFormat,
  sign: 'in_positive',
});
