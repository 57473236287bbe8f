import type { ReactNode } from 'react';
import type { OverviewResponse } from '../../../../functions/contracts/insights';
import type { PercentageChange } from '../../../../functions/domain/percentage-change';
import { COMPARISON_MESSAGES } from '../../../../functions/domain/periods';
import { Alert } from '../../components/Alert';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';

interface ComparisonRow {
  name: string;
  current: ReactNode;
  previous: ReactNode;
  change: PercentageChange;
}

function comparisonRows(data: OverviewResponse): ComparisonRow[] {
  const money = (amount: number) => <Money amount={amount} decimals={0} />;
  return [
    {
      name: 'Income',
      current: money(data.summary.totalIncome),
      previous: money(data.previous_stats.totalIncome),
      change: data.comparison.income,
    },
    {
      name: 'Expenses',
      current: money(data.summary.totalExpenses),
      previous: money(data.previous_stats.totalExpenses),
      change: data.comparison.expenses,
    },
    {
      name: 'Net Flow',
      current: money(data.summary.netFlow),
      previous: money(data.previous_stats.netFlow),
      change: data.comparison.netFlow,
    },
    {
      name: 'Transactions',
      current: data.summary.transactionCount.toLocaleString('en-GB'),
      previous: data.previous_stats.transactionCount.toLocaleString('en-GB'),
      change: data.comparison.transactions,
    },
  ];
}

/** On a phone each figure is a row: its name and this period's value, then the previous period's and the change. */
function comparisonColumns(data: OverviewResponse): DataTableColumn<ComparisonRow>[] {
  return [
    { id: 'figure', header: 'Figure', cell: (row) => row.name, rowHeader: true, phone: 'title' },
    { id: 'current', header: data.period.label, cell: (row) => row.current, align: 'end', phone: 'end' },
    {
      id: 'previous',
      header: data.previous.label,
      cell: (row) => row.previous,
      align: 'end',
      phone: 'detail',
      phoneLabel: true,
    },
    {
      id: 'change',
      header: 'Change',
      cell: (row) => <Change change={row.change} />,
      align: 'end',
      phone: 'detail',
    },
  ];
}

const TREND_WORD = { up: 'up', down: 'down', flat: 'flat' } as const;

function Change({ change }: { change: PercentageChange }) {
  return (
    <span className={`change change-${change.trend}`}>
      <span aria-hidden="true">{change.trend === 'up' ? '▲' : change.trend === 'down' ? '▼' : '▬'} </span>
      {change.display}
      <span className="visually-hidden"> ({TREND_WORD[change.trend]})</span>
    </span>
  );
}

/**
 * Period Comparison (spec 3 §2.1, §8): Income, Expenses, Net Flow and Transactions against the previous
 * equal-length period, each with its percentage change; 'Insufficient data…' when both periods have fewer
 * than 3 transactions; the limited-data warning; 'Unable to load period comparison data' on failure.
 */
export function PeriodComparison({ data, failed }: { data: OverviewResponse | undefined; failed: boolean }) {
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
          <DataTable
            caption={`${data.period.label} against the ${data.previous.label.toLowerCase()}`}
            columns={comparisonColumns(data)}
            rows={comparisonRows(data)}
            getRowId={(row) => row.name}
          />
        </>
      )}
    </section>
  );
}
