import { useState } from 'react';
import { Link } from 'react-router';
import type { Upload } from '../../../../functions/contracts/uploads';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { checkPath } from '../check/WaitingChecksBanner';
import { mappingPath, STAGE_LABELS } from '../upload/stages';
import { useRemoveStatement, useStatementRemoval, useStatements } from './api';
import {
  formatInstantDate,
  periodText,
  removedText,
  removeStatementDescription,
  removeStatementLabel,
} from './format';

/**
 * The statements uploaded to one account (spec 2 §4 Account and Upload), newest first: file name, period,
 * rows added and skipped as duplicates, whether the balances reconcile (with the reasons when they do not),
 * warnings (e.g. a statement from another bank) and the upload date; 'Remove this statement' undoes a wrong
 * upload after a confirmation stating how many rows go.
 */
export function AccountStatements({ accountId, accountName }: { accountId: string; accountName: string }) {
  const statements = useStatements(accountId);
  const [removed, setRemoved] = useState<string | null>(null);

  return (
    <div className="account-statements">
      {removed && <Alert tone="success">{removed}</Alert>}
      {statements.isPending ? (
        <p role="status">Loading statements…</p>
      ) : statements.isError ? (
        <LoadFailed what={`the statements of ${accountName}`} onRetry={() => void statements.refetch()} />
      ) : statements.data.length === 0 ? (
        <EmptyState title="No statements uploaded yet">
          Statements you upload to {accountName} on the File Upload page are listed here.
        </EmptyState>
      ) : (
        <ul className="statement-list" aria-label={`Statements of ${accountName}`}>
          {statements.data.map((upload) => (
            <StatementItem key={upload.uploadId} upload={upload} onRemoved={setRemoved} />
          ))}
        </ul>
      )}
    </div>
  );
}

function StatementItem({ upload, onRemoved }: { upload: Upload; onRemoved(message: string): void }) {
  const remove = useRemoveStatement();
  const [confirming, setConfirming] = useState(false);
  const removal = useStatementRemoval(upload.uploadId, confirming);
  const known = removal.data && !removal.isFetching ? removal.data : null;
  const period = periodText(upload.period);
  const added = upload.counts.added ?? 0;
  const duplicates = upload.counts.duplicates ?? 0;
  const breaks = upload.reconciliation?.breaks ?? [];

  return (
    <li className="statement">
      <div className="statement-head">
        <p className="statement-name">{upload.fileName}</p>
        <p className="statement-date">
          Uploaded <time dateTime={upload.createdAt}>{formatInstantDate(upload.createdAt)}</time>
        </p>
      </div>
      <dl className="statement-facts">
        <div>
          <dt>Period</dt>
          <dd>{period ?? 'Not read'}</dd>
        </div>
        <div>
          <dt>Rows added</dt>
          <dd>{added.toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>Skipped as duplicates</dt>
          <dd>{duplicates.toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>Balances</dt>
          <dd>
            {upload.stage === 'failed' ? (
              <Badge tone="danger">{STAGE_LABELS.failed}</Badge>
            ) : upload.stage === 'needs_check' || upload.stage === 'needs_mapping' ? (
              <Badge tone="warning">{STAGE_LABELS[upload.stage]}</Badge>
            ) : upload.stage !== 'done' ? (
              <Badge tone="info">{STAGE_LABELS[upload.stage]}</Badge>
            ) : upload.reconciliation === null ? (
              <Badge>Not checked</Badge>
            ) : upload.notChecked ? (
              <Badge tone="warning">Not checked</Badge>
            ) : upload.reconciliation.ok ? (
              <Badge tone="success">Reconciled</Badge>
            ) : (
              <Badge tone="warning">Do not reconcile</Badge>
            )}
          </dd>
        </div>
      </dl>
      {breaks.length > 0 && (
        <ul className="statement-notes" aria-label="Reconciliation notes">
          {breaks.map((b) => (
            <li key={`${b.row}-${b.reason}`}>{b.reason}</li>
          ))}
        </ul>
      )}
      {upload.stage === 'failed' && upload.message && <Alert tone="danger">{upload.message}</Alert>}
      {upload.stage === 'needs_check' && (
        <p className="statement-check-link">
          Its transactions are not in your figures yet.{' '}
          <Link to={checkPath(upload.uploadId)}>Check this statement</Link>
        </p>
      )}
      {upload.stage === 'needs_mapping' && (
        <p className="statement-check-link">
          Its transactions are not in your figures yet.{' '}
          <Link to={mappingPath(upload.uploadId)}>Map its columns</Link>
        </p>
      )}
      {upload.warnings.length > 0 && (
        <Alert tone="warning" title={upload.warnings.length === 1 ? 'Warning' : 'Warnings'}>
          <ul>
            {upload.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      )}
      <ConfirmDialog
        title={`Remove ${upload.fileName}?`}
        description={
          removal.isError
            ? `Removing ${upload.fileName} deletes the transactions only it holds; those another statement also holds stay.`
            : removeStatementDescription(upload, known)
        }
        confirmLabel={removeStatementLabel(known)}
        open={confirming}
        onOpenChange={setConfirming}
        tone="danger"
        onConfirm={async () => {
          const result = await remove.mutateAsync(upload.uploadId);
          onRemoved(removedText(upload.fileName, result.removed, result.kept));
        }}
        trigger={
          <button
            type="button"
            className="button link-danger"
            aria-label={`Remove this statement: ${upload.fileName}`}
          >
            Remove this statement
          </button>
        }
      />
    </li>
  );
}
