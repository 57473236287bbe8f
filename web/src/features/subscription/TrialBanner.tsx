import { useId, useState } from 'react';
import {
  activeTrialBanner,
  type DismissalKey,
  TRIAL_BANNERS,
} from '../../../../functions/domain/subscription';
import { Alert } from '../../components/Alert';
import { upgradeErrorMessage, useDismissBanner, useSubscription, useUpgrade } from './api';
import './subscription.css';

const BODY: Record<DismissalKey, (days: number | null) => string> = {
  '3_day_warning': (days) =>
    `Your free trial ends in ${days ?? 3} days. Upgrade to Pro to keep uploading statements and using the AI.`,
  '1_day_warning': () =>
    'Your free trial ends within a day. Upgrade to Pro, £9.99 a month, to keep uploading statements and using the AI.',
  trial_expired: () =>
    'Your free trial has ended. Everything you added is still here to read and export; upgrade to Pro to upload statements and use the AI again.',
};

/**
 * The trial banner, top right (spec 1 §2, §4): the 3-day warning, then the 1-day warning, then the expired
 * notice, whichever is due first and not dismissed; hidden while loading and for team members and early
 * adopters. The secondary button dismisses it at once and reports the key to the server.
 */
export function TrialBanner({ userId }: { userId?: string | null }) {
  const titleId = useId();
  const { info, loading } = useSubscription(userId);
  const [dismissed, setDismissed] = useState<DismissalKey[]>([]);
  const dismiss = useDismissBanner();
  const upgrade = useUpgrade();
  const key = activeTrialBanner(info, { loading, dismissed });
  if (!key) return null;
  const banner = TRIAL_BANNERS[key];
  const busy = upgrade.isPending || upgrade.isSuccess;
  return (
    <aside className={`trial-banner trial-banner-${key}`} aria-labelledby={titleId}>
      <p id={titleId} className="trial-banner-title">
        {banner.title}
      </p>
      <p className="trial-banner-body">{BODY[key](info?.trial_days_remaining ?? null)}</p>
      <div className="trial-banner-actions">
        <button type="button" className="button primary" onClick={() => upgrade.mutate()} disabled={busy}>
          {busy ? 'Opening checkout...' : banner.primary}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setDismissed((d) => [...d, key]);
            dismiss.mutate(key);
          }}
        >
          {banner.secondary}
        </button>
      </div>
      {upgrade.isError && <Alert tone="danger">{upgradeErrorMessage(upgrade.error)}</Alert>}
    </aside>
  );
}
