import { describe, expect, it } from 'vitest';
import { FOLLOW_UPS, numbersHeld, templateAnswer } from '../../../functions/domain/assistant/answers';
import {
  billsDueResult,
  forecastResult,
  isSubscription,
  restOfWeek,
  subscriptionsResult,
} from '../../../functions/domain/assistant/bills';
import { mapQuestion } from '../../../functions/domain/assistant/intents';
import type { CalendarEntry, MonthEndForecast } from '../../../functions/domain/bills-forecast';
import type { RegularSeries } from '../../../functions/domain/recurring';

/** The assistant's bills questions: mapped to their intents, answered from the bills' own figures. */
const today = '2026-03-11'; // a Wednesday

describe('the bills questions map to their intents', () => {
  it.each([
    ['What bills are due this week?', 'bills_due'],
    ['Which direct debits are coming up?', 'bills_due'],
    ['Any regular payments going out soon', 'bills_due'],
    ['How much do we spend on subscriptions a year?', 'subscriptions_cost'],
    ['What do our subscriptions cost?', 'subscriptions_cost'],
    ['Will we be in credit at the end of the month?', 'month_end_forecast'],
    ['will I be overdrawn', 'month_end_forecast'],
    ['What will our balance be at month end?', 'month_end_forecast'],
  ])('%s → %s', (question, kind) => {
    expect(mapQuestion(question, today).kind).toBe(kind);
  });

  it('leaves the other questions to their own intents', () => {
    expect(mapQuestion('How much did we spend on streaming?', today).kind).not.toBe('subscriptions_cost');
    expect(mapQuestion('Are we in the red this month?', today).kind).toBe('net_income');
    expect(mapQuestion('How much did we pay in bills last month?', today).kind).not.toBe('bills_due');
  });
});

const entry = (
  date: string,
  payee: string,
  amount: number,
  kind: CalendarEntry['kind'] = 'payment',
): CalendarEntry => ({
  date,
  series_id: payee,
  payee,
  kind,
  account_id: 'a',
  amount,
  min_amount: Math.abs(amount),
  max_amount: Math.abs(amount),
  balance_after: null,
  shortfall: false,
});

describe('what is due this week', () => {
  it('runs from today to Sunday', () => {
    expect(restOfWeek(today)).toEqual({ start: '2026-03-11', end: '2026-03-15', label: 'this week' });
    expect(restOfWeek('2026-03-15').end).toBe('2026-03-15');
  });

  it('lists the payments due, not incomes or later ones', () => {
    const r = billsDueResult(
      [
        entry('2026-03-12', 'British Gas', -96),
        entry('2026-03-13', 'Salary', 2400, 'income'),
        entry('2026-03-15', 'Netflix', -10.99),
        entry('2026-03-16', 'Rent', -900),
      ],
      today,
    );
    expect(r.figures).toEqual({ total: 106.99, count: 2 });
    const text = templateAnswer(r);
    expect(text).toBe(
      '2 bills are due this week (11/03/2026 to 15/03/2026), £106.99 in all: British Gas £96.00 on 12/03/2026, Netflix £10.99 on 15/03/2026.',
    );
    expect(numbersHeld(text, r)).toBe(true);
    expect(templateAnswer(billsDueResult([entry('2026-03-12', 'Gas', -96)], today))).toMatch(
      /^1 bill is due/,
    );
    expect(templateAnswer(billsDueResult([], today))).toBe(
      'No regular bills are due this week (11/03/2026 to 15/03/2026).',
    );
    expect(templateAnswer({ ...billsDueResult([], today), period: null })).toBe(
      'No regular bills are due this week.',
    );
    expect(FOLLOW_UPS.bills_due).toHaveLength(3);
  });
});

const series = (payee: string, category: string | null, yearly: number, extra: Partial<RegularSeries> = {}) =>
  ({
    payee,
    kind: 'payment',
    category_id: category,
    status: 'active',
    yearly_cost: yearly,
    occurrences: 12,
    ...extra,
  }) as RegularSeries;

describe('subscriptions a year', () => {
  it('adds the streaming, gaming and gym payments that have not ended', () => {
    const list = [
      series('Netflix', 'entertainment.streaming', 155.88),
      series('PureGym', 'entertainment.fitness', 299.88),
      series('British Gas', 'bills.energy', 1152),
      series('Spotify', 'entertainment.streaming', 0, { status: 'ended' }),
      series('Pocket money', null, 520),
    ];
    expect(list.filter(isSubscription).map((s) => s.payee)).toEqual(['Netflix', 'PureGym']);
    const r = subscriptionsResult(list);
    expect(r.figures).toEqual({ yearly: 455.76, monthly: 37.98, count: 2 });
    const text = templateAnswer(r);
    expect(text).toBe(
      'Your 2 subscriptions cost £455.76 a year (£37.98 a month): PureGym £299.88, Netflix £155.88.',
    );
    expect(numbersHeld(text, r)).toBe(true);
    expect(templateAnswer(subscriptionsResult([]))).toMatch(/^I found no regular subscriptions/);
  });
});

describe('the month end', () => {
  const forecast: MonthEndForecast = {
    month_end: '2026-03-31',
    accounts: [{ account_id: 'a', name: 'Joint', balance: 300, as_of: '2026-03-10' }],
    accounts_without_balance: [],
    balance: 300,
    expected_in: 2400,
    expected_out: 996,
    expected: 1704,
    low: 1650,
    high: 1704,
    in_credit: true,
    payments: 2,
    incomes: 1,
    savings: 0,
    note: 'Based on 2 regular payments and your salary on the 25th, from the latest balance of 1 current account (statements to 10 Mar 2026).',
  };

  it('says yes or no, with the range and what it rests on', () => {
    const yes = forecastResult(forecast, today);
    const text = templateAnswer(yes);
    expect(text).toBe(
      `Yes: your current accounts are expected to end the month in credit, at £1,704.00 (between £1,650.00 and £1,704.00). ${forecast.note}`,
    );
    expect(numbersHeld(text, yes)).toBe(true);
    const no = forecastResult({ ...forecast, expected: -80, low: -80, high: -80, in_credit: false }, today);
    expect(templateAnswer(no)).toMatch(
      /^No: your current accounts are expected to end the month overdrawn, at -£80\.00\. Based/,
    );
    const unknown = forecastResult(
      { ...forecast, in_credit: null, note: 'No current account has a statement balance yet.' },
      today,
    );
    expect(templateAnswer(unknown)).toBe('No current account has a statement balance yet.');
    expect(templateAnswer({ ...unknown, subject: undefined })).toBe('');
  });
});
