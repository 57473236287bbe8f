import { describe, expect, it } from 'vitest';
import {
  analyseDirections,
  flowDirection,
  LOW_CONFIDENCE_SHARE,
  moneyDirection,
  overallConfidence,
} from '../../../functions/domain/flow-direction';
import type { ConfidenceLevel } from '../../../functions/domain/types';

describe('spec 2 §5 flow direction: signed_amount, else credit/debit (medium), else flow type (low)', () => {
  it.each([
    [{ amount: 10, signed_amount: -10, type: 'credit' }, -10, 'high', 'signed_amount'],
    [{ amount: 10, signed_amount: 10 }, 10, 'high', 'signed_amount'],
    [{ amount: 10, signed_amount: null, type: 'credit' }, 10, 'medium', 'type'],
    [{ amount: 10, type: 'debit' }, -10, 'medium', 'type'],
    [{ amount: 10, flow_type: 'income' }, 10, 'low', 'flow_type'],
    [{ amount: 10, flow_type: 'external_expense' }, -10, 'low', 'flow_type'],
    [{ amount: 10, flow_type: 'mortgage_payment' }, -10, 'low', 'flow_type'],
    [{ amount: 10, flow_type: 'mortgage_overpayment' }, -10, 'low', 'flow_type'],
    [{ amount: 10, flow_type: 'mortgage_fee' }, -10, 'low', 'flow_type'],
    [{ amount: 10, flow_type: 'internal_transfer' }, 0, 'low', 'flow_type'],
    [{ amount: 10, flow_type: null }, 0, 'low', 'flow_type'],
    [
      { amount: 10, flow_type: 'income', user_corrected_flow_type: 'external_expense' },
      -10,
      'low',
      'flow_type',
    ],
    [{ amount: Number.NaN, type: 'credit' }, 0, 'medium', 'type'],
  ])('%o → %s (%s from %s)', (tx, signed, confidence, source) => {
    const d = flowDirection(tx);
    expect(d.signedAmount).toBe(signed);
    expect(d.confidence).toBe(confidence);
    expect(d.source).toBe(source);
  });

  it.each([
    [10, -10, false],
    [10, -10.01, false],
    [10, -10.02, true],
    [10, 9.5, true],
  ])('amount %s, signed %s → magnitude warning %s', (amount, signed, warns) => {
    const d = flowDirection({ id: 't1', amount, signed_amount: signed });
    expect(d.warning !== null).toBe(warns);
    if (warns) expect(d.warning).toContain('t1');
  });

  it('warning without an id', () => {
    expect(flowDirection({ amount: 1, signed_amount: 5 }).warning).toBe(
      'Signed amount 5.00 differs from amount 1.00',
    );
  });
});

describe('spec 2 §5 overall confidence: more than 10% low → low; any low → medium', () => {
  const levels = (low: number, total: number): ConfidenceLevel[] =>
    Array.from({ length: total }, (_, i) => (i < low ? 'low' : 'high'));
  it.each([
    [0, 10, 'high'],
    [1, 10, 'medium'],
    [1, 9, 'low'],
    [10, 100, 'medium'],
    [11, 100, 'low'],
    [0, 0, 'high'],
  ])('%s low of %s → %s', (low, total, expected) => {
    expect(overallConfidence(levels(low, total))).toBe(expected);
  });

  it('medium only stays high (only low counts)', () => {
    expect(overallConfidence(['medium', 'medium'])).toBe('high');
    expect(LOW_CONFIDENCE_SHARE).toBe(0.1);
  });

  it('analyses many transactions', () => {
    const summary = analyseDirections([
      { amount: 5, signed_amount: 5 },
      { amount: 5, signed_amount: 6 },
      { amount: 5, flow_type: 'income' },
    ]);
    expect(summary.confidence).toBe('low');
    expect(summary.lowConfidenceCount).toBe(1);
    expect(summary.warnings).toHaveLength(1);
    expect(summary.directions.map((d) => d.signedAmount)).toEqual([5, 6, 5]);
  });
});

describe('spec 2 §5 money direction from signed_amount or type only', () => {
  it.each([
    [{ signed_amount: 3 }, 'in'],
    [{ signed_amount: -3, type: 'credit' }, 'out'],
    [{ signed_amount: 0, type: 'credit' }, 'in'],
    [{ signed_amount: null, type: 'debit' }, 'out'],
    [{ signed_amount: null, type: null }, 'unknown'],
  ])('%o → %s', (tx, expected) => {
    expect(moneyDirection(tx)).toBe(expected);
  });
});
