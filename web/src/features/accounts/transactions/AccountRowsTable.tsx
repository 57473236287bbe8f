import { useEffect, useMemo } from 'react';
import type { Account } from '../../../../../functions/contracts/accounts';
import type { Transaction } from '../../../../../functions/contracts/transactions';
import { moneyDirection } from '../../../../../functions/domain/flow-direction';
import { effectiveFlowType, flowTypeLabel } from '../../../../../functions/domain/flow-types';
import { formatDateMedium } from '../../../../../functions/domain/format';
import { Badge } from '../../../components/Badge';
import { DataTable, type DataTableColumn, RowCheckbox } from '../../../components/DataTable';
import { DateText } from '../../../components/DateText';
import { EmptyState } from '../../../components/EmptyState';
import { LoadFailed } from '../../../components/LoadFailed';
import { formatMoneyText, Money } from '../../../components/Money';
import { useAccountRows, useExportAccountCsv } from './api';
import { saveFile } from './export';
import type { DateRange } from './periods';

/**
 * One account's table in 'Transactions by Account': Date, Description, Amount, Flow Type, Balance, newest first
 * in the API's order (same-date rows as the statement has them, so balances read in sequence; the table does
 * not re-sort). Rows come a page at a time through the cursor API, the next page when the table is scrolled
 * near its end or with 'Load more', until every row is in; the table is virtualised, so thousands of rows stay
 * smooth. Each row has a selection checkbox (shift-click selects a range); the selection itself is the
 * section's.
 */
export interface LoadedRows {
  rows: readonly Transaction[];
  /** How many rows the period holds (the first page's total), null until known. */
  total: number | null;
}

export interface AccountRowsTableProps {
  account: Account;
  range: DateRange;
  period: string;
  selected: ReadonlySet<string>;
  onToggle(row: Transaction, shift: boolean, shownIds: readonly string[]): void;
  onRows(accountId: string, loaded: LoadedRows): void;
}

/** Rows from the end of the scroll region at which the next page is asked for. */
const PREFETCH_ROWS = 15;
const ROW_HEIGHT = 45;

function signedAmount(row: Transaction): number {
  const size = Math.abs(row.amount);
  return moneyDirection(row) === 'out' ? -size : size;
}

export function rowLabel(row: Transaction): string {
  return `${formatDateMedium(row.transaction_date)} ${row.description} ${formatMoneyText(signedAmount(row))}`;
}

export function AccountRowsTable({
  account,
  range,
  period,
  selected,
  onToggle,
  onRows,
}: AccountRowsTableProps) {
  const query = useAccountRows(account.id, range);
  const exportCsv = useExportAccountCsv(saveFile);
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.transactions) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? null;
  const shownIds = useMemo(() => rows.map((row) => row.id), [rows]);

  useEffect(() => onRows(account.id, { rows, total }), [account.id, rows, total, onRows]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage && !query.isFetchNextPageError) void fetchNextPage();
  };

  const columns = useMemo<DataTableColumn<Transaction>[]>(
    () => [
      {
        id: 'select',
        header: 'Select',
        cell: (row) => (
          <RowCheckbox
            className="account-rows-check"
            label={`Select ${rowLabel(row)}`}
            checked={selected.has(row.id)}
            onChange={(event) => onToggle(row, (event.nativeEvent as MouseEvent).shiftKey === true, shownIds)}
          />
        ),
        phone: 'lead',
      },
      {
        id: 'date',
        header: 'Date',
        cell: (row) => <DateText date={row.transaction_date} />,
        phone: 'detail',
      },
      {
        id: 'description',
        header: 'Description',
        wrap: true,
        cell: (row) => row.description,
        phone: 'title',
      },
      {
        id: 'amount',
        header: 'Amount',
        align: 'end',
        cell: (row) => <Money amount={signedAmount(row)} tone="auto" />,
        phone: 'end',
      },
      {
        id: 'flow',
        header: 'Flow Type',
        cell: (row) => {
          const flow = effectiveFlowType(row);
          return <Badge tone={flow === 'unclassified' ? 'warning' : 'neutral'}>{flowTypeLabel(flow)}</Badge>;
        },
        phone: 'detail',
      },
      {
        id: 'balance',
        header: 'Balance',
        align: 'end',
        cell: (row) => (row.balance === null ? '—' : <Money amount={row.balance} />),
      },
    ],
    [selected, onToggle, shownIds],
  );

  const heading = account.bank_name ? `${account.name} (${account.bank_name})` : account.name;
  const count =
    total === null
      ? null
      : rows.length < total
        ? `Showing ${rows.length.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')}`
        : `${total.toLocaleString('en-GB')} ${total === 1 ? 'transaction' : 'transactions'}`;

  return (
    <section className="account-rows" aria-label={`${account.name} transactions`}>
      <header className="account-rows-head">
        <h3>{heading}</h3>
        {count && (
          <p className="account-rows-count" aria-live="polite">
            {count}
          </p>
        )}
        <button
          type="button"
          className="button"
          aria-label={`Export CSV of ${account.name}`}
          disabled={exportCsv.isPending || total === 0}
          onClick={() => exportCsv.mutate({ accountId: account.id, accountName: account.name, range })}
        >
          {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
        </button>
      </header>
      <p className="account-rows-export" role="status">
        {exportCsv.isSuccess ? `Downloaded ${exportCsv.data}` : ''}
      </p>
      {exportCsv.isError && (
        <p className="inline-alert" role="alert">
          Export failed: {exportCsv.error.message}
        </p>
      )}
      {query.isPending ? (
        <p role="status">Loading transactions…</p>
      ) : query.isError && rows.length === 0 ? (
        <LoadFailed what={`the transactions of ${account.name}`} onRetry={() => void query.refetch()} />
      ) : (
        <div
          className="account-rows-table"
          onScrollCapture={(event) => {
            const region = event.target as HTMLElement;
            if (region.scrollHeight - region.scrollTop - region.clientHeight < PREFETCH_ROWS * ROW_HEIGHT)
              loadMore();
          }}
        >
          <DataTable
            caption={`${account.name}: transactions for ${period}, newest first`}
            columns={columns}
            rows={rows}
            getRowId={(row) => row.id}
            empty={
              <EmptyState title={`No transactions found for ${period}`}>
                <p>Try selecting a different period or uploading statements</p>
              </EmptyState>
            }
          />
          {query.isFetchNextPageError ? (
            <div className="inline-alert" role="alert">
              <p>We couldn't load more transactions. Please try again.</p>
              <button type="button" className="button" onClick={() => void fetchNextPage()}>
                Try again
              </button>
            </div>
          ) : (
            hasNextPage && (
              <button
                type="button"
                className="button account-rows-more"
                aria-label={`Load more transactions of ${account.name}`}
                disabled={isFetchingNextPage}
                onClick={loadMore}
              >
                {isFetchingNextPage ? 'Loading more…' : 'Load more'}
              </button>
            )
          )}
        </div>
      )}
    </section>
  );
}
