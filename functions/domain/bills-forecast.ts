import { addDays, dateParts, endOfMonth, makeDate } from './dates';
import { formatDateMedium } from './format';
import { expectedDates, type RegularKind, type RegularSeries } from './recurring';

/**
 * What is due, and where the month ends: the calendar of the coming days and the month-end forecast of the
 * current accounts, both from the regular series (./recurring.ts) and each account's latest balance as its
 * rows print it. Every figure here is a sum of the series' own amounts in whole pence.
 */

/** An account's balance as of its latest row that prints one. */
export interface AccountBalance {
  account_id: string;
  balance: number;
  as_of: string;
}

export interface BalanceRow {
  account_id: string;
  transaction_date: string;
  balance?: number | null;
  /** The row's place in its statement: the later row of a day is the later balance. */
  position?: number | null;
}

/** Each account's latest printed balance: the last row of its latest day (by statement position). */
export function latestBalances(rows: readonly BalanceRow[]): AccountBalance[] {
  const best = new Map<string, BalanceRow>();
  for (const r of rows) {
    if (typeof r.balance !== 'number' || !Number.isFinite(r.balance)) continue;
    const current = best.get(r.account_id);
    if (
      !current ||
      r.transaction_date > current.transaction_date ||
      (r.transaction_date === current.transaction_date && (r.position ?? 0) > (current.position ?? 0))
    )
      best.set(r.account_id, r);
  }
  return [...best.values()]
    .map((r) => ({
      account_id: r.account_id,
      balance: r.balance as number,
      as_of: r.transaction_date.slice(0, 10),
    }))
    .sort((a, b) => a.account_id.localeCompare(b.account_id));
}

/**
 * The first day from which an account's latest balance is taken for what lies ahead: the first of the
 * previous month, so a statement of last month or this month. A balance older than that (no statement since)
 * would carry every expected item of the months between as if each had happened as usual: the calendar shows
 * no balance for it, and the forecast leaves the account out and says so.
 */
export function balancesCountFrom(today: string): string {
  const { year, month } = dateParts(today);
  return makeDate(year, month - 1, 1);
}

/** The balances recent enough to project from (see balancesCountFrom). */
export function recentBalances(balances: readonly AccountBalance[], today: string): AccountBalance[] {
  const from = balancesCountFrom(today);
  return balances.filter((b) => b.as_of >= from);
}

const pence = (pounds: number) => Math.round(pounds * 100);
const pounds = (p: number) => p / 100;
/** Money out of the account is negative. */
const sign = (kind: RegularKind) => (kind === 'income' ? 1 : -1);

export interface CalendarEntry {
  date: string;
  series_id: string;
  payee: string;
  kind: RegularKind;
  account_id: string;
  /** Signed pounds: money in positive. */
  amount: number;
  min_amount: number;
  max_amount: number;
  /** The account's balance after this day's expected items, from its latest balance; null without one. */
  balance_after: number | null;
  /** True when that balance falls below zero. */
  shortfall: boolean;
}

/**
 * The expected items from `today` to `today + days - 1`, by date, each with its account's projected balance
 * after it: the latest balance plus every expected item since that balance's date.
 */
export function billsCalendar(
  series: readonly RegularSeries[],
  balances: readonly AccountBalance[],
  today: string,
  days = 30,
): CalendarEntry[] {
  const last = addDays(today, days - 1);
  const recent = recentBalances(balances, today);
  const byAccount = new Map(recent.map((b) => [b.account_id, b]));
  const items: Array<Omit<CalendarEntry, 'balance_after' | 'shortfall'> & { signedPence: number }> = [];
  for (const s of series) {
    if (s.status === 'ended') continue;
    const since = byAccount.get(s.account_id)?.as_of;
    const from = since && since < today ? addDays(since, 1) : today;
    for (const date of expectedDates(s, from, last))
      items.push({
        date,
        series_id: s.id,
        payee: s.payee,
        kind: s.kind,
        account_id: s.account_id,
        amount: pounds(sign(s.kind) * pence(s.usual_amount)),
        min_amount: s.min_amount,
        max_amount: s.max_amount,
        signedPence: sign(s.kind) * pence(s.usual_amount),
      });
  }
  // incomes first on a day: a salary and a bill on the same day leave the balance where both are taken
  items.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      b.signedPence - a.signedPence ||
      a.payee.localeCompare(b.payee) ||
      a.series_id.localeCompare(b.series_id),
  );
  const running = new Map(recent.map((b) => [b.account_id, pence(b.balance)]));
  const out: CalendarEntry[] = [];
  for (const { signedPence, ...item } of items) {
    const before = running.get(item.account_id);
    const after = before === undefined ? null : before + signedPence;
    if (after !== null) running.set(item.account_id, after);
    if (item.date < today) continue;
    out.push({
      ...item,
      balance_after: after === null ? null : pounds(after),
      shortfall: after !== null && after < 0,
    });
  }
  return out;
}

export interface ForecastAccount {
  id: string;
  name: string;
  account_type: string;
}

export interface MonthEndForecast {
  month_end: string;
  /** The current accounts with a balance, and the sum of those balances. */
  accounts: Array<{ account_id: string; name: string; balance: number; as_of: string }>;
  /** Current accounts without a printed balance, or none since balancesCountFrom: left out, and said so. */
  accounts_without_balance: string[];
  balance: number;
  expected_in: number;
  expected_out: number;
  /** balance + expected_in − expected_out, at the usual amounts. */
  expected: number;
  /** The range when amounts vary: every income at its lowest and payment at its highest, and the reverse. */
  low: number;
  high: number;
  /** expected ≥ 0; null when no current account has a balance. */
  in_credit: boolean | null;
  payments: number;
  incomes: number;
  savings: number;
  /** What the forecast rests on, in plain words. */
  note: string;
}

