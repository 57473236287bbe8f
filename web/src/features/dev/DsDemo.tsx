import { useEffect, useMemo, useState } from 'react';
import { profileUpdateSchema } from '../../../../functions/contracts/profile';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { Dialog, DialogClose } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { Field, useContractForm } from '../../components/Field';
import { LoadFailed } from '../../components/LoadFailed';
import { Menu } from '../../components/Menu';
import { Money } from '../../components/Money';
import { ProgressBar } from '../../components/ProgressBar';
import { Select } from '../../components/Select';
import { StatTile } from '../../components/StatTile';
import { Tabs } from '../../components/Tabs';
import { DemoCase, DemoSection } from './DemoSection';
import { BankPicker, SAMPLE_COLUMNS } from './SampleParts';
import {
  FLOW_LABELS,
  FLOW_TONES,
  SAMPLE_BANKS,
  type SampleTransaction,
  sampleTransactions,
} from './sample-data';

/**
 * /app/dev/ds-demo: every kit component in its states (empty, loading, error, long text, phone width), with
 * sample data only. Later screens are built from these parts; a reviewer sees the whole kit on one page.
 */
const NOW = new Date('2024-10-31T12:00:00Z');

const COLUMNS: DataTableColumn<SampleTransaction>[] = [
  ...SAMPLE_COLUMNS,
  {
    id: 'flow',
    header: 'Flow Type',
    cell: (t) => <Badge tone={FLOW_TONES[t.flow]}>{FLOW_LABELS[t.flow]}</Badge>,
    phone: 'detail',
  },
];

function ProfileForm() {
  const {
    register,
    handleSubmit,
    trigger,
    formState: { errors },
  } = useContractForm(profileUpdateSchema, {
    defaultValues: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '10/12/1815' },
  });
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    void trigger('date_of_birth');
  }, [trigger]);
  return (
    <form noValidate onSubmit={handleSubmit(() => setSaved(true))}>
      <Field label="First name" required error={errors.first_name?.message}>
        {(control) => <input {...control} {...register('first_name')} autoComplete="given-name" />}
      </Field>
      <Field
        label="Date of birth"
        hint="As YYYY-MM-DD, e.g. 1815-12-10"
        error={errors.date_of_birth?.message ?? undefined}
      >
        {(control) => <input {...control} {...register('date_of_birth')} />}
      </Field>
      <button type="submit" className="button primary">
        Check with the shared contract
      </button>
      {saved && <Alert tone="success">The profile passes the contract.</Alert>}
    </form>
  );
}

