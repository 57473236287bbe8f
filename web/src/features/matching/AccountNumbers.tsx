import { useId, useState } from 'react';
import type { AccountNumbers as Numbers } from '../../../../functions/contracts/account-numbers';
import { Alert } from '../../components/Alert';
import { LoadFailed } from '../../components/LoadFailed';
import { useAccountNumbers, useSetAccountNumbers } from './api';

/**
 * Your account numbers: how each account is named in another's descriptions ('TFR FROM 87654321 SAVINGS',
 * 'PAYMENT TO CARD ENDING 1234'). Learned from each statement's heading; typed here for an account whose
 * statements are never uploaded, so transfers to it are still known.
 */
export function AccountNumbersPanel() {
  const numbers = useAccountNumbers();
  const id = useId();
  return (
    <section className="panel" aria-labelledby={`${id}-numbers`}>
      <h2 id={`${id}-numbers`}>Your account numbers</h2>
      <p className="muted">
        A payment that names one of these is a transfer between your own accounts, even before that account’s
        statement is uploaded. They are read from each statement’s heading; add any that are missing.
      </p>
      {numbers.isPending ? (
        <p role="status">Loading your accounts…</p>
      ) : numbers.isError ? (
        <LoadFailed what="your account numbers" onRetry={() => void numbers.refetch()} />
      ) : (
        <ul className="account-numbers">
          {numbers.data.map((account) => (
            <AccountNumbersForm key={account.account_id} account={account} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** '204567' as a sort code is printed: '20-45-67'. */
const formatSortCode = (digits: string | null) =>
  digits && /^\d{6}$/.test(digits) ? digits.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3') : (digits ?? '');

function AccountNumbersForm({ account }: { account: Numbers }) {
  const id = useId();
  const save = useSetAccountNumbers();
  const card = account.account_type === 'credit';
  const [sortCode, setSortCode] = useState(formatSortCode(account.sort_code));
  const [number, setNumber] = useState(account.account_number ?? '');
  const [last4, setLast4] = useState(account.card_last4 ?? '');
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const submit = async () => {
    setMessage(null);
    try {
      const result = await save.mutateAsync({
        accountId: account.account_id,
        numbers: card ? { card_last4: last4 } : { sort_code: sortCode, account_number: number },
      });
      setMessage({
        tone: 'success',
        text: result.relabelled
          ? `Saved. ${result.relabelled === 1 ? '1 payment' : `${result.relabelled} payments`} to this account now ${result.relabelled === 1 ? 'counts' : 'count'} as transfers.`
          : 'Saved.',
      });
    } catch (e) {
      setMessage({ tone: 'danger', text: (e as Error).message });
    }
  };
  return (
    <li className="account-numbers-item">
      <form
        aria-labelledby={`${id}-name`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h3 id={`${id}-name`}>{account.name}</h3>
        <div className="account-numbers-fields">
          {card ? (
            <div className="kit-field">
              <label htmlFor={`${id}-card`}>Card ending</label>
              <input
                id={`${id}-card`}
                inputMode="numeric"
                autoComplete="off"
                value={last4}
                onChange={(e) => setLast4(e.target.value)}
              />
            </div>
          ) : (
            <>
              <div className="kit-field">
                <label htmlFor={`${id}-sort`}>Sort code</label>
                <input
                  id={`${id}-sort`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={sortCode}
                  onChange={(e) => setSortCode(e.target.value)}
                />
              </div>
              <div className="kit-field">
                <label htmlFor={`${id}-number`}>Account number</label>
                <input
                  id={`${id}-number`}
                  inputMode="numeric"
                  autoComplete="off"
                  value={number}
                  onChange={(e) => setNumber(e.target.value)}
                />
              </div>
            </>
          )}
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : `Save ${account.name}`}
          </button>
        </div>
        {message && (
          <Alert tone={message.tone}>
            <span role="status">{message.text}</span>
          </Alert>
        )}
      </form>
    </li>
  );
}
