import { type FormEvent, useCallback, useId, useState } from 'react';
import type { Account } from '../../../../../functions/contracts/accounts';
import type { Transaction } from '../../../../../functions/contracts/transactions';
import { localDate } from '../../../../../functions/domain/dates';
import { badgeCount } from '../../../../../functions/domain/format';
import { Badge } from '../../../components/Badge';
import { EmptyState } from '../../../components/EmptyState';
import { Menu } from '../../../components/Menu';
import { Money } from '../../../components/Money';
import { StatTile } from '../../../components/StatTile';
import { AccountRowsTable, type LoadedRows, rowLabel } from './AccountRowsTable';
import { saveFile, selectionCsv, selectionFileName } from './export';
import {
  type DateRange,
  DEFAULT_PERIOD,
  PERIOD_CHOICES,
  type PeriodKey,
  periodLabel,
  periodRange,
  type SelectedPeriod,
} from './periods';
import {
  clearSelection,
  EMPTY_SELECTION,
  invertSelection,
  recordOperation,
  type SelectionState,
  selectAll,
  selectRange,
  toggleRow,
} from './selection';
import { summariseRows } from './summary';
import './transactions.css';

/**
 * 'Transactions by Account' (spec 2 §2 Account Setup): a period picker, a summary of the rows loaded, a
 * bulk-action bar (spec 3 §9: select all, invert, shift-click ranges, clear; 4 actions shown, the rest under
 * 'More'; the count badge caps at 99+; the last 5 operations kept) and one table per account, each paging
 * through every row of the period. Bulk actions are the ones that exist for rows today: export the selection
 * as CSV, copy it, and the selection's own operations; new ones join the same list (and so 'More').
 */
export interface BulkAction {
  label: string;
  run(): void;
  disabled?: boolean;
}

const VISIBLE_ACTIONS = 4;
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

