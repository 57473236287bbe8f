import { dateParts, endOfMonth, makeDate } from './dates';
import { cellOfRow, type Figures, figuresConfidence, magnitude, netOf, type RollupCell } from './figures';
import { effectiveFlowType } from './flow-types';
import { toPence } from './money';
import type { StatsTransaction } from './periods';
import { merchantOf } from './spending';
import type { ConfidenceLevel, Period } from './types';

export {
  emptyFigures,
  type Figures,
  figuresConfidence,
  type RollupCell,
  sumCells,
} from './figures';
export { statsFromFigures, summaryFromFigures } from './periods';

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

const cellKey = (c: Pick<RollupCell, 'day' | 'account' | 'flow'>) =>
  `${c.day}\u0000${c.account}\u0000${c.flow}`;

function addInto(
  map: Map<string, RollupCell>,
  key: Pick<RollupCell, 'day' | 'account' | 'flow'>,
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
    if (c.nIn !== undefined || f.nIn !== undefined) c.nIn = (c.nIn ?? 0) + (f.nIn ?? 0);
    if (c.nOut !== undefined || f.nOut !== undefined) c.nOut = (c.nOut ?? 0) + (f.nOut ?? 0);
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
      ...(f.nIn !== undefined ? { nIn: f.nIn } : {}),
      ...(f.nOut !== undefined ? { nOut: f.nOut } : {}),
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
    const { day: _d, account: _a, flow: _f, ...figures } = cellOfRow(row);
    addInto(map, { day, account: row.account_id, flow: effectiveFlowType(row) }, figures);
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

/**
 * A month's roll-up with rows added to it: equal to `buildMonthRollup` over the rows it was built from and
 * the added ones together (every figure is a sum of whole pence or counts, first and last a min and a max).
 * Null when the stored roll-up predates a field a recomputation gives (cells without rows in and out, no
 * payers): only a recomputation from the rows can give those.
 */
export function addToMonthRollup(base: MonthRollup, rows: readonly RollupRow[]): MonthRollup | null {
  if (!base.payers || base.cells.some((c) => c.nIn === undefined || c.nOut === undefined)) return null;
  const month = base.month;
  const map = new Map<string, RollupCell>();
  for (const c of base.cells) addInto(map, c, c);
  let { first, last, count } = base;
  for (const row of rows) {
    const day = row.transaction_date.slice(0, 10);
    if (monthOf(day) !== month) continue;
    count++;
    if (first === null || day < first) first = day;
    if (last === null || day > last) last = day;
    const { day: _d, account: _a, flow: _f, ...figures } = cellOfRow(row);
    addInto(map, { day, account: row.account_id, flow: effectiveFlowType(row) }, figures);
  }
  const payers = new Map(base.payers.map((p) => [`${p.account}\u0000${p.payer}`, { ...p }]));
  for (const p of payersOf(month, rows)) {
    const key = `${p.account}\u0000${p.payer}`;
    const known = payers.get(key);
    if (known) {
      known.count += p.count;
      known.pence += p.pence;
    } else payers.set(key, p);
  }
  const cells = [...map.values()].sort(byKey);
  return {
    month,
    count,
    first,
    last,
    cells,
    totals: monthTotals(month, cells),
    payers: [...payers.values()].sort(
      (a, b) => a.account.localeCompare(b.account) || a.payer.localeCompare(b.payer),
    ),
  };
}

/** An empty month's roll-up (what a month without rows adds to). */
export function emptyMonthRollup(month: string): MonthRollup {
  return { month, count: 0, first: null, last: null, cells: [], totals: [], payers: [] };
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

const pounds = (pence: number) => pence / 100;

/** Money in, money out, moved between own accounts (each transfer once) and the net, in pounds (./figures.ts). */
export function positionFromFigures(f: Figures): {
  moneyIn: number;
  moneyOut: number;
  internalMovement: number;
  net: number;
  transfers: number;
  transactionCount: number;
  confidence: ConfidenceLevel;
} {
  return {
    moneyIn: pounds(f.moneyIn),
    moneyOut: pounds(f.moneyOut),
    internalMovement: pounds(f.internal),
    net: pounds(netOf(f)),
    transfers: f.transfers,
    transactionCount: f.count,
    confidence: figuresConfidence(f),
  };
}
