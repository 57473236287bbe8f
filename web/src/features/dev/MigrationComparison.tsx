import { type ReactNode, useMemo, useState } from 'react';
import { formatDateMedium, formatMoney } from '../../../../functions/domain/format';
import { Alert } from '../../components/Alert';
import { Badge } from '../../components/Badge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { Dialog, DialogClose } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { Field } from '../../components/Field';
import { Menu } from '../../components/Menu';
import { Money } from '../../components/Money';
import { ProgressBar } from '../../components/ProgressBar';
import { StatTile } from '../../components/StatTile';
import { Tabs } from '../../components/Tabs';
import { DemoSection } from './DemoSection';
import { BankPicker, SAMPLE_COLUMNS } from './SampleParts';
import { FLOW_LABELS, FLOW_TONES, SAMPLE_BANKS, sampleTransactions } from './sample-data';

/**
 * /app/dev/migration-comparison: each kit component beside the plain control or hand-built piece it replaces,
 * with sample data, so a reviewer can compare them before screens move over.
 */
function Pair({
  id,
  title,
  note,
  before,
  after,
}: {
  id: string;
  title: string;
  note: string;
  before: ReactNode;
  after: ReactNode;
}) {
  return (
    <DemoSection id={id} title={title}>
      <p className="demo-note">{note}</p>
      <div className="demo-pair">
        <div>
          <h3 className="demo-pair-title">Before: hand-built</h3>
          {before}
        </div>
        <div>
          <h3 className="demo-pair-title">After: the kit</h3>
          {after}
        </div>
      </div>
    </DemoSection>
  );
}

