import { useCallback, useMemo, useState } from 'react';
import type { Account } from '../../../../functions/contracts/accounts';
import type { Transaction } from '../../../../functions/contracts/transactions';
import { effectiveFlowType, flowTypeLabel } from '../../../../functions/domain/flow-types';
import { CORRECTABLE_FLOW_TYPES } from '../../../../functions/domain/types';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type DataTableColumn, RowCheckbox } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { saveFile } from '../accounts/transactions/export';
import { refOf, useCorrectFlowType } from '../flow/api';
import { RECENT_ROWS } from './api';
import { dashboardCsv, rowLabel, selectSimilar, signedAmount } from './summary';

/**
 * Recent Activity's rows once they have loaded: the 10 latest with a checkbox each and, with rows selected,
 * Correct Flow Type, Export to CSV and Select Similar. Its own chunk (the table, the dialog, the similarity
 * rules), loaded after the overview's figures have been painted.
 */
export function RecentRows({
  accounts,
  loaded,
}: {
  accounts: readonly Account[];
  loaded: readonly Transaction[];
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [note, setNote] = useState<string | null>(null);
  const names = useMemo(() => new Map(accounts.map((a) => [a.id, a.name])), [accounts]);
  const shown = useMemo(() => {
    const recent = loaded.slice(0, RECENT_ROWS);
    const ids = new Set(recent.map((r) => r.id));
    return [...recent, ...loaded.filter((r) => selected.has(r.id) && !ids.has(r.id))];
  }, [loaded, selected]);
  const chosen = loaded.filter((r) => selected.has(r.id));
  const correct = useCorrectFlowType();
  const [flowType, setFlowType] = useState<(typeof CORRECTABLE_FLOW_TYPES)[number]>('internal_transfer');

  const toggle = useCallback(
    (id: string) =>
      setSelected((old) => {
        const next = new Set(old);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const columns = useMemo<DataTableColumn<Transaction>[]>(
    () => [
      {
        id: 'select',
        header: 'Select',
        cell: (row) => (
          <RowCheckbox
            label={`Select ${rowLabel(row)}`}
            checked={selected.has(row.id)}
            onChange={() => toggle(row.id)}
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
      { id: 'account', header: 'Account', cell: (row) => names.get(row.account_id) ?? '', phone: 'detail' },
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
        id: 'amount',
        header: 'Amount',
        align: 'end',
        cell: (row) => <Money amount={signedAmount(row)} tone="auto" />,
        phone: 'end',
      },
    ],
    [selected, names, toggle],
  );

  return (
    <>
      <div className="bulk-bar" role="toolbar" aria-label="Selected transactions">
        <span aria-live="polite">
          {chosen.length
            ? `${chosen.length} selected`
            : 'Select transactions to export them or find similar ones'}
        </span>
        <ConfirmDialog
          title={`Correct the flow type of ${chosen.length} ${chosen.length === 1 ? 'transaction' : 'transactions'}?`}
          description={
            <>
              <label className="bulk-flow-type">
                New flow type{' '}
                <select value={flowType} onChange={(e) => setFlowType(e.target.value as typeof flowType)}>
                  {CORRECTABLE_FLOW_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {flowTypeLabel(t)}
                    </option>
                  ))}
                </select>
              </label>{' '}
              Later statements with the same descriptions follow your correction.
            </>
          }
          confirmLabel="Correct Flow Type"
          onConfirm={async () => {
            const result = await correct.mutateAsync({
              mode: chosen.length === 1 ? 'single' : 'bulk',
              transactions: chosen.map(refOf),
              flow_type: flowType,
              reason: null,
            });
            setNote(
              result.updated
                ? `${result.updated} ${result.updated === 1 ? 'transaction' : 'transactions'} corrected to ${flowTypeLabel(flowType)}`
                : `Already ${flowTypeLabel(flowType)}: nothing changed`,
            );
            setSelected(new Set());
          }}
          trigger={
            <button type="button" className="button" disabled={!chosen.length}>
              Correct Flow Type
            </button>
          }
        />
        <button
          type="button"
          className="button"
          disabled={!chosen.length}
          onClick={() => saveFile(new Blob([dashboardCsv(chosen)], { type: 'text/csv' }), 'transactions.csv')}
        >
          Export to CSV
        </button>
        <button
          type="button"
          className="button"
          disabled={!chosen.length}
          onClick={() => {
            const next = selectSimilar(chosen, loaded);
            setNote(
              next.size > selected.size
                ? `${next.size - selected.size} similar ${next.size - selected.size === 1 ? 'transaction' : 'transactions'} selected`
                : 'No similar transactions among the latest ones',
            );
            setSelected(next);
          }}
        >
          Select Similar
        </button>
        <button
          type="button"
          className="button"
          disabled={!chosen.length}
          onClick={() => setSelected(new Set())}
        >
          Clear selection
        </button>
      </div>
      {note && (
        <p className="bulk-note" role="status">
          {note}
        </p>
      )}
      <DataTable
        caption="The latest transactions"
        columns={columns}
        rows={shown}
        getRowId={(row) => row.id}
      />
    </>
  );
}
