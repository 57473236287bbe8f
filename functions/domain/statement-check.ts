import { type AccountIdentity, normaliseSortCode } from './account-numbers';
import { recogniseInstitution, sameBank } from './statement/institutions';
import { balanceDirection, reconcile } from './statement/reconcile';
import type {
  AccountKind,
  Reconciliation,
  StatementPeriod,
  StatementTransaction,
  TransactionRegion,
  UnreadableCell,
  YearSource,
} from './statement/types';

/**
 * The statement check: a reading the statement's own figures do not confirm never becomes a figure the family
 * trusts. A read statement goes to the family's check ("Needs your check") instead of into their figures when
 *  - its transactions do not add up to its printed balances (opening + money in − money out = closing, and
 *    each running balance printed along the way),
 *  - a printed figure could not be read, or was recovered from the balances either side,
 *  - a date was misread by the scan (recovered from the rows either side, or carried down from the row above),
 *  - the year of its dates was taken from the upload date (the statement prints none), or
 *  - it names another bank, kind of account, sort code, account number or card than the chosen account.
 * A statement that adds up, in the account it names, goes straight through.
 *
 * The family's fixes are edits replayed on the original reading (kept as read), so every edit is kept and the
 * reader's mistakes can be studied; after each edit the same reconciliation runs again. Pure: the API and the
 * Check Statement screen (as the family types) run the same functions.
 */

/** What the pipeline keeps of a statement it holds for the family's check: the reading as the reader gave it. */
export interface CheckReading {
  institution: string | null;
  period: StatementPeriod | null;
  openingBalance: number | null;
  closingBalance: number | null;
  transactions: StatementTransaction[];
  reconciliation: Reconciliation;
  warnings: string[];
  accountKind: AccountKind;
  /** The account as the statement's heading names it. */
  identity: AccountIdentity;
  /** Where the reader took the year of the dates from; 'reference_date': the upload date (the statement prints none). */
  yearSource?: YearSource;
  /** Where each transaction read stands on its page (a PDF's reading; none for an export file). */
  regions?: TransactionRegion[];
}

/** The chosen account, as far as the check compares it with the statement. */
export interface CheckAccount extends Partial<AccountIdentity> {
  id: string;
  name: string;
  account_type: string;
  bank_name: string | null;
  institution_display_name?: string | null;
}

export const CHECK_REASONS = [
  'does_not_add_up',
  'unreadable_figures',
  'unreadable_dates',
  'unreadable_words',
  'year_from_upload_date',
  'other_bank',
  'other_account_kind',
  'other_account_number',
] as const;
export type CheckReason = (typeof CHECK_REASONS)[number];

/** What the family reads about each reason (the Check Statement screen, the upload's message). */
export const CHECK_REASON_TEXT: Record<CheckReason, string> = {
  does_not_add_up: 'The transactions we read do not add up to the balances printed on the statement.',
  unreadable_figures: 'Some figures on the statement could not be read clearly.',
  unreadable_dates:
    'Some dates on the statement could not be read clearly, so a transaction may have the wrong date. Please check the dates.',
  unreadable_words:
    "Some words in the transactions' descriptions could not be read clearly, so a description may be wrong. Please check the descriptions.",
  year_from_upload_date:
    'The statement does not print a year, so we took it from the day you uploaded it. Please check the year.',
  other_bank: 'The statement looks like it is from another bank than the account you chose.',
  other_account_kind: 'The statement looks like it is for another kind of account than the one you chose.',
  other_account_number: 'The statement names another account number than the account you chose.',
};

/** The upload's message while it waits for the family. */
export const NEEDS_CHECK_MESSAGE =
  'Needs your check: please check this statement before its transactions are added to your figures.';

/**
 * Whether the reader took the year from the upload date: the reader says where its year came from
 * (`yearSource`); a reading stored before it said so is judged by its warning about the year.
 */
