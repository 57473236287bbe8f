/**
 * What the statement reader returns. The shape matches functions/contracts/statement.ts (the pipeline's
 * `statement.json` artefact and `npm run statement -- parse`), plus `pages` and `accountKind`.
 */
export type TransactionType = 'credit' | 'debit';

/** 'bank' balances are money held (negative when overdrawn); 'credit_card' balances are amounts owed. */
export type AccountKind = 'bank' | 'credit_card';

export interface StatementTransaction {
  /** 'YYYY-MM-DD' */
  date: string;
  description: string;
  /** Always positive (or 0). */
  amount: number;
  /** Money into the account (or onto a card as a payment or refund) is positive, money out negative. */
  signedAmount: number;
  type: TransactionType;
  /** The balance printed on this row, if the statement prints one there (null also when it is unreadable). */
  balance: number | null;
  /**
   * 'YYYY-MM-DD': the second date a card statement prints beside the transaction date (the date received or
   * posted); absent when the statement prints one date.
   */
  postedDate?: string;
}

/** A box on a page, in normalised page coordinates (0..1, top-left origin); pages are 1-based. */
export interface PageBox {
  page: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Where a transaction stands on the statement: the lines it was read from (on the page of its amount) and the
 * figures read as its amount and its balance. For drawing the reading over the page (Check Statement).
 */
export interface TransactionRegion {
  row: PageBox;
  amount: PageBox | null;
  balance: PageBox | null;
}

export interface ReconciliationBreak {
  /** 0-based index of the transaction after which the check failed (-1: before the first one). */
  row: number;
  /** The balance the statement prints. */
  expected: number;
  /** The balance the transactions add up to. */
  actual: number;
  reason: string;
}

/** Which printed figure an unreadable cell is. */
export type UnreadableCellKind =
  | 'amount'
  | 'balance'
  | 'opening'
  | 'closing'
  | 'money_in_total'
  | 'money_out_total'
  /** A date the scan misread in the date column ('41/04/25'): the row's date is recovered or carried down. */
  | 'date'
  /** A word of a description the scan read with little confidence ('Z1Z7Z1' for 'ZIZZI'): shown as read. */
  | 'description';

/**
 * A printed figure the reader could not read as money (a misprint such as '2,540.BB', '44.079.83',
 * '£40,000,00', '120 00', or a figure with its leading digits cut off): its row is kept, the figure is not
 * used, and no check relies on it.
 */
export interface UnreadableCell {
  /** 0-based index of the transaction the cell belongs to (or after which a balance line stands); -1 before the first; null for a summary figure. */
  row: number | null;
  cell: UnreadableCellKind;
  /** The figure as printed. */
  text: string;
  page: number | null;
  reason: string;
  /**
   * The figure the statement's own arithmetic recovers for a misprinted amount ('120 00' where the balances
   * need exactly 120.00): the row is counted with it. Recovered, not printed legibly: the family checks it.
   */
  recovered?: number;
  /**
   * A misread date's date ('YYYY-MM-DD') where the rows either side and the statement period leave only one
   * date it reads as with one figure read again: the row is dated so. Recovered, not read: the family checks it.
   */
  recoveredDate?: string;
}

export interface Reconciliation {
  ok: boolean;
  breaks: ReconciliationBreak[];
  /** Printed figures that could not be read (and so were not checked). */
  unreadable?: UnreadableCell[];
}

export interface StatementPeriod {
  start: string;
  end: string;
}

export interface ParsedStatement {
  institution: string | null;
  period: StatementPeriod | null;
  openingBalance: number | null;
  closingBalance: number | null;
  transactions: StatementTransaction[];
  reconciliation: Reconciliation;
  warnings: string[];
  pages: number;
  accountKind: AccountKind;
  /**
   * Where the year of the dates comes from: printed on the rows ('printed'), the printed period ('period'),
   * the statement date ('statement_date', 'Statement date 13 June 25'), the latest full date printed outside
   * the table ('printed_date'), or, as a last resort, the reference (upload) date ('reference_date': a
   * guess the family should check; a warning says so). 'none' when there are no rows to date.
   */
  yearSource?: YearSource;
  /** 'YYYY-MM-DD': the date the statement says it was issued, when it prints one. */
  statementDate?: string | null;
  /**
   * The currency the account is kept in (ISO 4217: 'GBP', 'EUR', 'USD'), from the statement's own money
   * (currency.ts); 'GBP' when nothing says otherwise.
   */
  currency?: string;
  /** Where each transaction stands on its page, in the order of `transactions`. */
  regions?: TransactionRegion[];
}

export type YearSource = 'printed' | 'period' | 'statement_date' | 'printed_date' | 'reference_date' | 'none';

export type ReadFailureReason = 'no_text' | 'no_transaction_table' | 'no_year' | 'dated_after_upload';

export type ReadStatementResult =
  | { ok: true; statement: ParsedStatement }
  | { ok: false; reason: ReadFailureReason; message: string };

export interface ReadStatementOptions {
  /** Force the account kind instead of recognising it from the statement's words. */
  accountKind?: AccountKind;
  /**
   * 'YYYY-MM-DD': the day the statement was uploaded, the latest date it can be dated. Its year is used only
   * when the statement prints none of its own (no period, statement date or full date): then `yearSource`
   * is 'reference_date' and a warning says so. A statement dated after it is refused.
   */
  referenceDate?: string;
  /** Also say where each transaction stands on its page (`regions`), for drawing the reading over the page. */
  regions?: boolean;
}

/** One-line, family-facing messages for each failure. */
export const READ_FAILURE_MESSAGES: Record<ReadFailureReason, string> = {
  no_text: 'We could not find any text in this statement.',
  no_transaction_table: 'We could not find a transaction table in this statement.',
  no_year: 'We could not work out which year the dates in this statement belong to.',
  dated_after_upload:
    'This statement is dated after the day it was uploaded, which cannot be right. Please check the file and upload it again.',
};
