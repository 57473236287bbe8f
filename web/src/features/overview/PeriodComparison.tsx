import { lazy, Suspense } from 'react';
import type { OverviewResponse } from '../../../../functions/contracts/insights';
import { COMPARISON_MESSAGES } from '../../../../functions/domain/periods';
import { Alert } from '../../components/Alert';
import { DateText } from '../../components/DateText';

// The table's code (TanStack Table) loads once the figures above it have been painted: it is below them on
// every screen size, and its place is kept meanwhile.
const ComparisonTable = lazy(() => import('./ComparisonTable').then((m) => ({ default: m.ComparisonTable })));

const tablePlaceholder = (
  <div className="comparison-table-placeholder">
    <p role="status" className="visually-hidden">
      Loading the comparison...
    </p>
  </div>
);

/**
 * Period Comparison (spec 3 §2.1, §8): Income, Expenses, Net Flow and Transactions against the previous
 * equal-length period, each with its percentage change; 'Insufficient data…' when both periods have fewer
 * than 3 transactions; the limited-data warning; 'Unable to load period comparison data' on failure.
 */
export function PeriodComparison({
  data,
  failed,
  tableReady = true,
}: {
  data: OverviewResponse | undefined;
  failed: boolean;
  /** False until the figures above have been painted: the table's place is kept until then. */
  tableReady?: boolean;
}) {
  return (
    <section className="panel" aria-labelledby="comparison-title">
      <h2 id="comparison-title">Period Comparison</h2>
      {failed || !data ? (
        <Alert tone="warning">
          <p>{COMPARISON_MESSAGES.loadFailed}</p>
        </Alert>
      ) : data.comparison.insufficient ? (
        <Alert tone="info" title={COMPARISON_MESSAGES.insufficient}>
          <p>{COMPARISON_MESSAGES.insufficientHint}</p>
        </Alert>
      ) : (
        <>
          <p className="comparison-periods">
            {data.period.label} (<DateText date={data.period.start} /> – <DateText date={data.period.end} />)
            against the {data.previous.label.toLowerCase()} (<DateText date={data.previous.start} /> –{' '}
            <DateText date={data.previous.end} />)
          </p>
          {data.comparison.warning && (
            <Alert tone="warning">
              <p>{data.comparison.warning}</p>
            </Alert>
          )}
          <Suspense fallback={tablePlaceholder}>
            {tableReady ? <ComparisonTable data={data} /> : tablePlaceholder}
          </Suspense>
        </>
      )}
    </section>
  );
}
