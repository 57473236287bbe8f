import { dateParts, endOfMonth, makeDate } from './dates';
import { flowDirection, LOW_CONFIDENCE_SHARE } from './flow-direction';
import { effectiveFlowType, isExpenseFlowType } from './flow-types';
import { toPence } from './money';
import {
  comparisonDataQuality,
  type PeriodStats,
  type PeriodSummary,
  periodSummaryQuality,
  type StatsTransaction,
} from './periods';
import { merchantOf } from './spending';
import type { ConfidenceLevel, EffectiveFlowType, Period } from './types';

/**
 * Monthly roll-ups: what the insight screens read instead of the rows (spec 3 §2.1, §2.2, §3 period stats).
 *
 * A month's roll-up is built from that month's rows alone, so it can always be rebuilt and never needs to be
 * incremented. It holds one cell per day, account and effective flow type with the figures every statistic
 * is made of: the row count, the count of rows whose direction is only inferred (low confidence, spec 3 §5),
 * the sum of amount magnitudes (period stats' rule), and money in and out by direction. `totals` are the
 * same cells summed over the month (day = the month), so a screen that covers whole months reads only them.
 *
 * Sums are whole pence. Figures computed from cells equal periodStats / periodSummary over the same rows
 * (tests/unit/domain/rollups.test.ts checks it on random rows and periods).
 *
 * A cell is keyed by (day, account, flow); a further breakdown (a category, say) would add its own key to the
 * cell and leave every figure here unchanged, since these sum cells whatever their keys.
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
}

/** A month's income from one payer into one account (the assistant's income sources read these). */
export interface PayerCell {
  account: string;
  /** The payer as the statement names it (merchantOf: the merchant name, else the description). */
  payer: string;
  count: number;
  /** Sum of amount magnitudes, in pence. */
  pence: number;
}

export interface MonthRollup {
  /** 'YYYY-MM' */
  month: string;
  count: number;
  first: string | null;
  last: string | null;
  cells: RollupCell[];
  totals: RollupCell[];
  /** The month's income by account and payer; absent on a roll-up stored before payers were kept. */
  payers?: PayerCell[];
}

/** A row as a roll-up reads it: the period figures' fields, and the words that name an income's payer. */
export type RollupRow = StatsTransaction & {
  description?: string | null;
  merchant_name?: string | null;
};

/** 'YYYY-MM' of a 'YYYY-MM-DD' date. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** First and last day of a 'YYYY-MM' month. */
export function monthBounds(month: string): { start: string; end: string } {
  const { year, month: m } = dateParts(`${month}-01`);
  return { start: makeDate(year, m, 1), end: endOfMonth(year, m) };
}

/** Every 'YYYY-MM' from `from` to `to`, both included (empty when from is after to). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let { year, month } = dateParts(`${from.slice(0, 7)}-01`);
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 12 * 200; guard++) {
    const m = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (m > last) break;
    out.push(m);
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return out;
}

/** The magnitude a row adds to period totals: |amount|, else |signed_amount| (periodStats' rule). */
function magnitude(row: RollupRow): number {
  return Math.abs(Number.isFinite(row.amount) ? row.amount : (row.signed_amount ?? 0));
}

const cellKey = (c: Pick<RollupCell, 'day' | 'account' | 'flow'>) =>
  `${c.day}\u0000${c.account}\u0000${c.flow}`;

function addInto(
  map: Map<string, RollupCell>,
  key: Omit<RollupCell, 'count' | 'low' | 'abs' | 'in' | 'out'>,
  f: Omit<RollupCell, 'day' | 'account' | 'flow'>,
) {
  const k = cellKey(key);
  const c = map.get(k);
  if (c) {
    c.count += f.count;
    c.low += f.low;
    c.abs += f.abs;
    c.in += f.in;
    c.out += f.out;
  } else
    map.set(k, {
      day: key.day,
      account: key.account,
      flow: key.flow,
      count: f.count,
      low: f.low,
      abs: f.abs,
      in: f.in,
      out: f.out,
    });
}

