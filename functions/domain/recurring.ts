import { isWorkingDay, nextWorkingDay, previousWorkingDay } from './bank-holidays';
import { dictionaryMerchant, withoutTypeCode } from './category-rules';
import { addDays, daysBetween, fromEpochDay, makeDate, toEpochDay } from './dates';
import { effectiveFlowType, isExpenseFlowType } from './flow-types';
import { formatDateMedium, formatMoney } from './format';
import { extractMerchantName, leadingTypeCode, tradingText } from './merchant-name';
import { normaliseDescription } from './merchants';
import type { Channel, DecisionStatus, Frequency, SeriesStatus } from './recurring-terms';
import type { Transaction } from './types';

/**
 * Regular payments, incomes and savings plans, found from a family's rows: the bills and subscriptions that
 * go out on a steady rhythm, the salaries and benefits that come in, and the standing transfers to the
 * family's own savings (shown apart, never as bills).
 *
 * How a series is found:
 *  - Rows are grouped by account, direction and payee. The payee is the merchant name after the payment-type
 *    code, normalised ('DD BRITISH GAS 8812' and 'BRITISH GAS DD' are both British Gas); a name the merchant
 *    dictionary knows keeps the dictionary's name, so 'SKY DIGITAL' and 'SKY MOBILE' stay two payees.
 *  - A group is regular when its dates keep a steady rhythm: weekly, fortnightly, four-weekly (a fixed number
 *    of days) or monthly, quarterly, yearly (a day of the month). A date that falls on a weekend or a bank
 *    holiday in England and Wales may move to the working day before or after it (./bank-holidays.ts), and a
 *    day either side is allowed for processing (two for card payments, which post a day or two late).
 *    At least 80% of the rows must fit the rhythm, and 75% of the steps between them must be one period (a
 *    missed month is tolerated). Council tax in ten instalments skips February and March.
 *  - Its amount is fixed, or moves within a band from one payment to the next: 35% for direct debits,
 *    standing orders and incomes (energy on a variable direct debit, a salary with overtime), 25% for card
 *    and other payments, where a steady amount is what tells a subscription from a habit.
 *  - Direct debits and standing orders weigh more: they need fewer occurrences (two quarterly payments) and
 *    their looser band.
 *  - When a payee's rows as a whole keep no rhythm (a subscription and one-off purchases at the same shop),
 *    its rows are split by amount and each part tried on its own.
 *
 * What is said about a series: its usual amount (the median of the last three payments, so a price rise is
 * followed), its range over the last year, the next expected date (moved to a working day: after it for
 * payments, before it for incomes, as banks do), its yearly cost, whether the last payment was unusually
 * large ('British Gas took £142, usually £96'), and whether an expected payment is missing from the
 * statements the family uploaded (missed once: 'missed'; twice or more: 'ended', a cancelled subscription).
 * A payment is only called missing where the account's rows cover its date.
 *
 * The family's decisions (confirm, rename, category, not regular, ended) win over detection: applyDecisions.
 */

export type RegularKind = 'payment' | 'income' | 'savings';
export {
  CHANNELS,
  type Channel,
  DECISION_STATUSES,
  type DecisionStatus,
  FREQUENCIES,
  type Frequency,
  SERIES_STATUSES,
  type SeriesStatus,
} from './recurring-terms';

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  four_weekly: 'Every 4 weeks',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

/** Occurrences a year of each frequency. */
export const PER_YEAR: Record<Frequency, number> = {
  weekly: 52,
  fortnightly: 26,
  four_weekly: 13,
  monthly: 12,
  quarterly: 4,
  yearly: 1,
};

/** The fields detection reads from a row. */
export type RecurringRow = Pick<
  Transaction,
  | 'id'
  | 'account_id'
  | 'transaction_date'
  | 'amount'
  | 'description'
  | 'signed_amount'
  | 'type'
  | 'flow_type'
  | 'user_corrected_flow_type'
  | 'category_id'
  | 'subcategory_id'
  | 'merchant_name'
>;

/** When the next payments fall: a day of the month every `every` months, or every `every` days. */
export type Schedule =
  | { unit: 'month'; every: number; day: number; last_nominal: string; skip_months: number[] }
  | { unit: 'day'; every: number; last_nominal: string };

