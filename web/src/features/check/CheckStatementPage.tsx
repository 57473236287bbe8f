import { type FormEvent, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { StatementCheck } from '../../../../functions/contracts/statement-check';
import { isIsoDate } from '../../../../functions/domain/dates';
import { type CheckRow, checkRows, unclearPartsByRow } from '../../../../functions/domain/statement-check';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateText } from '../../components/DateText';
import { Dialog } from '../../components/Dialog';
import { LoadFailed } from '../../components/LoadFailed';
import { formatMoneyText, Money } from '../../components/Money';
import { AddAccountForm } from '../accounts/AddAccountForm';
import { useAccounts } from '../accounts/api';
import { useCheckDecision, useCheckEdit, useImportedUpload, useStatementCheck } from './api';
import { StatementPages } from './StatementPages';
import './check.css';

/**
 * Check Statement: a statement whose reading its own figures do not confirm (or that names another account)
 * waits here before anything of it enters the family's figures. Beside its rows, the statement's sums
 * (opening + money in − money out = closing, and each printed running balance) say where they break, and
 * run again as the family types; each change is sent when the family leaves the field, kept with who and
 * when. Import when it adds up, Import anyway (marked not checked), or Discard. On a phone the rows are a
 * list.
 */
export function CheckStatementPage() {
  const { uploadId = '' } = useParams();
  const check = useStatementCheck(uploadId);
  return (
    <div className="page check-page">
      <div className="page-head">
        <h1>Check Statement</h1>
        <p className="lede">Nothing from this statement is in your figures until you import it.</p>
      </div>
      {check.isPending ? (
        <p role="status">Loading the statement…</p>
      ) : check.isError ? (
        <LoadFailed what="this statement" onRetry={() => void check.refetch()} />
      ) : (
        <CheckStatement check={check.data} uploadId={uploadId} />
      )}
    </div>
  );
}

interface Draft {
  date: string;
  description: string;
  amount: string;
}

const amountText = (n: number) => n.toFixed(2);
/** A typed amount in pounds and pence (money out negative), or null when it is not one. */
function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[£,\s]/g, '').replace(/^\u2212/, '-');
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

function withDraft(row: CheckRow, draft: Draft | undefined): CheckRow {
  if (!draft) return row;
  const amount = parseAmount(draft.amount);
  return {
    ...row,
    date: isIsoDate(draft.date) ? draft.date : row.date,
    description: draft.description.trim() || row.description,
    signedAmount: amount ?? row.signedAmount,
  };
}

