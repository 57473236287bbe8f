import { useId, useState } from 'react';
import type { AccountWithSummary } from '../../../../functions/contracts/accounts';
import { ACCOUNT_ERRORS } from '../../../../functions/domain/accounts';
import { formatDateMedium } from '../../../../functions/domain/format';
import { Alert } from '../../components/Alert';
import { ACCOUNT_TYPE_LABELS } from '../../components/account-types';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { useServiceTypes } from '../onboarding/api';
import { AccountStatements } from './AccountStatements';
import { AccountTypeIcon } from './AccountTypeIcon';
import { AddAccountForm } from './AddAccountForm';
import { useAccountSummaries, useArchiveAccount, useRestoreAccount } from './api';
import { formatInstantDate, plural } from './format';
import { RenameDialog } from './RenameDialog';
import { TransactionsByAccount } from './transactions/TransactionsByAccount';
import './accounts.css';

/**
 * Account Setup (spec 2 §2): the family's bank accounts with their derived fields (spec 2 §3), rename,
 * archive (confirmed) and restore, each account's uploaded statements with 'Remove this statement', the
 * add-account form (spec 2 §5), then 'Transactions by Account'. Archived accounts keep their data.
 */
export function AccountSetupPage() {
  const active = useAccountSummaries('active');
  const archived = useAccountSummaries('archived');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  return (
    <div className="page account-setup">
      <div className="page-head">
        <h1>Account Setup</h1>
        <p className="lede">
          Add, rename and archive your accounts, and check the statements uploaded to each.
        </p>
      </div>

      <section className="panel" aria-labelledby={`${id}-accounts`}>
        <h2 id={`${id}-accounts`}>Your Bank Accounts</h2>
        {problem && <Alert tone="danger">{problem}</Alert>}
        {active.isPending ? (
          <p role="status">Loading your accounts…</p>
        ) : active.isError ? (
          <LoadFailed what="your accounts" onRetry={() => void active.refetch()} />
        ) : active.data.length === 0 ? (
          <EmptyState title="No accounts yet">Add your first account with the form below.</EmptyState>
        ) : (
          <ul className="setup-accounts">
            {active.data.map((account) => (
              <AccountItem key={account.id} account={account} />
            ))}
          </ul>
        )}
        <ArchivedAccounts
          accounts={archived.data}
          isError={archived.isError}
          onRetry={() => void archived.refetch()}
          onProblem={setProblem}
        />
      </section>

      <section className="panel">
        <AddAccountForm />
      </section>

      {active.data && active.data.length > 0 && <TransactionsByAccount accounts={active.data} />}
    </div>
  );
}

const bankOf = (account: AccountWithSummary) =>
  account.institution_display_name ?? account.bank_name ?? 'Bank not set';

function AccountItem({ account }: { account: AccountWithSummary }) {
  const archive = useArchiveAccount();
  const { data: serviceTypes } = useServiceTypes();
  const [showStatements, setShowStatements] = useState(false);
  const statementsId = useId();
  const serviceName = (code: string) =>
    serviceTypes?.find((s) => s.code === code)?.name ?? code.replace(/_/g, ' ');

  return (
    <li className={`setup-account${showStatements ? ' setup-account-open' : ''}`}>
      <div className="setup-account-head">
        <AccountTypeIcon type={account.account_type} />
        <div className="setup-account-title">
          <h3>{account.name}</h3>
          <p className="account-bank">
            {bankOf(account)} · {ACCOUNT_TYPE_LABELS[account.account_type]}
          </p>
        </div>
      </div>
      {account.services.length > 0 && (
        <ul className="account-services-list" aria-label="Services">
          {account.services.map((code) => (
            <li key={code}>
              <Badge tone="info">{serviceName(code)}</Badge>
            </li>
          ))}
        </ul>
      )}
      <dl className="account-facts">
        <div>
          <dt>Last transaction</dt>
          <dd>
            {account.last_transaction_date ? (
              <time dateTime={account.last_transaction_date}>
                {formatDateMedium(account.last_transaction_date)}
              </time>
            ) : (
              'None yet'
            )}
          </dd>
        </div>
        <div>
          <dt>Transactions</dt>
          <dd>{account.transaction_count.toLocaleString('en-GB')}</dd>
        </div>
        <div>
          <dt>Last statement upload</dt>
          <dd>
            {account.last_statement_upload ? (
              <time dateTime={account.last_statement_upload}>
                {formatInstantDate(account.last_statement_upload)}
              </time>
            ) : (
              'None yet'
            )}
          </dd>
        </div>
      </dl>
      <div className="account-actions">
        <button
          type="button"
          className="button"
          aria-expanded={showStatements}
          aria-controls={statementsId}
          onClick={() => setShowStatements((v) => !v)}
        >
          {showStatements ? 'Hide statements' : 'Statements'}
          <span className="visually-hidden"> of {account.name}</span>
        </button>
        <RenameDialog account={account} />
        <ConfirmDialog
          title={`Archive ${account.name}?`}
          description={`${account.name} and its ${plural(account.transaction_count, 'transaction')} are kept but left out of your totals, lists and account pickers. You can restore it at any time.`}
          confirmLabel="Archive"
          tone="danger"
          onConfirm={async () => {
            try {
              await archive.mutateAsync(account.id);
            } catch {
              throw new Error(ACCOUNT_ERRORS.archiveFailed);
            }
          }}
          trigger={
            <button type="button" className="button" aria-label={`Archive ${account.name}`}>
              Archive
            </button>
          }
        />
      </div>
      {showStatements && (
        <div id={statementsId}>
          <AccountStatements accountId={account.id} accountName={account.name} />
        </div>
      )}
    </li>
  );
}

function ArchivedAccounts({
  accounts,
  isError,
  onRetry,
  onProblem,
}: {
  accounts: AccountWithSummary[] | undefined;
  isError: boolean;
  onRetry(): void;
  onProblem(message: string | null): void;
}) {
  const [open, setOpen] = useState(false);
  const restore = useRestoreAccount();
  const listId = useId();
  const count = accounts?.length ?? 0;

  const restoreAccount = async (account: AccountWithSummary) => {
    onProblem(null);
    try {
      await restore.mutateAsync(account.id);
    } catch {
      onProblem(ACCOUNT_ERRORS.unarchiveFailed);
    }
  };

  return (
    <div className="archived-accounts">
      <button
        type="button"
        className="button link"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Hide' : 'Show'} Archived Accounts ({count})
      </button>
      {open && (
        <div id={listId}>
          {isError ? (
            <LoadFailed what="your archived accounts" onRetry={onRetry} />
          ) : !accounts ? (
            <p role="status">Loading archived accounts…</p>
          ) : accounts.length === 0 ? (
            <EmptyState title="No archived accounts" />
          ) : (
            <ul className="archived-list" aria-label="Archived accounts">
              {accounts.map((account) => (
                <li key={account.id}>
                  <AccountTypeIcon type={account.account_type} />
                  <span className="archived-name">
                    <strong>{account.name}</strong> <span className="account-bank">{bankOf(account)}</span>
                    {account.archived_at && (
                      <span className="account-bank">
                        {' '}
                        · archived{' '}
                        <time dateTime={account.archived_at}>{formatInstantDate(account.archived_at)}</time>
                      </span>
                    )}
                  </span>
                  <button
                    type="button"
                    className="button"
                    aria-label={`Restore ${account.name}`}
                    disabled={restore.isPending && restore.variables === account.id}
                    onClick={() => void restoreAccount(account)}
                  >
                    Restore
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