export interface RegularSeries {
  /** Stable across uploads: kind, account and payee (and the amount's part when a payee was split). */
  id: string;
  kind: RegularKind;
  /** The name shown: the family's own name for it, else the detected payee. */
  payee: string;
  detected_payee: string;
  account_id: string;
  /** The category (the most specific id the rows carry, or the family's choice); null when none. */
  category_id: string | null;
  channel: Channel;
  frequency: Frequency;
  /** Pounds, positive: the median of the last three payments. */
  usual_amount: number;
  /** The range of the payments of the last year (the usual amount when it never varies). */
  min_amount: number;
  max_amount: number;
  fixed: boolean;
  last_date: string;
  last_amount: number;
  /** The next expected date, moved to a working day; null once ended. */
  next_date: string | null;
  occurrences: number;
  /** Pounds a year at the usual amount (0 once ended). Council tax counts its instalments. */
  yearly_cost: number;
  status: SeriesStatus;
  /** The expected date found missing (status 'missed'), else null. */
  missed_date: string | null;
  /** The last payment when it was unusually large against the ones before it. */
  unusual: { date: string; amount: number; usual: number } | null;
  /** A plain sentence about a missed or unusual payment, or an ending. */
  note: string | null;
  /** 10 for council tax paid in ten instalments; null otherwise. */
  instalments: number | null;
  /** The family confirmed it (a decision); detection alone leaves it false. */
  confirmed: boolean;
  /** Income that reads as pay (SALARY, WAGES, PAYROLL): the forecast's note calls it 'your salary'. */
  salary: boolean;
  schedule: Schedule;
  /** The rows it was found from, oldest first. */
  transaction_ids: string[];
}

const DIRECT_DEBIT = /\b(?:DIRECT DEBIT|DIRECTDEBIT)\b|(?:^|\s)(?:DD|D\/D)(?:\s|$)/;
const STANDING_ORDER = /\b(?:STANDING ORDER|STO)\b|(?:^|\s)(?:SO|S\/O)(?:\s|$)/;
const CARD =
  /\b(?:CARD PAYMENT|CARD PURCHASE|CONTACTLESS|DEBIT CARD|VIS|VISA|POS|CPT|APPLE PAY|GOOGLE PAY)\b|\){3}/;
const SALARY = /\b(?:SALARY|SALARIES|SAL|WAGES?|PAYROLL|PAYE|NET PAY)\b/;
const COUNCIL = /\b(?:COUNCIL|BOROUGH|CTAX|C TAX|COUNCIL TAX)\b/;

/** How a row was paid, from its payment-type code or its words. */
export function channelOf(description: string): Channel {
  const code = leadingTypeCode(description)?.code;
  if (code === 'DD' || code === 'D/D') return 'direct_debit';
  if (code === 'SO' || code === 'S/O' || code === 'STO') return 'standing_order';
  if (code === 'VIS' || code === 'POS' || code === 'CPT' || code === ')))' || code === 'C/L') return 'card';
  const text = description.toUpperCase();
  if (DIRECT_DEBIT.test(text)) return 'direct_debit';
  if (STANDING_ORDER.test(text)) return 'standing_order';
  if (CARD.test(text)) return 'card';
  return 'other';
}

const PAY_WORDS = new Set(['SALARY', 'SALARIES', 'SAL', 'WAGES', 'WAGE', 'PAYROLL', 'PAY', 'NET', 'PAYE']);
const COMPANY = new Set(['LTD', 'LIMITED', 'PLC', 'LLP']);

/** 'Acme LTD Salary' → 'Acme': an employer's name without the pay and company words after it. */
function withoutPayWords(name: string | null): string | null {
  if (!name) return name;
  const words = name.split(' ');
  while (
    words.length > 1 &&
    (PAY_WORDS.has(words.at(-1)?.toUpperCase() ?? '') || COMPANY.has(words.at(-1)?.toUpperCase() ?? ''))
  )
    words.pop();
  return words.join(' ');
}

const payeeCache = new Map<string, { name: string; key: string }>();

/**
 * The payee of a row: the merchant name after the payment-type code, by the dictionary's name when it knows
 * it, else the cleaned trading name; `key` is its normalised form (upper case words) that groups rows.
 */
