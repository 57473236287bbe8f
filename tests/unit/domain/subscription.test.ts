import { describe, expect, it } from 'vitest';
import {
  activeTrialBanner,
  computeSubscriptionInfo,
  DISMISSAL_KEYS,
  daysLeftColour,
  daysLeftLabel,
  hasAccess,
  isTrialPlan,
  isTrialUrgent,
  SUBSCRIPTION_MESSAGES,
  type SubscriptionInfo,
  subscriptionPanel,
  TRIAL_BANNERS,
  TRIAL_DEFAULT_DAYS,
  trialMessage,
  trialProgressPercent,
} from '../../../functions/domain/subscription';

const DAY = 86_400_000;
const now = new Date('2024-05-31T12:00:00Z');
const endsIn = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('spec 1 §2 days-left label and colour', () => {
  it.each([
    [undefined, ''],
    [null, ''],
    [0, 'Last day'],
    [1, '1 day left'],
    [2, '2 days left'],
    [14, '14 days left'],
  ])('%s → %s', (days, label) => {
    expect(daysLeftLabel(days)).toBe(label);
  });
  it.each([
    [0, 'red'],
    [1, 'red'],
    [2, 'orange'],
    [3, 'orange'],
    [4, 'yellow'],
    [7, 'yellow'],
    [8, 'green'],
  ])('%s days → %s', (days, colour) => {
    expect(daysLeftColour(days)).toBe(colour);
  });
});

describe('spec 1 §2 messages, urgency (≤ 3) and progress (minimum 5%)', () => {
  it.each([
    [0, null, true],
    [1, 'Your trial ends tomorrow', true],
    [2, null, true],
    [3, 'Only 3 days left in your trial', true],
    [4, 'You can upgrade to Pro anytime to keep full access', false],
    [7, 'You can upgrade to Pro anytime to keep full access', false],
    [8, null, false],
    [undefined, null, false],
  ])('%s days → %s, urgent %s', (days, message, urgent) => {
    expect(trialMessage(days)).toBe(message);
    expect(isTrialUrgent(days)).toBe(urgent);
  });
  it.each([
    [14, 14, 100],
    [7, 14, 50],
    [1, 14, 7.142857142857143],
    [0, 14, 5],
    [0.5, 14, 5],
    [20, 14, 100],
    [7, 0, 50],
  ])('%s of %s days → %s%%', (days, total, pct) => {
    expect(trialProgressPercent(days, total)).toBeCloseTo(pct, 10);
  });
  it('defaults', () => {
    expect(TRIAL_DEFAULT_DAYS).toBe(14);
    expect(trialProgressPercent(7)).toBe(50);
  });
});

