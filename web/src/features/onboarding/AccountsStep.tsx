import { AccountCard } from './AccountCard';
import type { AccountDraft } from './storage';

/** Step 2 (spec 1 §2): the account cards, Add Account, Back and Continue (disabled with zero accounts). */
export interface AccountsStepProps {
  accounts: AccountDraft[];
  busy: boolean;
  onChange(index: number, patch: Partial<AccountDraft>): void;
  onAdd(): void;
  onRemove(index: number): void;
  onBack(): void;
  onContinue(): void;
}

export function AccountsStep({
  accounts,
  busy,
  onChange,
  onAdd,
  onRemove,
  onBack,
  onContinue,
}: AccountsStepProps) {
  return (
    <form
      noValidate
      aria-labelledby="accounts-title"
      onSubmit={(event) => {
        event.preventDefault();
        onContinue();
      }}
    >
      <h2 id="accounts-title">Your accounts</h2>
      <p className="hint">
        Add the accounts whose statements you will upload. Pick your bank to add each of its services at once.
      </p>
      {accounts.map((account, index) => (
        <AccountCard
          key={account.clientId}
          index={index}
          account={account}
          canRemove
          onChange={(patch) => onChange(index, patch)}
          onRemove={() => onRemove(index)}
        />
      ))}
      <button type="button" className="button" onClick={onAdd} disabled={busy}>
        Add Account
      </button>
      <div className="actions">
        <button type="button" className="button" onClick={onBack} disabled={busy}>
          Back
        </button>
        <button type="submit" className="button primary" disabled={busy || accounts.length === 0}>
          {busy ? 'Saving…' : 'Continue'}
        </button>
      </div>
    </form>
  );
}