export function DsDemo() {
  const many = useMemo(() => sampleTransactions(5000), []);
  const few = useMemo(() => sampleTransactions(12), []);
  const [selected, setSelected] = useState<string[]>([]);
  const [menuAction, setMenuAction] = useState('');
  const [confirmed, setConfirmed] = useState('');

  return (
    <div className="page ds-demo">
      <div className="page-head">
        <p className="eyebrow">Development</p>
        <h1>UI kit</h1>
        <p className="lede">Every part of the kit in its states, with sample data only.</p>
      </div>

      <DemoSection id="ds-money" title="Money and dates">
        <div className="demo-grid">
          <DemoCase title="Money (en-GB, GBP)">
            <ul className="demo-list">
              <li>
                <Money amount={1234.56} />
              </li>
              <li>
                <Money amount={-1234.56} />
              </li>
              <li>
                <Money amount={0} />
              </li>
              <li>
                <Money amount={2_500_000} decimals={0} /> (whole pounds)
              </li>
              <li>
                <Money amount={-42.1} tone="auto" /> and <Money amount={1800} tone="auto" /> (coloured)
              </li>
            </ul>
          </DemoCase>
          <DemoCase title="Dates">
            <ul className="demo-list">
              <li>
                <DateText date="2024-03-05" />
              </li>
              <li>
                <DateText date="2024-03-05" format="short" />
              </li>
              <li>
                <DateText date="2024-10-31" format="relative" now={NOW} />,{' '}
                <DateText date="2024-10-30" format="relative" now={NOW} />,{' '}
                <DateText date="2024-10-27" format="relative" now={NOW} />
              </li>
            </ul>
          </DemoCase>
        </div>
      </DemoSection>

      <DemoSection id="ds-badges" title="Badges">
        <div className="demo-row">
          <Badge>Neutral</Badge>
          <Badge tone="info">Internal Transfer</Badge>
          <Badge tone="success">Income</Badge>
          <Badge tone="warning">Needs review</Badge>
          <Badge tone="danger">External Expense</Badge>
          <Badge tone="info">
            A very long badge label that is cut short with an ellipsis on narrow screens
          </Badge>
        </div>
      </DemoSection>

      <DemoSection id="ds-alerts" title="Alerts">
        <Alert tone="info">Statements are read, classified and matched with your other accounts.</Alert>
        <Alert tone="success" title="Statement processed">
          <p>Added 42 transactions.</p>
        </Alert>
        <Alert tone="warning">
          This statement looks like it is from another bank than the account's. It was loaded; please check.
        </Alert>
        <Alert tone="danger" title="This file could not be read">
          <p>
            It is password-protected. Remove the password in your bank's app and upload it again; a long
            message wraps across lines without overflowing its box, even on the narrowest phone screen there
            is.
          </p>
        </Alert>
      </DemoSection>

      <DemoSection id="ds-stats" title="Stat tiles">
        <div className="stat-tiles">
          <StatTile label="Money in" value={<Money amount={4210.5} />} tone="in" note="This month" />
          <StatTile label="Money out" value={<Money amount={-3180.25} />} tone="out" />
          <StatTile label="Between your accounts" value={<Money amount={950} />} tone="transfer" />
          <StatTile label="Loading" value="—" note="Loading figures…" />
          <StatTile
            label="A long label for a figure that needs explaining in more words"
            value={<Money amount={-1_234_567.89} />}
          />
        </div>
      </DemoSection>

      <DemoSection id="ds-progress" title="Progress bars">
        <div className="demo-grid">
          <DemoCase title="Not started">
            <ProgressBar label="Statement upload, not started" value={0} valueText="0% uploaded" />
          </DemoCase>
          <DemoCase title="Part way">
            <ProgressBar
              label="Statement upload, part way"
              value={40}
              valueText="40% uploaded (2 MB of 5 MB)"
            />
          </DemoCase>
          <DemoCase title="Done">
            <ProgressBar label="Statement upload, done" value={100} valueText="Done" tone="success" />
          </DemoCase>
          <DemoCase title="Not known yet">
            <ProgressBar
              label="Statement upload, preparing"
              value={undefined}
              valueText="Preparing the upload"
            />
          </DemoCase>
        </div>
      </DemoSection>

      <DemoSection id="ds-empty" title="Empty, loading and failed">
        <div className="demo-grid">
          <DemoCase title="Empty">
            <EmptyState
              title="No transactions yet"
              action={
                <button type="button" className="button primary">
                  Upload a statement
                </button>
              }
            >
              <p>Upload a PDF statement to see its transactions here.</p>
            </EmptyState>
          </DemoCase>
          <DemoCase title="Loading">
            <p role="status">Loading your accounts...</p>
          </DemoCase>
          <DemoCase title="Could not load">
            <LoadFailed what="your accounts" onRetry={() => undefined} />
          </DemoCase>
        </div>
      </DemoSection>

      <DemoSection id="ds-field" title="Form fields">
        <p className="demo-note">Checked by the shared profile contract; the second field starts invalid.</p>
        <ProfileForm />
      </DemoSection>

      <DemoSection id="ds-combobox" title="Combobox">
        <div className="demo-grid">
          <DemoCase title="With options (try 'building')">
            <BankPicker label="Bank" banks={SAMPLE_BANKS} />
          </DemoCase>
          <DemoCase title="Empty list">
            <BankPicker label="Bank (no banks yet)" banks={[]} />
          </DemoCase>
          <DemoCase title="Loading">
            <BankPicker label="Bank (loading)" banks={[]} loading />
          </DemoCase>
          <DemoCase title="Could not load">
            <BankPicker
              label="Bank (failed)"
              banks={[]}
              message="The bank list could not be loaded. Enter the bank name instead."
            />
          </DemoCase>
        </div>
      </DemoSection>

      <DemoSection id="ds-select" title="Select">
        <div className="demo-grid">
          <DemoCase title="A choice, with a hint">
            <DateOrderSelect />
          </DemoCase>
          <DemoCase title="Nothing chosen yet, with an error">
            <Select
              label="Amount column"
              options={[
                { id: 'c3', label: 'Paid out (e.g. 12.40)' },
                { id: 'c4', label: 'Paid in (e.g. 2,100.00)' },
              ]}
              value={null}
              onChange={() => undefined}
              error="Choose the column that holds the amount."
            />
          </DemoCase>
        </div>
      </DemoSection>

      <DemoSection id="ds-tabs" title="Tabs and menus">
        <div>
          <DemoCase title="Tabs">
            <Tabs
              label="Account views"
              tabs={[
                { id: 'summary', label: 'Summary', content: <p>Balances and this month's figures.</p> },
                {
                  id: 'transactions',
                  label: 'Transactions',
                  content: <p>Every transaction, newest first.</p>,
                },
                { id: 'settings', label: 'Settings', content: <p>The account's name and type.</p> },
                { id: 'archived', label: 'Archived', content: null, disabled: true },
              ]}
            />
          </DemoCase>
          <DemoCase title="Menu">
            <div className="demo-row">
              <Menu
                label="Actions"
                buttonLabel="Actions for Barclays current account"
                items={[
                  { label: 'Rename', onSelect: () => setMenuAction('Rename') },
                  { label: 'Download CSV', onSelect: () => setMenuAction('Download CSV') },
                  { label: 'Archived accounts cannot be merged', onSelect: () => undefined, disabled: true },
                  {
                    label: 'Archive account',
                    onSelect: () => setMenuAction('Archive account'),
                    tone: 'danger',
                  },
                ]}
              />
              <p role="status">{menuAction && `Chose: ${menuAction}`}</p>
            </div>
          </DemoCase>
        </div>
      </DemoSection>

      <DemoSection id="ds-dialogs" title="Dialogs">
        <div className="demo-row">
          <Dialog
            title="Statement details"
            description="Barclays current account, 1 – 31 October 2024."
            trigger={
              <button type="button" className="button">
                Open a dialog
              </button>
            }
            footer={<DialogClose className="button primary">Done</DialogClose>}
          >
            <p>
              42 transactions, reconciled. Opening balance <Money amount={1520.1} />, closing balance{' '}
              <Money amount={-84.3} />.
            </p>
          </Dialog>
          <ConfirmDialog
            title="Delete this statement?"
            description="Its 42 transactions are removed from your accounts. This cannot be undone."
            confirmLabel="Delete statement"
            tone="danger"
            onConfirm={() => setConfirmed('Deleted (sample only)')}
            trigger={
              <button type="button" className="button">
                Delete a statement…
              </button>
            }
          />
          <p role="status">{confirmed}</p>
        </div>
      </DemoSection>

      <DemoSection id="ds-table" title="Data table">
        <DemoCase title="5,000 rows: virtualised, sortable, selectable">
          <DataTable
            caption="Sample transactions, 5,000 rows"
            columns={COLUMNS}
            rows={many}
            getRowId={(t) => t.id}
            rowLabel={(t) => `${t.description}, ${t.date}`}
            selectable
            onSelectionChange={setSelected}
            initialSort={{ id: 'date', desc: true }}
            maxHeight={420}
          />
          <p className="demo-note">{selected.length} selected.</p>
        </DemoCase>
        <DemoCase title="A few rows">
          <DataTable
            caption="Sample transactions, 12 rows"
            columns={COLUMNS}
            rows={few}
            getRowId={(t) => t.id}
          />
        </DemoCase>
        <DemoCase title="Empty">
          <DataTable
            caption="No transactions"
            columns={COLUMNS}
            rows={[]}
            getRowId={(t) => t.id}
            empty={<EmptyState title="No transactions to show">Choose another account.</EmptyState>}
          />
        </DemoCase>
        <DemoCase title="Loading and failed">
          <p role="status">Loading transactions...</p>
          <LoadFailed what="this account's transactions" onRetry={() => undefined} />
        </DemoCase>
      </DemoSection>

      <DemoSection id="ds-phone" title="At phone width (390 px)">
        <div className="demo-phone">
          <div className="panel">
            <div className="stat-tiles">
              <StatTile label="Money in" value={<Money amount={4210.5} />} tone="in" />
              <StatTile label="Money out" value={<Money amount={-3180.25} />} tone="out" />
            </div>
          </div>
          <div className="panel">
            <BankPicker label="Bank (phone)" banks={SAMPLE_BANKS} />
            <Alert tone="warning">
              A warning that wraps over several lines on a phone without overflowing.
            </Alert>
            <ProgressBar label="Upload on a phone" value={65} valueText="65% uploaded" />
          </div>
          <DataTable
            caption="Sample transactions on a phone"
            columns={COLUMNS}
            rows={few}
            getRowId={(t) => t.id}
            maxHeight={280}
          />
        </div>
      </DemoSection>
    </div>
  );
}

function DateOrderSelect() {
  const [order, setOrder] = useState<'dmy' | 'mdy'>('dmy');
  return (
    <Select<'dmy' | 'mdy'>
      label="Date format"
      options={[
        { id: 'dmy', label: 'Day first (31/01/2025)' },
        { id: 'mdy', label: 'Month first (01/31/2025)' },
      ]}
      value={order}
      onChange={setOrder}
      hint="How the file writes its dates."
    />
  );
}
