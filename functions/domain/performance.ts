/**
 * Performance status against budgets (spec 3 §4.6, §9).
 */

export type PerformanceStatus = 'good' | 'needs-improvement' | 'poor';

/** Budgets (spec 3 §9); milliseconds except CLS (unitless). */
export const PERFORMANCE_BUDGETS = {
  LCP: 1500,
  FID: 50,
  CLS: 0.05,
  dashboardLoad: 1200,
  filter: 100,
  transactionLoad: 800,
  uploadProgress: 50,
  apiResponse: 1000,
  dataFetch: 2000,
} as const;
export type PerformanceMetric = keyof typeof PERFORMANCE_BUDGETS;

export const METRIC_WINDOW_MS = 5 * 60_000;
export const REPORT_REFRESH_MS = 5_000;
export const RECENT_METRICS = 20;

/**
 * Status of a value against its budget (spec 3 §4.6): good within budget; needs-improvement up to 1.5× the
 * budget (2.5× for visual metrics whose budget is under 1, i.e. CLS); poor beyond.
 */
export function performanceStatus(value: number, budget: number): PerformanceStatus {
  if (value <= budget) return 'good';
  const factor = budget < 1 ? 2.5 : 1.5;
  return value <= budget * factor + 1e-12 ? 'needs-improvement' : 'poor';
}

/** Status of a named metric. */
export function metricStatus(metric: PerformanceMetric, value: number): PerformanceStatus {
  return performanceStatus(value, PERFORMANCE_BUDGETS[metric]);
}

/**
 * The panel (spec 3 §2.1, §4.6): shown only with violations; fewer than 3 → needs-improvement, otherwise poor;
 * alert 'N Performance Budget Violations'.
 */
export function performancePanel(violations: number): {
  visible: boolean;
  status: PerformanceStatus;
  alert: string | null;
} {
  if (violations <= 0) return { visible: false, status: 'good', alert: null };
  return {
    visible: true,
    status: violations < 3 ? 'needs-improvement' : 'poor',
    alert: `${violations} Performance Budget Violations`,
  };
}
