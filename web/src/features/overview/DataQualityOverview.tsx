import { Link } from 'react-router';
import type { DataQualityOverview as Quality } from '../../../../functions/contracts/insights';
import { NO_ACCOUNTS_MESSAGES } from '../../../../functions/domain/freshness';
import { Alert, type AlertTone } from '../../components/Alert';
import { Badge, type BadgeTone } from '../../components/Badge';
import { DateText } from '../../components/DateText';
import { EmptyState } from '../../components/EmptyState';
import { useWaitingChecks } from '../check/api';
import { checkPath } from '../check/WaitingChecksBanner';

const STATUS_TONE: Record<string, BadgeTone> = {
  excellent: 'success',
  good: 'info',
  warning: 'warning',
  critical: 'danger',
};
const STATUS_LABEL: Record<string, string> = {
  excellent: 'Excellent',
  good: 'Good',
  warning: 'Warning',
  critical: 'Critical',
};
const FAMILY_TONE: Record<Quality['family']['status'], AlertTone> = {
  good: 'success',
  warning: 'warning',
  critical: 'danger',
};

/**
 * Data Quality Overview (spec 3 §2.1, §4.4): each account's freshness badge by the thresholds of its type,
 * the family's summary alert and the recommended actions; 'No accounts configured yet.' without accounts.
 */
export function DataQualityOverview({ quality }: { quality: Quality | null }) {
  const waiting = useWaitingChecks().data ?? [];
  return (
    <section className="panel" aria-labelledby="quality-title">
      <h2 id="quality-title">Data Quality Overview</h2>
      {!quality || quality.accounts.length === 0 ? (
        <EmptyState title={NO_ACCOUNTS_MESSAGES.title}>
          <p>{NO_ACCOUNTS_MESSAGES.hint}</p>
        </EmptyState>
      ) : (
        <>
          <Alert tone={FAMILY_TONE[quality.family.status]}>
            <p>{quality.family.message}</p>
          </Alert>
          <ul className="freshness-list">
            {quality.accounts.map((a) => (
              <li key={a.account_id}>
                <span className="account-name">{a.name}</span>
                <Badge tone={STATUS_TONE[a.status] ?? 'neutral'}>{STATUS_LABEL[a.status] ?? a.status}</Badge>
                <span className="account-meta">
                  {a.last_transaction_date ? (
                    <>
                      Last transaction <DateText date={a.last_transaction_date} />
                      {a.daysSinceLastTransaction !== null &&
                        ` (${a.daysSinceLastTransaction} ${a.daysSinceLastTransaction === 1 ? 'day' : 'days'} ago)`}
                    </>
                  ) : (
                    a.message
                  )}
                  {a.last_transaction_date && a.message ? ` · ${a.message}` : ''}
                </span>
              </li>
            ))}
          </ul>
          {(quality.recommended_actions.length > 0 || waiting.length > 0) && (
            <>
              <h3>Recommended actions</h3>
              <ul className="recommended-actions quality-checks">
                {/* A statement waiting for the family's check: its rows are in none of these figures yet. */}
                {waiting.map((s) => (
                  <li key={s.uploadId}>
                    <Link to={checkPath(s.uploadId)}>
                      Check {s.fileName} before it is added to your figures
                    </Link>
                  </li>
                ))}
                {quality.recommended_actions.map((action) => (
                  <li key={action}>{action}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
