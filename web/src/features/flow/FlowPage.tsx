import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Transaction } from '../../../../functions/contracts/transactions';
import { effectiveFlowType, FLOW_TYPE_LABELS } from '../../../../functions/domain/flow-types';
import { REVIEW_FLAG_MESSAGES } from '../../../../functions/domain/similarity';
import { Alert } from '../../components/Alert';
import { Badge, type BadgeTone } from '../../components/Badge';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { Money } from '../../components/Money';
import { StatTile } from '../../components/StatTile';
import { useAccounts } from '../accounts/api';
import { REVIEW_LOAD_LIMIT, REVIEW_PAGE_SIZE, useFlowRows } from './api';
import { BulkCorrectionModal } from './BulkCorrectionModal';
import { CorrectionEditor } from './CorrectionEditor';
import {
  type FlowLinkFilter,
  type FlowOverview,
  flowByAccount,
  flowOverview,
  isFiltered,
  type ReviewedRow,
  readFlowLink,
  reviewRow,
} from './flow-rules';
import { LearnedPatterns } from './LearnedPatterns';
import './flow.css';

/**
 * Transaction Flow (spec 3 §2.3, §4.1, §4.2, §5, §9): 'Transaction Review & Verification' (account filter,
 * 'Show only items needing attention', 'How this works', summary cards, the review table of the latest 500
 * rows shown 50 at a time) and 'Financial Flow Overview' (income, internal, expenses, mortgage activity, net
 * flow, flow by account, over the latest 1000 rows); the correction editor opens from a row's flow badge,
 * the Bulk Correction modal from Improve or 'Bulk Correction'. A link may filter the rows (`from`, `to`,
 * `ids`: the assistant's answers link to the rows they rest on); a chip says what is filtered and clears it.
 */
