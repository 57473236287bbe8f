import { fromPence } from '../statement/amounts';
import { balanceDirection, reconcile } from '../statement/reconcile';
import type { AccountKind, Reconciliation, StatementTransaction } from '../statement/types';
import {
  type DateOrderFound,
  EXPORT_MESSAGES,
  type ExportAccount,
  type ExportFormat,
  type ExportStatement,
} from './types';

/** One transaction as a file gives it: signed pence (money in positive), and its balance where it has one. */
export interface ExportRow {
  date: string;
  description: string;
  pence: number;
  /** The balance after this row, as the file writes it (for a card: what is owed), in pence. */
  balancePence: number | null;
}

export interface BuildInput {
  format: ExportFormat;
  layout: string;
  institution: string | null;
  accountKind: AccountKind;
  account: ExportAccount;
  dateOrder: DateOrderFound;
  rows: readonly ExportRow[];
  /** A closing balance the file gives apart from its rows (OFX LEDGERBAL), in pence. */
  closingPence?: number | null;
  /** The period the file says it covers (OFX DTSTART / DTEND), else its first and last dates. */
  period?: { start: string; end: string } | null;
  warnings?: readonly string[];
  /** The currency the file says the account is kept in (OFX CURDEF), ISO 4217. */
  currency?: string | null;
}

/**
 * The statement of a file's rows, oldest first (a file written newest first is turned round, keeping each
 * day's rows in their running-balance order), reconciled where the file gives balances: every balance must
 * follow from the one before it and the amounts between, to the penny, as for a PDF. A file without balances
 * is loaded with a note saying so; its reconciliation has no breaks and is not ok (nothing was checked).
 */
export function buildStatement(input: BuildInput): ExportStatement {
  const rows = inTimeOrder(input.rows);
  const transactions: StatementTransaction[] = rows.map((row) => ({
    date: row.date,
    description: row.description,
    amount: fromPence(Math.abs(row.pence)),
    signedAmount: fromPence(row.pence),
    type: row.pence >= 0 ? 'credit' : 'debit',
    balance: row.balancePence === null ? null : fromPence(row.balancePence),
  }));
  const direction = balanceDirection(input.accountKind);
  const warnings = [...(input.warnings ?? [])];
  const withBalance = rows.filter((r) => r.balancePence !== null);
  let reconciliation: Reconciliation;
  let openingBalance: number | null = null;
  let closingBalance: number | null = null;
  if (withBalance.length) {
    // Each printed balance is checked against the one before it: the first one starts the running total.
    reconciliation = reconcile({
      openingBalance: null,
      closingBalance: null,
      transactions,
      accountKind: input.accountKind,
    });
    const first = rows.findIndex((r) => r.balancePence !== null);
    const before = rows.slice(0, first + 1).reduce((sum, r) => sum + r.pence, 0);
    openingBalance = fromPence(rows[first]!.balancePence! - direction * before);
    closingBalance = fromPence(withBalance.at(-1)!.balancePence!);
    if (withBalance.length < 2) warnings.push(EXPORT_MESSAGES.noBalances);
  } else if (input.closingPence !== undefined && input.closingPence !== null) {
    const total = rows.reduce((sum, r) => sum + r.pence, 0);
    closingBalance = fromPence(input.closingPence);
    openingBalance = fromPence(input.closingPence - direction * total);
    reconciliation = { ok: false, breaks: [] };
    warnings.push(EXPORT_MESSAGES.closingOnly);
  } else {
    reconciliation = { ok: false, breaks: [] };
    warnings.push(EXPORT_MESSAGES.noBalances);
  }
  if (input.dateOrder === 'ambiguous') warnings.push(EXPORT_MESSAGES.ambiguousDates);
  const period = input.period ?? (rows.length ? { start: rows[0]!.date, end: rows.at(-1)!.date } : null);
  return {
    institution: input.institution,
    period,
    openingBalance,
    closingBalance,
    transactions,
    reconciliation,
    warnings,
    pages: 0,
    accountKind: input.accountKind,
    format: input.format,
    layout: input.layout,
    account: input.account,
    dateOrder: input.dateOrder,
    ...(input.currency ? { currency: input.currency } : {}),
  };
}

/**
 * Oldest first. A file written newest first (its first date later than its last) is reversed whole, so a
 * day's rows keep the order their balances run in; any remaining disorder is sorted by date, stably.
 */
function inTimeOrder(rows: readonly ExportRow[]): ExportRow[] {
  const ordered = rows.length > 1 && rows[0]!.date > rows.at(-1)!.date ? [...rows].reverse() : [...rows];
  return ordered
    .map((row, i) => ({ row, i }))
    .sort((a, b) => (a.row.date < b.row.date ? -1 : a.row.date > b.row.date ? 1 : a.i - b.i))
    .map(({ row }) => row);
}
