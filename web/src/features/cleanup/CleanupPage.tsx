import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CleanupAnalysis } from '../../../../functions/contracts/review';
import { CLEANUP_MESSAGES, deletionBatches, deletionOutcome } from '../../../../functions/domain/cleanup';
import { ApiError } from '../../api/client';
import { TRANSACTIONS_KEY, TRANSACTIONS_UPDATED } from '../../api/transaction-events';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateText } from '../../components/DateText';
import { EmptyState } from '../../components/EmptyState';
import { Money } from '../../components/Money';
import { ProgressBar } from '../../components/ProgressBar';
import { StatTile } from '../../components/StatTile';
import { cleanupApi } from './api';
import './cleanup.css';

/**
 * Data Cleanup (spec 2 §2, §4 Cleanup, §5 Bad transaction, §8 Cleanup deletion; /app/setup/cleanup): 'Analyze
 * Data Issues' finds the rows with no type or no signed amount; the tiles, the breakdown by account and the
 * notes; then, after the permanent-deletion warning, 'Delete N Bad Transactions' deletes them in batches of
 * 100. A batch that fails stops the run ('Error deleting transactions: …'); fewer deleted than planned is a
 * partial result and the list is kept; all deleted clears it.
 */
type Outcome = { tone: 'success' | 'warning' | 'danger'; message: string };

const FIELD_LABELS = { type: 'Missing type', signed_amount: 'Missing signed amount' } as const;

