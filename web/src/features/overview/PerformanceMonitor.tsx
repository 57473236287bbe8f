import { useEffect, useState } from 'react';
import { REPORT_REFRESH_MS } from '../../../../functions/domain/performance';
import { Alert } from '../../components/Alert';
import { Badge, type BadgeTone } from '../../components/Badge';
import { performanceReport, subscribe } from './performance';

const TONE: Record<string, BadgeTone> = { good: 'success', 'needs-improvement': 'warning', poor: 'danger' };

const show = (metric: string, value: number) =>
  metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;

/**
 * The Performance Monitor (spec 3 §2.1, §4.6): shown only while a budget is violated, with 'N Performance
 * Budget Violations', each measured metric against its budget with its status, and the 20 latest
 * measurements. The report is refreshed every 5 seconds over the last 5 minutes of measurements.
 */
export function PerformanceMonitor() {
  const [report, setReport] = useState(() => performanceReport());
  useEffect(() => {
    const refresh = () => setReport(performanceReport());
    const timer = setInterval(refresh, REPORT_REFRESH_MS);
    const unsubscribe = subscribe(() => undefined);
    return () => {
      clearInterval(timer);
      unsubscribe();
    };
  }, []);
  if (!report.panel.visible) return null;
  return (
    <section className="panel performance-monitor" aria-labelledby="performance-title">
      <h2 id="performance-title">Performance Monitor</h2>
      <Alert
        tone={report.panel.status === 'poor' ? 'danger' : 'warning'}
        title={report.panel.alert ?? undefined}
      />
      <ul className="performance-metrics">
        {report.metrics.map((m) => (
          <li key={m.metric}>
            <span>{m.label}</span>
            <span>
              {show(m.metric, m.value)} (budget {show(m.metric, m.budget)})
            </span>
            <Badge tone={TONE[m.status] ?? 'neutral'}>{m.status}</Badge>
          </li>
        ))}
      </ul>
      <details>
        <summary>Recent measurements</summary>
        <ul className="performance-recent">
          {report.recent.map((s) => (
            <li key={`${s.metric}-${s.at}-${s.value}`}>
              {new Date(s.at).toLocaleTimeString('en-GB')} {s.metric} {show(s.metric, s.value)}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
