import { statementAccountIdentity } from '../account-numbers';
import { type BuildInput, buildStatement, type ExportRow } from './build';
import { CSV_LAYOUTS, type CsvLayout, GENERIC_COLUMNS } from './csv-layouts';
import { parseCsv } from './csv-text';
import {
  type DateOrderFound,
  EXPORT_MESSAGES,
  type ExportAccount,
  failure,
  NO_ACCOUNT,
  type ReadExportOptions,
  type ReadExportResult,
} from './types';
import { type DateOrder, dateOrderOf, parseExportAmount, parseExportDate } from './values';

/**
 * A CSV export read exactly. The header row is found among the first lines (Nationwide and Chase UK write
 * lines about the account above it) and matched with a bank's layout (./csv-layouts.ts), else read by its
 * column names; files without a header (HSBC's 'date, description, amount', Barclaycard's older 7-column
 * file) by the shape of their rows. Amounts in one signed column or in money out / money in columns, with
 * '£', thousands separators, '-', brackets and DR/CR; day-first dates unless the file shows otherwise.
 */
const HEADER_SEARCH_ROWS = 20;

interface Columns {
  layout: string;
  institution: string | null;
  card: boolean;
  chargesPositive: boolean;
  date: number;
  description: number[];
  amount: number | null;
  out: number | null;
  in: number | null;
  balance: number | null;
  fee: number | null;
  state: { index: number; keep: readonly string[] } | null;
  type: number | null;
  accountNumber: number | null;
  sortCode: number | null;
  /** UK bank layouts write dates day first; a generic file's order is found from its dates. */
  ukDates: boolean;
}

export function readCsv(text: string, options: ReadExportOptions = {}): ReadExportResult {
  const rows = parseCsv(text).map((row) => row.map((cell) => cell.trim()));
  const nonEmpty = rows.filter((row) => row.some(Boolean));
  if (!nonEmpty.length) return failure('empty', EXPORT_MESSAGES.empty);
  const found = findColumns(rows);
  if ('reason' in found) return failure(found.reason, found.message);
  const { columns, start } = found;
  const data: Array<{ row: string[]; line: number }> = [];
  for (let i = start; i < rows.length; i++)
    if (rows[i]!.some(Boolean)) data.push({ row: rows[i]!, line: i + 1 });
  const cell = (row: string[], index: number | null) => (index === null ? '' : (row[index] ?? ''));

  const dateTexts = data.map(({ row }) => cell(row, columns.date)).filter(Boolean);
  const order = dateOrderOf(dateTexts);
  let dateOrder: DateOrder = options.dateOrder ?? 'dmy';
  let found_: DateOrderFound = order === 'none' ? namedOrIso(dateTexts) : 'dmy';
  if (!options.dateOrder && (order === 'dmy' || order === 'mdy')) {
    dateOrder = order;
    found_ = order;
  } else if (order === 'ambiguous' && !options.dateOrder) {
    // A UK bank's own layout writes day first; a file of unknown origin leaves the family to confirm it.
    found_ = columns.ukDates ? 'dmy' : 'ambiguous';
  } else if (options.dateOrder && order !== 'none') found_ = options.dateOrder;

  const out: ExportRow[] = [];
  for (const { row, line } of data) {
    if (columns.state && !columns.state.keep.includes(cell(row, columns.state.index).toLowerCase())) continue;
    const amountCells = [columns.amount, columns.out, columns.in].map((i) => cell(row, i)).filter(Boolean);
    const dateText = cell(row, columns.date);
    const date = dateText ? parseExportDate(dateText, dateOrder) : null;
    if (!date) {
      // A line without a date and without money is a note or a footer; one with money must have its date.
      if (amountCells.some((c) => parseExportAmount(c))) {
        return failure('unreadable_date', EXPORT_MESSAGES.unreadableDate(dateText, line));
      }
      continue;
    }
    let pence: number;
    if (columns.amount !== null) {
      const text = cell(row, columns.amount);
      if (!text) continue;
      const amount = parseExportAmount(text);
      if (!amount) return failure('unreadable_amount', EXPORT_MESSAGES.unreadableAmount(text, line));
      pence = columns.chargesPositive ? -amount.pence : amount.pence;
      if (columns.chargesPositive && amount.marker === 'CR') pence = Math.abs(amount.pence);
    } else {
      const outText = cell(row, columns.out);
      const inText = cell(row, columns.in);
      if (!outText && !inText) continue;
      const paidOut = outText ? parseExportAmount(outText) : { pence: 0 };
      const paidIn = inText ? parseExportAmount(inText) : { pence: 0 };
      if (!paidOut) return failure('unreadable_amount', EXPORT_MESSAGES.unreadableAmount(outText, line));
      if (!paidIn) return failure('unreadable_amount', EXPORT_MESSAGES.unreadableAmount(inText, line));
      pence = Math.abs(paidIn.pence) - Math.abs(paidOut.pence);
    }
    if (columns.fee !== null) {
      const feeText = cell(row, columns.fee);
      const fee = feeText ? parseExportAmount(feeText) : null;
      if (feeText && !fee)
        return failure('unreadable_amount', EXPORT_MESSAGES.unreadableAmount(feeText, line));
      pence -= Math.abs(fee?.pence ?? 0);
    }
    const balanceText = cell(row, columns.balance);
    const balance = balanceText ? parseExportAmount(balanceText) : null;
    if (balanceText && !balance)
      return failure('unreadable_amount', EXPORT_MESSAGES.unreadableAmount(balanceText, line));
    const description =
      columns.description
        .map((i) => cell(row, i))
        .filter(Boolean)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim() ||
      cell(row, columns.type) ||
      'Transaction';
    out.push({ date, description, pence, balancePence: balance?.pence ?? null });
  }
  if (!out.length) return failure('no_transactions', EXPORT_MESSAGES.noTransactions);

  const first = data[0]?.row ?? [];
  const input: BuildInput = {
    format: 'csv',
    layout: columns.layout,
    institution: columns.institution,
    accountKind: columns.card ? 'credit_card' : 'bank',
    account: accountOf(
      cell(first, columns.accountNumber),
      cell(first, columns.sortCode),
      rows.slice(0, start),
    ),
    dateOrder: found_,
    rows: out,
    currency: currencyColumn(
      rows[start - 1] ?? [],
      data.map(({ row }) => row),
    ),
  };
  return { ok: true, statement: buildStatement(input) };
}

