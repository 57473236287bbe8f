import type { ReactNode } from 'react';
import type { OverviewResponse } from '../../../../functions/contracts/insights';
import type { PercentageChange } from '../../../../functions/domain/percentage-change';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
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

/** The comparison's figures as a table (a list of rows on a phone): its own chunk, with TanStack Table. */
export function ComparisonTable({ data }: { data: OverviewResponse }) {
  return (
    <DataTable
      caption={`${data.period.label} against the ${data.previous.label.toLowerCase()}`}
      columns={comparisonColumns(data)}
      rows={comparisonRows(data)}
      getRowId={(row) => row.name}
    />
  );
}