export function yearTakenFromUploadDate(reading: Pick<CheckReading, 'warnings' | 'yearSource'>): boolean {
  if (reading.yearSource !== undefined) return reading.yearSource === 'reference_date';
  return reading.warnings.some((w) => /\byear\b/i.test(w));
}

/** What about the chosen account disagrees with the account the statement names. */
export function accountMismatches(
  reading: Pick<CheckReading, 'institution' | 'accountKind' | 'identity'>,
  account: CheckAccount,
): CheckReason[] {
  const reasons: CheckReason[] = [];
  const bank = account.institution_display_name ?? account.bank_name;
  const accountBank = bank ? recogniseInstitution([bank]) : null;
  if (reading.institution && accountBank && !sameBank(accountBank, reading.institution))
    reasons.push('other_bank');
  const isCard = account.account_type === 'credit';
  if ((reading.accountKind === 'credit_card') !== isCard) reasons.push('other_account_kind');
  const named = reading.identity;
  const sortDiffers =
    normaliseSortCode(named.sort_code) !== null &&
    normaliseSortCode(account.sort_code) !== null &&
    normaliseSortCode(named.sort_code) !== normaliseSortCode(account.sort_code);
  const numberDiffers =
    Boolean(named.account_number && account.account_number) &&
    named.account_number !== account.account_number;
  const cardDiffers =
    Boolean(named.card_last4 && account.card_last4) && named.card_last4 !== account.card_last4;
  if (sortDiffers || numberDiffers || cardDiffers) reasons.push('other_account_number');
  return reasons;
}

/**
 * Why a reading needs the family's check before import (none: it goes straight through). A bank's export
 * file (CSV, OFX, QIF) is exact by nature: when it carries no balances there is nothing to check it against,
 * and it goes through with its note saying so; a balance it carries that does not follow is still a break.
 */
export function checkReasons(
  reading: CheckReading,
  account: CheckAccount,
  options: { exactFile?: boolean } = {},
): CheckReason[] {
  return [...readingReasons(reading, options), ...accountMismatches(reading, account)];
}

/**
 * Why a reading needs the family's check whatever account it is put in: its figures do not add up, a figure
 * or a date could not be read, or its year is the upload date's. None: the statement's own figures confirm it.
 */
export function readingReasons(
  reading: Pick<CheckReading, 'reconciliation' | 'warnings' | 'yearSource'>,
  options: { exactFile?: boolean } = {},
): CheckReason[] {
  const reasons: CheckReason[] = [];
  const { ok, breaks, unreadable = [] } = reading.reconciliation;
  if (!ok && !(options.exactFile && breaks.length === 0)) reasons.push('does_not_add_up');
  if (unreadable.some((u) => u.cell !== 'date' && u.cell !== 'description'))
    reasons.push('unreadable_figures');
  if (unreadable.some((u) => u.cell === 'date')) reasons.push('unreadable_dates');
  if (unreadable.some((u) => u.cell === 'description')) reasons.push('unreadable_words');
  if (yearTakenFromUploadDate(reading)) reasons.push('year_from_upload_date');
  return reasons;
}

// ── the family's edits ────────────────────────────────────────────────────────────────────────────────────

/** A row of the check: the reader's rows are r0, r1, ... in printed order; rows the family adds have their own ids. */
export type CheckEdit =
  | {
      op: 'edit_row';
      row: string;
      date?: string;
      /** Money in positive, money out negative. */
      signedAmount?: number;
      description?: string;
    }
  | {
      op: 'add_row';
      /** The new row's id (given by the API). */
      id: string;
      /** The row it follows (null: before every row). */
      after: string | null;
      date: string;
      description: string;
      signedAmount: number;
      balance?: number | null;
    }
  | { op: 'exclude_row'; row: string; excluded: boolean }
  | { op: 'set_year'; year: number }
  /** Money in and money out were read the wrong way round: every amount changes direction. */
  | { op: 'swap_in_out' }
  /** The statement belongs to this account (the same one: the family confirms it). */
  | { op: 'move_account'; accountId: string };

