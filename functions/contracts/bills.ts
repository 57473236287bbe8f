import * as z from 'zod/mini';
import { CHANNELS, DECISION_STATUSES, FREQUENCIES, SERIES_STATUSES } from '../domain/recurring-terms';
import { lazy } from './lazy';

/**
 * Bills & Regular Payments (GET /api/bills, PUT /api/bills/decisions): the regular payments, incomes and
 * savings plans found from the family's rows, the calendar of the coming 30 days against each account's
 * latest balance, and the month-end forecast of the current accounts. Shared by the handlers and the SPA.
 */

export const BILLS_MESSAGES = {
  series: 'Choose a regular payment',
  notFound: 'That regular payment was not found. It may have changed since the page loaded: reload it.',
  status: `status is one of ${DECISION_STATUSES.join(', ')}, or null to undo`,
  name: 'A name is 1 to 80 characters',
  category: 'This category does not exist. Choose one from the list.',
  nothing: 'Say what to change: a status, a name or a category',
} as const;

const KINDS = ['payment', 'income', 'savings'] as const;

export const scheduleSchema = lazy(() =>
  z.union([
    z.object({
      unit: z.literal('month'),
      every: z.number(),
      day: z.number(),
      last_nominal: z.string(),
      skip_months: z.array(z.number()),
    }),
    z.object({ unit: z.literal('day'), every: z.number(), last_nominal: z.string() }),
  ]),
);

export const regularSeriesSchema = lazy(() =>
  z.object({
    id: z.string(),
    kind: z.enum(KINDS),
    payee: z.string(),
    detected_payee: z.string(),
    account_id: z.string(),
    category_id: z.nullable(z.string()),
    channel: z.enum(CHANNELS),
    frequency: z.enum(FREQUENCIES),
    usual_amount: z.number(),
    min_amount: z.number(),
    max_amount: z.number(),
    fixed: z.boolean(),
    last_date: z.string(),
    last_amount: z.number(),
    next_date: z.nullable(z.string()),
    occurrences: z.number(),
    yearly_cost: z.number(),
    status: z.enum(SERIES_STATUSES),
    missed_date: z.nullable(z.string()),
    unusual: z.nullable(z.object({ date: z.string(), amount: z.number(), usual: z.number() })),
    note: z.nullable(z.string()),
    instalments: z.nullable(z.number()),
    confirmed: z.boolean(),
    salary: z.boolean(),
    schedule: scheduleSchema,
    transaction_ids: z.array(z.string()),
  }),
);
export type RegularSeriesDto = z.infer<typeof regularSeriesSchema>;

export const calendarEntrySchema = lazy(() =>
  z.object({
    date: z.string(),
    series_id: z.string(),
    payee: z.string(),
    kind: z.enum(KINDS),
    account_id: z.string(),
    amount: z.number(),
    min_amount: z.number(),
    max_amount: z.number(),
    balance_after: z.nullable(z.number()),
    shortfall: z.boolean(),
  }),
);
export type CalendarEntryDto = z.infer<typeof calendarEntrySchema>;

export const forecastSchema = lazy(() =>
  z.object({
    month_end: z.string(),
    accounts: z.array(
      z.object({ account_id: z.string(), name: z.string(), balance: z.number(), as_of: z.string() }),
    ),
    accounts_without_balance: z.array(z.string()),
    balance: z.number(),
    expected_in: z.number(),
    expected_out: z.number(),
    expected: z.number(),
    low: z.number(),
    high: z.number(),
    in_credit: z.nullable(z.boolean()),
    payments: z.number(),
    incomes: z.number(),
    savings: z.number(),
    note: z.string(),
  }),
);
export type ForecastDto = z.infer<typeof forecastSchema>;

export const billsResponseSchema = lazy(() =>
  z.object({
    today: z.string(),
    /** The rows the detection read: from this date to the latest. */
    history_from: z.string(),
    transactions_read: z.number(),
    payments: z.array(regularSeriesSchema),
    incomes: z.array(regularSeriesSchema),
    savings: z.array(regularSeriesSchema),
    /** Series the family marked 'not regular' (shown apart, so the decision can be undone). */
    dismissed: z.array(regularSeriesSchema),
    yearly: z.object({ payments: z.number(), incomes: z.number(), savings: z.number() }),
    accounts: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        account_type: z.string(),
        balance: z.nullable(z.number()),
        balance_as_of: z.nullable(z.string()),
      }),
    ),
    calendar: z.array(calendarEntrySchema),
    forecast: forecastSchema,
  }),
);
export type BillsResponse = z.infer<typeof billsResponseSchema>;

/**
 * PUT /api/bills/decisions: what the family says about one series. Each field given replaces the last
 * decision's; null clears it (the detection's own value again). The series is named by the id GET gave.
 */
export const billDecisionSchema = lazy(() =>
  z
    .object({
      series_id: z
        .string()
        .check(z.minLength(1, BILLS_MESSAGES.series), z.maxLength(300, BILLS_MESSAGES.series)),
      status: z.optional(z.nullable(z.enum(DECISION_STATUSES, BILLS_MESSAGES.status))),
      name: z.optional(
        z.nullable(
          z
            .string()
            .check(z.trim(), z.minLength(1, BILLS_MESSAGES.name), z.maxLength(80, BILLS_MESSAGES.name)),
        ),
      ),
      category_id: z.optional(
        z.nullable(
          z.string().check(z.minLength(1, BILLS_MESSAGES.category), z.maxLength(64, BILLS_MESSAGES.category)),
        ),
      ),
    })
    .check(
      z.refine((d) => d.status !== undefined || d.name !== undefined || d.category_id !== undefined, {
        message: BILLS_MESSAGES.nothing,
        path: ['status'],
      }),
    ),
);
export type BillDecisionRequest = z.infer<typeof billDecisionSchema>;

export const billDecisionResultSchema = lazy(() =>
  z.object({
    decision: z.object({
      series_id: z.string(),
      status: z.nullable(z.enum(DECISION_STATUSES)),
      name: z.nullable(z.string()),
      category_id: z.nullable(z.string()),
      updated_at: z.string(),
    }),
  }),
);
export type BillDecisionResult = z.infer<typeof billDecisionResultSchema>;