function namedOrIso(texts: readonly string[]): DateOrderFound {
  return texts.length && texts.every((t) => /^\d{4}-/.test(t)) ? 'iso' : 'named';
}

/** Lower case, single spaces, no byte-order mark or stray quotes: how header names are compared. */
export function columnName(text: string): string {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/^"|"$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

type Found =
  | { columns: Columns; start: number }
  | { reason: 'csv_no_date' | 'csv_unknown_layout'; message: string };

function findColumns(rows: readonly string[][]): Found {
  let sawHeaderWithoutAmounts = false;
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i++) {
    const names = rows[i]!.map(columnName);
    if (names.filter(Boolean).length < 2) continue;
    const layout = bestLayout(names);
    if (layout) return { columns: layoutColumns(layout, names), start: i + 1 };
    const generic = genericColumns(names);
    if (generic === 'no_amount') sawHeaderWithoutAmounts = true;
    else if (generic) return { columns: generic, start: i + 1 };
  }
  const headerless = headerlessColumns(rows);
  if (headerless) return headerless;
  if (sawHeaderWithoutAmounts)
    return { reason: 'csv_unknown_layout', message: EXPORT_MESSAGES.unknownLayout };
  return { reason: 'csv_no_date', message: EXPORT_MESSAGES.noDateColumn };
}

function bestLayout(names: readonly string[]): CsvLayout | null {
  const present = new Set(names);
  let best: CsvLayout | null = null;
  for (const layout of CSV_LAYOUTS) {
    if (!layout.header.every((h) => present.has(h))) continue;
    if (!best || layout.header.length > best.header.length) best = layout;
  }
  return best;
}

function layoutColumns(layout: CsvLayout, names: readonly string[]): Columns {
  const at = (name: string | undefined) => {
    if (!name) return null;
    const i = names.indexOf(name);
    return i < 0 ? null : i;
  };
  return {
    layout: layout.id,
    institution: layout.institution,
    card: Boolean(layout.card),
    chargesPositive: Boolean(layout.chargesPositive),
    date: at(layout.date)!,
    description: layout.description.map(at).filter((i): i is number => i !== null),
    amount: at(layout.amount),
    out: at(layout.out),
    in: at(layout.in),
    balance: at(layout.balance),
    fee: at(layout.fee),
    state: layout.state ? { index: at(layout.state.column)!, keep: layout.state.keep } : null,
    type: at('type') ?? at('transaction type'),
    accountNumber: at(layout.accountNumber),
    sortCode: at(layout.sortCode),
    ukDates: true,
  };
}