export function TransactionsByAccount({ accounts }: { accounts: Account[] }) {
  const headingId = useId();
  /** The picker's choice, and the period the tables show (a custom range shows once applied). */
  const [choice, setChoice] = useState<PeriodKey>(DEFAULT_PERIOD.key);
  const [period, setPeriod] = useState<SelectedPeriod>(DEFAULT_PERIOD);
  const [draft, setDraft] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [range, setRange] = useState<DateRange>(() => {
    const result = periodRange(DEFAULT_PERIOD, new Date());
    return 'range' in result ? result.range : {};
  });
  const [loaded, setLoaded] = useState<ReadonlyMap<string, LoadedRows>>(new Map());
  const [selection, setSelection] = useState<SelectionState>(EMPTY_SELECTION);
  const [notice, setNotice] = useState('');
  const label = periodLabel(period);

  const applyPeriod = (next: SelectedPeriod) => {
    const result = periodRange(next, new Date());
    if ('error' in result) {
      setRangeError(result.error);
      return;
    }
    setRangeError(null);
    setPeriod(next);
    setRange(result.range);
    // The rows shown change: nothing stays selected.
    setSelection((s) => (s.selected.size ? { ...s, selected: new Set(), anchor: null } : s));
  };

  const onRows = useCallback((accountId: string, rows: LoadedRows) => {
    setLoaded((old) => (old.get(accountId) === rows ? old : new Map(old).set(accountId, rows)));
  }, []);

  const shown = accounts.map((account) => ({
    account,
    ...(loaded.get(account.id) ?? { rows: [], total: null }),
  }));
  const allRows = shown.flatMap((s) => s.rows);
  const allIds = allRows.map((row) => row.id);
  const summary = summariseRows(allRows);
  const knownTotal = shown.every((s) => s.total !== null)
    ? shown.reduce((n, s) => n + (s.total ?? 0), 0)
    : null;
  const complete = knownTotal !== null && summary.count >= knownTotal;
  const selectedCount = allIds.filter((id) => selection.selected.has(id)).length;

  const onToggle = useCallback((row: Transaction, shift: boolean, shownIds: readonly string[]) => {
    setSelection((s) =>
      shift ? selectRange(s, row.id, shownIds, rowLabel(row)) : toggleRow(s, row.id, rowLabel(row)),
    );
  }, []);

  const selectedGroups = () =>
    shown
      .map((s) => ({
        accountName: s.account.name,
        rows: s.rows.filter((row) => selection.selected.has(row.id)),
      }))
      .filter((g) => g.rows.length > 0);

  const exportSelected = () => {
    const groups = selectedGroups();
    const fileName = selectionFileName(
      groups.map((g) => g.accountName),
      localDate(new Date()),
    );
    saveFile(new Blob([selectionCsv(groups)], { type: 'text/csv;charset=utf-8' }), fileName);
    setNotice(`Downloaded ${fileName}`);
    setSelection((s) => recordOperation(s, `Exported ${count(selectedCount, 'row', 'rows')} as CSV`));
  };

  const copySelected = async () => {
    const text = selectionCsv(selectedGroups());
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setNotice(`Copied ${count(selectedCount, 'row', 'rows')}`);
      setSelection((s) => recordOperation(s, `Copied ${count(selectedCount, 'row', 'rows')}`));
    } catch {
      setNotice('Copying is not available here. Export the selection as CSV instead.');
    }
  };

  const actions: BulkAction[] = [
    {
      label: 'Select all',
      run: () => setSelection((s) => selectAll(s, allIds)),
      disabled: allIds.length === 0 || selectedCount === allIds.length,
    },
    {
      label: 'Invert selection',
      run: () => setSelection((s) => invertSelection(s, allIds)),
      disabled: allIds.length === 0,
    },
    { label: 'Clear selection', run: () => setSelection(clearSelection), disabled: selectedCount === 0 },
    { label: 'Export selected (CSV)', run: exportSelected, disabled: selectedCount === 0 },
    { label: 'Copy selected', run: () => void copySelected(), disabled: selectedCount === 0 },
  ];
  const visible = actions.slice(0, VISIBLE_ACTIONS);
  const more = actions.slice(VISIBLE_ACTIONS);

  const onCustom = (event: FormEvent) => {
    event.preventDefault();
    applyPeriod({ key: 'custom', from: draft.from, to: draft.to });
  };

  return (
    <section className="tx-by-account" aria-labelledby={headingId}>
      <h2 id={headingId}>Transactions by Account</h2>

      <div className="tx-period">
        <label className="kit-field tx-period-select">
          <span>Period</span>
          <select
            value={choice}
            onChange={(event) => {
              const key = event.target.value as PeriodKey;
              setChoice(key);
              // A custom range applies with its own button, once its dates are in.
              if (key !== 'custom') applyPeriod({ key });
            }}
          >
            {PERIOD_CHOICES.map((choice) => (
              <option key={choice.key} value={choice.key}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        {choice === 'custom' && (
          <form className="tx-period-custom" onSubmit={onCustom} aria-label="Custom range">
            <label className="kit-field">
              <span>From</span>
              <input
                type="date"
                value={draft.from}
                onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
              />
            </label>
            <label className="kit-field">
              <span>To</span>
              <input
                type="date"
                value={draft.to}
                onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
              />
            </label>
            <button type="submit" className="button">
              Apply
            </button>
          </form>
        )}
        {rangeError && (
          <p className="field-error" role="alert">
            {rangeError}
          </p>
        )}
      </div>

      <section className="stat-tiles tx-summary" aria-label="Summary">
        <StatTile
          label="Transactions"
          value={(knownTotal ?? summary.count).toLocaleString('en-GB')}
          note={
            complete
              ? `${label}, ${count(accounts.length, 'account', 'accounts')}`
              : `${summary.count.toLocaleString('en-GB')} loaded`
          }
        />
        <StatTile
          label="Money in"
          tone="in"
          value={<Money amount={summary.moneyIn} />}
          note={complete ? undefined : 'Of the rows loaded'}
        />
        <StatTile
          label="Money out"
          tone="out"
          value={<Money amount={summary.moneyOut} />}
          note={complete ? undefined : 'Of the rows loaded'}
        />
        <StatTile
          label="Net"
          value={<Money amount={summary.net} tone="auto" />}
          note={complete ? undefined : 'Of the rows loaded'}
        />
        <StatTile
          label="Between your accounts"
          tone="transfer"
          value={<Money amount={summary.moved} />}
          note="Not in money in or out"
        />
      </section>

      <fieldset className="tx-bulk">
        <legend className="visually-hidden">Bulk actions</legend>
        <span className="tx-bulk-count">
          <Badge tone={selectedCount ? 'info' : 'neutral'}>{badgeCount(selectedCount)}</Badge>
          <span> selected</span>
          <span className="visually-hidden">{` (${selectedCount.toLocaleString('en-GB')} of ${allIds.length.toLocaleString('en-GB')} rows)`}</span>
        </span>
        {visible.map((action) => (
          <button
            key={action.label}
            type="button"
            className="button"
            disabled={action.disabled}
            onClick={action.run}
          >
            {action.label}
          </button>
        ))}
        {more.length > 0 && (
          <Menu
            label="More"
            buttonLabel="More bulk actions"
            items={more.map((action) => ({
              label: action.label,
              onSelect: action.run,
              disabled: action.disabled,
            }))}
          />
        )}
      </fieldset>
      <p className="tx-notice" role="status">
        {notice}
      </p>
      {selection.history.length > 0 && (
        <details className="tx-history">
          <summary>Recent selection actions ({selection.history.length})</summary>
          <ol aria-label="Recent selection actions">
            {selection.history.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same wording may recur; the list is newest first and only ever replaced
              <li key={index}>{entry}</li>
            ))}
          </ol>
        </details>
      )}

      {accounts.length === 0 ? (
        <EmptyState title={`No transactions found for ${label}`}>
          <p>Try selecting a different period or uploading statements</p>
        </EmptyState>
      ) : (
        accounts.map((account) => (
          <AccountRowsTable
            key={account.id}
            account={account}
            range={range}
            period={label}
            selected={selection.selected}
            onToggle={onToggle}
            onRows={onRows}
          />
        ))
      )}
    </section>
  );
}