export function payeeOf(description: string): { name: string; key: string } {
  const cached = payeeCache.get(description);
  if (cached) return cached;
  const text = withoutTypeCode(tradingText(description));
  const name =
    dictionaryMerchant(text)?.name ??
    withoutPayWords(extractMerchantName(text)) ??
    (normaliseDescription(text).split(' ').slice(0, 3).join(' ') || description.trim());
  const payee = { name, key: normaliseDescription(name) || name };
  if (payeeCache.size > 200_000) payeeCache.clear();
  payeeCache.set(description, payee);
  return payee;
}

const named = new Map<string, { name: string; key: string }>();
function payeeNamed(name: string): { name: string; key: string } {
  let payee = named.get(name);
  if (!payee) {
    payee = { name, key: normaliseDescription(name) || name };
    named.set(name, payee);
  }
  return payee;
}

/** Signed amount in pence: money in positive. */
function signedPence(r: RecurringRow): number {
  const amount = Math.round(Math.abs(Number.isFinite(r.amount) ? r.amount : 0) * 100);
  if (typeof r.signed_amount === 'number' && Number.isFinite(r.signed_amount))
    return Math.round(r.signed_amount * 100);
  if (r.type === 'credit') return amount;
  if (r.type === 'debit') return -amount;
  const flow = effectiveFlowType(r);
  return flow === 'income' ? amount : isExpenseFlowType(flow) ? -amount : 0;
}

/** What a row can be part of: a payment (money out), an income (money in) or a savings plan; else null. */
export function kindOf(r: RecurringRow): RegularKind | null {
  return kindOfSigned(r, signedPence(r));
}

/** kindOf, given the row's signed amount in pence. */
function kindOfSigned(r: RecurringRow, signed: number): RegularKind | null {
  if (signed === 0) return null;
  const flow = effectiveFlowType(r);
  if (flow === 'internal_transfer') return signed < 0 ? 'savings' : null;
  if (flow === 'income') return signed > 0 ? 'income' : null;
  if (isExpenseFlowType(flow)) return signed < 0 ? 'payment' : null;
  return signed < 0 ? 'payment' : 'income';
}

interface Point {
  row: RecurringRow;
  day: number;
  /** Months since year 0 of the row's date. */
  month: number;
  date: string;
  pence: number;
}

// ── fitting a rhythm ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The working days around a day number: the day itself when it is one, else the working days before and
 * after it. Cached: fitting compares thousands of rows with the same few hundred nominal dates.
 */
const around = new Map<number, readonly [number, number]>();
function workingAround(n: number): readonly [number, number] {
  let found = around.get(n);
  if (!found) {
    const date = fromEpochDay(n);
    found = isWorkingDay(date)
      ? [n, n]
      : [toEpochDay(previousWorkingDay(date)), toEpochDay(nextWorkingDay(date))];
    if (around.size > 200_000) around.clear();
    around.set(n, found);
  }
  return found;
}

/** The day number a nominal day number is expected on (see expectedOn). */
function expectedDay(n: number, kind: RegularKind): number {
  const [before, after] = workingAround(n);
  return kind === 'income' ? before : after;
}

/** The days a payment due on day `n` may appear: its working-day neighbours, and `slack` days either side. */
function fits(day: number, n: number, slack: number): boolean {
  if (Math.abs(day - n) <= slack) return true;
  const [before, after] = workingAround(n);
  return day >= before - slack && day <= after + slack;
}

interface Fit {
  frequency: Frequency;
  /** Per point: its nominal date's period index (months since year 0, or periods since the anchor), or null. */
  periods: Array<number | null>;
  nominals: Array<number | null>;
  fitted: number;
  good: number;
  steps: number;
  residual: number;
  schedule:
    | { unit: 'month'; every: number; day: number; skip_months: number[] }
    | { unit: 'day'; every: number };
  instalments: number | null;
}

const MONTHLY: ReadonlyArray<[Frequency, number]> = [
  ['monthly', 1],
  ['quarterly', 3],
  ['yearly', 12],
];
const DAILY: ReadonlyArray<[Frequency, number]> = [
  ['weekly', 7],
  ['fortnightly', 14],
  ['four_weekly', 28],
];

