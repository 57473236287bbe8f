import { type ChangeEvent, useId, useRef, useState } from 'react';
import type { Account } from '../../../../functions/contracts/accounts';
import {
  STATEMENT_FILE_ACCEPT,
  UPLOAD_DISPLAY_LIMIT,
  UPLOAD_MESSAGES,
  validateUpload,
} from '../../../../functions/domain/upload-validation';
import { ApiError } from '../../api/client';
import { ACCOUNT_TYPE_LABELS } from '../../components/account-types';
import { LoadFailed } from '../../components/LoadFailed';
import { useAccounts, useAccountTransactions } from '../accounts/api';
import { useFamily } from '../family/api';
import { PaidAccessNotice, usePaidAccess } from '../subscription/PaidAccessNotice';
import { FlowCounters } from './FlowCounters';
import { RecentTransactions } from './RecentTransactions';
import { UploadBatch } from './UploadBatch';
import { useStatementUploads } from './useStatementUploads';
import './upload.css';

/**
 * File Upload (spec 2 §2, §4, §5, §8): choose the account, add PDF statements, watch each one upload and go
 * through the pipeline, then see the account's latest 50 transactions with their flow types. Clear Display
 * hides what is shown; nothing is deleted.
 */
const bankOf = (account: Account) => account.institution_display_name ?? account.bank_name ?? 'Bank not set';

export function UploadPage() {
  const accounts = useAccounts();
  const family = useFamily();
  const uploads = useStatementUploads();
  const [accountId, setAccountId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  const active = (accounts.data ?? []).filter((a) => !a.is_archived);
  const selected = active.find((a) => a.id === accountId) ?? null;
  const transactions = useAccountTransactions(selected?.id ?? null, UPLOAD_DISPLAY_LIMIT);
  const shown = (transactions.data ?? []).filter((t) => !hidden.has(t.id)).slice(0, UPLOAD_DISPLAY_LIMIT);
  // No family yet (404) simply means no accounts.
  const failed = accounts.isError && !(accounts.error instanceof ApiError && accounts.error.status === 404);

  // After the trial, without an upgrade: the upgrade prompt above, and no uploads the API would refuse.
  const paid = usePaidAccess();

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // choosing the same file again is a new upload
    if (files.length === 0) return;
    const invalid = validateUpload({ files, accountId: selected?.id, familyId: family.data?.id });
    setProblem(invalid);
    setNotice(null);
    if (!invalid && selected) uploads.send(selected.id, files);
  }

  function clearDisplay() {
    setHidden((before) => new Set([...before, ...shown.map((t) => t.id)]));
    uploads.clearFinished();
    setProblem(null);
    setNotice(UPLOAD_MESSAGES.cleared);
  }

  return (
    <div className="page upload-page">
      <div className="page-head">
        <h1>File Upload</h1>
        <p className="lede">
          Upload bank statements: the PDF, or the CSV, OFX or QIF file your bank lets you download. Each one
          is read, classified and matched against your other accounts.
        </p>
      </div>
      <PaidAccessNotice />

      {accounts.isPending ? (
        <p role="status">Loading your accounts...</p>
      ) : failed ? (
        <LoadFailed what="your accounts" onRetry={() => void accounts.refetch()} />
      ) : active.length === 0 ? (
        <p className="upload-alert upload-alert-info">{UPLOAD_MESSAGES.noAccounts}</p>
      ) : (
        <>
          <section className="panel" aria-labelledby={`${id}-upload`}>
            <h2 id={`${id}-upload`}>Upload statements</h2>
            <div className="upload-field">
              <label htmlFor={`${id}-account`}>Account</label>
              <select
                id={`${id}-account`}
                value={accountId}
                aria-describedby={selected ? `${id}-format` : undefined}
                onChange={(e) => {
                  setAccountId(e.target.value);
                  setProblem(null);
                }}
              >
                <option value="">Choose the account these statements are for</option>
                {active.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name} — {bankOf(a)} ({ACCOUNT_TYPE_LABELS[a.account_type]})
                  </option>
                ))}
              </select>
              {selected ? (
                <p id={`${id}-format`} className="upload-hint">
                  Bank: {bankOf(selected)} · Format: PDF statement (
                  {ACCOUNT_TYPE_LABELS[selected.account_type]})
                </p>
              ) : null}
            </div>
            <div className="upload-field">
              <label htmlFor={`${id}-files`}>Statements (PDF)</label>
              <input
                ref={fileInput}
                id={`${id}-files`}
                type="file"
                accept={STATEMENT_FILE_ACCEPT}
                aria-describedby={`${id}-exports`}
                multiple
                disabled={!paid}
                onChange={onFiles}
              />
              <p id={`${id}-exports`} className="upload-hint">
                Or the CSV, OFX, QFX or QIF file your bank lets you download.
              </p>
            </div>
            <div className="upload-actions">
              <button
                type="button"
                className="button"
                disabled={!paid}
                onClick={() => fileInput.current?.click()}
              >
                Add More Files
              </button>
              <button type="button" className="button" onClick={clearDisplay}>
                {UPLOAD_MESSAGES.clearButton(shown.length)}
              </button>
            </div>
            {problem ? (
              <p className="upload-alert upload-alert-danger" role="alert">
                {problem}
              </p>
            ) : null}
            <p className="upload-notice" role="status">
              {notice}
            </p>
            {uploads.batches.map((batch) => (
              <UploadBatch key={batch.id} jobs={batch.jobs} />
            ))}
          </section>

          <section className="panel" aria-labelledby={`${id}-recent`}>
            <h2 id={`${id}-recent`}>Recent transactions</h2>
            {!selected ? (
              <p>Choose an account to see its latest transactions.</p>
            ) : (
              <>
                <FlowCounters transactions={shown} />
                {transactions.isPending ? (
                  <p role="status">Loading transactions...</p>
                ) : transactions.isError ? (
                  <LoadFailed
                    what="this account's transactions"
                    onRetry={() => void transactions.refetch()}
                  />
                ) : shown.length === 0 ? (
                  <p>No transactions to show. Upload a statement for this account.</p>
                ) : (
                  <RecentTransactions transactions={shown} />
                )}
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