const byKey = (a: RollupCell, b: RollupCell) =>
  a.day.localeCompare(b.day) || a.account.localeCompare(b.account) || a.flow.localeCompare(b.flow);

/** Month totals of day cells: the same cells with day = the month. */
export function monthTotals(month: string, cells: readonly RollupCell[]): RollupCell[] {
  const map = new Map<string, RollupCell>();
  for (const c of cells) addInto(map, { day: month, account: c.account, flow: c.flow }, c);
  return [...map.values()].sort(byKey);
}

/** The roll-up of one month from that month's rows (rows of other months are ignored). */
export function buildMonthRollup(month: string, rows: readonly RollupRow[]): MonthRollup {
  const map = new Map<string, RollupCell>();
  let first: string | null = null;
  let last: string | null = null;
  let count = 0;
  for (const row of rows) {
    const day = row.transaction_date.slice(0, 10);
    if (monthOf(day) !== month) continue;
    count++;
    if (first === null || day < first) first = day;
    if (last === null || day > last) last = day;
    const direction = flowDirection(row);
    const signed = toPence(direction.signedAmount);
    addInto(
      map,
      { day, account: row.account_id, flow: effectiveFlowType(row) },
      {
        count: 1,
        low: direction.confidence === 'low' ? 1 : 0,
        abs: toPence(magnitude(row)),
        in: Math.max(signed, 0),
        out: signed < 0 ? -signed : 0,
      },
    );
  }
  const cells = [...map.values()].sort(byKey);
  return {
    month,
    count,
    first,
    last,
    cells,
    totals: monthTotals(month, cells),
    payers: payersOf(month, rows),
  };
}

/** The month's income rows summed by account and payer, in a stable order. */
export function payersOf(month: string, rows: readonly RollupRow[]): PayerCell[] {
  const map = new Map<string, PayerCell>();
  for (const row of rows) {
    if (monthOf(row.transaction_date) !== month || effectiveFlowType(row) !== 'income') continue;
    const payer = merchantOf({
      merchant_name: row.merchant_name ?? null,
      description: row.description ?? '',
    });
    const key = `${row.account_id}\u0000${payer}`;
    const cell = map.get(key) ?? { account: row.account_id, payer, count: 0, pence: 0 };
    cell.count++;
    cell.pence += toPence(magnitude(row));
    map.set(key, cell);
  }
  return [...map.values()].sort(
    (a, b) => a.account.localeCompare(b.account) || a.payer.localeCompare(b.payer),
  );
}

/** Roll-ups of every month that has rows, by month. */
export function buildRollups(rows: readonly RollupRow[]): Map<string, MonthRollup> {
  const byMonth = new Map<string, RollupRow[]>();
  for (const row of rows) {
    const m = monthOf(row.transaction_date);
    const list = byMonth.get(m) ?? [];
    list.push(row);
    byMonth.set(m, list);
  }
  return new Map(
    [...byMonth.keys()].sort().map((m) => [m, buildMonthRollup(m, byMonth.get(m) ?? [])] as const),
  );
}

/** What a month's roll-up gives a period: its totals when the period covers the whole month, else its cells. */
export type MonthPart = Pick<MonthRollup, 'month'> & Partial<Pick<MonthRollup, 'cells' | 'totals'>>;

/** True when the period covers the whole month (its totals are enough). */
export function coversMonth(period: Pick<Period, 'start' | 'end'>, month: string): boolean {
  const { start, end } = monthBounds(month);
  return period.start <= start && period.end >= end;
}