function monthIndex(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/** monthIndex of a date already checked as YYYY-MM-DD (toEpochDay), read from its digits. */
function monthIndexOf(date: string): number {
  const year =
    (date.charCodeAt(0) - 48) * 1000 +
    (date.charCodeAt(1) - 48) * 100 +
    (date.charCodeAt(2) - 48) * 10 +
    (date.charCodeAt(3) - 48);
  return year * 12 + (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48) - 1;
}

const nominalDays = new Map<number, number>();
/** nominalOf as a day number (cached). */
function nominalDay(m: number, day: number): number {
  const key = m * 32 + day;
  let n = nominalDays.get(key);
  if (n === undefined) {
    n = toEpochDay(nominalOf(m, day));
    nominalDays.set(key, n);
  }
  return n;
}

/** The nominal date of day `day` in month index `m` (the month's last day when it is shorter). */
function nominalOf(m: number, day: number): string {
  const year = Math.floor(m / 12);
  const month = (m % 12) + 1;
  const last = Number(makeDate(year, month + 1, 0).slice(8, 10));
  return makeDate(year, month, Math.min(day, last));
}

/** A steady step: one period, or (ten instalments) January to April. */
function stepOk(from: number, to: number, every: number, tenInstalments: boolean): boolean {
  if (to - from === every) return true;
  return tenInstalments && every === 1 && to - from === 3 && from % 12 === 0;
}

function fitMonths(
  points: readonly Point[],
  frequency: Frequency,
  every: number,
  slack: number,
  council: boolean,
  kind: RegularKind,
): Fit {
  // the nominal day is among the days the rows fall on most often (a moved date falls elsewhere)
  const counts = new Map<number, number>();
  for (const p of points) {
    const d = Number(p.date.slice(8, 10));
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  const days = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 6)
    .map(([d]) => d);
  let best: Fit | null = null;
  for (const day of days) {
    const periods: Array<number | null> = [];
    const nominals: Array<number | null> = [];
    let fitted = 0;
    let residual = 0;
    for (const p of points) {
      const m = p.month;
      let chosen: { m: number; nominal: number; gap: number } | null = null;
      for (const candidate of [m - 1, m, m + 1]) {
        const nominal = nominalDay(candidate, day);
        const gap = Math.abs(p.day - expectedDay(nominal, kind));
        if (fits(p.day, nominal, slack) && (!chosen || gap < chosen.gap))
          chosen = { m: candidate, nominal, gap };
      }
      periods.push(chosen?.m ?? null);
      nominals.push(chosen?.nominal ?? null);
      if (chosen) {
        fitted++;
        residual += chosen.gap;
      }
    }
    const fit = steps(points, periods, nominals, frequency, every, council, fitted, residual);
    fit.schedule = { unit: 'month', every, day, skip_months: fit.instalments ? [1, 2] : [] };
    if (!best || better(fit, best)) best = fit;
  }
  return best as Fit;
}

function fitDays(
  points: readonly Point[],
  frequency: Frequency,
  every: number,
  slack: number,
  kind: RegularKind,
): Fit {
  let best: Fit | null = null;
  // anchors: the working-day points (a moved date is a poor anchor), about 8 of them spread out
  const anchors = points.filter((p) => isWorkingDay(p.date));
  const stride = Math.max(1, Math.floor(anchors.length / 8));
  for (let a = 0; a < anchors.length; a += stride) {
    const anchor = anchors[a] as Point;
    const periods: Array<number | null> = [];
    const nominals: Array<number | null> = [];
    let fitted = 0;
    let residual = 0;
    for (const p of points) {
      const n = Math.round((p.day - anchor.day) / every);
      const nominal = anchor.day + n * every;
      const ok = fits(p.day, nominal, slack);
      periods.push(ok ? n : null);
      nominals.push(ok ? nominal : null);
      if (ok) {
        fitted++;
        residual += Math.abs(p.day - expectedDay(nominal, kind));
      }
    }
    const fit = steps(points, periods, nominals, frequency, 1, false, fitted, residual);
    fit.schedule = { unit: 'day', every };
    if (!best || better(fit, best)) best = fit;
  }
  return (
    best ?? {
      frequency,
      periods: points.map(() => null),
      nominals: points.map(() => null),
      fitted: 0,
      good: 0,
      steps: 0,
      residual: 0,
      schedule: { unit: 'day', every },
      instalments: null,
    }
  );
}

function steps(
  points: readonly Point[],
  periods: Array<number | null>,
  nominals: Array<number | null>,
  frequency: Frequency,
  every: number,
  council: boolean,
  fitted: number,
  residual: number,
): Fit {
  let previous: number | null = null;
  let good = 0;
  let count = 0;
  let janToApr = 0;
  let febOrMar = 0;
  for (let i = 0; i < points.length; i++) {
    const period = periods[i];
    if (period === null || period === undefined) continue;
    if (every === 1 && frequency === 'monthly' && (period % 12 === 1 || period % 12 === 2)) febOrMar++;
    if (previous !== null) {
      count++;
      if (stepOk(previous, period, every, council)) good++;
      if (council && every === 1 && period - previous === 3 && previous % 12 === 0) janToApr++;
    }
    previous = period;
  }
  const instalments = council && frequency === 'monthly' && janToApr > 0 && febOrMar === 0 ? 10 : null;
  return {
    frequency,
    periods,
    nominals,
    fitted,
    good,
    steps: count,
    residual,
    schedule: { unit: 'day', every },
    instalments,
  };
}

/** The better of two fits: more rows on the rhythm, then more steady steps, then closer to their dates. */
function better(a: Fit, b: Fit): boolean {
  if (a.fitted !== b.fitted) return a.fitted > b.fitted;
  if (a.good !== b.good) return a.good > b.good;
  return a.residual < b.residual;
}

/** Gaps in days that one or two periods of some frequency make, with room for moved dates. */
const PERIOD_GAPS: ReadonlyArray<readonly [number, number]> = [
  [5, 9],
  [12, 16],
  [25, 35],
  [54, 66],
  [85, 97],
  [176, 190],
  [355, 375],
];

/**
 * A cheap necessary condition: at least half the gaps between consecutive rows look like one or two periods
 * of some frequency. Rows bought on no rhythm (most card purchases) fail it before any fitting.
 */
function rhythmic(points: readonly Point[]): boolean {
  let ok = 0;
  for (let i = 1; i < points.length; i++) {
    const gap = (points[i] as Point).day - (points[i - 1] as Point).day;
    if (PERIOD_GAPS.some(([lo, hi]) => gap >= lo && gap <= hi)) ok++;
  }
  return ok >= 0.5 * (points.length - 1);
}

/** The fewest occurrences that make a series of each frequency (direct debits and standing orders: fewer). */
function minimumOccurrences(frequency: Frequency, strong: boolean): number {
  if (frequency === 'yearly') return 2;
  if (frequency === 'quarterly') return strong ? 2 : 3;
  if (frequency === 'weekly') return 4;
  return 3;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
};

/** The amount band of direct debits, standing orders and incomes (card and other payments: 25%). */
const LOOSE_BAND = 0.35;

/** The share of steps from one payment to the next that stay within the band. */
function amountSteadiness(pence: readonly number[], band: number): number {
  if (pence.length < 2) return 1;
  let ok = 0;
  for (let i = 1; i < pence.length; i++) {
    const a = pence[i - 1] as number;
    const b = pence[i] as number;
    if (Math.abs(a - b) <= band * Math.max(a, b)) ok++;
  }
  return ok / (pence.length - 1);
}

/** amountSteadiness of the points' amounts (without copying them: most groups stop here). */
function pointsSteadiness(points: readonly Point[], band: number): number {
  if (points.length < 2) return 1;
  let ok = 0;
  for (let i = 1; i < points.length; i++) {
    const a = (points[i - 1] as Point).pence;
    const b = (points[i] as Point).pence;
    if (Math.abs(a - b) <= band * Math.max(a, b)) ok++;
  }
  return ok / (points.length - 1);
}

const pounds = (pence: number) => pence / 100;
const money = (amount: number) => formatMoney(amount, Number.isInteger(amount) ? 0 : 2);

/** The nominal date one schedule step after `nominal`. */
export function stepNominal(schedule: Schedule, nominal: string): string {
  if (schedule.unit === 'day') return addDays(nominal, schedule.every);
  let m = monthIndex(nominal) + schedule.every;
  while (schedule.skip_months.includes(m % 12)) m += schedule.every;
  return nominalOf(m, schedule.day);
}

/** The date a nominal date is expected on: the next working day for money out, the one before for money in. */
export function expectedOn(nominal: string, kind: RegularKind): string {
  return kind === 'income' ? previousWorkingDay(nominal) : nextWorkingDay(nominal);
}

export interface DetectOptions {
  /** The latest row date of each account: a payment is only missing where the account's rows cover it. */
  coverage?: ReadonlyMap<string, string>;
}

interface Group {
  kind: RegularKind;
  account_id: string;
  payee: { name: string; key: string };
  points: Point[];
}

/** The regular series among a family's rows, payments first by yearly cost, then incomes, then savings plans. */
export function detectRegular(rows: readonly RecurringRow[], options: DetectOptions = {}): RegularSeries[] {
  const groups = new Map<string, Group>();
  // groups by kind, account and payee key (nested maps: no key string is built per row)
  const index = new Map<string, Map<string, Group>>();
  const coverage = new Map(options.coverage ?? []);
  for (const row of rows) {
    const day = toEpochDay(row.transaction_date);
    if (Number.isNaN(day)) continue;
    const latest = coverage.get(row.account_id);
    if (!options.coverage && (!latest || row.transaction_date > latest))
      coverage.set(row.account_id, row.transaction_date);
    const signed = signedPence(row);
    const kind = kindOfSigned(row, signed);
    if (!kind) continue;
    // the merchant name the row was stored with is the same reading of its description (category-rules.ts)
    const payee = row.merchant_name ? payeeNamed(row.merchant_name) : payeeOf(row.description);
    const scope = `${kind}:${row.account_id}`;
    let byPayee = index.get(scope);
    if (!byPayee) {
      byPayee = new Map();
      index.set(scope, byPayee);
    }
    let group = byPayee.get(payee.key);
    if (!group) {
      group = { kind, account_id: row.account_id, payee, points: [] };
      byPayee.set(payee.key, group);
      groups.set(`${scope}:${payee.key}`, group);
    }
    const date =
      row.transaction_date.length === 10 ? row.transaction_date : row.transaction_date.slice(0, 10);
    group.points.push({ row, day, date, month: monthIndexOf(date), pence: Math.abs(signed) });
  }
  const found: RegularSeries[] = [];
  for (const [id, group] of groups) {
    if (group.points.length < 2) continue;
    group.points.sort((a, b) => a.day - b.day || a.pence - b.pence);
    const whole = seriesOf(id, group, group.points, coverage.get(group.account_id));
    if (whole) {
      found.push(whole);
      continue;
    }
    for (const part of amountParts(group.points)) {
      if (!rhythmic(part)) continue;
      const series = seriesOf(
        `${id}:${median(part.map((p) => p.pence))}`,
        group,
        part,
        coverage.get(group.account_id),
      );
      if (series) found.push(series);
    }
  }
  const order: Record<RegularKind, number> = { payment: 0, income: 1, savings: 2 };
  return found.sort(
    (a, b) =>
      order[a.kind] - order[b.kind] ||
      b.yearly_cost - a.yearly_cost ||
      a.payee.localeCompare(b.payee) ||
      a.id.localeCompare(b.id),
  );
}

/** A payee's rows split where the amount jumps by more than 15%: a subscription apart from one-off buys. */
function amountParts(points: readonly Point[]): Point[][] {
  const byAmount = points.slice().sort((a, b) => a.pence - b.pence);
  const parts: Point[][] = [];
  let current: Point[] = [];
  for (const p of byAmount) {
    const last = current.at(-1);
    if (last && p.pence > last.pence * 1.15 + 1) {
      parts.push(current);
      current = [];
    }
    current.push(p);
  }
  if (current.length) parts.push(current);
  return parts
    .filter((part) => part.length >= 2 && part.length < points.length)
    .map((part) => part.sort((a, b) => a.day - b.day));
}

function seriesOf(
  id: string,
  group: Group,
  points: readonly Point[],
  coverageEnd: string | undefined,
): RegularSeries | null {
  // Cheap screens first: amounts that jump about, or more rows than a rhythm of that period can hold in the
  // rows' span (at most one a period, and 80% of them on it), rule a rhythm out before any date is fitted.
  if (pointsSteadiness(points, LOOSE_BAND) < 0.6) return null;
  const span = (points.at(-1) as Point).day - (points[0] as Point).day;
  const possible = (days: number) => 0.8 * points.length <= span / (days * 0.9) + 1;
  if (!possible(7) || !rhythmic(points)) return null;
  const descriptions = points.map((p) => p.row.description);
  // how the payee is paid now: the latest rows' channel
  const channel = mostCommon(descriptions.slice(-12).map(channelOf)) ?? 'other';
  const strong = channel === 'direct_debit' || channel === 'standing_order';
  const council =
    group.kind === 'payment' &&
    (COUNCIL.test(group.payee.key) || points.some((p) => p.row.subcategory_id === 'bills.council_tax'));
  const slack = channel === 'card' ? 2 : 1;
  const band = strong || group.kind === 'income' ? LOOSE_BAND : 0.25;
  const fitsOf: Fit[] = [
    ...MONTHLY.filter(([, every]) => possible(every * 28)).map(([f, every]) =>
      fitMonths(points, f, every, slack, council, group.kind),
    ),
    ...DAILY.filter(([, every]) => possible(every)).map(([f, every]) =>
      fitDays(points, f, every, f === 'weekly' ? 1 : slack, group.kind),
    ),
  ];
  const accepted = fitsOf.filter(
    (f) =>
      f.fitted >= minimumOccurrences(f.frequency, strong) &&
      f.fitted >= 0.8 * points.length &&
      f.steps > 0 &&
      f.good >= 0.75 * f.steps &&
      // a rhythm must not hold two payments in one period
      new Set(f.periods.filter((p) => p !== null)).size === f.fitted,
  );
  // the longest period that explains the rows (a monthly series also fits no weekly one; ties: fewest misses)
  const fit = accepted.sort((a, b) => b.good / b.steps - a.good / a.steps || (better(a, b) ? -1 : 1))[0];
  if (!fit) return null;
  const onRhythm = points.filter((_, i) => fit.periods[i] !== null);
  const pence = onRhythm.map((p) => p.pence);
  if (amountSteadiness(pence, band) < 0.75) return null;

  const last = onRhythm.at(-1) as Point;
  const lastNominal = fromEpochDay(fit.nominals[points.indexOf(last)] as number);
  const schedule = { ...fit.schedule, last_nominal: lastNominal } as Schedule;
  const usualPence = median(pence.slice(-3));
  const yearAgo = last.day - 365;
  const recent = onRhythm.filter((p) => p.day > yearAgo).map((p) => p.pence);
  const before = pence.slice(-4, -1);
  const usualBefore = before.length ? median(before) : usualPence;
  const unusual =
    before.length >= 2 && last.pence > usualBefore * 1.25 && last.pence - usualBefore >= 500
      ? { date: last.date, amount: pounds(last.pence), usual: pounds(usualBefore) }
      : null;

  // expected dates after the last payment that the account's rows already cover, and the next one after them
  let nominal = stepNominal(schedule, lastNominal);
  let missed = 0;
  let missedDate: string | null = null;
  const end = coverageEnd ?? last.date;
  while (toEpochDay(expectedOn(nominal, group.kind)) + slack < toEpochDay(end)) {
    missed++;
    missedDate ??= expectedOn(nominal, group.kind);
    nominal = stepNominal(schedule, nominal);
  }
  const status: SeriesStatus = missed >= 2 ? 'ended' : missed === 1 ? 'missed' : 'active';
  const instalments = fit.instalments;
  const perYear = instalments ?? PER_YEAR[fit.frequency];
  const payee = group.payee.name;
  const verb = group.kind === 'income' ? 'paid' : 'took';
  const note =
    status === 'ended'
      ? `No payment ${group.kind === 'income' ? 'from' : 'to'} ${payee} since ${formatDateMedium(last.date)}: it looks ended`
      : status === 'missed' && missedDate
        ? `No payment ${group.kind === 'income' ? 'from' : 'to'} ${payee} on ${formatDateMedium(missedDate)} (usually ${money(pounds(usualPence))})`
        : unusual
          ? `${payee} ${verb} ${money(unusual.amount)}, usually ${money(unusual.usual)}`
          : null;
  const category = mostCommon(
    points.map((p) => p.row.subcategory_id ?? p.row.category_id ?? null).filter((c): c is string => !!c),
  );
  const min = Math.min(...recent);
  const max = Math.max(...recent);
  return {
    id,
    kind: group.kind,
    payee,
    detected_payee: payee,
    account_id: group.account_id,
    category_id: category ?? null,
    channel,
    frequency: fit.frequency,
    usual_amount: pounds(usualPence),
    min_amount: pounds(min),
    max_amount: pounds(max),
    fixed: min === max,
    last_date: last.date,
    last_amount: pounds(last.pence),
    next_date: status === 'ended' ? null : expectedOn(nominal, group.kind),
    occurrences: onRhythm.length,
    yearly_cost: status === 'ended' ? 0 : pounds(usualPence * perYear),
    status,
    missed_date: status === 'missed' ? missedDate : null,
    unusual,
    note,
    instalments,
    confirmed: false,
    salary: group.kind === 'income' && descriptions.some((d) => SALARY.test(normaliseDescription(d))),
    schedule: {
      ...schedule,
      last_nominal: status === 'ended' ? lastNominal : previousNominal(schedule, nominal),
    },
    transaction_ids: onRhythm.map((p) => p.row.id),
  };
}

/** The nominal date one step before `nominal` (the schedule's last nominal once missed ones are passed). */
function previousNominal(schedule: Schedule, nominal: string): string {
  if (schedule.unit === 'day') return addDays(nominal, -schedule.every);
  let m = monthIndex(nominal) - schedule.every;
  while (schedule.skip_months.includes(((m % 12) + 12) % 12)) m -= schedule.every;
  return nominalOf(m, schedule.day);
}

function mostCommon<T>(values: readonly T[]): T | undefined {
  const counts = new Map<T, number>();
  let best: T | undefined;
  let bestCount = 0;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestCount) {
      best = v;
      bestCount = n;
    }
  }
  return best;
}

