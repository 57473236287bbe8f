import { useId } from 'react';
import { selectableAccountTypes } from '../../../../functions/contracts/accounts';
import type { Institution } from '../../../../functions/contracts/institutions';
import { useServiceTypes } from './api';
import { InstitutionPicker } from './InstitutionPicker';
import { accountNamesFor, bankWithServicesChosen, defaultServicesFor } from './rules';
import { ACCOUNT_TYPE_LABELS, type AccountDraft } from './storage';

/**
 * One account card of step 2 (spec 1 §2, spec 2 §5): the institution picker, the manual bank name (only when
 * no institution is chosen), the chosen bank's services as checkboxes with the default pre-selection, the
 * info box listing the accounts to be created (one per service), the account name (hidden when a bank with
 * services is chosen) and the account type.
 */
export interface AccountCardProps {
  index: number;
  account: AccountDraft;
  canRemove: boolean;
  onChange(patch: Partial<AccountDraft>): void;
  onRemove(): void;
}

export function AccountCard({ index, account, canRemove, onChange, onRemove }: AccountCardProps) {
  const id = useId();
  const { data: serviceTypes } = useServiceTypes();
  const serviceName = (code: string) =>
    serviceTypes?.find((s) => s.code === code)?.name ?? code.replace(/_/g, ' ');
  const withServices = bankWithServicesChosen(account);
  const title = `Account ${index + 1}`;

  const pick = (institution: Institution | null) => {
    if (!institution) {
      onChange({ institutionId: null, institutionName: null, availableServices: [], services: [] });
      return;
    }
    onChange({
      institutionId: institution.id,
      institutionName: institution.display_name,
      bankName: '',
      availableServices: [...institution.services],
      // a card the family has already named is one account, with that nickname and type: its bank's
      // services are offered unticked (ticking one turns the card into one account per service)
      services: account.name.trim() ? [] : defaultServicesFor(institution.services),
    });
  };
  const toggle = (code: string, on: boolean) =>
    onChange({
      services: on
        ? account.availableServices.filter((s) => s === code || account.services.includes(s))
        : account.services.filter((s) => s !== code),
    });

  return (
    <section className="account-card" aria-labelledby={`${id}-title`}>
      <div className="account-card-head">
        <h3 id={`${id}-title`}>{title}</h3>
        {canRemove && (
          <button type="button" className="link" onClick={onRemove} aria-label={`Remove ${title}`}>
            Remove
          </button>
        )}
      </div>

      <InstitutionPicker
        label="Bank or provider"
        selected={
          account.institutionId ? { id: account.institutionId, name: account.institutionName ?? '' } : null
        }
        onSelect={pick}
      />

      <div className="field">
        <label htmlFor={`${id}-bank`}>Bank name (only if not found)</label>
        <input
          id={`${id}-bank`}
          type="text"
          autoComplete="off"
          disabled={Boolean(account.institutionId)}
          value={account.bankName}
          onChange={(event) => onChange({ bankName: event.target.value })}
        />
      </div>

      {account.availableServices.length > 0 && (
        <fieldset className="services">
          <legend>Services you have with {account.institutionName}</legend>
          {account.availableServices.map((code) => (
            <label key={code}>
              <input
                type="checkbox"
                checked={account.services.includes(code)}
                onChange={(event) => toggle(code, event.target.checked)}
              />
              {serviceName(code)}
            </label>
          ))}
        </fieldset>
      )}

      {withServices ? (
        <div className="alert alert-info" role="status">
          <strong>Each service will be created as a separate account</strong>
          <ul>
            {accountNamesFor(account).map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-name`}>
            Account name{' '}
            <span className="required" aria-hidden="true">
              *
            </span>
          </label>
          <input
            id={`${id}-name`}
            type="text"
            autoComplete="off"
            aria-required="true"
            placeholder="e.g. Joint current account"
            value={account.name}
            onChange={(event) => onChange({ name: event.target.value })}
          />
        </div>
      )}

      <div className="field">
        <label htmlFor={`${id}-type`}>Account type</label>
        <select
          id={`${id}-type`}
          value={account.accountType}
          onChange={(event) => onChange({ accountType: event.target.value as AccountDraft['accountType'] })}
        >
          {selectableAccountTypes.map((type) => (
            <option key={type} value={type}>
              {ACCOUNT_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
        {withServices && (
          <p className="hint">Accounts created per service take their type from the service.</p>
        )}
      </div>
    </section>
  );
}
