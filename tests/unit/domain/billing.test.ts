import { describe, expect, it } from 'vitest';
import {
  applyBillingEvent,
  type BillingEvent,
  type BillingRecord,
  EVENT_MEMORY,
} from '../../../functions/domain/billing';

const now = new Date('2026-03-10T12:00:00Z');
const trial = (endsAt = '2026-03-20T12:00:00Z'): BillingRecord => ({
  status: 'trial',
  plan_type: 'free_trial',
  trial_started_at: '2026-03-06T12:00:00Z',
  trial_ends_at: endsAt,
  trial_total_days: 14,
  current_period_end: null,
});
let n = 0;
const event = (change: BillingEvent['change'], over: Partial<BillingEvent> = {}): BillingEvent => ({
  id: `evt_${++n}`,
  type: 'customer.subscription.updated',
  created: 1_000,
  familyId: 'F1',
  customerId: 'cus_1',
  subscriptionId: 'sub_1',
  change,
  currentPeriodEnd: '2026-04-10T12:00:00.000Z',
  ...over,
});

describe('applyBillingEvent: what a payment event does to the subscription', () => {
  it('a paid event makes the family active on the Pro plan, with its customer, subscription and period', () => {
    const out = applyBillingEvent(trial(), event('paid'), now);
    expect(out.outcome).toBe('applied');
    expect(out.next).toMatchObject({
      status: 'active',
      plan_type: 'pro_monthly',
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: 'sub_1',
      stripe_event_at: 1_000,
      current_period_end: '2026-04-10T12:00:00.000Z',
    });
  });

  it('an unpaid event puts the family back on its trial while the trial lasts', () => {
    const active = applyBillingEvent(trial(), event('paid'), now).next!;
    expect(applyBillingEvent(active, event('unpaid', { created: 2_000 }), now).next?.status).toBe('trial');
  });

  it('an unpaid event after the trial ended expires the family', () => {
    const active = applyBillingEvent(trial('2026-03-09T12:00:00Z'), event('paid'), now).next!;
    expect(applyBillingEvent(active, event('unpaid', { created: 2_000 }), now).next?.status).toBe('expired');
  });

  it('the same event id twice: the second writes nothing', () => {
    const first = event('paid');
    const once = applyBillingEvent(trial(), first, now).next!;
    expect(applyBillingEvent(once, first, now)).toEqual({ outcome: 'duplicate', next: null });
  });

  it('an event older than the newest applied is stale (its id remembered, nothing else changed)', () => {
    const cancelled = applyBillingEvent(trial(), event('unpaid', { created: 2_000 }), now).next!;
    const late = event('paid', { created: 1_500 });
    const out = applyBillingEvent(cancelled, late, now);
    expect(out.outcome).toBe('stale');
    expect(out.next).toEqual({
      ...cancelled,
      stripe_event_ids: [...(cancelled.stripe_event_ids ?? []), late.id],
    });
  });

  it('events of the same second apply in the order they arrive', () => {
    const paid = applyBillingEvent(trial(), event('paid', { created: 1_000 }), now).next!;
    expect(applyBillingEvent(paid, event('unpaid', { created: 1_000 }), now).outcome).toBe('applied');
  });

  it('an ended subscription is never revived, even by a later-stamped event about it', () => {
    const ended = applyBillingEvent(trial(), event('ended', { created: 2_000 }), now).next!;
    expect(ended).toMatchObject({
      status: 'trial',
      stripe_ended_subscription_id: 'sub_1',
      current_period_end: null,
    });
    expect(applyBillingEvent(ended, event('paid', { created: 3_000 }), now).outcome).toBe('stale');
    // A new checkout (a new subscription) does make the family active again.
    const again = applyBillingEvent(ended, event('paid', { created: 3_000, subscriptionId: 'sub_2' }), now);
    expect(again.next).toMatchObject({ status: 'active', stripe_subscription_id: 'sub_2' });
  });

  it("a failure about another subscription than the family's current one changes nothing", () => {
    const paid = applyBillingEvent(trial(), event('paid', { subscriptionId: 'sub_2' }), now).next!;
    expect(
      applyBillingEvent(paid, event('unpaid', { created: 2_000, subscriptionId: 'sub_old' }), now).outcome,
    ).toBe('stale');
  });

  it("events that change nothing are 'ignored' but remembered", () => {
    const out = applyBillingEvent(trial(), event('none'), now);
    expect(out.outcome).toBe('ignored');
    expect(out.next?.status).toBe('trial');
    expect(out.next?.stripe_event_ids).toHaveLength(1);
  });

  it(`remembers the last ${EVENT_MEMORY} event ids only`, () => {
    let record = trial();
    for (let i = 0; i < EVENT_MEMORY + 5; i++) record = applyBillingEvent(record, event('none'), now).next!;
    expect(record.stripe_event_ids).toHaveLength(EVENT_MEMORY);
  });
});