/** The cells of a period: whole months' totals, and the day cells of partly covered months within it. */
export function periodCells(
  months: readonly MonthPart[],
  period: Pick<Period, 'start' | 'end'>,
): RollupCell[] {
  const out: RollupCell[] = [];
  for (const m of months) {
    const { start, end } = monthBounds(m.month);
    if (end < period.start || start > period.end) continue;
    if (coversMonth(period, m.month) && m.totals) out.push(...m.totals);
    else if (m.cells) {
      for (const c of m.cells) if (c.day >= period.start && c.day <= period.end) out.push(c);
    } else if (m.totals) {
      throw new Error(`The roll-up of ${m.month} was read without its day cells`);
    }
  }
  return out;
}

/** Sums of cells, in pence, with the accounts they cover. */
export interface Figures {
  count: number;
  low: number;
  abs: number;
  income: number;
  expenses: number;
  internal: number;
  /** Money in and out by direction, internal transfers left out (spec 3 §2.1). */
  moneyIn: number;
  moneyOut: number;
  byFlow: Partial<Record<EffectiveFlowType, { count: number; abs: number }>>;
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
    moneyIn: 0,
    moneyOut: 0,
    byFlow: {},
    accounts: new Set(),
  };
}

/** Sum the cells `keep` accepts (all by default). */
export function sumCells(cells: readonly RollupCell[], keep?: (c: RollupCell) => boolean): Figures {
  const f = emptyFigures();
  for (const c of cells) {
    if (keep && !keep(c)) continue;
    if (c.count <= 0) continue;
    f.count += c.count;
    f.low += c.low;
    f.abs += c.abs;
    f.accounts.add(c.account);
    if (c.flow === 'income') f.income += c.abs;
    else if (c.flow === 'internal_transfer') f.internal += c.abs;
    else if (isExpenseFlowType(c.flow)) f.expenses += c.abs;
    if (c.flow !== 'internal_transfer') {
      f.moneyIn += c.in;
      f.moneyOut += c.out;
    }
    const flow = f.byFlow[c.flow] ?? { count: 0, abs: 0 };
    flow.count += c.count;
    flow.abs += c.abs;
    f.byFlow[c.flow] = flow;
  }
  return f;
}

const pounds = (pence: number) => pence / 100;

/** Overall direction confidence from the count of low-confidence rows (overallConfidence's rule, spec 3 §5). */
export function figuresConfidence(f: Pick<Figures, 'count' | 'low'>): ConfidenceLevel {
  if (f.low === 0) return 'high';
  return f.low / f.count > LOW_CONFIDENCE_SHARE ? 'low' : 'medium';
}

/** Period statistics (periods.ts periodStats) from summed figures. */
export function statsFromFigures(f: Figures): PeriodStats {
  const confidence = figuresConfidence(f);
  return {
    totalIncome: pounds(f.income),
    totalExpenses: pounds(f.expenses),
    totalInternalTransfers: pounds(f.internal),
    netFlow: pounds(f.income - f.expenses),
    transactionCount: f.count,
    avgTransactionSize: f.count ? Math.round(f.abs / f.count) / 100 : 0,
    dataQuality: comparisonDataQuality(f.count, confidence),
    confidence,
  };
}

/** Period summary (periods.ts periodSummary) from summed figures. */
export function summaryFromFigures(f: Figures): PeriodSummary {
  const stats = statsFromFigures(f);
  const accountsActive = f.accounts.size;
  const q = periodSummaryQuality({
    transactionCount: stats.transactionCount,
    confidence: stats.confidence,
    accountsActive,
  });
  return { ...stats, accountsActive, summaryQuality: q.quality, qualityMessage: q.message };
}

/** Money in, money out (internal transfers left out, by direction) and the net position, in pounds. */
export function positionFromFigures(f: Figures): {
  moneyIn: number;
  moneyOut: number;
  internalMovement: number;
  net: number;
  transactionCount: number;
  confidence: ConfidenceLevel;
} {
  return {
    moneyIn: pounds(f.moneyIn),
    moneyOut: pounds(f.moneyOut),
    internalMovement: pounds(f.internal),
    net: pounds(f.moneyIn - f.moneyOut),
    transactionCount: f.count,
    confidence: figuresConfidence(f),
  };
}
