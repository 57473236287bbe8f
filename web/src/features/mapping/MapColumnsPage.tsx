import { type FormEvent, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  AMOUNT_KIND_LABELS,
  csvMappingSchema,
  DATE_FORMAT_LABELS,
  DECIMAL_LABELS,
  type ExportMapping,
  MAPPING_MESSAGES,
  SIGN_LABELS,
} from '../../../../functions/contracts/export-mapping';
import { type CsvMapping, type MappedRow, readMappedRow } from '../../../../functions/domain/exports/mapping';
import { Alert } from '../../components/Alert';
import { formatDateText } from '../../components/DateText';
import { LoadFailed } from '../../components/LoadFailed';
import { formatMoneyText } from '../../components/Money';
import { Select, type SelectOption } from '../../components/Select';
import { useAccountTransactions } from '../accounts/api';
import { RecentTransactions } from '../upload/RecentTransactions';
import { countsText } from '../upload/stages';
import { useConfirmMapping, useExportMapping, useMappedUpload } from './api';
import './mapping.css';

/**
 * Map a file's columns: a bank export the reader could not read on its own waits here. For a CSV file the
 * family picks the column of each part (date, description, one amount or money out and money in, an optional
 * balance), how its dates are written and which way its amounts are signed; for a QIF file, only the order of
 * its dates. The first rows are shown as they would be read, with the reason for any row that cannot be,
 * read by the same domain code the import uses. Importing keeps the answer for the account.
 */
export function MapColumnsPage() {
  const { uploadId = '' } = useParams();
  const mapping = useExportMapping(uploadId);
  const qif = mapping.data?.kind === 'qif';
  return (
    <div className="page mapping-page">
      <div className="page-head">
        <h1>{qif ? 'Choose the date order' : 'Map the columns'}</h1>
        <p className="lede">Nothing from this file is in your figures until you import it.</p>
      </div>
      {mapping.isPending ? (
        <p role="status">Loading the file…</p>
      ) : mapping.isError ? (
        mapping.error.message === MAPPING_MESSAGES.notWaiting ? (
          <Alert tone="info">
            This file is not waiting to be mapped. <Link to="/app/setup/upload">Back to File Upload</Link>
          </Alert>
        ) : (
          <LoadFailed what="this file" onRetry={() => void mapping.refetch()} />
        )
      ) : (
        <MapColumns file={mapping.data} uploadId={uploadId} />
      )}
    </div>
  );
}

const NO_BALANCE = 'none';
const NOTHING_MORE = 'none';

