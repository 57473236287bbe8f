import { ulid } from 'ulid';
import {
  addDismissal,
  createSubscriptionIfAbsent,
  dismissalsOf,
  familiesOfMemberEmail,
  getSubscription,
  type SubscriptionItem,
  setSubscriptionFlag,
} from '../adapters/dynamodb/subscription-repository';
import type { InitialiseSubscriptionResponse, SubscriptionInfoResponse } from '../contracts/subscription';
import {
  computeSubscriptionInfo,
  type DismissalKey,
  hasAccess,
  TRIAL_DEFAULT_DAYS,
} from '../domain/subscription';
import type { FamilyContext } from '../shared/context';
import { PaymentRequiredError } from '../shared/errors';
import type { Ports } from '../shared/ports';

/** The ports this service's use cases are handed (the composition root passes them). */
export type SubscriptionDeps = Pick<Ports, 'now' | 'subscriptionClock'>;

/**
 * The family's subscription (spec 1 §4): a free trial of 14 days started on the server's clock, then
 * active or expired. What the app shows is computed by the domain from the stored record, with the banners
 * the calling member dismissed turned off. "Now" is the server's clock (on the twin, its test clock may move
 * it for one family).
 */
const DAY_MS = 86_400_000;

/** "Now" for a family's subscription rules. */
export function subscriptionNow(deps: SubscriptionDeps, familyId: string): Date {
  const { subscriptionClock, now } = deps;
  return subscriptionClock?.(familyId) ?? now();
}

function info(
  item: SubscriptionItem | null,
  now: Date,
  dismissed: readonly string[] = [],
): SubscriptionInfoResponse {
  const computed = computeSubscriptionInfo(item, now);
  const off = new Set(dismissed);
  return {
    ...computed,
    show_3_day_warning: computed.show_3_day_warning && !off.has('3_day_warning'),
    show_1_day_warning: computed.show_1_day_warning && !off.has('1_day_warning'),
    show_expired_notice: computed.show_expired_notice && !off.has('trial_expired'),
    days_left: computed.trial_days_remaining,
    trial_ends_at: item?.trial_ends_at ?? null,
  };
}

function newTrial(familyId: string, now: Date): SubscriptionItem {
  const at = now.toISOString();
  return {
    id: ulid(),
    family_id: familyId,
    status: 'trial',
    plan_type: 'free_trial',
    trial_started_at: at,
    trial_ends_at: new Date(now.getTime() + TRIAL_DEFAULT_DAYS * DAY_MS).toISOString(),
    trial_total_days: TRIAL_DEFAULT_DAYS,
    is_team_member: false,
    is_early_adopter: false,
    current_period_end: null,
    notifications_sent: [],
    created_at: at,
    updated_at: at,
  };
}

/** The family's subscription, its trial started now if it had none (idempotent). */
export async function ensureSubscription(
  deps: SubscriptionDeps,
  familyId: string,
): Promise<{ subscription: SubscriptionItem; created: boolean }> {
  const existing = await getSubscription(familyId);
  if (existing) return { subscription: existing, created: false };
  return createSubscriptionIfAbsent(newTrial(familyId, subscriptionNow(deps, familyId)));
}

/** The family admin starts the family's trial (the route's `admin` scope). */
export async function initialiseTrial(
  deps: SubscriptionDeps,
  family: FamilyContext,
): Promise<InitialiseSubscriptionResponse> {
  const { subscription, created } = await ensureSubscription(deps, family.familyId);
  const dismissed = await dismissalsOf(family.familyId, family.userId);
  return {
    id: subscription.id,
    created,
    info: info(subscription, subscriptionNow(deps, family.familyId), dismissed),
  };
}

/** The caller's subscription info; without a family or a subscription, should_initialize. */
export async function subscriptionInfo(
  deps: SubscriptionDeps,
  family: FamilyContext | null,
): Promise<SubscriptionInfoResponse> {
  if (!family) return info(null, deps.now());
  const [item, dismissed] = await Promise.all([
    getSubscription(family.familyId),
    dismissalsOf(family.familyId, family.userId),
  ]);
  return info(item, subscriptionNow(deps, family.familyId), dismissed);
}

/** A member dismissed a trial banner (spec 1 §4): recorded for them, and that banner stops for them. */
export async function dismissNotification(
  deps: SubscriptionDeps,
  family: FamilyContext,
  key: DismissalKey,
): Promise<SubscriptionInfoResponse> {
  const now = subscriptionNow(deps, family.familyId);
  const [item, dismissed] = await Promise.all([
    getSubscription(family.familyId),
    addDismissal(family.familyId, family.userId, key, now.toISOString()),
  ]);
  return info(item, now, dismissed);
}

/**
 * What an expired family meets on uploads and the AI (the spec is silent; what families expect): it keeps
 * reading and exporting all its data, but cannot add statements or run the AI until it upgrades.
 */
export const PAYMENT_REQUIRED_MESSAGE =
  'Your free trial has ended. Upgrade to Pro to upload statements and use the AI again. Everything you have added stays here to read and export.';

/**
 * The paid-access check of uploads and AI routes: 402 with PAYMENT_REQUIRED_MESSAGE when the family has no
 * access (spec 1 §4 hasAccess). A family without a subscription yet gets its trial started here.
 */
export async function requirePaidAccess(deps: SubscriptionDeps, family: FamilyContext): Promise<void> {
  const { subscription } = await ensureSubscription(deps, family.familyId);
  if (!hasAccess(computeSubscriptionInfo(subscription, subscriptionNow(deps, family.familyId))))
    throw new PaymentRequiredError(PAYMENT_REQUIRED_MESSAGE);
}

/** The operator's flags (spec 1 §6): team members and early adopters keep access and see no trial. */
export const OPERATOR_FLAGS = { team: 'is_team_member', early: 'is_early_adopter' } as const;
export type OperatorFlag = keyof typeof OPERATOR_FLAGS;

export async function flagSubscription(
  deps: SubscriptionDeps,
  familyId: string,
  flag: OperatorFlag,
  value = true,
): Promise<SubscriptionInfoResponse> {
  await ensureSubscription(deps, familyId);
  const now = subscriptionNow(deps, familyId);
  if (!(await setSubscriptionFlag(familyId, OPERATOR_FLAGS[flag], value, now.toISOString())))
    throw new Error('The subscription vanished while it was being flagged');
  return info(await getSubscription(familyId), now);
}

/**
 * The operator's command (npm run subscription -- flag <email> team|early): flag the family of the member with
 * this address. A clear error when no family, or more than one, has that member.
 */
export async function flagFamilyOf(
  deps: SubscriptionDeps,
  email: string,
  flag: OperatorFlag,
  value = true,
): Promise<{ familyId: string; info: SubscriptionInfoResponse }> {
  const families = await familiesOfMemberEmail(email);
  if (families.length === 0) throw new Error(`No family has a member with the address ${email}.`);
  if (families.length > 1)
    throw new Error(`${email} is a member of ${families.length} families; flag one by its family id.`);
  const familyId = families[0]?.familyId ?? '';
  return { familyId, info: await flagSubscription(deps, familyId, flag, value) };
}
