import { useId } from 'react';
import type { ClassificationJob, ReviewList, ReviewRow } from '../../../../functions/contracts/review';
import { REVIEW_MESSAGES } from '../../../../functions/contracts/review';
import { Alert } from '../../components/Alert';
import { ACCOUNT_TYPE_LABELS } from '../../components/account-types';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { Money } from '../../components/Money';
import { ProgressBar } from '../../components/ProgressBar';
import { StatTile } from '../../components/StatTile';
import { useClassificationJob, useReviewList, useStartClassification } from './api';
import { VerificationPanel } from './VerificationPanel';
import './review.css';

/**
 * Smart Transaction Review (spec 2 §2, /app/setup/classification): the verification panel, then the smart
 * categorization panel — tiles, 'Review All Transactions' (a job on the server: the button reads
 * 'Analyzing...' and the screen shows the row being classified and the job's progress, polled, so a family
 * may leave and come back), and up to 20 rows that need review. Reloads on 'transactions-uploaded'.
 */
export function ReviewPage() {
  return (
    <div className="page review">
      <div className="page-head">
        <h1>Smart Transaction Review</h1>
        <p className="lede">
          Verify your account data, then let the classifier sort the transactions no rule could place.
        </p>
      </div>
      <VerificationPanel />
      <SmartCategorization />
    </div>
  );
}

const accountTypeLabel = (type: string | null) =>
  type ? (ACCOUNT_TYPE_LABELS[type as keyof typeof ACCOUNT_TYPE_LABELS] ?? type) : 'Account type not set';

const COLUMNS: readonly DataTableColumn<ReviewRow>[] = [
  {
    id: 'account',
    header: 'Account',
    wrap: true,
    cell: (row) => (
      <span className="review-account">
        <span>{row.account_name ?? 'Unnamed account'}</span>
        <span className="review-account-type">{accountTypeLabel(row.account_type)}</span>
      </span>
    ),
    sortValue: (row) => row.account_name ?? '',
    phone: 'detail',
  },
  {
    id: 'date',
    header: 'Date',
    cell: (row) => <DateText date={row.transaction_date} />,
    sortValue: (row) => row.transaction_date,
    phone: 'detail',
  },
  { id: 'description', header: 'Description', wrap: true, cell: (row) => row.description, phone: 'title' },
  {
    id: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (row) => <Money amount={row.signed_amount ?? row.amount} tone="auto" />,
    sortValue: (row) => row.signed_amount ?? row.amount,
    phone: 'end',
  },
];

export const CLASSIFIER_NOTES = {
  local:
    'Classified on this computer by the local classifier: the UK merchant list, your learned patterns and the transactions you corrected. No AI service is used here.',
  bedrock: 'Classified by AI (Amazon Bedrock), after your learned patterns and the classification rules.',
} as const;

function SmartCategorization() {
  const id = useId();
  const list = useReviewList();
  const job = useClassificationJob();
  const start = useStartClassification();
  const running = job.data?.status === 'running' || start.isPending;

  return (
    <section className="panel review-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Smart Categorization</h2>
      {list.data?.classifier && <p className="review-note">{CLASSIFIER_NOTES[list.data.classifier]}</p>}
      {list.isPending ? (
        <p role="status">Loading transactions…</p>
      ) : list.isError ? (
        <LoadFailed what="the transactions to review" onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ReviewTiles list={list.data} />
          <div className="review-actions">
            <button
              type="button"
              className="button primary"
              disabled={running || list.data.need_review === 0 || !list.data.classifier}
              onClick={() => start.mutate()}
            >
              {running ? 'Analyzing...' : 'Review All Transactions'}
            </button>
            {!list.data.classifier && <span className="review-hint">{REVIEW_MESSAGES.noClassifier}</span>}
          </div>
          {start.isError && <Alert tone="danger">{start.error.message}</Alert>}
          {job.data && <JobProgress job={job.data} />}
          <DataTable
            caption="Transactions that need review (newest first, up to 20)"
            columns={COLUMNS}
            rows={list.data.transactions}
            getRowId={(row) => row.id}
            empty={
              <EmptyState title={REVIEW_MESSAGES.nothingToReview}>
                {REVIEW_MESSAGES.nothingToReviewHint}
              </EmptyState>
            }
          />
          {list.data.need_review > list.data.transactions.length && (
            <p className="review-hint">
              Showing {list.data.transactions.length} of {list.data.need_review} transactions that need
              review.
            </p>
          )}
        </>
      )}
    </section>
  );
}

function ReviewTiles({ list }: { list: ReviewList }) {
  return (
    <div className="stat-tiles review-tiles">
      <StatTile label="Total Transactions" value={list.total.toLocaleString('en-GB')} />
      <StatTile label="Categorized" value={list.categorized.toLocaleString('en-GB')} tone="in" />
      <StatTile label="Need Review" value={list.need_review.toLocaleString('en-GB')} tone="out" />
    </div>
  );
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The job's progress while it runs; what it did once it ended. */
function JobProgress({ job }: { job: ClassificationJob }) {
  const id = useId();
  if (job.status === 'running') {
    const valueText = `${job.processed} of ${job.total} transactions reviewed`;
    return (
      <div className="review-progress">
        <p id={`${id}-label`} role="status">
          {job.current ? (
            <>
              Classifying <strong>{job.current.description}</strong> (<Money amount={job.current.amount} />)
            </>
          ) : (
            'Starting…'
          )}
        </p>
        <ProgressBar
          value={job.processed}
          max={Math.max(1, job.total)}
          valueText={valueText}
          labelledBy={`${id}-label`}
        />
        <p className="review-hint">
          {valueText}. You can leave this page: the review carries on and this screen shows it when you come
          back.
        </p>
      </div>
    );
  }
  if (job.status === 'failed') {
    return <Alert tone="danger">{job.message ?? REVIEW_MESSAGES.jobFailed}</Alert>;
  }
  if (job.total === 0) return null;
  const parts = [
    plural(job.answered, 'transaction classified', 'transactions classified'),
    job.fell_back
      ? `${plural(job.fell_back, 'transaction', 'transactions')} defaulted to external expense (classification failed)`
      : null,
    job.kept ? `${plural(job.kept, 'transaction', 'transactions')} kept their rule-based type` : null,
  ].filter(Boolean);
  return (
    <Alert tone={job.fell_back ? 'warning' : 'success'} title="Review finished">
      {parts.join('; ')}.
    </Alert>
  );
}