export function CleanupPage() {
  const id = useId();
  const client = useQueryClient();
  const [analysis, setAnalysis] = useState<CleanupAnalysis | null>(null);
  const [analysing, setAnalysing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [progress, setProgress] = useState<{ deleted: number; planned: number } | null>(null);

  async function analyse() {
    setAnalysing(true);
    setProblem(null);
    setOutcome(null);
    try {
      setAnalysis(await cleanupApi.analyse());
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setAnalysing(false);
    }
  }

  async function deleteAll(held: CleanupAnalysis) {
    const planned = held.bad.length;
    let deleted = 0;
    setOutcome(null);
    setProgress({ deleted, planned });
    try {
      for (const batch of deletionBatches(held.bad)) {
        try {
          const result = await cleanupApi.deleteBatch(batch);
          deleted += result.deleted;
          setProgress({ deleted, planned });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          setOutcome({ tone: 'danger', message: CLEANUP_MESSAGES.batchError(error.message) });
          return;
        }
      }
      const result = deletionOutcome(deleted, planned);
      setOutcome({ tone: result.status === 'cleared' ? 'success' : 'warning', message: result.message });
      if (result.status === 'cleared') setAnalysis(null);
    } catch (error) {
      console.error('Cleanup deletion failed', error);
      setOutcome({ tone: 'danger', message: CLEANUP_MESSAGES.exception });
    } finally {
      setProgress(null);
      if (deleted > 0) {
        void client.invalidateQueries({ queryKey: TRANSACTIONS_KEY });
        window.dispatchEvent(new Event(TRANSACTIONS_UPDATED));
      }
    }
  }

  const deleting = progress !== null;
  return (
    <div className="page cleanup">
      <div className="page-head">
        <h1>Data Cleanup</h1>
        <p className="lede">
          Find transactions with missing details and remove them before uploading their statements again.
        </p>
      </div>
      <section className="panel" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Data Issues</h2>
        <div className="cleanup-actions">
          <button
            type="button"
            className="button primary"
            disabled={analysing || deleting}
            onClick={() => void analyse()}
          >
            {analysing ? 'Analyzing...' : 'Analyze Data Issues'}
          </button>
        </div>
        {problem && <Alert tone="danger">{problem}</Alert>}
        {outcome && (
          <Alert tone={outcome.tone} title={outcome.tone === 'success' ? 'Done' : undefined}>
            {outcome.message}
          </Alert>
        )}
        {deleting && (
          <div className="cleanup-progress">
            <p id={`${id}-progress`} role="status">
              Deleting… {progress.deleted} of {progress.planned} deleted
            </p>
            <ProgressBar
              value={progress.deleted}
              max={Math.max(1, progress.planned)}
              valueText={`${progress.deleted} of ${progress.planned} transactions deleted`}
              labelledBy={`${id}-progress`}
            />
          </div>
        )}
        {analysis && (
          <>
            <div className="stat-tiles cleanup-tiles">
              <StatTile
                label="Total Transactions"
                value={analysis.total_transactions.toLocaleString('en-GB')}
              />
              <StatTile
                label="Bad Transactions"
                value={analysis.bad_transactions.toLocaleString('en-GB')}
                tone="out"
              />
              <StatTile label="Missing Type" value={analysis.missing_type.toLocaleString('en-GB')} />
              <StatTile
                label="Missing Signed Amount"
                value={analysis.missing_signed_amount.toLocaleString('en-GB')}
              />
            </div>
            {analysis.bad_transactions === 0 ? (
              <EmptyState title="No bad transactions">
                Every transaction has a type and a signed amount.
              </EmptyState>
            ) : (
              <>
                <h3>By account</h3>
                <ul className="cleanup-accounts">
                  {analysis.by_account.map((account) => (
                    <li key={account.account_id} className="cleanup-account">
                      <h4>
                        {account.account_name ?? 'Unnamed account'}
                        {account.bank_name && <span className="cleanup-bank"> · {account.bank_name}</span>}
                      </h4>
                      <dl className="cleanup-facts">
                        <div>
                          <dt>Bad transactions</dt>
                          <dd>{account.count.toLocaleString('en-GB')}</dd>
                        </div>
                        <div>
                          <dt>Total</dt>
                          <dd>
                            <Money amount={account.total} />
                          </dd>
                        </div>
                        <div>
                          <dt>Dates</dt>
                          <dd>
                            {account.date_range ? (
                              <>
                                <DateText date={account.date_range.from} /> to{' '}
                                <DateText date={account.date_range.to} />
                              </>
                            ) : (
                              'Unknown'
                            )}
                          </dd>
                        </div>
                      </dl>
                      <ul className="cleanup-samples">
                        {account.samples.map((sample) => (
                          <li key={sample.id}>
                            <span className="cleanup-sample-date">
                              <DateText date={sample.date} />
                            </span>
                            <span className="cleanup-sample-description">
                              {sample.description || '(no description)'}
                            </span>
                            <Money amount={sample.amount} />
                            <span className="cleanup-missing">
                              {sample.missing.map((field) => (
                                <Badge key={field} tone="warning">
                                  {FIELD_LABELS[field]}
                                </Badge>
                              ))}
                            </span>
                          </li>
                        ))}
                      </ul>
                      {account.more && <p className="cleanup-more">{account.more}</p>}
                    </li>
                  ))}
                </ul>
                <div className="cleanup-notes">
                  <h3>Notes</h3>
                  <ul>
                    <li>
                      A bad transaction has no type (debit or credit) or no signed amount, so it cannot be
                      counted as money in or out.
                    </li>
                    <li>
                      Statements read by this app always have both: these rows come from older or imported
                      data.
                    </li>
                    <li>
                      Deleting them also removes any transfer proposals they were part of, and your account
                      totals follow.
                    </li>
                  </ul>
                </div>
                <Alert tone="warning" title="Permanent deletion">
                  {CLEANUP_MESSAGES.warning(analysis.bad_transactions)}
                </Alert>
                <ConfirmDialog
                  title={`${CLEANUP_MESSAGES.deleteButton(analysis.bad_transactions)}?`}
                  description={CLEANUP_MESSAGES.warning(analysis.bad_transactions)}
                  confirmLabel="Delete permanently"
                  tone="danger"
                  onConfirm={() => void deleteAll(analysis)}
                  trigger={
                    <button type="button" className="button danger" disabled={deleting}>
                      {CLEANUP_MESSAGES.deleteButton(analysis.bad_transactions)}
                    </button>
                  }
                />
              </>
            )}
          </>
        )}
      </section>
    </div>
  );
}
