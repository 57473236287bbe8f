import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { accountListResponseSchema } from '../../../../functions/contracts/accounts';
import { type VerificationCheckDto, verificationReportSchema } from '../../../../functions/contracts/review';
import { summariseVerification } from '../../../../functions/domain/verification';
import { apiRequest } from '../../api/client';
import { Alert } from '../../components/Alert';
import { Badge, type BadgeTone } from '../../components/Badge';
import { ProgressBar } from '../../components/ProgressBar';
import { StatTile } from '../../components/StatTile';
import { reviewApi } from './api';

/**
 * The Verification panel (spec 2 §2, §5 Verification levels), self-contained: 'Run Verification' runs the
 * checks on the server, the family's first and then one account at a time, and the bar shows which account
 * is being checked (no fake delay). Tiles, the banner, one card per check (with a link to the screen that
 * fixes what it found) and the help box.
 */
type RunState =
  | { phase: 'idle' }
  | { phase: 'running'; done: number; total: number; current: string }
  | { phase: 'done'; checks: VerificationCheckDto[]; accounts: number }
  | { phase: 'failed'; message: string; checks: VerificationCheckDto[] };

const STATUS_BADGE: Record<VerificationCheckDto['status'], { label: string; tone: BadgeTone }> = {
  verified: { label: 'Verified', tone: 'success' },
  warning: { label: 'Warning', tone: 'warning' },
  attention: { label: 'Needs Attention', tone: 'danger' },
};

export function VerificationPanel() {
  const id = useId();
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const running = useRef(false);

  async function run() {
    if (running.current) return;
    running.current = true;
    const checks: VerificationCheckDto[] = [];
    try {
      setState({ phase: 'running', done: 0, total: 1, current: 'your accounts' });
      const [family, list] = await Promise.all([
        reviewApi.verification(),
        apiRequest('/accounts', accountListResponseSchema, { query: { status: 'active' } }),
      ]);
      checks.push(...family.checks);
      const accounts = list.accounts;
      for (const [i, account] of accounts.entries()) {
        setState({ phase: 'running', done: i, total: accounts.length, current: account.name });
        const report = await apiRequest('/transactions/verification', verificationReportSchema, {
          query: { account: account.id },
        });
        checks.push(...report.checks);
      }
      setState({ phase: 'done', checks, accounts: accounts.length });
    } catch (error) {
      setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error), checks });
    } finally {
      running.current = false;
    }
  }

  return (
    <section className="panel verification-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Account Verification</h2>
      <div className="review-actions">
        <button
          type="button"
          className="button primary"
          disabled={state.phase === 'running'}
          onClick={() => void run()}
        >
          {state.phase === 'running' ? 'Verifying...' : 'Run Verification'}
        </button>
      </div>
      {state.phase === 'running' && (
        <div className="review-progress">
          <p id={`${id}-progress`} role="status">
            Checking {state.current}…
          </p>
          <ProgressBar
            value={state.done}
            max={Math.max(1, state.total)}
            valueText={`${state.done} of ${state.total} accounts checked`}
            labelledBy={`${id}-progress`}
          />
        </div>
      )}
      {state.phase === 'failed' && (
        <Alert tone="danger" title="Verification could not finish">
          {state.message}
        </Alert>
      )}
      {state.phase === 'done' && <VerificationResults checks={state.checks} accounts={state.accounts} />}
      <div className="verification-help">
        <h3>What the checks mean</h3>
        <ul>
          <li>
            <strong>Data Completeness</strong>: transactions with an amount above 0, a description and a type.
            95% or more is verified, 85% or more a warning.
          </li>
          <li>
            <strong>Classification Confidence</strong>: how surely money in and out is known for each
            transaction (from its signed amount, else its type, else its flow type).
          </li>
          <li>
            <strong>Internal Transfer Share</strong>: transfers between your own accounts as a share of all
            money moved; above 60% usually means some spending is marked as transfers.
          </li>
          <li>
            <strong>Statements</strong>: each statement adds up, no month is missing between the first and the
            last, and no two statements cover the same days.
          </li>
          <li>
            <strong>Transfers To Review</strong>: transfers between your accounts that were found but not yet
            accepted or rejected.
          </li>
        </ul>
      </div>
    </section>
  );
}

function VerificationResults({ checks, accounts }: { checks: VerificationCheckDto[]; accounts: number }) {
  const summary = summariseVerification(checks);
  return (
    <>
      <div className="stat-tiles review-tiles">
        <StatTile label="Verified Checks" value={summary.verified} tone="in" />
        <StatTile label="Warnings" value={summary.warnings} />
        <StatTile label="Needs Attention" value={summary.attention} tone="out" />
        <StatTile label="Total Accounts" value={accounts} />
      </div>
      <Alert tone={summary.banner.tone} title={summary.banner.title} />
      <ul className="verification-checks">
        {checks.map((check) => (
          <li key={check.id} className={`verification-check verification-${check.status}`}>
            <div className="verification-check-head">
              <h3>{check.title}</h3>
              <Badge tone={STATUS_BADGE[check.status].tone}>{STATUS_BADGE[check.status].label}</Badge>
            </div>
            <p className="verification-value">{check.value}</p>
            <p className="review-hint">{check.description}</p>
            {check.details.length > 0 && (
              <ul className="verification-details">
                {[...new Set(check.details)].map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
            {check.link && <Link to={check.link.to}>{check.link.label}</Link>}
          </li>
        ))}
      </ul>
    </>
  );
}