export interface CheckRow {
  id: string;
  date: string;
  description: string;
  signedAmount: number;
  balance: number | null;
  /** Marked by the family as not a transaction (a total, a panel figure): not counted. */
  excluded: boolean;
  /** Changed by the family (date, amount or description). */
  edited: boolean;
  /** Added by the family (the reader missed it). */
  added: boolean;
  /** Where the reader read it on the statement's page (none for a row the family added). */
  region?: TransactionRegion | null;
}

export interface CheckedStatement {
  rows: CheckRow[];
  period: StatementPeriod | null;
  /** Edited by the family to the account it names (moves), else the chosen account. */
  accountId: string;
  /** The family confirmed the account (moved it, or chose the one it is in). */
  accountConfirmed: boolean;
  /** The family set the year. */
  yearSet: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The same date `years` years on (29 February becomes 28 February in a year without it). */
export function shiftYears(iso: string, years: number): string {
  if (!years) return iso;
  const year = Number(iso.slice(0, 4)) + years;
  const month = Number(iso.slice(5, 7));
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(iso.slice(8, 10)), last);
  return `${String(year).padStart(4, '0')}-${iso.slice(5, 7)}-${String(day).padStart(2, '0')}`;
}

/** The check's id of the reader's row at this index (r0, r1, ... in printed order). */
export const readerRowId = (index: number): string => `r${index}`;

/** Which part of a row the family is asked to look at again: what the scan could not read clearly. */
export type UnclearPart = 'date' | 'description' | 'amount';

/**
 * The parts of each row the reader could not read clearly (its unreadable cells), by the row's id: a misread
 * date, a description's unsure words, an amount read from the statement's arithmetic. A balance or a
 * summary figure belongs to no row's fields and is left out (the reasons name it).
 */
export function unclearPartsByRow(
  unreadable: readonly { row: number | null; cell: string }[],
): Map<string, Set<UnclearPart>> {
  const parts = new Map<string, Set<UnclearPart>>();
  for (const u of unreadable) {
    if (u.row === null || u.row < 0) continue;
    const part: UnclearPart | null =
      u.cell === 'date'
        ? 'date'
        : u.cell === 'description'
          ? 'description'
          : u.cell === 'amount'
            ? 'amount'
            : null;
    if (!part) continue;
    const id = readerRowId(u.row);
    parts.set(id, (parts.get(id) ?? new Set<UnclearPart>()).add(part));
  }
  return parts;
}

/** The reading with the family's edits, in the order they were made; an edit of a row not there is ignored. */
export function applyEdits(
  reading: Pick<CheckReading, 'transactions' | 'period' | 'regions'>,
  accountId: string,
  edits: readonly CheckEdit[],
): CheckedStatement {
  let rows: CheckRow[] = reading.transactions.map((t, i) => ({
    id: readerRowId(i),
    date: t.date,
    description: t.description,
    signedAmount: t.signedAmount,
    balance: t.balance,
    excluded: false,
    edited: false,
    added: false,
    region: reading.regions?.[i] ?? null,
  }));
  let period = reading.period ? { ...reading.period } : null;
  const state = { accountId, accountConfirmed: false, yearSet: false };
  const update = (id: string, change: (row: CheckRow) => CheckRow) => {
    rows = rows.map((row) => (row.id === id ? change(row) : row));
  };
  for (const edit of edits) {
    switch (edit.op) {
      case 'edit_row':
        update(edit.row, (row) => ({
          ...row,
          ...(edit.date !== undefined ? { date: edit.date } : {}),
          ...(edit.signedAmount !== undefined ? { signedAmount: round2(edit.signedAmount) } : {}),
          ...(edit.description !== undefined ? { description: edit.description } : {}),
          edited: !row.added || row.edited,
        }));
        break;
      case 'add_row': {
        if (rows.some((r) => r.id === edit.id)) break;
        const row: CheckRow = {
          id: edit.id,
          date: edit.date,
          description: edit.description,
          signedAmount: round2(edit.signedAmount),
          balance: edit.balance ?? null,
          excluded: false,
          edited: false,
          added: true,
        };
        const at = edit.after === null ? 0 : rows.findIndex((r) => r.id === edit.after) + 1;
        rows =
          at <= 0 && edit.after !== null ? [...rows, row] : [...rows.slice(0, at), row, ...rows.slice(at)];
        break;
      }
      case 'exclude_row':
        update(edit.row, (row) => ({ ...row, excluded: edit.excluded }));
        break;
      case 'set_year': {
        const latest = [period?.end ?? '', ...rows.map((r) => r.date)].sort().at(-1) ?? '';
        const years = latest ? edit.year - Number(latest.slice(0, 4)) : 0;
        rows = rows.map((row) => ({ ...row, date: shiftYears(row.date, years) }));
        if (period) period = { start: shiftYears(period.start, years), end: shiftYears(period.end, years) };
        state.yearSet = true;
        break;
      }
      case 'swap_in_out':
        rows = rows.map((row) => ({ ...row, signedAmount: row.signedAmount === 0 ? 0 : -row.signedAmount }));
        break;
      case 'move_account':
        state.accountId = edit.accountId;
        state.accountConfirmed = true;
        break;
    }
  }
  return { rows, period, ...state };
}

