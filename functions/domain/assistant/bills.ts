import { weekday } from '../bank-holidays';
import type { CalendarEntry, MonthEndForecast } from '../bills-forecast';
import { addDays } from '../dates';
import type { RegularSeries } from '../recurring';
import type { AssistantResult } from './queries';

/**
 * The assistant's answers about bills, from the same functions as Bills & Regular Payments (../recurring.ts,
 * ../bills-forecast.ts): what is due this week, what subscriptions cost a year, and whether the current
 * accounts end the month in credit. Sums in whole pence, given in pounds.
 */

const pence = (pounds: number) => Math.round(pounds * 100);

/** Today to the Sunday of its week (both included): "this week" for bills still to come. */
export function restOfWeek(today: string): { start: string; end: string; label: string } {
  return { start: today, end: addDays(today, (7 - weekday(today)) % 7), label: 'this week' };
}

/** The payments due from today to the end of the week, from the calendar. */
export function billsDueResult(calendar: readonly CalendarEntry[], today: string): AssistantResult {
  const period = restOfWeek(today);
  const due = calendar.filter((e) => e.kind === 'payment' && e.date >= period.start && e.date <= period.end);
  const total = due.reduce((n, e) => n + pence(Math.abs(e.amount)), 0);
  return {
    intent: 'bills_due',
    period,
    figures: { total: total / 100, count: due.length },
    breakdown: due.map((e) => ({ label: `${e.payee} on ${e.date}`, total: Math.abs(e.amount), count: 1 })),
    transactions: [],
    transaction_count: due.length,
  };
}

/** A subscription: a regular payment in Entertainment & Subscriptions (streaming, gaming, gyms), not ended. */
export function isSubscription(s: Pick<RegularSeries, 'kind' | 'category_id' | 'status'>): boolean {
  return (
    s.kind === 'payment' && s.status !== 'ended' && (s.category_id ?? '').split('.')[0] === 'entertainment'
  );
}

/** What the family's subscriptions cost a year, each and in all. */
export function subscriptionsResult(series: readonly RegularSeries[]): AssistantResult {
  const subs = series.filter(isSubscription).sort((a, b) => b.yearly_cost - a.yearly_cost);
  const yearly = subs.reduce((n, s) => n + pence(s.yearly_cost), 0);
  return {
    intent: 'subscriptions_cost',
    period: null,
    figures: { yearly: yearly / 100, monthly: Math.round(yearly / 12) / 100, count: subs.length },
    breakdown: subs.map((s) => ({ label: s.payee, total: s.yearly_cost, count: s.occurrences })),
    transactions: [],
    transaction_count: subs.length,
  };
}

/** The month-end forecast as an answer: the expected balance, its range, and what it rests on. */
export function forecastResult(forecast: MonthEndForecast, today: string): AssistantResult {
  return {
    intent: 'month_end_forecast',
    period: { start: today, end: forecast.month_end, label: 'the end of the month' },
    subject: forecast.note,
    figures: {
      expected: forecast.expected,
      low: forecast.low,
      high: forecast.high,
      balance: forecast.balance,
      expected_in: forecast.expected_in,
      expected_out: forecast.expected_out,
      in_credit: forecast.in_credit === null ? -1 : forecast.in_credit ? 1 : 0,
    },
    breakdown: [],
    transactions: [],
    transaction_count: forecast.accounts.length,
  };
}