export function CheckStatement({ check, uploadId }: { check: StatementCheck; uploadId: string }) {
  const edit = useCheckEdit(uploadId);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const rows = useMemo(() => check.rows.map((row) => withDraft(row, drafts[row.id])), [check.rows, drafts]);
  // The checks as the family types: the same domain sums the API runs after each edit.
  const live = useMemo(
    () =>
      checkRows(rows, {
        openingBalance: check.sums.opening,
        closingBalance: check.sums.closing,
        accountKind: check.accountKind,
      }),
    [rows, check.sums.opening, check.sums.closing, check.accountKind],
  );
  const breakRows = new Set(live.breaks.flatMap((b) => (b.rowId ? [b.rowId] : [])));
  const waiting = check.upload.stage === 'needs_check' && !check.outcome;
  // What the scan could not read clearly, marked on the row while the family checks it.
  const unclear = useMemo(
    () => (waiting ? unclearPartsByRow(check.unreadable) : new Map<string, Set<string>>()),
    [waiting, check.unreadable],
  );
  const typing = Object.keys(drafts).length > 0;

  const draftOf = (row: CheckRow): Draft =>
    drafts[row.id] ?? { date: row.date, description: row.description, amount: amountText(row.signedAmount) };
  const setDraft = (row: CheckRow, change: Partial<Draft>) =>
    setDrafts((all) => ({ ...all, [row.id]: { ...draftOf(row), ...change } }));
  /** Sends the row's changes (against the row as the API last gave it) when the family leaves a field. */
  const commit = (id: string) => {
    const row = check.rows.find((r) => r.id === id);
    const draft = drafts[id];
    if (!row) return;
    if (!draft) return;
    const amount = parseAmount(draft.amount);
    const change = {
      ...(draft.date !== row.date ? { date: draft.date } : {}),
      ...(amount !== null && amount !== row.signedAmount ? { signedAmount: amount } : {}),
      ...(draft.description.trim() && draft.description.trim() !== row.description
        ? { description: draft.description.trim() }
        : {}),
    };
    const clear = () =>
      setDrafts((all) => {
        const { [id]: _gone, ...rest } = all;
        return rest;
      });
    if (!Object.keys(change).length) return clear();
    edit.mutate({ op: 'edit_row', row: id, ...change }, { onSuccess: clear });
  };

  return (
    <div className="check-layout">
      <section className="check-reasons" aria-labelledby="check-why">
        <h2 id="check-why">{check.upload.fileName}</h2>
        {waiting ? (
          <Alert tone="warning" title="Why this statement needs your check">
            <ul>
              {check.reasons.map((r) => (
                <li key={r.code}>{r.text}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {check.upload.warnings.length > 0 && (
          <ul className="check-notes" aria-label="What the reader noticed">
            {check.upload.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        )}
        {edit.error ? <Alert tone="danger">{edit.error.message}</Alert> : null}
      </section>

      <div className="check-side">
        <Sums check={check} live={live} typing={typing} />

        <StatementPages
          uploadId={uploadId}
          fileName={check.upload.fileName}
          pages={check.pages ?? 0}
          rows={rows}
          breakRows={breakRows}
        />
      </div>

      <section className="check-rows" aria-labelledby="check-rows-title">
        <h2 id="check-rows-title">Transactions read</h2>
        <table className="check-table">
          <colgroup>
            <col className="check-col-date" />
            <col />
            <col className="check-col-amount" />
            <col className="check-col-balance" />
            <col className="check-col-excluded" />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Description</th>
              <th scope="col">Amount (money out as −)</th>
              <th scope="col">Balance printed</th>
              <th scope="col">Not a transaction</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const draft = draftOf(row);
              const label = `row ${index + 1}`;
              const amountInvalid = parseAmount(draft.amount) === null;
              const unclearParts = unclear.get(row.id);
              return (
                <tr
                  key={row.id}
                  id={`check-${row.id}`}
                  className={[
                    breakRows.has(row.id) ? 'check-row-break' : '',
                    row.excluded ? 'check-row-excluded' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  <td data-label="Date">
                    <input
                      type="date"
                      aria-label={`Date of ${label}`}
                      value={draft.date}
                      disabled={!waiting}
                      onChange={(e) => setDraft(row, { date: e.target.value })}
                      onBlur={() => commit(row.id)}
                    />
                    {unclearParts?.has('date') ? <Badge tone="warning">Date unclear</Badge> : null}
                  </td>
                  <td data-label="Description">
                    <input
                      type="text"
                      aria-label={`Description of ${label}`}
                      value={draft.description}
                      disabled={!waiting}
                      onChange={(e) => setDraft(row, { description: e.target.value })}
                      onBlur={() => commit(row.id)}
                    />
                    {unclearParts?.has('description') ? <Badge tone="warning">Words unclear</Badge> : null}
                    {row.added ? <Badge tone="info">Added by you</Badge> : null}
                    {row.edited ? <Badge tone="info">Changed</Badge> : null}
                  </td>
                  <td data-label="Amount">
                    <input
                      type="text"
                      inputMode="decimal"
                      aria-label={`Amount of ${label}`}
                      aria-invalid={amountInvalid || undefined}
                      value={draft.amount}
                      disabled={!waiting}
                      onChange={(e) => setDraft(row, { amount: e.target.value })}
                      onBlur={() => commit(row.id)}
                    />
                    {unclearParts?.has('amount') ? <Badge tone="warning">Amount unclear</Badge> : null}
                  </td>
                  <td data-label="Balance printed">
                    {row.balance === null ? '—' : <Money amount={row.balance} />}
                    {breakRows.has(row.id) ? <Badge tone="danger">Does not add up here</Badge> : null}
                  </td>
                  <td data-label="Not a transaction">
                    <input
                      type="checkbox"
                      aria-label={`${label} is not a transaction`}
                      checked={row.excluded}
                      disabled={!waiting || edit.isPending}
                      onChange={(e) =>
                        edit.mutate({ op: 'exclude_row', row: row.id, excluded: e.target.checked })
                      }
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {waiting ? <AddRow check={check} uploadId={uploadId} /> : null}
      </section>

      {waiting ? <Tools check={check} uploadId={uploadId} /> : null}
      <Decision check={check} uploadId={uploadId} />
    </div>
  );
}

function Sums({
  check,
  live,
  typing,
}: {
  check: StatementCheck;
  live: ReturnType<typeof checkRows>;
  typing: boolean;
}) {
  const position = (rowId: string | null) => {
    const index = check.rows.findIndex((r) => r.id === rowId);
    const row = check.rows[index];
    return row ? `Row ${index + 1} (${formatDateText(row.date, 'medium')}, ${row.description})` : null;
  };
  return (
    <section className="check-sums" aria-labelledby="check-sums-title">
      <h2 id="check-sums-title">The statement's sums</h2>
      <p aria-live="polite" className="check-verdict">
        {live.addsUp ? (
          <Badge tone="success">Adds up</Badge>
        ) : (
          <Badge tone="warning">Does not add up yet</Badge>
        )}
        {typing ? <span className="check-typing"> (with what you are typing)</span> : null}
      </p>
      <dl className="check-sum-list">
        <div>
          <dt>Opening balance</dt>
          <dd>{live.sums.opening === null ? 'Not printed' : <Money amount={live.sums.opening} />}</dd>
        </div>
        <div>
          <dt>+ Money in</dt>
          <dd>
            <Money amount={live.sums.moneyIn} />
          </dd>
        </div>
        <div>
          <dt>− Money out</dt>
          <dd>
            <Money amount={live.sums.moneyOut} />
          </dd>
        </div>
        <div>
          <dt>= Closing balance from the rows</dt>
          <dd>{live.sums.computedClosing === null ? '—' : <Money amount={live.sums.computedClosing} />}</dd>
        </div>
        <div>
          <dt>Closing balance printed</dt>
          <dd>{live.sums.closing === null ? 'Not printed' : <Money amount={live.sums.closing} />}</dd>
        </div>
      </dl>
      {live.breaks.length > 0 && (
        <ul className="check-breaks" aria-label="Where the sums break">
          {live.breaks.map((b) => (
            <li key={`${b.rowId}-${b.reason}`}>
              {b.rowId ? <a href={`#check-${b.rowId}`}>{position(b.rowId) ?? 'A row'}</a> : 'Closing balance'}
              : the statement prints {formatMoneyText(b.printed)}, the rows come to{' '}
              {formatMoneyText(b.computed)} (a difference of {formatMoneyText(b.difference)}).
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddRow({ check, uploadId }: { check: StatementCheck; uploadId: string }) {
  const id = useId();
  const edit = useCheckEdit(uploadId);
  const [after, setAfter] = useState(check.rows.at(-1)?.id ?? '');
  const [date, setDate] = useState(check.period?.start ?? '');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = parseAmount(amount);
    if (!isIsoDate(date)) return setError('Enter the date as a real day.');
    if (!description.trim()) return setError('A description is required.');
    if (value === null) return setError('Enter the amount in pounds and pence, money out as −.');
    setError(null);
    edit.mutate(
      { op: 'add_row', after: after || null, date, description: description.trim(), signedAmount: value },
      {
        onSuccess: () => {
          setDescription('');
          setAmount('');
        },
      },
    );
  };
  return (
    <form className="check-add" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Add a row the reader missed</h3>
      <label>
        After
        <select value={after} onChange={(e) => setAfter(e.target.value)}>
          <option value="">Before every row</option>
          {check.rows.map((row, i) => (
            <option key={row.id} value={row.id}>
              Row {i + 1}: {row.description}
            </option>
          ))}
        </select>
      </label>
      <label>
        Date
        <input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </label>
      <label>
        Description
        <input type="text" value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <label>
        Amount (money out as −)
        <input type="text" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      </label>
      <button type="submit" className="button" disabled={edit.isPending}>
        Add the row
      </button>
      {(error ?? edit.error?.message) ? <Alert tone="danger">{error ?? edit.error?.message}</Alert> : null}
    </form>
  );
}

function Tools({ check, uploadId }: { check: StatementCheck; uploadId: string }) {
  const edit = useCheckEdit(uploadId);
  const accounts = useAccounts();
  const [year, setYear] = useState(check.period?.end.slice(0, 4) ?? '');
  const [accountId, setAccountId] = useState(check.accountId);
  const [creating, setCreating] = useState(false);
  const choices = (accounts.data ?? []).filter((a) => !a.is_archived);
  return (
    <section className="check-tools" aria-labelledby="check-tools-title">
      <h2 id="check-tools-title">Fix the whole statement</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          edit.mutate({ op: 'set_year', year: Number(year) });
        }}
      >
        <label>
          Year of the dates
          <input type="number" inputMode="numeric" value={year} onChange={(e) => setYear(e.target.value)} />
        </label>
        <button type="submit" className="button" disabled={edit.isPending}>
          Set the year
        </button>
      </form>
      <button
        type="button"
        className="button"
        disabled={edit.isPending}
        onClick={() => edit.mutate({ op: 'swap_in_out' })}
      >
        Swap money in and money out
      </button>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          edit.mutate({ op: 'move_account', accountId });
        }}
      >
        <label>
          Account
          <select value={accountId} onChange={(e) => setAccountId(e.target.value)}>
            {choices.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
                {a.bank_name ? ` (${a.bank_name})` : ''}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={edit.isPending}>
          {accountId === check.accountId ? 'This is the right account' : 'Move to this account'}
        </button>
      </form>
      {/* The account the statement belongs to may not exist yet: create it here, then move the statement to it. */}
      <Dialog
        title="Create an account for this statement"
        open={creating}
        onOpenChange={setCreating}
        trigger={
          <button type="button" className="button">
            Create an account
          </button>
        }
      >
        <AddAccountForm
          title={check.institution ? `A ${check.institution} account` : "The statement's account"}
          onCreated={(created) => {
            const first = created[0];
            if (first) setAccountId(first.id);
            setCreating(false);
          }}
        />
      </Dialog>
      {edit.error ? <Alert tone="danger">{edit.error.message}</Alert> : null}
    </section>
  );
}

function Decision({ check, uploadId }: { check: StatementCheck; uploadId: string }) {
  const { importIt, discard } = useCheckDecision(uploadId);
  const imported = useImportedUpload(
    uploadId,
    importIt.isSuccess || check.outcome?.startsWith('imported') === true,
  );
  if (discard.isSuccess || check.outcome === 'discarded')
    return (
      <Alert tone="success" title="Statement discarded">
        Nothing from it was added. <Link to="/app/setup/upload">Upload another statement</Link>
      </Alert>
    );
  const upload = imported.data;
  if (upload?.stage === 'done')
    return (
      <Alert tone="success" title="Imported">
        {`${upload.counts.added ?? 0} transactions added`}
        {upload.notChecked ? ', marked as not checked' : ''}. <Link to="/app">See your overview</Link>
      </Alert>
    );
  if (upload?.stage === 'failed') return <Alert tone="danger">{upload.message}</Alert>;
  if (importIt.isSuccess || check.outcome) return <p role="status">Adding the transactions…</p>;
  if (!check.canDecide)
    return (
      <p className="check-decision-note">
        Only your family's admin can import or discard this statement. Your changes are kept for them.
      </p>
    );
  return (
    <section className="check-decision" aria-label="Import or discard">
      <button
        type="button"
        className="button primary"
        disabled={!check.canImport || importIt.isPending}
        onClick={() => importIt.mutate(false)}
      >
        Import
      </button>
      {!check.canImport ? (
        <ConfirmDialog
          title="Import anyway?"
          description="This statement's figures do not confirm what was read. Its transactions will be added, and the statement and its transactions will be marked as not checked."
          confirmLabel="Import anyway"
          onConfirm={async () => {
            await importIt.mutateAsync(true);
          }}
          trigger={
            <button type="button" className="button">
              Import anyway
            </button>
          }
        />
      ) : null}
      <ConfirmDialog
        title={`Discard ${check.upload.fileName}?`}
        description="The statement is removed and nothing from it is added. You can upload it again."
        confirmLabel="Discard"
        tone="danger"
        onConfirm={async () => {
          await discard.mutateAsync();
        }}
        trigger={
          <button type="button" className="button link-danger">
            Discard
          </button>
        }
      />
      {importIt.error ? <Alert tone="danger">{importIt.error.message}</Alert> : null}
    </section>
  );
}