// ── the sums ──────────────────────────────────────────────────────────────────────────────────────────────

/** A printed balance the rows do not reach: on (or after) row `rowId` (null: the closing balance sum). */
export interface CheckBreak {
  rowId: string | null;
  /** What the statement prints. */
  printed: number;
  /** What the rows add up to there. */
  computed: number;
  /** printed − computed: what is missing (a missed row of this amount, in the account's direction). */
  difference: number;
  reason: 'running balance' | 'closing balance';
}

export interface CheckSums {
  opening: number | null;
  moneyIn: number;
  moneyOut: number;
  /** opening + money in − money out (a card: opening − money in + money out, what is owed). */
  computedClosing: number | null;
  closing: number | null;
  /** Each printed running balance and the rows' running total there. */
  balances: Array<{ rowId: string; printed: number; computed: number | null; ok: boolean }>;
}

export interface CheckResult {
  statement: CheckedStatement;
  sums: CheckSums;
  breaks: CheckBreak[];
  /** The rows add up to every printed balance (at least one compared). */
  addsUp: boolean;
  /** Reasons still open: the account and the year, until the family confirms them; the sums until they add up. */
  open: CheckReason[];
  /** Import is offered: it adds up and nothing about the account or year is open. */
  canImport: boolean;
  /** The rows that would be imported, as the pipeline reads a statement. */
  transactions: StatementTransaction[];
  /** The reconciliation of the rows as they now are (the reader's shape, for the upload record). */
  reconciliation: Reconciliation;
  unreadable: UnreadableCell[];
}

/** The rows as statement transactions (the excluded left out), oldest first as printed. */
function toTransactions(rows: readonly CheckRow[]): StatementTransaction[] {
  return rows
    .filter((row) => !row.excluded)
    .map((row) => ({
      date: row.date,
      description: row.description,
      amount: Math.abs(row.signedAmount),
      signedAmount: row.signedAmount,
      type: row.signedAmount < 0 ? ('debit' as const) : ('credit' as const),
      balance: row.balance,
    }));
}

/** The figures a statement's rows are checked against: its printed opening and closing balances. */
export interface CheckFrame {
  openingBalance: number | null;
  closingBalance: number | null;
  accountKind: AccountKind;
}

/**
 * The sums of a statement's rows as they now are (the rows marked not a transaction left out): opening +
 * money in − money out against the closing balance, and the running total against each printed balance, with
 * where they break. The API after each edit and the Check Statement screen as the family types run this.
 */