/**
 * The expected dates of a series from `from` to `to` (both included), each moved to its working day; none
 * once ended. Council tax skips February and March.
 */
export function expectedDates(
  series: Pick<RegularSeries, 'schedule' | 'kind' | 'status'>,
  from: string,
  to: string,
): string[] {
  if (series.status === 'ended') return [];
  const out: string[] = [];
  let nominal = series.schedule.last_nominal;
  for (let guard = 0; guard < 1000; guard++) {
    nominal = stepNominal(series.schedule, nominal);
    const on = expectedOn(nominal, series.kind);
    if (on > to) break;
    if (on >= from) out.push(on);
  }
  return out;
}

// ── the family's decisions ───────────────────────────────────────────────────────────────────────────────

/** What the family said about a series; every field is optional and the latest save of each wins. */
export interface SeriesDecision {
  series_id: string;
  status?: DecisionStatus | null;
  name?: string | null;
  category_id?: string | null;
}

/**
 * The series as the family decided: a name and a category of their own; 'confirmed' marks it; 'ended' ends
 * it (no next date, no yearly cost); 'not_regular' takes it out of the list (returned apart, so it can be
 * undone). Detection never overrides a decision.
 */
export function applyDecisions(
  series: readonly RegularSeries[],
  decisions: readonly SeriesDecision[],
): { series: RegularSeries[]; dismissed: RegularSeries[] } {
  const byId = new Map(decisions.map((d) => [d.series_id, d]));
  const kept: RegularSeries[] = [];
  const dismissed: RegularSeries[] = [];
  for (const s of series) {
    const d = byId.get(s.id);
    if (!d) {
      kept.push(s);
      continue;
    }
    const named = d.name?.trim() ? d.name.trim() : s.payee;
    let out: RegularSeries = {
      ...s,
      payee: named,
      category_id: d.category_id ?? s.category_id,
      note: s.note && named !== s.payee ? s.note.split(s.payee).join(named) : s.note,
    };
    if (d.status === 'confirmed') out = { ...out, confirmed: true };
    if (d.status === 'ended')
      out = { ...out, status: 'ended', next_date: null, yearly_cost: 0, missed_date: null, note: null };
    if (d.status === 'not_regular') dismissed.push(out);
    else kept.push(out);
  }
  return { series: kept, dismissed };
}

/** Pounds a year of the active series of a kind (ended ones cost nothing). */
export function yearlyTotal(series: readonly RegularSeries[], kind: RegularKind = 'payment'): number {
  return pounds(
    series.filter((s) => s.kind === kind).reduce((n, s) => n + Math.round(s.yearly_cost * 100), 0),
  );
}

/** Whole days from a series' next date to `today` (negative: overdue). */
export function daysUntil(series: Pick<RegularSeries, 'next_date'>, today: string): number | null {
  return series.next_date ? daysBetween(today, series.next_date) : null;
}
