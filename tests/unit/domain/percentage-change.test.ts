import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyTrend, percentageChange } from '../../../functions/domain/percentage-change';

describe('spec 3 §5 percentage change', () => {
  it.each([
    [0, 0, 0, 'flat', '0%'],
    [50, 0, 100, 'up', '+100%'],
    [-50, 0, -100, 'down', '-100%'],
    [5, 0.0005, 100, 'up', 'New'],
    [0, 0.0009, -100, 'down', 'Ended'],
    [0.0005, 0.0005, 0, 'flat', '0%'],
    [102, 100, 2, 'flat', '+2.0%'],
    [98, 100, -2, 'flat', '-2.0%'],
    [102.01, 100, 2, 'up', '+2.0%'],
    [97.9, 100, -2.1, 'down', '-2.1%'],
    [112.345, 100, 12.3, 'up', '+12.3%'],
    [199.9, 100, 99.9, 'up', '+99.9%'],
    [200, 100, 100, 'up', '+100%'],
    [350.6, 100, 251, 'up', '+251%'],
    [-50, -100, 50, 'up', '+50.0%'],
    [0, 100, -100, 'down', '-100%'],
    [0.001, 0.001, 0, 'flat', '+0.0%'],
  ] as const)('%s vs %s → %s (%s, %s)', (current, previous, value, trend, display) => {
    expect(percentageChange(current, previous)).toEqual({ value, trend, display });
  });

  it('x against x is flat', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        expect(percentageChange(x, x).trend).toBe('flat');
      }),
    );
  });
});

describe('spec 3 §9 monthly trend: last 30 days vs the 30 before, 1 decimal', () => {
  const now = new Date('2024-05-31T12:00:00Z');
  const tx = (transaction_date: string, amount: number) => ({ transaction_date, amount });
  it.each([
    [[tx('2024-05-31', 150), tx('2024-05-02', 0), tx('2024-05-01', 100)], 50],
    [[tx('2024-05-02', 100), tx('2024-05-01', 300)], -66.7],
    [[tx('2024-05-02', 100)], 100],
    [[], 0],
    [[tx('2024-03-01', 100), tx('2024-06-01', 100)], 0],
    [[tx('2024-05-02', -120), tx('2024-04-02', 100), tx('2024-04-01', Number.NaN)], 20],
  ])('%o → %s', (rows, trend) => {
    expect(monthlyTrend(rows, now)).toBe(trend);
  });
});
