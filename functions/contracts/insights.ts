import * as z from 'zod/mini';
import type { AccountFreshness } from '../domain/freshness';
import type { PercentageChange } from '../domain/percentage-change';
import type { PeriodStats, PeriodSummary, QuickPeriodKey } from '../domain/periods';
import type {
  AccountType,
  AvailableDataRange,
  ConfidenceLevel,
  DataQuality,
  EffectiveFlowType,
} from '../domain/types';
import { calendarDate } from './dates';
import { lazy } from './lazy';

/**
 * The insight screens' API (spec 3 §2.1 Family Overview, §2.2 Account Types, §3 period stats): every figure
 * is read from the monthly roll-ups, never from a scan of the rows. Shared by the handlers and the SPA.
 */
export const QUICK_PERIOD_KEYS = [
  'this_month',
  'last_month',
  'this_quarter',
  'last_quarter',
  'this_year',
  'last_year',
  'all_time',
] as const satisfies readonly QuickPeriodKey[];

export const INSIGHTS_MESSAGES = {
  period: `period is one of ${QUICK_PERIOD_KEYS.join(', ')}`,
  date: 'Dates are written YYYY-MM-DD',
  range: 'The start date (from) is after the end date (to)',
  both: 'Give both from and to, or a period',
  tooLong: 'A period is at most 100 years long',
} as const;

const isoDate = lazy(() => calendarDate(INSIGHTS_MESSAGES.date));

/** GET /api/insights/overview?period: a quick period (default: the latest one with data, This Month first). */
export const overviewQuerySchema = lazy(() =>
  z.object({
    period: z.optional(z.enum(QUICK_PERIOD_KEYS, INSIGHTS_MESSAGES.period)),
  }),
);
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

/**
 * GET /api/insights/period-stats?period or ?from&to: one period's summary, the previous equal-length period's
 * stats and their comparison.
 */
export const periodStatsQuerySchema = lazy(() =>
  z
    .object({
      period: z.optional(z.enum(QUICK_PERIOD_KEYS, INSIGHTS_MESSAGES.period)),
      from: z.optional(isoDate),
      to: z.optional(isoDate),
    })
    .check(
      z.refine((q) => (q.from === undefined) === (q.to === undefined), {
        message: INSIGHTS_MESSAGES.both,
        path: ['from'],
      }),
      z.refine((q) => !q.from || !q.to || q.from <= q.to, {
        message: INSIGHTS_MESSAGES.range,
        path: ['from'],
      }),
    ),
);
export type PeriodStatsQuery = z.infer<typeof periodStatsQuerySchema>;

export interface PeriodRef {
  key: QuickPeriodKey | 'custom';
  label: string;
  start: string;
  end: string;
}

/** A quick period in the selector with its data-quality dot and note (spec 3 §4.5 selector marker). */
export interface PeriodOption extends PeriodRef {
  quality: DataQuality;
  message: string | null;
}

export interface Comparison {
  income: PercentageChange;
  expenses: PercentageChange;
  netFlow: PercentageChange;
  transactions: PercentageChange;
  /** Both periods have fewer than 3 transactions (spec 3 §8). */
  insufficient: boolean;
  /** 'Comparison includes periods with limited transaction data…' or null. */
  warning: string | null;
}

export interface PeriodStatsResponse {
  period: PeriodRef;
  previous: PeriodRef;
  summary: PeriodSummary;
  previous_stats: PeriodStats;
  comparison: Comparison;
  /** 'in / out / net' in whole pounds. */
  quick_summary: string;
}

/** The true financial position of a period: money in and out by direction, internal transfers apart. */
export interface Position {
  money_in: number;
  money_out: number;
  /** Moved between own accounts, each transfer once. */
  internal_movement: number;
  /** Transfers between own accounts, each once. */
  transfers: number;
  net: number;
  transaction_count: number;
  /** Confidence of the directions (spec 3 §5). */
  confidence: ConfidenceLevel;
  /**
   * "You're ahead this month" / "You're behind this month" (or the selected period's); 'No transactions found
   * for this period' when it has none.
   */
  text: string;
}

export interface MonthPoint {
  month: string;
  money_in: number;
  money_out: number;
  net: number;
  /** The running net over the months shown (the net position over time). */
  cumulative: number;
}

export interface AccountQuality extends AccountFreshness {
  account_id: string;
  name: string;
  account_type: AccountType;
  last_transaction_date: string | null;
}

export interface DataQualityOverview {
  accounts: AccountQuality[];
  family: { status: 'good' | 'warning' | 'critical'; message: string };
  recommended_actions: string[];
}

export interface OverviewResponse extends PeriodStatsResponse {
  /** When the family's data last changed: its latest statement upload (ISO), or null. */
  last_updated: string | null;
  range: AvailableDataRange;
  range_note: string;
  periods: PeriodOption[];
  position: Position;
  connected_accounts: number;
  /** Every transaction of the family's accounts (all time). */
  transactions_processed: number;
  /** Money in and out by month: the twelve months up to the period's end. */
  months: MonthPoint[];
  data_quality: DataQualityOverview;
}

export interface FlowShare {
  flow: EffectiveFlowType;
  label: string;
  total: number;
  count: number;
  /** Share of the type's activity, 0–100 with 1 decimal. */
  share: number;
}

/**
 * The Account Types page's tabs (spec 3 §2.2) and the account types each gathers: ISAs & Investments holds
 * both isa and investment accounts.
 */
export const ACCOUNT_TYPE_TABS = {
  current: ['current'],
  savings: ['savings'],
  credit: ['credit'],
  isa: ['isa', 'investment'],
  mortgage: ['mortgage'],
} as const satisfies Record<string, readonly AccountType[]>;
export type AccountTypeTab = keyof typeof ACCOUNT_TYPE_TABS;

export interface AccountTypeStats {
  type: AccountTypeTab;
  account_ids: string[];
  account_count: number;
  transaction_count: number;
  /** Sum of amount magnitudes over the window. */
  total_activity: number;
  average_transaction: number;
  /** Last 30 days against the 30 before, percent with 1 decimal (spec 3 §9). */
  monthly_trend: number;
  /** Top 5 flow types by activity (spec 3 §2.2 Transaction Categories). */
  categories: FlowShare[];
}

/** GET /api/insights/account-types: each tab's figures over the 12 months up to the latest transaction. */
export interface AccountTypesResponse {
  window: { start: string; end: string };
  types: AccountTypeStats[];
}

/**
 * The responses as the SPA checks them: the shape's landmarks (the server builds every field from the types
 * above; the SPA refuses an answer that is not one of these at all).
 */
const hasKeys =
  <T>(...names: string[]) =>
  (value: unknown): value is T =>
    typeof value === 'object' && value !== null && names.every((n) => n in value);

export const periodStatsResponseSchema = lazy(() =>
  z.custom<PeriodStatsResponse>(
    hasKeys('period', 'previous', 'summary', 'previous_stats', 'comparison', 'quick_summary'),
  ),
);
export const overviewResponseSchema = lazy(() =>
  z.custom<OverviewResponse>(
    hasKeys('period', 'summary', 'comparison', 'position', 'periods', 'months', 'data_quality', 'range'),
  ),
);
export const accountTypesResponseSchema = lazy(() =>
  z.custom<AccountTypesResponse>(hasKeys('window', 'types')),
);
