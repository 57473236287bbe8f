import { Link } from 'react-router';
import type { Account } from '../../../../functions/contracts/accounts';
import {
  ACCOUNT_TYPE_TABS,
  type AccountTypeStats,
  type AccountTypeTab,
} from '../../../../functions/contracts/insights';
import { effectiveFlowType, flowTypeLabel } from '../../../../functions/domain/flow-types';
import { formatPercent } from '../../../../functions/domain/format';
import { ACCOUNT_TYPE_LABELS } from '../../components/account-types';
import { Badge } from '../../components/Badge';
import { DataTable } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { EmptyState } from '../../components/EmptyState';
import { LoadFailed } from '../../components/LoadFailed';
import { Money } from '../../components/Money';
import { ProgressBar } from '../../components/ProgressBar';
import { StatTile } from '../../components/StatTile';
import { Tabs } from '../../components/Tabs';
import { AccountTypeIcon } from '../accounts/AccountTypeIcon';
import { useAccounts } from '../accounts/api';
import { noFamily } from '../overview/api';
import { signedAmount } from '../overview/summary';
import { useAccountTypeRecent, useAccountTypeStats } from './api';
import './account-types.css';

/** Each tab's name, description and insight tags (spec 3 §2.2). */
export const TAB_COPY: Record<AccountTypeTab, { label: string; description: string; tags: string[] }> = {
  current: {
    label: 'Current Accounts',
    description: 'Day-to-day money: salary in, bills and spending out.',
    tags: ['Salary & income', 'Bills & direct debits', 'Everyday spending'],
  },
  savings: {
    label: 'Savings Accounts',
    description: 'Money put aside: transfers in from your current accounts and the interest it earns.',
    tags: ['Interest', 'Transfers from current accounts', 'Rainy-day funds'],
  },
  credit: {
    label: 'Credit Cards',
    description: 'Card spending and the repayments that clear it.',
    tags: ['Card spending', 'Repayments', 'Interest & charges'],
  },
  isa: {
    label: 'ISAs & Investments',
    description: 'Tax-free savings and investments: contributions and withdrawals.',
    tags: ['Tax-free allowance', 'Contributions', 'Long-term growth'],
  },
  mortgage: {
    label: 'Mortgages & Loans',
    description: 'What you owe: monthly payments, overpayments and fees.',
    tags: ['Monthly payments', 'Overpayments', 'Fees'],
  },
};

const ADD_ACCOUNT_PATH = '/app/setup/accounts';

/**
 * /app/accounts, 'Account Types' (spec 3 §2.2): a tab per kind of account with its description and insight
 * tags; its total activity, account count, transaction count, average transaction and monthly trend over the
 * last 12 months; its top 5 flow types with bars; its latest transactions; and its connected accounts, each
 * with its type's icon, with an Add Account button. An empty tab reads 'No {type} Connected'.
 */
export function AccountTypesPage() {
  const stats = useAccountTypeStats();
  const accounts = useAccounts();
  const active = (accounts.data ?? []).filter((a) => !a.is_archived);
  const failed = stats.isError && !noFamily(stats.error);
  return (
    <div className="page account-types">
      <div className="page-head">
        <h1>Account Types</h1>
        <p className="lede">
          Activity by kind of account
          {stats.data && (
            <>
              {' '}
              from <DateText date={stats.data.window.start} /> to <DateText date={stats.data.window.end} />
            </>
          )}
          .
        </p>
      </div>
      {failed ? (
        <LoadFailed what="your account figures" onRetry={() => void stats.refetch()} />
      ) : stats.isPending && !noFamily(stats.error) ? (
        <p role="status">Loading your account figures...</p>
      ) : (
        <Tabs
          label="Account types"
          tabs={(Object.keys(ACCOUNT_TYPE_TABS) as AccountTypeTab[]).map((tab) => ({
            id: tab,
            label: TAB_COPY[tab].label,
            content: (
              <TypePanel
                tab={tab}
                stats={stats.data?.types.find((t) => t.type === tab)}
                accounts={active.filter((a) =>
                  (ACCOUNT_TYPE_TABS[tab] as readonly string[]).includes(a.account_type),
                )}
              />
            ),
          }))}
        />
      )}
    </div>
  );
}

