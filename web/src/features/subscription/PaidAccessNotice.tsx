import { hasAccess } from '../../../../functions/domain/subscription';
import { Alert } from '../../components/Alert';
import { useSubscription } from './api';
import { UpgradeButton } from './UpgradeButton';
import './subscription.css';

/**
 * On screens that add statements or run the AI: once the trial has ended without an upgrade, the upgrade
 * prompt instead of requests the API would refuse (402). Nothing while loading or without info.
 */
export function PaidAccessNotice() {
  const { info } = useSubscription();
  if (!info || hasAccess(info)) return null;
  return (
    <Alert tone="warning" title="Your free trial has ended" className="paid-access-notice">
      <p>
        Upgrade to Pro to upload statements and use the AI again. Everything you have added stays here to read
        and export.
      </p>
      <UpgradeButton label="Upgrade to Continue" />
    </Alert>
  );
}

/** Whether the family may add statements and run the AI now (true while unknown: the API decides). */
export function usePaidAccess(): boolean {
  const { info } = useSubscription();
  return !info || hasAccess(info);
}
