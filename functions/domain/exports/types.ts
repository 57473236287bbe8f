import type { ParsedStatement } from '../statement/types';

/**
 * What the export readers return: the statement in the shape the PDF reader gives (so everything after
 * reading is shared), with what only a file says: its format and layout, the account it names, and how its
 * dates were ordered.
 */
export type ExportFormat = 'csv' | 'ofx' | 'qif';

/** The file kinds the product reads; a PDF is read by the statement reader. */
export type StatementFileKind = 'pdf' | ExportFormat;

/** The account a file names, each part null when it does not say. */
export interface ExportAccount {
  /** 6 digits. */
  sortCode: string | null;
  /** 8 digits (a UK account number). */
  accountNumber: string | null;
  /** The visible last digits of a masked or card number ('****45678', 'XXXX1234'): at least 4. */
  lastDigits: string | null;
}

/**
 * How the file's dates were read: 'ambiguous' when every numeric date could be read either way (read day
 * first, as UK banks write them); the family can be asked, and the file read again with `dateOrder`.
 */
export type DateOrderFound = 'dmy' | 'mdy' | 'ambiguous' | 'iso' | 'named';

export interface ExportStatement extends ParsedStatement {
  format: ExportFormat;
  /** The layout recognised (a bank's export, 'generic' by column names, or the format itself). */
  layout: string;
  account: ExportAccount;
  dateOrder: DateOrderFound;
}

export type ExportFailureReason =
  | 'empty'
  | 'not_export'
  | 'csv_no_date'
  | 'csv_unknown_layout'
  | 'unreadable_date'
  | 'unreadable_amount'
  | 'no_transactions';

export type ReadExportResult =
  | { ok: true; statement: ExportStatement }
  | { ok: false; reason: ExportFailureReason; message: string };

export interface ReadExportOptions {
  /** The order to read numeric dates in when the file cannot tell (the family's answer). */
  dateOrder?: 'dmy' | 'mdy';
}

const KIND_NAMES: Record<StatementFileKind, string> = {
  pdf: 'a PDF',
  csv: 'a CSV file',
  ofx: 'an OFX file',
  qif: 'a QIF file',
};

/** The family's words for each failure. */
export const EXPORT_MESSAGES = {
  empty: 'This file is empty.',
  notWhatItsNameSays: (extension: string, kind: StatementFileKind) =>
    `This file is not ${KIND_NAMES[kind]}, although its name ends in .${extension}. Please upload the file exactly as your bank gave it.`,
  noDateColumn:
    'We could not find a date column in this CSV file. Please upload the file exactly as your bank gave it.',
  unknownLayout:
    'We could not tell which columns of this CSV file hold the amounts. Please upload the file exactly as your bank gave it.',
  unreadableDate: (text: string, line: number) =>
    `We could not read the date "${text}" on line ${line} of this file.`,
  unreadableAmount: (text: string, line: number) =>
    `We could not read the amount "${text}" on line ${line} of this file.`,
  unreadableDirection: (text: string, line: number) =>
    `We could not tell whether "${text}" on line ${line} of this file is money in or money out.`,
  noTransactions: 'We could not find any transactions in this file.',
  noBalances:
    'This file has no balances, so its transactions could not be checked against them. They were loaded as they are.',
  closingOnly:
    'This file gives only its closing balance, so its transactions could not be checked against it. They were loaded as they are.',
  ambiguousDates:
    'The dates in this file could be day-first or month-first. We read them day-first, as UK banks write them.',
  otherAccount: (fileEnding: string, accountEnding: string) =>
    `This file is for the account ending ${fileEnding}, but the account you chose ends ${accountEnding}. Please choose the account it belongs to.`,
} as const;

export function failure(reason: ExportFailureReason, message: string): ReadExportResult {
  return { ok: false, reason, message };
}

export const NO_ACCOUNT: ExportAccount = { sortCode: null, accountNumber: null, lastDigits: null };
