import { useId } from 'react';
import { subscriptionPanel } from '../../../../functions/domain/subscription';
import { Alert } from '../../components/Alert';
import { ProgressBar } from '../../components/ProgressBar';
import { useBillingPortal, useSubscription } from './api';
import { UpgradeButton } from './UpgradeButton';
import './subscription.css';

/**
 * The sidebar's subscription panel (spec 1 §2, §4): on trial, the days left in their colour, a progress bar
 * (at least 5% filled), urgent styling at 3 days or fewer and the message for 1, 3 and 4-7 days; 'Trial
 * Expired' with an upgrade prompt; 'Pro Member' when the family pays, with its billing. Hidden while loading,
 * for team members, early adopters and other active plans.
 */
export function SubscriptionPanel({ userId }: { userId?: string | null }) {
  const titleId = useId();
  const { info, loading } = useSubscription(userId);
  const portal = useBillingPortal();
  const panel = loading ? null : subscriptionPanel(info);
  if (!panel) return null;
  if (panel.kind === 'active') {
    return (
      <section className="subscription-panel subscription-panel-active" aria-labelledby={titleId}>
        <h2 id={titleId}>{panel.title}</h2>
        <p>Family Finance Pro, £9.99 a month.</p>
        <button
          type="button"
          className="button"
          onClick={() => portal.mutate()}
          disabled={portal.isPending || portal.isSuccess}
        >
          Manage billing
        </button>
        {portal.isError && <Alert tone="danger">{portal.error.message}</Alert>}
      </section>
    );
  }
  if (panel.kind === 'expired') {
    return (
      <section className="subscription-panel subscription-panel-expired" aria-labelledby={titleId}>
        <h2 id={titleId}>{panel.title}</h2>
        <p>
          Upgrade to Pro to upload statements and use the AI again. Your data stays here to read and export.
        </p>
        <UpgradeButton label="Upgrade to Pro - 9.99/mo" />
      </section>
    );
  }
  return (
    <section
      className={`subscription-panel subscription-panel-trial${panel.urgent ? ' subscription-panel-urgent' : ''}`}
      aria-labelledby={titleId}
    >
      <h2 id={titleId}>Free trial</h2>
      <p className={`trial-days trial-days-${panel.colour}`}>{panel.label}</p>
      <ProgressBar
        value={info?.trial_days_remaining ?? 0}
        max={info?.trial_total_days ?? 14}
        percent={panel.progress}
        label="Free trial left"
        valueText={panel.label || 'Free trial'}
        className={`trial-progress trial-progress-${panel.colour}`}
      />
      {panel.message && <p className="trial-message">{panel.message}</p>}
      <UpgradeButton label="Upgrade to Pro" className={panel.urgent ? 'button primary' : 'button'} />
    </section>
  );
}
