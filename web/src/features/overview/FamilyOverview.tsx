import { Link } from 'react-router';
import { displayName } from '../../../../functions/domain/identity';
import type { AppPage } from '../../app/pages';
import { useAuth } from '../../auth/useAuth';
import { ACCOUNT_TYPE_LABELS } from '../../components/account-types';
import { LoadFailed } from '../../components/LoadFailed';
import { useOverview } from './api';

/**
 * /app, 'Family Overview' (spec 1 §2): who is signed in, the family, its accounts, and what to do next —
 * only steps whose pages exist.
 */
export function FamilyOverview({ pages }: { pages: readonly AppPage[] }) {
  const { user } = useAuth();
  const { profile, family, accounts, active, accountsFailed: failed } = useOverview();
  const name = displayName(profile.data ?? null, user?.email);
  const nextSteps = pages.filter((p) => p.nextStep);

  return (
    <div className="page">
      <div className="page-head">
        {family.data?.name && <p className="eyebrow">{family.data.name}</p>}
        <h1>Family Overview</h1>
        <p className="lede">Welcome, {name}.</p>
      </div>

      {nextSteps.length > 0 && (
        <section className="panel" aria-labelledby="next-steps-title">
          <h2 id="next-steps-title">What to do next</h2>
          <ul className="next-steps">
            {nextSteps.map((page) => (
              <li key={page.path}>
                <Link to={`/app/${page.path}`}>{page.nextStep?.title}</Link>
                <p>{page.nextStep?.description}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="panel" aria-labelledby="accounts-title">
        <h2 id="accounts-title">Your accounts</h2>
        {accounts.isPending ? (
          <p role="status">Loading your accounts...</p>
        ) : failed ? (
          <LoadFailed what="your accounts" onRetry={() => void accounts.refetch()} />
        ) : active.length === 0 ? (
          <p>You have no accounts yet.</p>
        ) : (
          <ul className="account-list">
            {active.map((account) => (
              <li key={account.id}>
                <span className="account-name">{account.name}</span>
                <span className="account-meta">
                  {[
                    account.institution_display_name ?? account.bank_name,
                    ACCOUNT_TYPE_LABELS[account.account_type],
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
