import { DEFAULT_TIME_ZONE, localDate, toEpochDay } from './dates';

/**
 * Account freshness (spec 3 §4.4 and §9 staleness thresholds).
 */

export type FreshnessStatus = 'excellent' | 'good' | 'warning' | 'critical';

export interface StalenessThresholds {
  warning: number;
  critical: number;
}

/** Days since the last transaction before warning / critical, per account type (spec 3 §9). */
export const STALENESS_THRESHOLDS: Readonly<Record<string, StalenessThresholds>> = {
  current: { warning: 7, critical: 21 },
  credit: { warning: 14, critical: 45 },
  savings: { warning: 30, critical: 90 },
  isa: { warning: 60, critical: 120 },
  investment: { warning: 60, critical: 120 },
};
export const DEFAULT_STALENESS: StalenessThresholds = { warning: 14, critical: 30 };
export const EXCELLENT_WITHIN_DAYS = 3;

/** Thresholds of an account type; the default 14/30 for others (mortgage, unknown). */
export function stalenessThresholds(accountType: string | null | undefined): StalenessThresholds {
  return (accountType && STALENESS_THRESHOLDS[accountType]) || DEFAULT_STALENESS;
}

export interface AccountFreshness {
  status: FreshnessStatus;
  daysSinceLastTransaction: number | null;
  message: string | null;
  action: string | null;
}

/**
 * Freshness of one account (spec 3 §4.4) by days since its last transaction (the family's "today" from
 * `now`): none → warning 'No transactions found' / 'Upload your first bank statement'; up to 3 days →
 * excellent 'Recent activity'; up to the warning threshold → good; up to the critical threshold → warning
 * 'Consider uploading recent statements'; above → critical 'Upload recent bank statements'.
 */
export function accountFreshness(
  account: { account_type?: string | null; last_transaction_date?: string | null },
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): AccountFreshness {
  const last = account.last_transaction_date ? toEpochDay(account.last_transaction_date) : Number.NaN;
  if (Number.isNaN(last)) {
    return {
      status: 'warning',
      daysSinceLastTransaction: null,
      message: 'No transactions found',
      action: 'Upload your first bank statement',
    };
  }
  const days = Math.max(0, toEpochDay(localDate(now, timeZone)) - last);
  const t = stalenessThresholds(account.account_type);
  if (days <= EXCELLENT_WITHIN_DAYS)
    return { status: 'excellent', daysSinceLastTransaction: days, message: 'Recent activity', action: null };
  if (days <= t.warning)
    return { status: 'good', daysSinceLastTransaction: days, message: null, action: null };
  if (days <= t.critical) {
    return {
      status: 'warning',
      daysSinceLastTransaction: days,
      message: 'Consider uploading recent statements',
      action: 'Consider uploading recent statements',
    };
  }
  return {
    status: 'critical',
    daysSinceLastTransaction: days,
    message: 'Upload recent bank statements',
    action: 'Upload recent bank statements',
  };
}

export const DEFAULT_FAMILY_FRESHNESS_LABEL = 'All accounts have recent activity';

const accounts = (n: number) => (n === 1 ? '1 account' : `${n} accounts`);

/**
 * The family's overall freshness (spec 3 §4.4): critical if any account is critical ('N accounts need urgent
 * attention'), else warning if any is in warning ('N accounts could use updates'), else good ('All accounts
 * have reasonable activity'). When every account is excellent, or there are none, the default label 'All
 * accounts have recent activity' is used. N = 1 reads '1 account needs urgent attention' / '1 account could
 * use updates'.
 */
export function familyFreshness(results: readonly Pick<AccountFreshness, 'status'>[]): {
  status: 'good' | 'warning' | 'critical';
  message: string;
} {
  const critical = results.filter((r) => r.status === 'critical').length;
  if (critical > 0)
    return {
      status: 'critical',
      message: `${accounts(critical)} ${critical === 1 ? 'needs' : 'need'} urgent attention`,
    };
  const warning = results.filter((r) => r.status === 'warning').length;
  if (warning > 0) return { status: 'warning', message: `${accounts(warning)} could use updates` };
  if (results.every((r) => r.status === 'excellent'))
    return { status: 'good', message: DEFAULT_FAMILY_FRESHNESS_LABEL };
  return { status: 'good', message: 'All accounts have reasonable activity' };
}

export const NO_ACCOUNTS_MESSAGES = {
  title: 'No accounts configured yet.',
  hint: 'Add accounts to see data quality insights.',
} as const;
