import { buildStatement, type ExportRow } from './build';
import {
  type DateOrderFound,
  EXPORT_MESSAGES,
  failure,
  NO_ACCOUNT,
  type ReadExportOptions,
  type ReadExportResult,
} from './types';
import { type DateOrder, dateOrderOf, parseExportAmount, parseExportDate } from './values';

/**
 * QIF (Quicken Interchange Format): a '!Type:Bank' (or Cash, CCard) line, then one record per transaction,
 * a line per field and '^' after each: D date, T (or U) amount, P payee, M memo, N number, L category.
 * Dates are numeric ('15/01/2024', '1/15/24', "1/15'24": an apostrophe before years from 2000); QIF says
 * nothing of their order, so the order is found from the dates themselves, and when every date could be
 * read either way the file is read day first (UK banks' order) and reported ambiguous, so the family can be
 * asked and the file read again with `dateOrder`. '!Account' blocks and other types (investments, memorised
 * lists) are skipped. A card's charges are negative, payments positive.
 */
export function isQif(text: string): boolean {
  return /^\s*!(Type|Account|Option)/im.test(text.slice(0, 2000));
}

interface Record_ {
  fields: Map<string, string>;
  line: number;
}

export function readQif(text: string, options: ReadExportOptions = {}): ReadExportResult {
  if (!text.trim()) return failure('empty', EXPORT_MESSAGES.empty);
  const lines = text.split(/\r?\n/);
  let type: string | null = null;
  let card = false;
  let inAccount = false;
  const records: Record_[] = [];
  let current: Record_ | null = null;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    if (line.startsWith('!')) {
      const header = line.toLowerCase();
      inAccount = header === '!account';
      if (header.startsWith('!type:')) {
        type = header.slice(6).trim();
        if (type === 'ccard') card = true;
      } else if (!inAccount && !header.startsWith('!option')) type = null;
      current = null;
      return;
    }
    if (inAccount) {
      if (line === '^') inAccount = false;
      return;
    }
    if (!type || !['bank', 'cash', 'ccard', 'oth a', 'oth l'].includes(type)) return;
    if (line === '^') {
      if (current) records.push(current);
      current = null;
      return;
    }
    current ??= { fields: new Map(), line: i + 1 };
    const code = line[0]!;
    const value = line.slice(1).trim();
    // Split lines (S, E, $) belong to the transaction; the first of each other field is kept.
    if (!current.fields.has(code)) current.fields.set(code, value);
  });
  if (current) records.push(current);
  if (!records.length) return failure('no_transactions', EXPORT_MESSAGES.noTransactions);

  const dateTexts = records.map((r) => r.fields.get('D') ?? '');
  const order = dateOrderOf(dateTexts);
  let dateOrder: DateOrder = options.dateOrder ?? 'dmy';
  let found: DateOrderFound = options.dateOrder ?? 'ambiguous';
  if (order === 'dmy' || order === 'mdy') {
    dateOrder = order;
    found = order;
  } else if (order === 'none') found = 'iso';
  const rows: ExportRow[] = [];
  for (const record of records) {
    const dateText = record.fields.get('D') ?? '';
    const date = parseExportDate(dateText, dateOrder);
    if (!date) return failure('unreadable_date', EXPORT_MESSAGES.unreadableDate(dateText, record.line));
    const amountText = record.fields.get('T') ?? record.fields.get('U') ?? '';
    const amount = parseExportAmount(amountText);
    if (!amount)
      return failure('unreadable_amount', EXPORT_MESSAGES.unreadableAmount(amountText, record.line));
    const payee = record.fields.get('P') ?? '';
    const memo = record.fields.get('M') ?? '';
    const description =
      (memo && !payee.includes(memo) ? `${payee} ${memo}` : payee || memo).replace(/\s+/g, ' ').trim() ||
      record.fields.get('L') ||
      'Transaction';
    rows.push({ date, description, pence: amount.pence, balancePence: null });
  }
  return {
    ok: true,
    statement: buildStatement({
      format: 'qif',
      layout: card ? 'qif-ccard' : 'qif-bank',
      institution: null,
      accountKind: card ? 'credit_card' : 'bank',
      account: { ...NO_ACCOUNT },
      dateOrder: found,
      rows,
    }),
  };
}
