import { abReport, type ReportEvent, SIGNIFICANCE_LEVEL, type TestReport } from './ab-testing';

/**
 * The text of `npm run analytics`: per A/B test and variant the views, conversions, conversion rate and
 * whether the variant differs from control significantly (two-sided, p < 0.05), then the landing page's own
 * measures (page views, visitors, engaged visits, median time on page, scroll depth reached).
 */
export interface ReportEventWithMeasures extends ReportEvent {
  depth?: number | null;
  seconds?: number | null;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function pad(cells: string[][]): string[] {
  const widths = cells[0]?.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length))) ?? [];
  return cells.map((row) =>
    row.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  '),
  );
}

export function formatTestReport(report: TestReport): string[] {
  const rows = [['variant', 'views', 'conversions', 'rate', 'vs control', 'significant']];
  for (const v of report.variants) {
    rows.push([
      v.variant,
      String(v.views),
      String(v.conversions),
      v.views ? pct(v.rate) : '-',
      v.pValue === null
        ? v.variant === report.variants[0]?.variant
          ? '(control)'
          : 'not enough data'
        : `z ${v.z?.toFixed(2)}, p ${v.pValue.toFixed(3)}`,
      v.pValue === null ? '-' : v.significant ? 'yes' : 'no',
    ]);
  }
  return [`A/B test: ${report.test}`, ...pad(rows).map((l) => `  ${l}`)];
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? null) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

export function formatAnalyticsReport(
  events: readonly ReportEventWithMeasures[],
  period: { from: string; to: string },
): string {
  const visitors = new Set(events.map((e) => e.visitor_id));
  const views = events.filter((e) => e.type === 'page_view').length;
  const engaged = new Set(events.filter((e) => e.type === 'engaged').map((e) => e.visitor_id)).size;
  const time = median(events.filter((e) => e.type === 'time_on_page').map((e) => e.seconds ?? 0));
  const lines = [
    `Landing analytics ${period.from} to ${period.to} (first-party; significance: two-sided p < ${SIGNIFICANCE_LEVEL})`,
    `page views ${views} · visitors ${visitors.size} · engaged (30 s or more) ${engaged} · median time on page ${time === null ? '-' : `${Math.round(time)} s`}`,
  ];
  const marks = [25, 50, 75, 90, 100].map((m) => {
    const reached = new Set(
      events.filter((e) => e.type === 'scroll' && (e.depth ?? 0) >= m).map((e) => e.visitor_id),
    ).size;
    return `${m}% ${reached}`;
  });
  lines.push(`visitors reaching scroll depth: ${marks.join(' · ')}`, '');
  for (const test of abReport(events)) lines.push(...formatTestReport(test), '');
  return lines.join('\n').trimEnd();
}