describe('spec 1 §3, §4 subscription info from the stored record and now', () => {
  const trial = (ms: number, extra = {}) => ({
    status: 'trial',
    plan_type: 'free_trial',
    trial_ends_at: endsIn(ms),
    ...extra,
  });
  it.each([
    [14 * DAY, 'trial', 14, false, false, false, true],
    [4 * DAY, 'trial', 4, false, false, false, true],
    [3 * DAY + 1, 'trial', 3, true, false, false, true],
    [2 * DAY, 'trial', 2, true, false, false, true],
    // calendar days in London: now is 31 May 13:00 BST
    [2 * DAY - 1, 'trial', 2, true, false, false, true],
    [DAY, 'trial', 1, false, true, false, true],
    [DAY - 1, 'trial', 1, false, true, false, true],
    [10 * 3_600_000, 'trial', 0, false, true, false, true],
    [1, 'trial', 0, false, true, false, true],
    [0, 'expired', 0, false, false, true, false],
    [-DAY, 'expired', 0, false, false, true, false],
  ])(
    'trial ending in %s ms → %s, %s days, 3-day %s, 1-day %s, expired %s, access %s',
    (ms, status, days, w3, w1, expired, access) => {
      expect(computeSubscriptionInfo(trial(ms), now)).toMatchObject({
        status,
        trial_days_remaining: days,
        show_3_day_warning: w3,
        show_1_day_warning: w1,
        show_expired_notice: expired,
        has_access: access,
        should_initialize: false,
      });
    },
  );

  it('derives the end from the start and the trial length (default 14)', () => {
    const started = new Date(now.getTime() - 10 * DAY).toISOString();
    expect(
      computeSubscriptionInfo({ status: 'trial', trial_started_at: started }, now).trial_days_remaining,
    ).toBe(4);
    expect(
      computeSubscriptionInfo({ status: 'trial', trial_started_at: started, trial_total_days: 30 }, now),
    ).toMatchObject({
      trial_days_remaining: 20,
      trial_total_days: 30,
    });
  });

  it('active subscriptions have access and no warnings', () => {
    expect(
      computeSubscriptionInfo(
        { status: 'active', plan_type: 'pro_monthly', trial_ends_at: endsIn(-DAY) },
        now,
      ),
    ).toMatchObject({
      status: 'active',
      has_access: true,
      show_expired_notice: false,
      trial_days_remaining: null,
    });
  });

  it('team members and early adopters always have access and never see warnings', () => {
    expect(computeSubscriptionInfo(trial(-DAY, { is_team_member: true }), now)).toMatchObject({
      status: 'expired',
      has_access: true,
      show_expired_notice: false,
    });
    expect(computeSubscriptionInfo(trial(DAY, { is_early_adopter: true }), now)).toMatchObject({
      has_access: true,
      show_1_day_warning: false,
    });
    expect(computeSubscriptionInfo({ status: 'expired', is_early_adopter: true }, now)).toMatchObject({
      status: 'expired',
      has_access: true,
      show_expired_notice: false,
    });
  });

  it('a stored expired status wins over dates; no record or no dates → should_initialize', () => {
    expect(computeSubscriptionInfo(trial(5 * DAY, { status: 'expired' }), now).status).toBe('expired');
    expect(computeSubscriptionInfo({ status: 'expired' }, now)).toMatchObject({
      status: 'expired',
      show_expired_notice: true,
    });
    expect(computeSubscriptionInfo(null, now)).toMatchObject({ should_initialize: true, has_access: false });
    expect(computeSubscriptionInfo({ status: 'trial' }, now)).toMatchObject({
      should_initialize: true,
      has_access: false,
    });
  });
});

describe('spec 1 §4 has access', () => {
  it.each([
    [{ has_access: true, should_initialize: false }, true],
    [{ has_access: false, should_initialize: false }, false],
    [{ has_access: true, should_initialize: true }, false],
    [null, false],
    [undefined, false],
  ])('%o → %s', (info, access) => {
    expect(hasAccess(info)).toBe(access);
  });
});

const info = (over: Partial<SubscriptionInfo> = {}): SubscriptionInfo => ({
  status: 'trial',
  plan_type: 'free_trial',
  is_team_member: false,
  is_early_adopter: false,
  trial_days_remaining: 10,
  trial_total_days: 14,
  has_access: true,
  should_initialize: false,
  show_3_day_warning: false,
  show_1_day_warning: false,
  show_expired_notice: false,
  ...over,
});

describe('spec 1 §4 banners: priority 3-day, 1-day, expired; hidden while loading, dismissed, team, early adopters', () => {
  const idle = { loading: false, dismissed: [] as string[] };
  it.each([
    [
      info({ show_3_day_warning: true, show_1_day_warning: true, show_expired_notice: true }),
      idle,
      '3_day_warning',
    ],
    [info({ show_1_day_warning: true, show_expired_notice: true }), idle, '1_day_warning'],
    [info({ show_expired_notice: true }), idle, 'trial_expired'],
    [
      info({ show_3_day_warning: true, show_1_day_warning: true }),
      { loading: false, dismissed: ['3_day_warning'] },
      '1_day_warning',
    ],
    [info({ show_3_day_warning: true }), { loading: false, dismissed: new Set(['3_day_warning']) }, null],
    [info({ show_3_day_warning: true }), { loading: true, dismissed: [] }, null],
    [info({ show_expired_notice: true, is_team_member: true }), idle, null],
    [info({ show_expired_notice: true, is_early_adopter: true }), idle, null],
    [info({ show_expired_notice: true, should_initialize: true }), idle, null],
    [null, idle, null],
    [info(), idle, null],
  ])('%o %o → %s', (i, state, banner) => {
    expect(activeTrialBanner(i, state)).toBe(banner);
  });

  it('dismissal keys and copy', () => {
    expect(DISMISSAL_KEYS).toEqual(['3_day_warning', '1_day_warning', 'trial_expired']);
    expect(TRIAL_BANNERS['3_day_warning'].title).toBe('3 Days Left in Your Free Trial');
    expect(TRIAL_BANNERS['1_day_warning']).toEqual({
      title: 'Final Day of Your Free Trial',
      primary: 'Upgrade Now - 9.99/mo',
      secondary: "I'll decide later",
    });
    expect(TRIAL_BANNERS.trial_expired.title).toBe('Thanks for Trying...');
    expect(SUBSCRIPTION_MESSAGES.notConfigured).toBe('Stripe not configured');
  });
});