export function MapColumns({ file, uploadId }: { file: ExportMapping; uploadId: string }) {
  const [mapping, setMapping] = useState<CsvMapping>(file.suggested);
  const confirm = useConfirmMapping(uploadId);
  const after = useMappedUpload(uploadId, confirm.isSuccess);
  const qif = file.kind === 'qif';
  const set = (change: Partial<CsvMapping>) => setMapping((m) => ({ ...m, ...change }));

  const columns: SelectOption<string>[] = file.columns.map((name, i) => {
    const sample = file.rows.find((r) => r.cells[i])?.cells[i];
    return { id: String(i), label: sample ? `${name} (e.g. ${sample})` : name };
  });
  const pick = (value: number | null) => (value === null ? null : String(value));
  const valid = csvMappingSchema.safeParse(mapping);
  const problem = valid.success ? null : (valid.error.issues[0]?.message ?? 'Choose a column for each part.');
  const preview = useMemo<MappedRow[]>(
    () => (problem ? [] : file.rows.map((r) => readMappedRow(r.cells, r.line, mapping))),
    [file.rows, mapping, problem],
  );
  const unreadable = preview.filter((r) => r.ok === false).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || unreadable) return;
    confirm.mutate(
      qif
        ? { kind: 'qif', dateOrder: mapping.dateFormat === 'mdy' ? 'mdy' : 'dmy' }
        : {
            kind: 'csv',
            // Only the columns of the chosen way of writing amounts are sent.
            mapping:
              mapping.amountKind === 'one'
                ? { ...mapping, moneyOut: null, moneyIn: null, direction: null }
                : mapping.amountKind === 'marked'
                  ? { ...mapping, moneyOut: null, moneyIn: null, sign: 'in_positive' }
                  : { ...mapping, amount: null, direction: null, sign: 'in_positive' },
          },
    );
  };

  if (confirm.isSuccess) return <Imported uploadId={uploadId} upload={after.data ?? confirm.data} />;

  const dateFormats = (qif ? (['dmy', 'mdy'] as const) : (['dmy', 'mdy', 'ymd'] as const)).map((id) => ({
    id,
    label: DATE_FORMAT_LABELS[id],
  }));

  return (
    <form className="mapping-layout" onSubmit={submit} aria-labelledby="mapping-file">
      <section className="mapping-choices" aria-labelledby="mapping-file">
        <h2 id="mapping-file">{file.upload.fileName}</h2>
        {file.upload.message ? <Alert tone="warning">{file.upload.message}</Alert> : null}
        {qif ? null : (
          <>
            <Select
              label="Date"
              options={columns}
              value={pick(mapping.date)}
              onChange={(v) => set({ date: Number(v) })}
            />
            <Select
              label="Description"
              options={columns}
              value={pick(mapping.description)}
              onChange={(v) => set({ description: Number(v) })}
            />
            <Select
              label="Add to the description (optional)"
              options={[{ id: NOTHING_MORE, label: 'Nothing more' }, ...columns]}
              value={mapping.details?.length ? String(mapping.details[0]) : NOTHING_MORE}
              onChange={(v) => set({ details: v === NOTHING_MORE ? [] : [Number(v)] })}
            />
            <Select
              label="Amounts"
              options={(['one', 'split', 'marked'] as const).map((id) => ({
                id,
                label: AMOUNT_KIND_LABELS[id],
              }))}
              value={mapping.amountKind}
              onChange={(v) => set({ amountKind: v })}
            />
            {mapping.amountKind !== 'split' ? (
              <>
                <Select
                  label="Amount"
                  options={columns}
                  value={pick(mapping.amount)}
                  onChange={(v) => set({ amount: Number(v) })}
                />
                {mapping.amountKind === 'marked' ? (
                  <Select
                    label="In or out"
                    options={columns}
                    value={pick(mapping.direction ?? null)}
                    onChange={(v) => set({ direction: Number(v) })}
                  />
                ) : (
                  <Select
                    label="Sign"
                    options={(['in_positive', 'out_positive'] as const).map((id) => ({
                      id,
                      label: SIGN_LABELS[id],
                    }))}
                    value={mapping.sign}
                    onChange={(v) => set({ sign: v })}
                  />
                )}
              </>
            ) : (
              <>
                <Select
                  label="Money out"
                  options={columns}
                  value={pick(mapping.moneyOut)}
                  onChange={(v) => set({ moneyOut: Number(v) })}
                />
                <Select
                  label="Money in"
                  options={columns}
                  value={pick(mapping.moneyIn)}
                  onChange={(v) => set({ moneyIn: Number(v) })}
                />
              </>
            )}
            <Select
              label="Balance (optional)"
              options={[{ id: NO_BALANCE, label: 'No balance column' }, ...columns]}
              value={mapping.balance === null ? NO_BALANCE : String(mapping.balance)}
              onChange={(v) => set({ balance: v === NO_BALANCE ? null : Number(v) })}
            />
            <Select
              label="Pence written after"
              options={(['point', 'comma'] as const).map((id) => ({ id, label: DECIMAL_LABELS[id] }))}
              value={mapping.decimal ?? 'point'}
              onChange={(v) => set({ decimal: v })}
            />
          </>
        )}
        <Select
          label="Date format"
          options={dateFormats}
          value={mapping.dateFormat}
          onChange={(v) => set({ dateFormat: v })}
        />
      </section>

      <section className="mapping-preview" aria-labelledby="mapping-preview-title">
        <h2 id="mapping-preview-title">How the first rows will be read</h2>
        <p className="mapping-summary" aria-live="polite">
          {problem
            ? problem
            : unreadable
              ? `${unreadable} of the first ${preview.length} rows cannot be read this way. Check the columns and the date format.`
              : `The first ${preview.length} of ${file.rowCount} rows read like this.`}
        </p>
        {problem ? null : <PreviewTable rows={preview} />}
      </section>

      <div className="mapping-decision">
        {confirm.error ? <Alert tone="danger">{confirm.error.message}</Alert> : null}
        {file.canDecide ? (
          <button
            type="submit"
            className="button primary"
            disabled={Boolean(problem) || unreadable > 0 || confirm.isPending}
          >
            {confirm.isPending
              ? 'Importing…'
              : qif
                ? 'Import with this date order'
                : 'Import with these columns'}
          </button>
        ) : (
          <p className="hint">Only your family's admin can import this file.</p>
        )}
      </div>
    </form>
  );
}

function PreviewTable({ rows }: { rows: MappedRow[] }) {
  return (
    <div className="mapping-table-wrap">
      <table className="mapping-table">
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col" className="num">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) =>
            r.ok === true ? (
              <tr key={r.line}>
                <td>{r.line}</td>
                <td>{formatDateText(r.row.date)}</td>
                <td>{r.row.description}</td>
                <td className="num">{formatMoneyText(r.row.pence / 100)}</td>
                <td className="num">
                  {r.row.balancePence === null ? '—' : formatMoneyText(r.row.balancePence / 100)}
                </td>
              </tr>
            ) : r.ok === false ? (
              <tr key={r.line} className="mapping-row-problem">
                <td>{r.line}</td>
                <td colSpan={4}>{r.message}</td>
              </tr>
            ) : (
              <tr key={r.line} className="mapping-row-skipped">
                <td>{r.line}</td>
                <td colSpan={4}>Not a transaction: left out.</td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}

function Imported({ upload, uploadId }: { upload: ExportMapping['upload']; uploadId: string }) {
  const done = upload.stage === 'done';
  // The account's latest rows, once the file's are among them.
  const rows = useAccountTransactions(done ? upload.accountId : null, IMPORTED_ROWS_SHOWN);
  if (done)
    return (
      <div className="mapping-imported">
        <Alert tone="success" title="Imported">
          {countsText(upload.counts)} from {upload.fileName}. We will read this account's next file of these
          columns the same way. <Link to="/app/setup/upload">Upload another file</Link>
        </Alert>
        {rows.data ? <RecentTransactions transactions={rows.data} /> : <p role="status">Loading the rows…</p>}
      </div>
    );
  if (upload.stage === 'failed')
    return <Alert tone="danger">{upload.message ?? 'This file could not be read.'}</Alert>;
  if (upload.stage === 'needs_check')
    return (
      <Alert tone="warning">
        {upload.message} <Link to={`/app/setup/upload/check/${uploadId}`}>Check this statement</Link>
      </Alert>
    );
  return <p role="status">Importing {upload.fileName}…</p>;
}

/** How many of the account's latest rows are shown once the file is imported. */
const IMPORTED_ROWS_SHOWN = 20;
