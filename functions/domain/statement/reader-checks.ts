import { fromPence } from './amounts';
import type { StatementContext } from './context';
import type { Assembly, Checkpoint } from './entries';
import type { Found, FoundTable } from './find-table';
import type { KeptRow } from './reader-amounts';
import { balanceValue, type UnreadableNote } from './readings';
import { type BalanceCheckpoint, reconcileDetailed } from './reconcile';
import type { AccountKind, Reconciliation, StatementTransaction, UnreadableCell } from './types';
import { twoWayNotes, unsureWordsWarning, weakWordNotes } from './weak-words';

/**
 * `readOnce`'s checks (stage 5) against the statement's own figures: the figures that could not be read
 * noted (misprinted summary figures and balance lines, words a scan was unsure of, a payee read two ways),
 * then the transactions reconciled against every running balance, balance line, the opening, the closing and
 * the printed totals (`reconcile.ts`).
 */

/** The misprinted figures the statement's summary and its balance lines print, each noted. */
export function misprintNotes(context: StatementContext, assembly: Assembly): UnreadableNote[] {
  const notes: UnreadableNote[] = context.unreadable.map((u) => ({
    anchor: null,
    cell: u.cell,
    text: u.text,
    page: null,
    reason: 'the summary figure is misprinted',
  }));
  for (const u of assembly.unreadableLines) {
    notes.push({
      anchor: assembly.transactions[u.afterRow] ?? null,
      cell: 'balance',
      text: u.cell.text,
      page: u.page,
      reason: 'the balance line is misprinted',
    });
  }
  return notes;
}

/** What one reading is checked with. */
export interface ReadingToCheck {
  table: Pick<FoundTable, 'allRows' | 'headingRows'>;
  assembly: Assembly;
  context: StatementContext;
  kind: AccountKind;
  owedNegative: boolean;
  /** Pence, as balances read (owed for a card). */
  opening: number | null;
  closing: number | null;
  rawTransactions: readonly KeptRow[];
  checkpoints: readonly Checkpoint[];
  transactions: StatementTransaction[];
  /** Told the balance lines between rows (`candidates.ts` tries the table ending where they stop). */
  probe: Found | undefined;
}

/**
 * The reading's figures that could not be read, as cells and warnings, and its transactions reconciled
 * against every figure the statement prints.
 */
export function checkReading(
  reading: ReadingToCheck,
  warnings: string[],
  notes: UnreadableNote[],
): Reconciliation {
  const { table, assembly, context, kind, owedNegative, opening, closing } = reading;
  const { rawTransactions, checkpoints, transactions, probe } = reading;
  const { allRows, headingRows } = table;
  // Words of a description the scan was not sure of: the figures cannot prove them.
  const descriptions = transactions.map((t) => t.description);
  notes.push(...weakWordNotes(rawTransactions, descriptions, allRows));
  // A payee's word read two ways on rows otherwise alike: one reading is wrong.
  const weakRows = new Set(notes.map((n) => n.anchor));
  notes.push(...twoWayNotes(rawTransactions, descriptions, allRows).filter((n) => !weakRows.has(n.anchor)));
  const unreadable: UnreadableCell[] = notes.map((n) => ({
    row: n.anchor ? assembly.transactions.indexOf(n.anchor) : n.page === null ? null : -1,
    cell: n.cell,
    text: n.text,
    page: n.page,
    reason: n.reason,
    ...(n.recovered === undefined ? {} : { recovered: n.recovered }),
    ...(n.recoveredDate === undefined ? {} : { recoveredDate: n.recoveredDate }),
  }));
  for (const u of unreadable) {
    if (u.cell === 'description') continue;
    warnings.push(
      `A ${u.cell === 'date' ? 'date' : 'figure'} could not be read${u.page ? ` on page ${u.page}` : ''}: "${u.text}" (${u.reason}).`,
    );
  }
  // A scan's unsure words are marked on their rows; one line says how many, not one a row.
  const unsure = unreadable.filter((u) => u.cell === 'description');
  if (unsure.length) warnings.push(unsureWordsWarning(new Set(unsure.map((u) => u.row)).size));

  const reconcileCheckpoints: BalanceCheckpoint[] = checkpoints.map((c) => ({
    afterRow: c.afterRow,
    balance: fromPence(balanceValue(c.cell.amount, kind, owedNegative)),
    reason: c.reason,
  }));
  if (probe)
    probe.balanceLines = reconcileCheckpoints.map((c) => ({ afterRow: c.afterRow, balance: c.balance }));
  // A table printing each payment's gross and fee beside the net (PayPal's 'Gross | Fee | Net') has a summary
  // whose money in and out are the gross payments, the fees a figure of their own: those totals say nothing
  // of the net rows, which the opening and closing check.
  const grossTotals = [...headingRows.values()].some((l) =>
    l.moneyColumns.some((c) => c.kind === 'gross' || c.kind === 'fee'),
  );
  const { reconciliation, checks } = reconcileDetailed({
    openingBalance: opening === null ? null : fromPence(opening),
    closingBalance: closing === null ? null : fromPence(closing),
    transactions,
    checkpoints: reconcileCheckpoints,
    accountKind: kind,
    totals: grossTotals
      ? { moneyIn: null, moneyOut: null }
      : {
          moneyIn: context.moneyIn
            ? context.moneyIn.amount
            : assembly.totals.moneyIn === null
              ? null
              : fromPence(assembly.totals.moneyIn),
          moneyOut: context.moneyOut
            ? context.moneyOut.amount
            : assembly.totals.moneyOut === null
              ? null
              : fromPence(assembly.totals.moneyOut),
          interest: context.interest?.amount ?? null,
          charges: context.charges?.amount ?? null,
          refunds: context.refunds?.amount ?? null,
          // Totals rows at each page's foot: only where the table's totals are the ones checked.
          ...(context.moneyIn ? {} : { pagesIn: assembly.totals.pagesIn.map(fromPence) }),
          ...(context.moneyOut ? {} : { pagesOut: assembly.totals.pagesOut.map(fromPence) }),
        },
    unreadable,
  });
  if (!checks) warnings.push('The statement prints no balances to check the transactions against.');
  if (!transactions.length) warnings.push('The transaction table has no transactions in it.');
  return reconciliation;
}
