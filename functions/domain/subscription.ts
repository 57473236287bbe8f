import { DEFAULT_TIME_ZONE, localDate, toEpochDay } from './dates';
/**
 * Trial and subscription display logic (spec 1 §2 trial banners and sidebar panel, §3 subscription info,
 * §4 "Subscription and trial", §6, §9; spec 3 §6).
 */

export const TRIAL_DEFAULT_DAYS = 14;
export const TRIAL_URGENT_DAYS = 3;
export const TRIAL_PROGRESS_MIN_PERCENT = 5;
export const PRO_PLAN = { key: 'pro_monthly', price: 9.99, currency: 'GBP' } as const;
const DAY_MS = 86_400_000;

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Subscription info as the app reads it (spec 1 §3). */
export interface SubscriptionInfo {
  status: SubscriptionStatus;
  plan_type: string | null;
  is_team_member: boolean;
  is_early_adopter: boolean;
  trial_days_remaining: number | null;
  trial_total_days: number;
  has_access: boolean;
  should_initialize: boolean;
  show_3_day_warning: boolean;
  show_1_day_warning: boolean;
  show_expired_notice: boolean;
}

/** The stored subscription (matches the subscription repository's item). */
export interface SubscriptionRecord {
  status?: string | null;
  plan_type?: string | null;
  trial_started_at?: string | null;
  trial_ends_at?: string | null;
  trial_total_days?: number | null;
  is_team_member?: boolean | null;
  is_early_adopter?: boolean | null;
}

function instant(iso: string | null | undefined): number {
  if (!iso) return Number.NaN;
  return new Date(iso).getTime();
}

/**
 * Subscription info from the stored record at `now` (our counterpart of get_subscription_info):
 * - no record, or a trial with neither an end nor a start date → should_initialize (treated as no info);
 * - status 'active' → active, with access;
 * - otherwise a trial until trial_ends_at (else trial_started_at + trial_total_days, default 14); after
 *   that expired;
 * - trial_days_remaining = calendar days left in the family's time zone (Europe/London): the trial's last
 *   date less today, so a new 14-day trial reads 14 on its first day and its final day reads 0, 'Last day';
 * - show_3_day_warning when 1 < days remaining ≤ 3; show_1_day_warning when days remaining ≤ 1 and the
 *   trial has not ended; show_expired_notice when expired;
 * - team members and early adopters always have access and never get warnings (spec 1 §6);
 * - has_access = active, or trial not ended, or team member / early adopter.
 */
export function computeSubscriptionInfo(
  record: SubscriptionRecord | null | undefined,
  now: Date,
): SubscriptionInfo {
  const total =
    record?.trial_total_days && record.trial_total_days > 0 ? record.trial_total_days : TRIAL_DEFAULT_DAYS;
  const privileged = Boolean(record?.is_team_member || record?.is_early_adopter);
  const base: SubscriptionInfo = {
    status: 'trial',
    plan_type: record?.plan_type ?? null,
    is_team_member: Boolean(record?.is_team_member),
    is_early_adopter: Boolean(record?.is_early_adopter),
    trial_days_remaining: null,
    trial_total_days: total,
    has_access: privileged,
    should_initialize: false,
    show_3_day_warning: false,
    show_1_day_warning: false,
    show_expired_notice: false,
  };
  if (!record) return { ...base, should_initialize: true };
  if (record.status === 'active') return { ...base, status: 'active', has_access: true };

  let ends = instant(record.trial_ends_at);
  if (Number.isNaN(ends)) ends = instant(record.trial_started_at) + total * DAY_MS;
  if (Number.isNaN(ends)) {
    if (record.status === 'expired')
      return { ...base, status: 'expired', trial_days_remaining: 0, show_expired_notice: !privileged };
    return { ...base, should_initialize: true };
  }
  const left = ends - now.getTime();
  if (record.status === 'expired' || left <= 0) {
    return { ...base, status: 'expired', trial_days_remaining: 0, show_expired_notice: !privileged };
  }
  const days = Math.max(
    0,
    toEpochDay(localDate(new Date(ends), DEFAULT_TIME_ZONE)) - toEpochDay(localDate(now, DEFAULT_TIME_ZONE)),
  );
  return {
    ...base,
    status: 'trial',
    trial_days_remaining: days,
    has_access: true,
    show_3_day_warning: !privileged && days <= 3 && days > 1,
    show_1_day_warning: !privileged && days <= 1,
  };
}

/** Paid access (spec 1 §4): has_access of the info; without info, no access. */
export function hasAccess(
  info: Pick<SubscriptionInfo, 'has_access' | 'should_initialize'> | null | undefined,
): boolean {
  return Boolean(info && !info.should_initialize && info.has_access);
}

/** Days-left label (spec 1 §2): undefined → '', 0 'Last day', 1 '1 day left', otherwise 'N days left'. */
export function daysLeftLabel(days: number | null | undefined): string {
  if (days === undefined || days === null) return '';
  if (days <= 0) return 'Last day';
  if (days === 1) return '1 day left';
  return `${days} days left`;
}

export type TrialColour = 'red' | 'orange' | 'yellow' | 'green';
/** Colour (spec 1 §2): 1 or fewer red, 3 or fewer orange, 7 or fewer yellow, otherwise green. */
export function daysLeftColour(days: number): TrialColour {
  if (days <= 1) return 'red';
  if (days <= 3) return 'orange';
  if (days <= 7) return 'yellow';
  return 'green';
}