function genericColumns(names: readonly string[]): Columns | 'no_amount' | null {
  const first = (candidates: readonly string[]) => {
    for (const c of candidates) {
      const i = names.indexOf(c);
      if (i >= 0) return i;
    }
    return null;
  };
  const date = first(GENERIC_COLUMNS.date);
  if (date === null) return null;
  const amount = first(GENERIC_COLUMNS.amount);
  const out = first(GENERIC_COLUMNS.out);
  const paidIn = first(GENERIC_COLUMNS.in);
  if (amount === null && (out === null || paidIn === null)) return 'no_amount';
  const description = first(GENERIC_COLUMNS.description);
  return {
    layout: 'generic',
    institution: null,
    card: false,
    chargesPositive: false,
    date,
    description: description === null ? [] : [description],
    amount: out !== null && paidIn !== null ? null : amount,
    out: out !== null && paidIn !== null ? out : null,
    in: out !== null && paidIn !== null ? paidIn : null,
    balance: first(GENERIC_COLUMNS.balance),
    fee: null,
    state: null,
    type: first(['type', 'transaction type']),
    accountNumber: first(['account number', 'account no', 'account']),
    sortCode: first(['sort code']),
    ukDates: false,
  };
}

/**
 * Files without a header row. Evidence: public HSBC UK importers read its download as rows of
 * 'date, description, amount' with no header (dates 'DD/M/YYYY', amounts signed, '"-1,234.56"' quoted);
 * Firefly III's gb/barclaycard configuration reads Barclaycard's older download as 7 columns without a header:
 * date ('d M y'), description, two unused, category, money in, money out.
 */
function headerlessColumns(rows: readonly string[][]): { columns: Columns; start: number } | null {
  const start = rows.findIndex((row) => row.some(Boolean));
  const row = rows[start];
  if (!row || !parseExportDate(row[0] ?? '')) return null;
  const base = {
    institution: null,
    card: false,
    chargesPositive: false,
    date: 0,
    description: [1],
    balance: null,
    fee: null,
    state: null,
    type: null,
    accountNumber: null,
    sortCode: null,
    ukDates: true,
  };
  if (row.length === 3 && parseExportAmount(row[2] ?? ''))
    return { columns: { ...base, layout: 'hsbc', amount: 2, out: null, in: null }, start };
  if (row.length === 4 && parseExportAmount(row[2] ?? '') && parseExportAmount(row[3] ?? ''))
    return { columns: { ...base, layout: 'hsbc', amount: 2, out: null, in: null, balance: 3 }, start };
  if (row.length === 7 && [row[5], row[6]].some((c) => parseExportAmount(c ?? '')))
    return {
      columns: {
        ...base,
        layout: 'barclaycard-7',
        institution: 'Barclaycard',
        card: true,
        amount: null,
        out: 6,
        in: 5,
      },
      start,
    };
  return null;
}

/** The account a file names: a column with the number (and sort code), or the masked number above the header. */
function accountOf(numberCell: string, sortCell: string, preamble: readonly string[][]): ExportAccount {
  const account: ExportAccount = { ...NO_ACCOUNT };
  const digits = numberCell.replace(/\D/g, '');
  if (digits.length >= 14) {
    account.sortCode = digits.slice(-14, -8);
    account.accountNumber = digits.slice(-8);
  } else if (digits.length === 8) account.accountNumber = digits;
  const sort = sortCell.replace(/\D/g, '');
  if (sort.length === 6) account.sortCode = sort;
  const text = preamble.map((r) => r.join(' ')).join('\n');
  const masked = /(?:[*xX•]{2,}\s*)(\d{4,})\b/.exec(text);
  if (masked) account.lastDigits = masked[1]!;
  if (!account.accountNumber) {
    const heading = statementAccountIdentity(text);
    account.accountNumber = heading.account_number;
    account.sortCode ??= heading.sort_code;
  }
  return account;
}

/**
 * The account's currency from a 'Currency' column (Revolut, Chase UK, Monzo: the account's, beside Monzo's
 * 'Local currency' of a payment abroad): a code other than the pound's on any row is the file's currency, so
 * a euro account's rows are never read as pounds; null without such a column.
 */
function currencyColumn(header: readonly string[], rows: readonly string[][]): string | null {
  const index = header.findIndex((name) => columnName(name) === 'currency');
  if (index < 0) return null;
  const codes = rows
    .map((row) => (row[index] ?? '').trim().toUpperCase())
    .filter((c) => /^[A-Z]{3}$/.test(c));
  if (!codes.length) return null;
  return codes.find((c) => c !== 'GBP') ?? 'GBP';
}
