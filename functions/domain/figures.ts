import { flowDirection, LOW_CONFIDENCE_SHARE } from './flow-direction';
import { effectiveFlowType, isExpenseFlowType } from './flow-types';
import { toPence } from './money';
import type { ConfidenceLevel, EffectiveFlowType, Transaction } from './types';

/**
 * The family's figures, one definition each (spec 3 §2.1, §3; README "Figures"). Every screen, the comparison,
 * the roll-ups, the exports and the assistant sum the same cells with sumCells, so a figure shown in two
 * places is the same number.
 *
 * A row adds to the cell of its day, account and effective flow type; its direction is flowDirection's
 * (money in positive, money out negative). From the cells of any set of rows (a period, an account, an
 * account type):
 *
 * - Money in  = income rows' money in less any money out on them, plus unclassified money in.
 * - Money out = expense rows' (external expense and the mortgage types) money out less money back on them (a
 *               refund corrected to External Expense lowers it), plus unclassified money out.
 * - Net       = money in − money out: every row's direction summed, internal transfers left out.
 * - Moved between own accounts: a transfer counted once. Its two legs (out of one account, into another) are
 *   the same money, so the figure is the larger of the internal money out and the internal money in; with
 *   only one leg in the family's statements that leg is the transfer. Transfers: the larger of the number of
 *   outgoing and incoming internal legs.
 *
 * Sums are whole pence.
 */
export interface RollupCell {
  /** 'YYYY-MM-DD' for a day cell, 'YYYY-MM' for a month total. */
  day: string;
  account: string;
  flow: EffectiveFlowType;
  count: number;
  /** Rows whose direction is inferred from the flow type alone (spec 3 §5: low confidence). */
  low: number;
  /** Sum of amount magnitudes, in pence. */
  abs: number;
  /** Money in by direction (positive directions), in pence. */
  in: number;
  /** Money out by direction (magnitude of negative directions), in pence. */
  out: number;
  /**
   * Rows with money in (a positive direction). Absent on a cell stored before it was kept: then the rows are
   * shared between in and out in proportion to the money.
   */
  nIn?: number;
  /** Rows with money out (a negative direction); absent as nIn. */
  nOut?: number;
}

export type FigureRow = Pick<
  Transaction,
  | 'transaction_date'
  | 'amount'
  | 'signed_amount'
  | 'type'
  | 'flow_type'
  | 'user_corrected_flow_type'
  | 'account_id'
>;

/** The magnitude a row adds to activity: |amount|, else |signed_amount|. */
export function magnitude(row: Pick<Transaction, 'amount' | 'signed_amount'>): number {
  return Math.abs(Number.isFinite(row.amount) ? row.amount : (row.signed_amount ?? 0));
}

/** The cell one row makes (a cell of count 1, keyed by the row's day). */
export function cellOfRow(row: FigureRow): RollupCell {
  const direction = flowDirection(row);
  const signed = toPence(direction.signedAmount);
  return {
    day: row.transaction_date.slice(0, 10),
    account: row.account_id,
    flow: effectiveFlowType(row),
    count: 1,
    low: direction.confidence === 'low' ? 1 : 0,
    abs: toPence(magnitude(row)),
    in: Math.max(signed, 0),
    out: signed < 0 ? -signed : 0,
    nIn: signed > 0 ? 1 : 0,
    nOut: signed < 0 ? 1 : 0,
  };
}

/** A flow's part of the figures, in pence. */
export interface FlowFigure {
  count: number;
  /** Sum of magnitudes. */
  abs: number;
  /** What the flow adds to its figure: income net in, expenses net out, internal moved once, unclassified in + out. */
  total: number;
}

/** Sums of cells, in pence, with the accounts they cover. */
export interface Figures {
  count: number;
  low: number;
  abs: number;
  /** Money in (see above): the comparison's Income and the headline's money in. */
  income: number;
  /** Money out (see above): the comparison's Expenses and the headline's money out. */
  expenses: number;
  /** Moved between own accounts, each transfer once. */
  internal: number;
  /** Transfers between own accounts, each once. */
  transfers: number;
  /** Internal money in and out by direction (an account's transfers in and out). */
  internalIn: number;
  internalOut: number;
  /** Unclassified rows' money in and out (part of money in and money out). */
  unclassifiedIn: number;
  unclassifiedOut: number;
  /** Rows of unclassified money in and out. */
  unclassifiedRowsIn: number;
  unclassifiedRowsOut: number;
  /** Money in and out: the same figures as income and expenses. */
  moneyIn: number;
  moneyOut: number;
  /** Rows with their transfers counted once (each internal leg pair is one). */
  movements: number;
  byFlow: Partial<Record<EffectiveFlowType, FlowFigure>>;
  accounts: Set<string>;
}