export function MigrationComparison() {
  const rows = useMemo(() => sampleTransactions(8), []);
  const [plainBank, setPlainBank] = useState('');
  const [plainTab, setPlainTab] = useState('summary');
  const [plainDialog, setPlainDialog] = useState(false);
  const [action, setAction] = useState('');
  const [confirmed, setConfirmed] = useState('');
  return (
    <div className="page ds-demo">
      <div className="page-head">
        <p className="eyebrow">Development</p>
        <h1>Migration comparison</h1>
        <p className="lede">Each kit component beside the plain control or hand-built piece it replaces.</p>
      </div>

      <Pair
        id="mc-combobox"
        title="Choosing a bank"
        note="A plain select lists every bank with no search; the kit's Combobox filters as you type, with arrow keys, Enter and Escape, and tells screen readers how many banks match."
        before={
          <div className="kit-field">
            <label htmlFor="mc-plain-bank">Bank (plain select)</label>
            <select id="mc-plain-bank" value={plainBank} onChange={(e) => setPlainBank(e.target.value)}>
              <option value="">Choose a bank</option>
              {SAMPLE_BANKS.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </div>
        }
        after={<BankPicker label="Bank (kit)" banks={SAMPLE_BANKS} />}
      />

      <Pair
        id="mc-table"
        title="Transaction table"
        note="The plain table renders every row and cannot sort or select; the DataTable sorts by its headers, selects rows and draws only the rows in view."
        before={
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
          <section className="plain-scroll" aria-label="Plain table" tabIndex={0}>
            <table className="plain-table">
              <caption className="visually-hidden">Sample transactions, plain table</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Description</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((t) => (
                  <tr key={t.id}>
                    <td>{formatDateMedium(t.date)}</td>
                    <td>{t.description}</td>
                    <td className="num">{formatMoney(t.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        }
        after={
          <DataTable
            caption="Sample transactions, kit table"
            columns={SAMPLE_COLUMNS}
            rows={rows}
            getRowId={(t) => t.id}
            rowLabel={(t) => `${t.description}, ${t.date}`}
            selectable
            maxHeight={360}
          />
        }
      />

      <Pair
        id="mc-field"
        title="A form field"
        note="A label and a paragraph side by side say nothing to a screen reader about the hint or the error; Field ties both to the control and announces the error."
        before={
          <div className="upload-field">
            <label htmlFor="mc-plain-postcode">Postcode</label>
            <input id="mc-plain-postcode" defaultValue="SW1A 1AAA" />
            <p className="field-hint">A UK postcode</p>
            <p className="field-error">Enter a UK postcode, e.g. SW1A 1AA</p>
          </div>
        }
        after={
          <Field label="Postcode (kit)" hint="A UK postcode" error="Enter a UK postcode, e.g. SW1A 1AA">
            {(control) => <input {...control} defaultValue="SW1A 1AAA" />}
          </Field>
        }
      />

      <Pair
        id="mc-date"
        title="Dates"
        note="A formatted string, or DateText: the same en-GB text inside <time> with the machine-readable date."
        before={<p>{formatDateMedium('2024-03-05')}</p>}
        after={
          <p>
            <DateText date="2024-03-05" />
          </p>
        }
      />

      <Pair
        id="mc-tabs"
        title="Switching views"
        note="Buttons that swap content are separate tab stops with no tab semantics; Tabs is one tab stop moved with the arrow keys, each panel named by its tab."
        before={
          <div>
            <div className="demo-row">
              {['summary', 'transactions'].map((id) => (
                <button
                  key={id}
                  type="button"
                  className={`button${plainTab === id ? ' primary' : ''}`}
                  onClick={() => setPlainTab(id)}
                >
                  {id === 'summary' ? 'Summary' : 'Transactions'}
                </button>
              ))}
            </div>
            <p>{plainTab === 'summary' ? 'Balances and this month.' : 'Every transaction.'}</p>
          </div>
        }
        after={
          <Tabs
            label="Account views"
            tabs={[
              { id: 'summary', label: 'Summary', content: <p>Balances and this month.</p> },
              { id: 'transactions', label: 'Transactions', content: <p>Every transaction.</p> },
            ]}
          />
        }
      />

      <Pair
        id="mc-menu"
        title="Row actions"
        note="A row of buttons takes room on a phone; Menu puts them behind one button that opens from the keyboard."
        before={
          <div className="demo-row">
            <button type="button" className="button" onClick={() => setAction('Rename (plain)')}>
              Rename
            </button>
            <button type="button" className="button" onClick={() => setAction('Archive (plain)')}>
              Archive
            </button>
          </div>
        }
        after={
          <Menu
            label="Actions"
            buttonLabel="Actions for the sample account"
            items={[
              { label: 'Rename', onSelect: () => setAction('Rename (kit)') },
              { label: 'Archive', onSelect: () => setAction('Archive (kit)'), tone: 'danger' },
            ]}
          />
        }
      />

      <Pair
        id="mc-dialog"
        title="Details in a panel"
        note="A panel shown in the page keeps focus behind it; Dialog is named by its title, keeps focus inside, closes on Escape and returns focus."
        before={
          <div>
            <button type="button" className="button" onClick={() => setPlainDialog((v) => !v)}>
              {plainDialog ? 'Hide details' : 'Show details'}
            </button>
            {plainDialog && <p>42 transactions, reconciled.</p>}
          </div>
        }
        after={
          <Dialog
            title="Statement details"
            trigger={
              <button type="button" className="button">
                Show details
              </button>
            }
            footer={<DialogClose className="button primary">Done</DialogClose>}
          >
            <p>42 transactions, reconciled.</p>
          </Dialog>
        }
      />

      <Pair
        id="mc-money"
        title="Money"
        note="Formatting by hand gives a hyphen for negative amounts; Money uses a true minus sign and can colour money in and out."
        before={
          <p>
            {formatMoney(-1234.56)} · {formatMoney(1800)}
          </p>
        }
        after={
          <p>
            <Money amount={-1234.56} tone="auto" /> · <Money amount={1800} tone="auto" />
          </p>
        }
      />

      <Pair
        id="mc-flow"
        title="Flow type label"
        note="A styled span per screen, or one Badge with tones."
        before={
          <p className="demo-row">
            <span className="upload-flow upload-flow-income">Income</span>
            <span className="upload-flow upload-flow-internal_transfer">Internal Transfer</span>
          </p>
        }
        after={
          <p className="demo-row">
            {(['income', 'internal_transfer', 'external_expense'] as const).map((flow) => (
              <Badge key={flow} tone={FLOW_TONES[flow]}>
                {FLOW_LABELS[flow]}
              </Badge>
            ))}
          </p>
        }
      />

      <Pair
        id="mc-alert"
        title="Messages"
        note="A paragraph styled per screen, or one Alert whose danger tone is announced at once."
        before={<p className="plain-alert">This file is password-protected.</p>}
        after={<Alert tone="danger">This file is password-protected.</Alert>}
      />

      <Pair
        id="mc-progress"
        title="Progress"
        note="Each screen's own bar markup, or one ProgressBar (File Upload and the onboarding wizard use it, with the same look)."
        before={
          <p>
            Uploading… <strong>40%</strong>
          </p>
        }
        after={<ProgressBar label="Upload progress" value={40} valueText="40% uploaded" />}
      />

      <Pair
        id="mc-stats"
        title="Figures"
        note="Counters drawn per screen, or StatTiles that keep their size and wrap on a phone."
        before={<p>Income: 3 · Expenses: 12</p>}
        after={
          <div className="stat-tiles">
            <StatTile label="Income" value="3" tone="in" />
            <StatTile label="External Expenses" value="12" tone="out" />
          </div>
        }
      />

      <Pair
        id="mc-empty"
        title="Nothing to show"
        note="A bare sentence, or an EmptyState with the way forward."
        before={<p>No transactions to show.</p>}
        after={
          <EmptyState
            title="No transactions to show"
            action={
              <button type="button" className="button">
                Upload a statement
              </button>
            }
          >
            Upload a statement for this account.
          </EmptyState>
        }
      />

      <Pair
        id="mc-confirm"
        title="Confirming a removal"
        note="window.confirm cannot be styled or explained; ConfirmDialog is labelled, keeps focus inside and puts Cancel first."
        before={
          <button
            type="button"
            className="button"
            onClick={() => setConfirmed(window.confirm('Delete this statement?') ? 'Deleted (plain)' : '')}
          >
            Delete (window.confirm)
          </button>
        }
        after={
          <div className="demo-row">
            <ConfirmDialog
              title="Delete this statement?"
              description="Its transactions are removed from your accounts. This cannot be undone."
              confirmLabel="Delete statement"
              tone="danger"
              onConfirm={() => setConfirmed('Deleted (kit)')}
              trigger={
                <button type="button" className="button">
                  Delete (ConfirmDialog)
                </button>
              }
            />
          </div>
        }
      />
      <p role="status">{[confirmed, action].filter(Boolean).join(' · ')}</p>
    </div>
  );
}
