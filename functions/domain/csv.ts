/**
 * CSV export (spec 2 §2 'Transactions by Account': columns Account, Date, Description, Amount, Flow Type,
 * Balance; the file named by account and date). Pure: used by the API's export route and by the web.
 *
 * Quoting follows RFC 4180: fields are separated by commas, records end with CRLF, a field holding a comma,
 * a double quote, CR or LF is enclosed in double quotes and its double quotes are doubled.
 *
 * Formula injection: a spreadsheet treats a cell starting with =, +, -, @, a tab or a carriage return as a
 * formula (OWASP "CSV Injection"). Such a text cell is neutralised by prefixing a single quote, so
 * '=HYPERLINK(...)' shows as text. Numbers are written by the writer itself (never text from a statement),
 * so a negative amount such as -12.50 stays a number.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One text cell made safe to open in a spreadsheet: a leading formula character gets a ' before it. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field as RFC 4180 writes it; text is neutralised first, numbers are written as they are. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  const text =
    typeof cell === 'number' ? (Number.isFinite(cell) ? String(cell) : '') : neutraliseFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole document: the header row and each record, CRLF after every record (RFC 4180 §2). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** The export's columns, in the spec's order. */
export const TRANSACTION_CSV_COLUMNS = [
  'Account',
  'Date',
  'Description',
  'Amount',
  'Flow Type',
  'Balance',
] as const;

export interface CsvTransaction {
  transaction_date: string;
  description: string;
  /** Signed where known (money out negative), else the positive amount. */
  signed_amount: number | null;
  amount: number;
  flow_type: string | null;
  user_corrected_flow_type: string | null;
  balance: number | null;
}

/** Two decimal places, as money is shown; the sign kept. */
const money = (value: number) => Number(value.toFixed(2));

/**
 * The rows of one account's transactions, in the order given. Amount is the signed amount (money in
 * positive, out negative); Flow Type is the effective one (the family's correction, else the automatic one,
 * else empty: unclassified).
 */
export function transactionsCsv(accountName: string, transactions: readonly CsvTransaction[]): string {
  return toCsv(
    TRANSACTION_CSV_COLUMNS,
    transactions.map((t) => [
      accountName,
      t.transaction_date,
      t.description,
      money(t.signed_amount ?? t.amount),
      t.user_corrected_flow_type ?? t.flow_type ?? '',
      t.balance === null ? null : money(t.balance),
    ]),
  );
}

/**
 * The export's file name: the account's name and the date, e.g. 'joint-current-2026-01-31.csv'. Letters and
 * digits are kept (accents folded), everything else becomes one hyphen; an empty name reads 'account'.
 */
export function transactionsCsvFileName(accountName: string, date: string): string {
  const slug = accountName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${slug || 'account'}-${date}.csv`;
}