export function FlowPage() {
  const [accountId, setAccountId] = useState<string | null>(null);
  const [attentionOnly, setAttentionOnly] = useState(false);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<Transaction | null>(null);
  const [bulk, setBulk] = useState<{ open: boolean; target: Transaction | null }>({
    open: false,
    target: null,
  });
  const [notice, setNotice] = useState<string | null>(null);
  const accounts = useAccounts();
  const [params, setParams] = useSearchParams();
  const link = useMemo(() => readFlowLink(params), [params]);
  const flow = useFlowRows(accountId, { from: link.from, to: link.to });
  const id = useId();

  const loaded = flow.data?.rows ?? [];
  const all = useMemo(
    () => (link.ids ? loaded.filter((r) => link.ids?.has(r.id)) : loaded),
    [loaded, link.ids],
  );
  const clearLink = () => {
    setParams({}, { replace: true });
    setPage(0);
  };
  const reviewRows = useMemo(() => all.slice(0, REVIEW_LOAD_LIMIT).map(reviewRow), [all]);
  const shown = attentionOnly ? reviewRows.filter((r) => r.needsAttention) : reviewRows;
  const pages = Math.max(1, Math.ceil(shown.length / REVIEW_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const pageRows = shown.slice(current * REVIEW_PAGE_SIZE, (current + 1) * REVIEW_PAGE_SIZE);
  const accountName = new Map((accounts.data ?? []).map((a) => [a.id, a.name]));

  const counts = {
    excellent: reviewRows.filter((r) => r.severity === 'excellent').length,
    good: reviewRows.filter((r) => r.severity === 'good').length,
    attention: reviewRows.filter((r) => r.needsAttention).length,
    corrected: reviewRows.filter((r) => r.corrected).length,
  };

  const columns: DataTableColumn<ReviewedRow>[] = [
    {
      id: 'date',
      header: 'Date',
      cell: (r) => <DateText date={r.row.transaction_date} />,
      sortValue: (r) => r.row.transaction_date,
      phone: 'detail',
    },
    { id: 'description', header: 'Description', cell: (r) => r.row.description, wrap: true, phone: 'title' },
    {
      id: 'type',
      header: 'Type',
      cell: (r) => <FlowBadge reviewed={r} onEdit={() => setEditing(r.row)} />,
      phone: 'detail',
    },
    {
      id: 'amount',
      header: 'Amount',
      cell: (r) => <Money amount={r.row.signed_amount ?? r.row.amount} tone="auto" />,
      sortValue: (r) => r.row.signed_amount ?? r.row.amount,
      align: 'end',
      phone: 'end',
    },
    {
      id: 'category',
      header: 'Category',
      // The spending category the row was given (spending rows only); the rest have none.
      cell: (r) =>
        r.row.subcategory ?? r.row.primary_category ?? <span className="muted">Uncategorised</span>,
      phone: 'detail',
    },
    {
      id: 'verification',
      header: 'Verification',
      cell: (r) => <Verification reviewed={r} />,
      phone: 'detail',
    },
    {
      id: 'improve',
      header: 'Improve',
      cell: (r) => (
        <button
          type="button"
          className="button link"
          aria-label={`Improve: correct ${r.row.description} and similar transactions`}
          onClick={() => setBulk({ open: true, target: r.row })}
        >
          Improve
        </button>
      ),
      phone: 'detail',
    },
    { id: 'status', header: 'Status', cell: (r) => <Status reviewed={r} /> },
  ];

  return (
    <div className="page flow">
      <div className="page-head">
        <h1>Transaction Flow</h1>
        <p className="lede">
          Check how each transaction is counted, and correct it where the product got it wrong.
        </p>
      </div>

      <section className="panel" aria-labelledby={`${id}-review`}>
        <h2 id={`${id}-review`}>Transaction Review &amp; Verification</h2>
        <div className="flow-controls">
          <div className="kit-field">
            <label htmlFor={`${id}-account`}>Account</label>
            <select
              id={`${id}-account`}
              value={accountId ?? ''}
              onChange={(e) => {
                setAccountId(e.target.value || null);
                setPage(0);
              }}
            >
              <option value="">All accounts</option>
              {(accounts.data ?? []).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </div>
          <label className="flow-attention">
            <input
              type="checkbox"
              checked={attentionOnly}
              onChange={(e) => {
                setAttentionOnly(e.target.checked);
                setPage(0);
              }}
            />{' '}
            Show only items needing attention
          </label>
          <button type="button" className="button" onClick={() => setBulk({ open: true, target: null })}>
            Bulk Correction
          </button>
        </div>
        <details className="flow-help">
          <summary>How this works</summary>
          <p>
            Each transaction is counted as income, an internal transfer between your own accounts, or an
            expense. Verification shows how sure the product is: excellent (90% or more), good (70% or more),
            or needs attention. Click a transaction’s type to correct it (a pencil marks your corrections);
            Improve corrects it together with similar ones. What you correct is learned and applied to later
            statements.
          </p>
        </details>
        {link.problem && (
          <Alert tone="warning">
            <span role="status">{link.problem}</span>
          </Alert>
        )}
        {isFiltered(link) && <FilterChip link={link} count={all.length} onClear={clearLink} />}
        {notice && (
          <Alert tone="success">
            <span role="status">{notice}</span>
          </Alert>
        )}
        {flow.isPending ? (
          <p role="status">Loading your transactions…</p>
        ) : flow.isError ? (
          <LoadFailed what="your transactions" onRetry={() => void flow.refetch()} />
        ) : all.length === 0 && isFiltered(link) ? (
          <EmptyState title="No transactions match this filter">
            Clear the filter to see every transaction.
          </EmptyState>
        ) : all.length === 0 ? (
          <EmptyState title="No transactions yet">
            Upload a statement to see how its transactions are counted.
          </EmptyState>
        ) : (
          <>
            <div className="flow-tiles">
              <StatTile label="Reviewed" value={reviewRows.length} />
              <StatTile label="Excellent" value={counts.excellent} />
              <StatTile label="Good" value={counts.good} />
              <StatTile label="Need attention" value={counts.attention} />
              <StatTile label="Corrected by you" value={counts.corrected} />
            </div>
            <p className="flow-showing" role="status">
              {current === 0
                ? `Showing first ${pageRows.length} of ${shown.length}`
                : `Showing ${current * REVIEW_PAGE_SIZE + 1}–${current * REVIEW_PAGE_SIZE + pageRows.length} of ${shown.length}`}
            </p>
            <DataTable
              caption="Transactions to review"
              columns={columns}
              rows={pageRows}
              getRowId={(r) => r.row.id}
              empty={
                <EmptyState title="Nothing needs attention">Every transaction here looks right.</EmptyState>
              }
            />
            {pages > 1 && (
              <nav className="flow-pages" aria-label="Review pages">
                <button
                  type="button"
                  className="button"
                  disabled={current === 0}
                  onClick={() => setPage(current - 1)}
                >
                  Previous 50
                </button>
                <span>
                  Page {current + 1} of {pages}
                </span>
                <button
                  type="button"
                  className="button"
                  disabled={current >= pages - 1}
                  onClick={() => setPage(current + 1)}
                >
                  Next 50
                </button>
              </nav>
            )}
          </>
        )}
      </section>

      {all.length > 0 && <FlowOverviewPanel rows={all} accountName={accountName} />}
      <LearnedPatterns />

      {editing && (
        <CorrectionEditor
          key={editing.id}
          row={editing}
          rows={all}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onBulk={() => setBulk({ open: true, target: editing })}
        />
      )}
      {bulk.open && (
        <BulkCorrectionModal
          key={bulk.target?.id ?? 'groups'}
          target={bulk.target}
          rows={all.slice(0, REVIEW_LOAD_LIMIT)}
          open
          onOpenChange={(open) => !open && setBulk({ open: false, target: null })}
          onDone={setNotice}
        />
      )}
    </div>
  );
}

/** What a link filters, in words, with a button that clears it. */
function FilterChip({ link, count, onClear }: { link: FlowLinkFilter; count: number; onClear(): void }) {
  const dates =
    link.from && link.to ? (
      <>
        from <DateText date={link.from} /> to <DateText date={link.to} />
      </>
    ) : link.from ? (
      <>
        from <DateText date={link.from} />
      </>
    ) : link.to ? (
      <>
        up to <DateText date={link.to} />
      </>
    ) : null;
  return (
    <fieldset className="flow-filter">
      <legend className="visually-hidden">Filter</legend>
      <span className="flow-filter-text">
        {link.ids ? (
          <>
            Showing the {count === 1 ? 'transaction' : `${count} transactions`} behind an answer
            {dates ? <> {dates}</> : null}
          </>
        ) : (
          <>Showing transactions {dates}</>
        )}
      </span>
      <button type="button" className="flow-filter-clear" onClick={onClear}>
        Clear filter
      </button>
    </fieldset>
  );
}

const FLOW_TONE: Record<string, BadgeTone> = {
  income: 'success',
  internal_transfer: 'info',
  external_expense: 'neutral',
  mortgage_payment: 'warning',
  mortgage_overpayment: 'warning',
  mortgage_fee: 'warning',
  unclassified: 'danger',
};

/** The flow badge: a pencil when the family corrected it, else the confidence; opens the editor. */
function FlowBadge({ reviewed, onEdit }: { reviewed: ReviewedRow; onEdit(): void }) {
  const flow = effectiveFlowType(reviewed.row);
  const confidence = reviewed.row.classification_confidence;
  const mark = reviewed.corrected
    ? '✎'
    : typeof confidence === 'number'
      ? `${Math.round(confidence * 100)}%`
      : '?';
  return (
    <button
      type="button"
      className="flow-badge"
      onClick={onEdit}
      aria-label={`${FLOW_TYPE_LABELS[flow]}${reviewed.corrected ? ', corrected by you' : typeof confidence === 'number' ? `, ${Math.round(confidence * 100)}% confident` : ''}: correct ${reviewed.row.description}`}
    >
      <Badge tone={FLOW_TONE[flow] ?? 'neutral'}>
        {FLOW_TYPE_LABELS[flow]}{' '}
        <span aria-hidden="true" className={reviewed.corrected ? 'flow-pencil' : 'flow-confidence'}>
          {mark}
        </span>
      </Badge>
    </button>
  );
}

const SEVERITY: Record<ReviewedRow['severity'], { tone: BadgeTone; label: string }> = {
  excellent: { tone: 'success', label: 'Excellent' },
  good: { tone: 'info', label: 'Good' },
  attention: { tone: 'warning', label: 'Attention' },
};

function Verification({ reviewed }: { reviewed: ReviewedRow }) {
  const s = SEVERITY[reviewed.severity];
  return (
    <span className="flow-verification">
      <Badge tone={s.tone}>{s.label}</Badge>
      {reviewed.flags.map((f) => (
        <span key={f} className="flow-flag">
          {REVIEW_FLAG_MESSAGES[f]}
        </span>
      ))}
    </span>
  );
}

function Status({ reviewed }: { reviewed: ReviewedRow }) {
  if (reviewed.corrected) return <span>Corrected</span>;
  if (effectiveFlowType(reviewed.row) === 'unclassified') return <span>Unclassified</span>;
  return <span>{reviewed.needsAttention ? 'Needs review' : 'Automatic'}</span>;
}

type AccountFlowRow = FlowOverview & { accountId: string; name: string };

/** On a phone each account is a row: its name and net flow, then its income, internal and expenses. */
const ACCOUNT_FLOW_COLUMNS: DataTableColumn<AccountFlowRow>[] = [
  { id: 'account', header: 'Account', cell: (r) => r.name, rowHeader: true, phone: 'title' },
  {
    id: 'income',
    header: 'Income',
    cell: (r) => <Money amount={r.income} />,
    align: 'end',
    phone: 'detail',
    phoneLabel: true,
  },
  {
    id: 'internal',
    header: 'Internal',
    cell: (r) => <Money amount={r.internal} />,
    align: 'end',
    phone: 'detail',
    phoneLabel: true,
  },
  {
    id: 'expenses',
    header: 'Expenses',
    cell: (r) => <Money amount={r.expenses} />,
    align: 'end',
    phone: 'detail',
    phoneLabel: true,
  },
  {
    id: 'net',
    header: 'Net flow',
    cell: (r) => <Money amount={r.netFlow} tone="auto" />,
    align: 'end',
    phone: 'end',
  },
];

function FlowOverviewPanel({
  rows,
  accountName,
}: {
  rows: readonly Transaction[];
  accountName: ReadonlyMap<string, string>;
}) {
  const id = useId();
  const overview = useMemo(() => flowOverview(rows), [rows]);
  const byAccount = useMemo(() => [...flowByAccount(rows)], [rows]);
  return (
    <section className="panel" aria-labelledby={`${id}-overview`}>
      <h2 id={`${id}-overview`}>Financial Flow Overview</h2>
      <p className="muted">Over your latest {rows.length} transactions.</p>
      <div className="flow-tiles">
        <StatTile label="Income" value={<Money amount={overview.income} />} tone="in" />
        <StatTile label="Internal" value={<Money amount={overview.internal} />} tone="transfer" />
        <StatTile label="Expenses" value={<Money amount={overview.expenses} />} tone="out" />
        <StatTile label="Mortgage activity" value={<Money amount={overview.mortgage} />} />
        <StatTile label="Net flow" value={<Money amount={overview.netFlow} tone="auto" />} />
      </div>
      <h3>Flow by account</h3>
      <DataTable
        caption="Flow by account"
        columns={ACCOUNT_FLOW_COLUMNS}
        rows={byAccount.map(([accountId, o]) => ({
          accountId,
          name: accountName.get(accountId) ?? 'Account',
          ...o,
        }))}
        getRowId={(row) => row.accountId}
      />
    </section>
  );
}