function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : day % 10 === 1 ? 'st' : day % 10 === 2 ? 'nd' : day % 10 === 3 ? 'rd' : 'th';
  return `${day}${suffix}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The balance of the family's current accounts at the end of the month of `today`: their latest balances,
 * plus the incomes and less the payments and savings plans expected after each balance's date up to the
 * month's last day. Ended series count nothing.
 */
export function monthEndForecast(
  series: readonly RegularSeries[],
  accounts: readonly ForecastAccount[],
  balances: readonly AccountBalance[],
  today: string,
): MonthEndForecast {
  const { year, month } = dateParts(today);
  const monthEnd = endOfMonth(year, month);
  const current = accounts.filter((a) => a.account_type === 'current');
  const byAccount = new Map(recentBalances(balances, today).map((b) => [b.account_id, b]));
  const withBalance = new Set(balances.map((b) => b.account_id));
  const counted = current.filter((a) => byAccount.has(a.id));
  const stale = current.filter((a) => !byAccount.has(a.id) && withBalance.has(a.id)).length;
  const countedIds = new Set(counted.map((a) => a.id));
  let balance = 0;
  for (const a of counted) balance += pence(byAccount.get(a.id)?.balance ?? 0);
  let expectedIn = 0;
  let expectedOut = 0;
  let low = balance;
  let high = balance;
  const used = { payment: new Set<string>(), income: new Set<string>(), savings: new Set<string>() };
  const incomeDays: Array<{ series: RegularSeries; dates: string[] }> = [];
  for (const s of series) {
    if (!countedIds.has(s.account_id) || s.status === 'ended') continue;
    const since = byAccount.get(s.account_id)?.as_of ?? today;
    const dates = expectedDates(s, addDays(since, 1), monthEnd);
    if (!dates.length) continue;
    used[s.kind].add(s.id);
    const n = dates.length;
    if (s.kind === 'income') {
      expectedIn += n * pence(s.usual_amount);
      low += n * pence(s.min_amount);
      high += n * pence(s.max_amount);
      incomeDays.push({ series: s, dates });
    } else {
      expectedOut += n * pence(s.usual_amount);
      low -= n * pence(s.max_amount);
      high -= n * pence(s.min_amount);
    }
  }
  const expected = balance + expectedIn - expectedOut;
  return {
    month_end: monthEnd,
    accounts: counted.map((a) => {
      const b = byAccount.get(a.id) as AccountBalance;
      return { account_id: a.id, name: a.name, balance: b.balance, as_of: b.as_of };
    }),
    accounts_without_balance: current.filter((a) => !countedIds.has(a.id)).map((a) => a.name),
    balance: pounds(balance),
    expected_in: pounds(expectedIn),
    expected_out: pounds(expectedOut),
    expected: pounds(expected),
    low: pounds(Math.min(low, expected)),
    high: pounds(Math.max(high, expected)),
    in_credit: counted.length ? expected >= 0 : null,
    payments: used.payment.size,
    incomes: used.income.size,
    savings: used.savings.size,
    note: forecastNote(counted, byAccount, used, incomeDays, {
      withoutBalance: current.length - counted.length - stale,
      stale,
      since: balancesCountFrom(today),
    }),
  };
}

function forecastNote(
  counted: readonly ForecastAccount[],
  byAccount: ReadonlyMap<string, AccountBalance>,
  used: Record<RegularKind, Set<string>>,
  incomes: ReadonlyArray<{ series: RegularSeries; dates: string[] }>,
  left: { withoutBalance: number; stale: number; since: string },
): string {
  const { withoutBalance, stale, since } = left;
  if (!counted.length)
    return stale
      ? `No current account has a statement since ${formatDateMedium(since)}: upload a recent current account statement to see where the month ends.`
      : 'No current account has a statement balance yet: upload a current account statement.';
  const latest = counted
    .map((a) => byAccount.get(a.id)?.as_of ?? '')
    .sort()
    .at(-1) as string;
  const parts = [plural(used.payment.size, 'regular payment')];
  if (used.savings.size) parts.push(plural(used.savings.size, 'savings plan'));
  const incomeWords = incomes.map(({ series, dates }) => {
    const days = [...new Set(dates.map((d) => ordinal(Number(d.slice(8, 10)))))].join(' and ');
    return `${series.salary ? 'your salary' : `${series.payee}`} on the ${days}`;
  });
  const rested = [...parts, ...incomeWords];
  const list = rested.length > 1 ? `${rested.slice(0, -1).join(', ')} and ${rested.at(-1)}` : rested[0];
  return (
    `Based on ${list}, from the latest ${counted.length === 1 ? 'balance' : 'balances'} of ${plural(counted.length, 'current account')} (statements to ${formatDateMedium(latest)}).` +
    (withoutBalance
      ? ` ${plural(withoutBalance, 'current account')} without a statement balance ${withoutBalance === 1 ? 'is' : 'are'} left out.`
      : '') +
    (stale
      ? ` ${plural(stale, 'current account')} with no statement since ${formatDateMedium(since)} ${stale === 1 ? 'is' : 'are'} left out.`
      : '')
  );
}

/** The calendar items from `from` to `to` (both included): the week's bills for the assistant. */
export function dueBetween(
  entries: readonly CalendarEntry[],
  from: string,
  to: string,
  kinds: readonly RegularKind[] = ['payment'],
) {
  return entries.filter((e) => e.date >= from && e.date <= to && kinds.includes(e.kind));
}