describe('spec 1 §2, §4 sidebar panel: hidden for team members, early adopters, active non-trial plans', () => {
  it.each([
    [
      info({ trial_days_remaining: 2 }),
      {
        kind: 'trial',
        label: '2 days left',
        colour: 'orange',
        urgent: true,
        progress: (2 / 14) * 100,
        message: null,
      },
    ],
    [
      info({ trial_days_remaining: 0 }),
      { kind: 'trial', label: 'Last day', colour: 'red', urgent: true, progress: 5, message: null },
    ],
    [
      info({ trial_days_remaining: null }),
      { kind: 'trial', label: '', colour: 'red', urgent: true, progress: 5, message: null },
    ],
    [info({ status: 'expired', trial_days_remaining: 0 }), { kind: 'expired', title: 'Trial Expired' }],
    [info({ status: 'active', plan_type: 'free_trial' }), { kind: 'active', title: 'Pro Member' }],
    [info({ status: 'active', plan_type: 'pro_monthly' }), { kind: 'active', title: 'Pro Member' }],
    [info({ status: 'active', plan_type: 'family_annual' }), null],
    [info({ is_team_member: true }), null],
    [info({ is_early_adopter: true }), null],
    [info({ should_initialize: true }), null],
    [null, null],
  ])('%o → %o', (i, panel) => {
    expect(subscriptionPanel(i)).toEqual(panel);
  });
  it('trial plans', () => {
    expect(isTrialPlan('free_trial')).toBe(true);
    expect(isTrialPlan('pro_monthly')).toBe(false);
    expect(isTrialPlan(null)).toBe(false);
  });
});

describe('days left are calendar days in Europe/London, across the clock changes', () => {
  const HOUR = 3_600_000;
  it.each([
    ['spring forward (29 Mar 2026, 01:00 GMT → 02:00 BST)', '2026-03-20T09:00:00.000Z'],
    ['fall back (25 Oct 2026, 02:00 BST → 01:00 GMT)', '2026-10-16T08:00:00.000Z'],
  ])(
    '%s: 14 on the first day, one fewer each London day, 0 on the last day, expiry at the same instant',
    (_change, start) => {
      const started = new Date(start).getTime();
      const record = {
        status: 'trial',
        trial_started_at: start,
        trial_ends_at: new Date(started + 14 * DAY).toISOString(),
      };
      const london = (ms: number) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(ms));
      const byDay = new Map<string, Set<number>>();
      for (let h = 0; h < 14 * 24; h++) {
        const at = started + h * HOUR;
        const days = computeSubscriptionInfo(record, new Date(at)).trial_days_remaining ?? -1;
        byDay.set(london(at), (byDay.get(london(at)) ?? new Set()).add(days));
      }
      // each London day has one count: 14 on the day the trial starts, down to 0 on the day it ends
      expect([...byDay.values()].map((d) => [...d])).toEqual(Array.from({ length: 15 }, (_, i) => [14 - i]));
      expect(computeSubscriptionInfo(record, new Date(started + 14 * DAY)).status).toBe('expired');
      expect(computeSubscriptionInfo(record, new Date(started + 14 * DAY - 1)).status).toBe('trial');
    },
  );
});
