import { Alert } from '../../components/Alert';
import { upgradeErrorMessage, useUpgrade } from './api';

/** An upgrade button (spec 1 §4 checkout): busy while the session is created, the §8 message if it fails. */
export function UpgradeButton({
  label,
  className = 'button primary',
}: {
  label: string;
  className?: string;
}) {
  const upgrade = useUpgrade();
  const busy = upgrade.isPending || upgrade.isSuccess;
  return (
    <>
      <button type="button" className={className} onClick={() => upgrade.mutate()} disabled={busy}>
        {busy ? 'Opening checkout...' : label}
      </button>
      {upgrade.isError && (
        <Alert tone="danger" className="upgrade-error">
          {upgradeErrorMessage(upgrade.error)}
        </Alert>
      )}
    </>
  );
}