/**
 * The panel's message (spec 1 §2): 1 day left → the trial ends tomorrow; exactly 3 → only 3 days left;
 * 4 to 7 → upgrade is possible anytime; otherwise none.
 */
export function trialMessage(days: number | null | undefined): string | null {
  if (days === 1) return 'Your trial ends tomorrow';
  if (days === 3) return 'Only 3 days left in your trial';
  if (typeof days === 'number' && days >= 4 && days <= 7)
    return 'You can upgrade to Pro anytime to keep full access';
  return null;
}

/** Urgent styling at 3 days or fewer (spec 1 §2, §9). */
export function isTrialUrgent(days: number | null | undefined): boolean {
  return typeof days === 'number' && days <= TRIAL_URGENT_DAYS;
}

/** Progress bar fill in percent: days remaining of the trial length, at least 5% (spec 1 §2). */
export function trialProgressPercent(daysRemaining: number, totalDays: number = TRIAL_DEFAULT_DAYS): number {
  const total = totalDays > 0 ? totalDays : TRIAL_DEFAULT_DAYS;
  const p = (Math.max(0, daysRemaining) / total) * 100;
  return Math.min(100, Math.max(TRIAL_PROGRESS_MIN_PERCENT, p));
}

export const DISMISSAL_KEYS = ['3_day_warning', '1_day_warning', 'trial_expired'] as const;
export type DismissalKey = (typeof DISMISSAL_KEYS)[number];

export const TRIAL_BANNERS: Record<DismissalKey, { title: string; primary: string; secondary: string }> = {
  '3_day_warning': {
    title: '3 Days Left in Your Free Trial',
    primary: 'Upgrade Now',
    secondary: 'Remind me later',
  },
  '1_day_warning': {
    title: 'Final Day of Your Free Trial',
    primary: 'Upgrade Now - 9.99/mo',
    secondary: "I'll decide later",
  },
  trial_expired: { title: 'Thanks for Trying...', primary: 'Upgrade to Continue', secondary: 'Maybe later' },
};

/**
 * The trial banner to show (spec 1 §4), or null: in priority order the 3-day warning, the 1-day warning,
 * then the expired notice — the first whose flag is set and that was not dismissed. Hidden while loading,
 * without info, and for team members and early adopters.
 */
export function activeTrialBanner(
  info: SubscriptionInfo | null | undefined,
  state: { loading: boolean; dismissed: ReadonlySet<string> | readonly string[] },
): DismissalKey | null {
  if (state.loading || !info || info.should_initialize || info.is_team_member || info.is_early_adopter)
    return null;
  const dismissed = new Set(state.dismissed);
  const flags: Record<DismissalKey, boolean> = {
    '3_day_warning': info.show_3_day_warning,
    '1_day_warning': info.show_1_day_warning,
    trial_expired: info.show_expired_notice,
  };
  return DISMISSAL_KEYS.find((k) => flags[k] && !dismissed.has(k)) ?? null;
}

export type SubscriptionPanel =
  | {
      kind: 'trial';
      label: string;
      colour: TrialColour;
      urgent: boolean;
      progress: number;
      message: string | null;
    }
  | { kind: 'expired'; title: 'Trial Expired' }
  | { kind: 'active'; title: 'Pro Member' };

/** A trial plan type (e.g. 'free_trial'). */
export function isTrialPlan(planType: string | null | undefined): boolean {
  return typeof planType === 'string' && /trial/i.test(planType);
}

/** The plan a family buys through checkout (spec 1 §1): the one shown as 'Pro Member'. */
export function isProPlan(planType: string | null | undefined): boolean {
  return planType === PRO_PLAN.key;
}

/**
 * The sidebar panel (spec 1 §2, §4), or null when hidden. Hidden for team members, early adopters and
 * active non-trial plans (§4), and without info. The spec's "Active: shown as 'Pro Member'" (§2) applies to
 * the Pro plan a family upgrades to (pro_monthly) and to an active subscription still on a trial plan type;
 * "active non-trial plans" are any other active plan (one an operator gave): that is how the two statements
 * are reconciled.
 */
export function subscriptionPanel(info: SubscriptionInfo | null | undefined): SubscriptionPanel | null {
  if (!info || info.should_initialize || info.is_team_member || info.is_early_adopter) return null;
  if (info.status === 'active')
    return isTrialPlan(info.plan_type) || isProPlan(info.plan_type)
      ? { kind: 'active', title: 'Pro Member' }
      : null;
  if (info.status === 'expired') return { kind: 'expired', title: 'Trial Expired' };
  const days = info.trial_days_remaining ?? 0;
  return {
    kind: 'trial',
    label: daysLeftLabel(info.trial_days_remaining),
    colour: daysLeftColour(days),
    urgent: isTrialUrgent(days),
    progress: trialProgressPercent(days, info.trial_total_days),
    message: trialMessage(days),
  };
}

export const SUBSCRIPTION_MESSAGES = {
  upgradeFailed: 'Failed to start upgrade process. Please try again.',
  notConfigured: 'Stripe not configured',
  noSessionUrl: 'Failed to create checkout session',
} as const;
