import { describe, expect, it } from 'vitest';
import {
  METRIC_WINDOW_MS,
  metricStatus,
  PERFORMANCE_BUDGETS,
  performancePanel,
  performanceStatus,
  RECENT_METRICS,
  REPORT_REFRESH_MS,
} from '../../../functions/domain/performance';

describe('spec 3 §4.6 performance status: good within budget, needs-improvement up to 1.5× (2.5× under 1), else poor', () => {
  it.each([
    [1500, 1500, 'good'],
    [1501, 1500, 'needs-improvement'],
    [2250, 1500, 'needs-improvement'],
    [2251, 1500, 'poor'],
    [0.05, 0.05, 'good'],
    [0.051, 0.05, 'needs-improvement'],
    [0.125, 0.05, 'needs-improvement'],
    [0.126, 0.05, 'poor'],
  ])('%s against %s → %s', (value, budget, status) => {
    expect(performanceStatus(value, budget)).toBe(status);
  });

  it.each([
    ['LCP', 1600, 'needs-improvement'],
    ['CLS', 0.1, 'needs-improvement'],
    ['FID', 100, 'poor'],
    ['dashboardLoad', 1200, 'good'],
  ] as const)('%s %s → %s', (metric, value, status) => {
    expect(metricStatus(metric, value)).toBe(status);
  });

  it('budgets of spec 3 §9', () => {
    expect(PERFORMANCE_BUDGETS).toEqual({
      LCP: 1500,
      FID: 50,
      CLS: 0.05,
      dashboardLoad: 1200,
      filter: 100,
      transactionLoad: 800,
      uploadProgress: 50,
      apiResponse: 1000,
      dataFetch: 2000,
    });
    expect([METRIC_WINDOW_MS, REPORT_REFRESH_MS, RECENT_METRICS]).toEqual([300000, 5000, 20]);
  });
});

describe('spec 3 §4.6 panel: < 3 violations needs-improvement, else poor', () => {
  it.each([
    [0, { visible: false, status: 'good', alert: null }],
    [1, { visible: true, status: 'needs-improvement', alert: '1 Performance Budget Violations' }],
    [2, { visible: true, status: 'needs-improvement', alert: '2 Performance Budget Violations' }],
    [3, { visible: true, status: 'poor', alert: '3 Performance Budget Violations' }],
  ])('%s violations', (n, expected) => {
    expect(performancePanel(n)).toEqual(expected);
  });
});