export function emptyFigures(): Figures {
  return {
    count: 0,
    low: 0,
    abs: 0,
    income: 0,
    expenses: 0,
    internal: 0,
    transfers: 0,
    internalIn: 0,
    internalOut: 0,
    unclassifiedIn: 0,
    unclassifiedOut: 0,
    unclassifiedRowsIn: 0,
    unclassifiedRowsOut: 0,
    moneyIn: 0,
    moneyOut: 0,
    movements: 0,
    byFlow: {},
    accounts: new Set(),
  };
}

function rowsIn(c: RollupCell): number {
  if (c.nIn !== undefined) return c.nIn;
  if (!c.in) return 0;
  if (!c.out) return c.count;
  return Math.round((c.count * c.in) / (c.in + c.out));
}

function rowsOut(c: RollupCell): number {
  if (c.nOut !== undefined) return c.nOut;
  return c.out ? c.count - rowsIn(c) : 0;
}

/** Sum the cells `keep` accepts (all by default): the figures of those rows. */
export function sumCells(cells: Iterable<RollupCell>, keep?: (c: RollupCell) => boolean): Figures {
  const f = emptyFigures();
  let incomeIn = 0;
  let incomeOut = 0;
  let expenseIn = 0;
  let expenseOut = 0;
  let unclassifiedIn = 0;
  let unclassifiedOut = 0;
  let internalRowsIn = 0;
  let internalRowsOut = 0;
  let internalRows = 0;
  for (const c of cells) {
    if (keep && !keep(c)) continue;
    if (c.count <= 0) continue;
    f.count += c.count;
    f.low += c.low;
    f.abs += c.abs;
    f.accounts.add(c.account);
    if (c.flow === 'income') {
      incomeIn += c.in;
      incomeOut += c.out;
    } else if (c.flow === 'internal_transfer') {
      f.internalIn += c.in;
      f.internalOut += c.out;
      internalRowsIn += rowsIn(c);
      internalRowsOut += rowsOut(c);
      internalRows += c.count;
    } else if (isExpenseFlowType(c.flow)) {
      expenseIn += c.in;
      expenseOut += c.out;
    } else {
      unclassifiedIn += c.in;
      unclassifiedOut += c.out;
      f.unclassifiedRowsIn += rowsIn(c);
      f.unclassifiedRowsOut += rowsOut(c);
    }
    const flow = f.byFlow[c.flow] ?? { count: 0, abs: 0, total: 0 };
    flow.count += c.count;
    flow.abs += c.abs;
    flow.total +=
      c.flow === 'income' ? c.in - c.out : isExpenseFlowType(c.flow) ? c.out - c.in : c.in + c.out;
    f.byFlow[c.flow] = flow;
  }
  f.internal = Math.max(f.internalIn, f.internalOut);
  f.transfers = Math.max(internalRowsIn, internalRowsOut);
  if (f.byFlow.internal_transfer) f.byFlow.internal_transfer.total = f.internal;
  f.income = incomeIn - incomeOut + unclassifiedIn;
  f.expenses = expenseOut - expenseIn + unclassifiedOut;
  f.unclassifiedIn = unclassifiedIn;
  f.unclassifiedOut = unclassifiedOut;
  f.moneyIn = f.income;
  f.moneyOut = f.expenses;
  f.movements = f.count - internalRows + f.transfers;
  return f;
}

/** The figures of rows (each row its own cell). */
export function figuresOfRows(rows: Iterable<FigureRow>, keep?: (row: FigureRow) => boolean): Figures {
  const cells: RollupCell[] = [];
  for (const row of rows) if (!keep || keep(row)) cells.push(cellOfRow(row));
  return sumCells(cells);
}

/** Net: money in − money out, in pence. */
export const netOf = (f: Pick<Figures, 'income' | 'expenses'>): number => f.income - f.expenses;

/** Overall direction confidence from the count of low-confidence rows (overallConfidence's rule, spec 3 §5). */
export function figuresConfidence(f: Pick<Figures, 'count' | 'low'>): ConfidenceLevel {
  if (f.low === 0) return 'high';
  return f.low / f.count > LOW_CONFIDENCE_SHARE ? 'low' : 'medium';
}

/** Activity: what the rows moved, each transfer once (income and expenses net, unclassified both ways). */
export const activityOf = (f: Pick<Figures, 'byFlow'>): number =>
  Object.values(f.byFlow).reduce((n, v) => n + (v?.total ?? 0), 0);
