import { readCsv } from './read-csv';
import { isOfx, readOfx } from './read-ofx';
import { isQif, readQif } from './read-qif';
import { decodeExport, looksBinary } from './text';
import {
  EXPORT_MESSAGES,
  type ExportAccount,
  type ExportFormat,
  failure,
  type ReadExportOptions,
  type ReadExportResult,
  type StatementFileKind,
} from './types';

/**
 * Bank exports, read exactly: CSV (the main UK banks' layouts, else by column names), OFX/QFX (1.x SGML and
 * 2.x XML) and QIF, into the statement shape the PDF reader gives (functions/domain/statement), so everything
 * after reading (dedupe, classification, matching, roll-ups) is shared. Pure: bytes in, statement out.
 */
export { buildStatement, type ExportRow } from './build';
export { CSV_LAYOUTS, type CsvLayout } from './csv-layouts';
export { csvField, parseCsv } from './csv-text';
export * from './mapping';
export { readCsv } from './read-csv';
export { readOfx } from './read-ofx';
export { readQif } from './read-qif';
export { decodeExport } from './text';
export * from './types';
export { dateOrderOf, parseExportAmount, parseExportDate } from './values';

const EXTENSIONS: Record<string, StatementFileKind> = {
  pdf: 'pdf',
  csv: 'csv',
  ofx: 'ofx',
  qfx: 'ofx',
  qif: 'qif',
};

/** The file types a statement may be uploaded as, by extension. */
export const STATEMENT_EXTENSIONS = Object.keys(EXTENSIONS);

/** What a file's name says it is ('.qfx' is OFX), or null for any other name. */
export function kindFromName(fileName: string): StatementFileKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return ext ? (EXTENSIONS[ext] ?? null) : null;
}

/** What a file's bytes are: a PDF, OFX, QIF, text that could be CSV, or something else (null). */
export function kindFromContent(bytes: Uint8Array): StatementFileKind | null {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (head.trimStart().startsWith('%PDF-') || head.includes('%PDF-')) return 'pdf';
  if (looksBinary(bytes)) return null;
  const text = decodeExport(bytes.subarray(0, 64 * 1024)).text;
  if (isOfx(text)) return 'ofx';
  if (isQif(text)) return 'qif';
  return 'csv';
}

/**
 * Reads an export. The file must be what its name says (a '.csv' that holds a PDF or OFX, or an '.ofx' that
 * holds no OFX, is refused in the family's words); an empty file is refused as empty.
 */
export function readExport(
  bytes: Uint8Array,
  fileName: string,
  options: ReadExportOptions = {},
): ReadExportResult {
  const named = kindFromName(fileName);
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (!bytes.byteLength) return failure('empty', EXPORT_MESSAGES.empty);
  const kind = kindFromContent(bytes);
  const format: ExportFormat | null = named && named !== 'pdf' ? named : null;
  if (!format || kind !== format)
    return failure('not_export', EXPORT_MESSAGES.notWhatItsNameSays(extension, named ?? 'csv'));
  const { text } = decodeExport(bytes);
  if (!text.trim()) return failure('empty', EXPORT_MESSAGES.empty);
  if (format === 'ofx') return readOfx(text);
  if (format === 'qif') return readQif(text, options);
  return readCsv(text, options);
}

/** The chosen account's numbers, as stored on it (functions/domain/account-numbers.ts). */
export interface AccountNumbers {
  sort_code?: string | null;
  account_number?: string | null;
  card_last4?: string | null;
}

/**
 * When the file names an account and the chosen account's numbers are known and differ, the endings to tell
 * the family (the file's, the account's); null when they agree or either side does not say.
 */
export function otherAccount(
  file: ExportAccount,
  account: AccountNumbers | null,
): { file: string; account: string } | null {
  if (!account) return null;
  const number = account.account_number ?? null;
  const card = account.card_last4 ?? null;
  const last4 = (s: string) => s.slice(-4);
  if (file.accountNumber && number) {
    if (file.accountNumber !== number) return { file: last4(file.accountNumber), account: last4(number) };
    if (file.sortCode && account.sort_code && file.sortCode !== account.sort_code.replace(/\D/g, ''))
      return { file: last4(file.accountNumber), account: last4(number) };
    return null;
  }
  const fileTail = file.lastDigits ?? file.accountNumber;
  const accountTail = number ?? card;
  if (!fileTail || !accountTail) return null;
  const n = Math.min(fileTail.length, accountTail.length, 8);
  if (n < 4) return null;
  return fileTail.slice(-n) === accountTail.slice(-n)
    ? null
    : { file: last4(fileTail), account: last4(accountTail) };
}

export { type OverlapRow, overlapIds, type StoredOverlapRow } from './overlap';