function TypePanel({
  tab,
  stats,
  accounts,
}: {
  tab: AccountTypeTab;
  stats: AccountTypeStats | undefined;
  accounts: Account[];
}) {
  const copy = TAB_COPY[tab];
  return (
    <div className="type-panel">
      <p>{copy.description}</p>
      <ul className="insight-tags" aria-label={`${copy.label}: what to look for`}>
        {copy.tags.map((tag) => (
          <li key={tag}>
            <Badge tone="info">{tag}</Badge>
          </li>
        ))}
      </ul>
      {accounts.length === 0 ? (
        <EmptyState
          title={`No ${copy.label} Connected`}
          action={
            <Link className="button primary" to={ADD_ACCOUNT_PATH}>
              Add Account
            </Link>
          }
        >
          <p>Add an account of this kind and upload its PDF statements: no bank login needed.</p>
        </EmptyState>
      ) : (
        <TypeFigures copy={copy} stats={stats} accounts={accounts} />
      )}
    </div>
  );
}

function TypeFigures({
  copy,
  stats,
  accounts,
}: {
  copy: (typeof TAB_COPY)[AccountTypeTab];
  stats: AccountTypeStats | undefined;
  accounts: Account[];
}) {
  const recent = useAccountTypeRecent(accounts.map((a) => a.id));
  const names = new Map(accounts.map((a) => [a.id, a.name]));
  const trend = stats?.monthly_trend ?? 0;
  return (
    <>
      <div className="stat-tiles">
        <StatTile label="Total Activity" value={<Money amount={stats?.total_activity ?? 0} decimals={0} />} />
        <StatTile label="Accounts" value={String(accounts.length)} />
        <StatTile label="Transactions" value={(stats?.transaction_count ?? 0).toLocaleString('en-GB')} />
        <StatTile label="Average Transaction" value={<Money amount={stats?.average_transaction ?? 0} />} />
        <StatTile
          label="Monthly Trend"
          value={`${trend > 0 ? '+' : ''}${formatPercent(trend)}`}
          note="Last 30 days against the 30 before"
        />
      </div>

      <section aria-labelledby={`${copy.label}-categories`.replace(/\W+/g, '-')}>
        <h2 id={`${copy.label}-categories`.replace(/\W+/g, '-')}>Transaction Categories</h2>
        {stats && stats.categories.length > 0 ? (
          <ul className="flow-bars">
            {stats.categories.map((c) => (
              <li key={c.flow}>
                <span className="flow-bar-label">
                  {c.label}
                  <span className="flow-bar-figure">
                    <Money amount={c.total} decimals={0} /> · {formatPercent(c.share)}
                  </span>
                </span>
                <ProgressBar
                  value={c.share}
                  valueText={`${c.label}: ${formatPercent(c.share)} of activity`}
                  label={c.label}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p>No transactions in these 12 months.</p>
        )}
      </section>

      <section aria-labelledby={`${copy.label}-recent`.replace(/\W+/g, '-')}>
        <h2 id={`${copy.label}-recent`.replace(/\W+/g, '-')}>Recent Activity</h2>
        {recent.isPending ? (
          <p role="status">Loading recent transactions...</p>
        ) : recent.isError ? (
          <LoadFailed what="the latest transactions" onRetry={() => void recent.refetch()} />
        ) : (
          <DataTable
            caption={`The latest transactions of your ${copy.label.toLowerCase()}`}
            rows={recent.data ?? []}
            getRowId={(r) => r.id}
            empty={<p>No transactions yet.</p>}
            columns={[
              {
                id: 'date',
                header: 'Date',
                cell: (r) => <DateText date={r.transaction_date} />,
                phone: 'detail',
              },
              {
                id: 'description',
                header: 'Description',
                wrap: true,
                cell: (r) => r.description,
                phone: 'title',
              },
              {
                id: 'account',
                header: 'Account',
                cell: (r) => names.get(r.account_id) ?? '',
                phone: 'detail',
              },
              {
                id: 'flow',
                header: 'Flow Type',
                cell: (r) => flowTypeLabel(effectiveFlowType(r)),
                phone: 'detail',
              },
              {
                id: 'amount',
                header: 'Amount',
                align: 'end',
                cell: (r) => <Money amount={signedAmount(r)} tone="auto" />,
                phone: 'end',
              },
            ]}
          />
        )}
      </section>

      <section aria-labelledby={`${copy.label}-connected`.replace(/\W+/g, '-')}>
        <div className="section-head">
          <h2 id={`${copy.label}-connected`.replace(/\W+/g, '-')}>Connected Accounts</h2>
          <Link className="button" to={ADD_ACCOUNT_PATH}>
            Add Account
          </Link>
        </div>
        <ul className="connected-accounts">
          {accounts.map((a) => (
            <li key={a.id}>
              <AccountTypeIcon type={a.account_type} />
              <span className="account-name">{a.name}</span>
              <span className="account-meta">
                {[a.institution_display_name ?? a.bank_name, ACCOUNT_TYPE_LABELS[a.account_type]]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