export function checkRows(rows: readonly CheckRow[], frame: CheckFrame) {
  const counted = rows.filter((row) => !row.excluded);
  const transactions = toTransactions(rows);
  const reconciliation = reconcile({
    openingBalance: frame.openingBalance,
    closingBalance: frame.closingBalance,
    transactions,
    accountKind: frame.accountKind,
  });
  const direction = balanceDirection(frame.accountKind);
  const breaks: CheckBreak[] = reconciliation.breaks.map((b) => ({
    rowId: b.reason === 'running balance' ? (counted[b.row]?.id ?? null) : null,
    printed: b.expected,
    computed: b.actual,
    difference: round2(b.expected - b.actual),
    reason: b.reason === 'running balance' ? 'running balance' : 'closing balance',
  }));
  const pence = (n: number) => Math.round(n * 100);
  const moneyIn = counted.reduce((sum, r) => sum + (r.signedAmount > 0 ? pence(r.signedAmount) : 0), 0) / 100;
  const moneyOut =
    counted.reduce((sum, r) => sum + (r.signedAmount < 0 ? -pence(r.signedAmount) : 0), 0) / 100;
  let running = frame.openingBalance === null ? null : pence(frame.openingBalance);
  const balances: CheckSums['balances'] = [];
  for (const row of counted) {
    if (running !== null) running += direction * pence(row.signedAmount);
    if (row.balance === null) continue;
    balances.push({
      rowId: row.id,
      printed: row.balance,
      computed: running === null ? null : running / 100,
      ok: running === null || running === pence(row.balance),
    });
    running = pence(row.balance);
  }
  const sums: CheckSums = {
    opening: frame.openingBalance,
    moneyIn,
    moneyOut,
    computedClosing:
      frame.openingBalance === null
        ? null
        : (pence(frame.openingBalance) + direction * (pence(moneyIn) - pence(moneyOut))) / 100,
    closing: frame.closingBalance,
    balances,
  };
  return { sums, breaks, addsUp: reconciliation.ok, reconciliation, transactions };
}

/** The check of a reading with the family's edits, against the account it is now in. */
export function runCheck(
  reading: CheckReading,
  account: CheckAccount,
  edits: readonly CheckEdit[],
): CheckResult {
  const statement = applyEdits(reading, account.id, edits);
  const { sums, breaks, addsUp, reconciliation, transactions } = checkRows(statement.rows, reading);
  const open: CheckReason[] = [];
  if (!addsUp) open.push('does_not_add_up');
  if (yearTakenFromUploadDate(reading) && !statement.yearSet) open.push('year_from_upload_date');
  if (!statement.accountConfirmed) open.push(...accountMismatches(reading, account));
  return {
    statement,
    sums,
    breaks,
    addsUp,
    open,
    canImport: open.length === 0 && transactions.length > 0,
    transactions,
    reconciliation,
    unreadable: reading.reconciliation.unreadable ?? [],
  };
}

/** A short account of one edit, for the family's history and the operator's list. */
export function describeEdit(edit: CheckEdit): string {
  switch (edit.op) {
    case 'edit_row': {
      const parts = [
        edit.date !== undefined ? `date ${edit.date}` : null,
        edit.signedAmount !== undefined ? `amount ${edit.signedAmount.toFixed(2)}` : null,
        edit.description !== undefined ? `description "${edit.description}"` : null,
      ].filter(Boolean);
      return `Changed row ${edit.row}: ${parts.join(', ')}`;
    }
    case 'add_row':
      return `Added a row: ${edit.date} "${edit.description}" ${edit.signedAmount.toFixed(2)}`;
    case 'exclude_row':
      return edit.excluded ? `Marked row ${edit.row} as not a transaction` : `Counted row ${edit.row} again`;
    case 'set_year':
      return `Set the year to ${edit.year}`;
    case 'swap_in_out':
      return 'Swapped money in and money out';
    case 'move_account':
      return `Put the statement in account ${edit.accountId}`;
  }
}
