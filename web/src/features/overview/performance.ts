import {
  METRIC_WINDOW_MS,
  metricStatus,
  PERFORMANCE_BUDGETS,
  type PerformanceMetric,
  type PerformanceStatus,
  performancePanel,
  RECENT_METRICS,
} from '../../../../functions/domain/performance';

/**
 * The browser's performance measures (spec 3 §4.6, §9), kept for the Performance Monitor: LCP, INP (in place
 * of FID, which browsers no longer report; judged against FID's budget) and CLS from the `web-vitals`
 * library, and the app's own timings (dashboard load, period filter, transaction load, API response, data
 * fetch). Samples older than the 5-minute window are dropped; the report is what the panel shows.
 */
export interface Sample {
  metric: PerformanceMetric;
  value: number;
  at: number;
}

export const METRIC_LABELS: Record<PerformanceMetric, string> = {
  LCP: 'Largest Contentful Paint',
  FID: 'Interaction to Next Paint (in place of FID)',
  CLS: 'Cumulative Layout Shift',
  dashboardLoad: 'Dashboard load',
  filter: 'Period filter',
  transactionLoad: 'Transaction load',
  uploadProgress: 'Upload progress',
  apiResponse: 'API response',
  dataFetch: 'Data fetch',
};

let samples: Sample[] = [];
const listeners = new Set<() => void>();

function prune(now: number) {
  samples = samples.filter((s) => now - s.at <= METRIC_WINDOW_MS);
}

export function recordMetric(metric: PerformanceMetric, value: number, at = Date.now()): void {
  if (!Number.isFinite(value) || value < 0) return;
  samples.push({ metric, value, at });
  prune(at);
  for (const listener of listeners) listener();
}

/** Runs `fn`, recording how long it took (also when it fails). */
export async function timed<T>(metric: PerformanceMetric, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    recordMetric(metric, performance.now() - started);
  }
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let vitalsStarted = false;
/** Starts the web-vitals observers once (loaded with the app's pages, never on the landing page). */
export function startWebVitals(): void {
  if (vitalsStarted || typeof window === 'undefined') return;
  vitalsStarted = true;
  void import('web-vitals')
    .then(({ onLCP, onINP, onCLS }) => {
      onLCP((m) => recordMetric('LCP', m.value), { reportAllChanges: true });
      onINP((m) => recordMetric('FID', m.value), { reportAllChanges: true });
      onCLS((m) => recordMetric('CLS', m.value), { reportAllChanges: true });
    })
    .catch(() => {
      vitalsStarted = false;
    });
}

export interface MetricReport {
  metric: PerformanceMetric;
  label: string;
  value: number;
  budget: number;
  status: PerformanceStatus;
}

export interface PerformanceReport {
  /** Each measured metric's latest value in the window with its status. */
  metrics: MetricReport[];
  violations: number;
  panel: ReturnType<typeof performancePanel>;
  /** The 20 latest samples, newest first. */
  recent: Sample[];
}

export function performanceReport(now = Date.now()): PerformanceReport {
  prune(now);
  const latest = new Map<PerformanceMetric, Sample>();
  for (const s of samples) latest.set(s.metric, s);
  const metrics = [...latest.values()].map((s) => ({
    metric: s.metric,
    label: METRIC_LABELS[s.metric],
    value: s.value,
    budget: PERFORMANCE_BUDGETS[s.metric],
    status: metricStatus(s.metric, s.value),
  }));
  const violations = metrics.filter((m) => m.status !== 'good').length;
  return {
    metrics,
    violations,
    panel: performancePanel(violations),
    recent: samples.slice(-RECENT_METRICS).reverse(),
  };
}

/** Tests start from nothing. */
export function resetPerformance(): void {
  samples = [];
}
