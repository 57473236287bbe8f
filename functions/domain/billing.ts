/**
 * Paid subscriptions (spec 1 §1 commercial model, §4 checkout): how a payment provider's events move a family's
 * subscription. The provider's events arrive as `BillingEvent`s, already verified and read by its adapter
 * (functions/adapters/stripe/); this module decides, with no I/O and no clock of its own, what each one changes:
 *  - idempotent by event id: an event already applied changes nothing (the last EVENT_MEMORY ids are kept);
 *  - safe against out-of-order delivery: an event older than the newest one applied changes nothing, and a
 *    subscription once ended is never revived by a late event about it (a new checkout starts a new one);
 *  - paid (checkout completed and paid; the subscription active or trialing) → status 'active' on the Pro
 *    plan; unpaid (a failed renewal, the subscription past due, unpaid, paused, cancelled or ended) → back
 *    to the trial while its dates last, else 'expired'.
 */
import { PRO_PLAN, TRIAL_DEFAULT_DAYS } from './subscription';

export const EVENT_MEMORY = 50;
const DAY_MS = 86_400_000;

/** What an event says about the family's paid access. */
export type BillingChange = 'paid' | 'unpaid' | 'ended' | 'none';

/** A verified provider event, in the provider-neutral shape the adapter gives. */
export interface BillingEvent {
  id: string;
  type: string;
  /** When the provider created the event, in seconds since the epoch. */
  created: number;
  /** The family the event names (checkout's client reference, or the subscription's metadata), if any. */
  familyId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  change: BillingChange;
  /** The end of the period paid for, ISO, when the event says. */
  currentPeriodEnd: string | null;
}

/** The billing fields of the stored subscription (the subscription repository's item). */
export interface BillingRecord {
  status: 'trial' | 'active' | 'expired';
  plan_type: string;
  trial_started_at: string;
  trial_ends_at: string;
  trial_total_days: number;
  current_period_end: string | null;
  stripe_customer_id?: string | null;
  stripe_subscription_id?: string | null;
  /** The subscription that ended last: no late event about it makes the family paid again. */
  stripe_ended_subscription_id?: string | null;
  /** `created` of the newest event applied (seconds). */
  stripe_event_at?: number | null;
  /** Ids of the last EVENT_MEMORY events seen. */
  stripe_event_ids?: string[] | null;
}

export type BillingOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

export interface BillingDecision<R extends BillingRecord> {
  outcome: BillingOutcome;
  /** The record to store (null: nothing to write). */
  next: R | null;
}

function trialEnd(record: BillingRecord): number {
  const ends = new Date(record.trial_ends_at).getTime();
  if (!Number.isNaN(ends)) return ends;
  const total = record.trial_total_days > 0 ? record.trial_total_days : TRIAL_DEFAULT_DAYS;
  return new Date(record.trial_started_at).getTime() + total * DAY_MS;
}

function remember(ids: readonly string[] | null | undefined, id: string): string[] {
  return [...(ids ?? []), id].slice(-EVENT_MEMORY);
}

/**
 * What `event` does to `record` at `now`. Events that change nothing still have their id remembered (so a
 * replay is reported as such), except duplicates, which write nothing.
 */
export function applyBillingEvent<R extends BillingRecord>(
  record: R,
  event: BillingEvent,
  now: Date,
): BillingDecision<R> {
  if (record.stripe_event_ids?.includes(event.id)) return { outcome: 'duplicate', next: null };
  const seen: R = { ...record, stripe_event_ids: remember(record.stripe_event_ids, event.id) };
  const latest = record.stripe_event_at ?? null;
  if (event.change === 'none') return { outcome: 'ignored', next: seen };
  const ended = event.subscriptionId !== null && event.subscriptionId === record.stripe_ended_subscription_id;
  const older = latest !== null && event.created < latest;
  // Another subscription than the family's current one (an old one's late failure) does not move it.
  const otherSubscription =
    event.change !== 'paid' &&
    event.subscriptionId !== null &&
    record.stripe_subscription_id != null &&
    event.subscriptionId !== record.stripe_subscription_id;
  if (older || ended || otherSubscription) return { outcome: 'stale', next: seen };

  const ids = {
    stripe_customer_id: event.customerId ?? record.stripe_customer_id ?? null,
    stripe_event_at: Math.max(latest ?? 0, event.created),
  };
  if (event.change === 'paid') {
    return {
      outcome: 'applied',
      next: {
        ...seen,
        ...ids,
        status: 'active',
        plan_type: PRO_PLAN.key,
        stripe_subscription_id: event.subscriptionId ?? record.stripe_subscription_id ?? null,
        current_period_end: event.currentPeriodEnd ?? record.current_period_end,
      },
    };
  }
  const status = trialEnd(record) > now.getTime() ? 'trial' : 'expired';
  return {
    outcome: 'applied',
    next: {
      ...seen,
      ...ids,
      status,
      stripe_subscription_id: event.subscriptionId ?? record.stripe_subscription_id ?? null,
      ...(event.change === 'ended'
        ? { stripe_ended_subscription_id: event.subscriptionId, current_period_end: null }
        : {}),
    },
  };
}
