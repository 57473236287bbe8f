import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassificationJob, ReviewList, VerificationReport } from '../../functions/contracts/review';
import { announceTransactionsUploaded, TRANSACTIONS_UPDATED } from '../../web/src/api/transaction-events';
import { useTransactionEvents } from '../../web/src/api/useTransactionEvents';
import { APP_PAGES } from '../../web/src/app/pages';
import { createQueryClient } from '../../web/src/app/query-client';
import { CLASSIFIER_NOTES, ReviewPage } from '../../web/src/features/review/ReviewPage';
import { createFakeApi, type FakeApi } from './support/fake-api';
import { givenAccounts } from './support/upload-page';

/** Smart Transaction Review (spec 2 §2, §4 Classification batch, §9) with the real API client over the fake API. */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;
beforeEach(() => {
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function ShellPage() {
  useTransactionEvents();
  return <ReviewPage />;
}
function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ShellPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const row = (i: number, extra: Partial<ReviewList['transactions'][number]> = {}) => ({
  id: `t${i}`,
  account_id: 'a1',
  account_name: 'Joint account',
  account_type: 'current',
  transaction_date: `2026-03-${String(10 + i).padStart(2, '0')}`,
  description: `UNKNOWN PAYEE ${i}`,
  amount: 12.5,
  signed_amount: -12.5,
  flow_type: null,
  classification_confidence: null,
  reason: 'unclassified' as const,
  ...extra,
});

const list = (extra: Partial<ReviewList> = {}): ReviewList => ({
  total: 120,
  categorized: 118,
  need_review: 2,
  transactions: [
    row(1),
    row(2, { account_name: 'Gold card', account_type: 'credit', signed_amount: 40, amount: 40 }),
  ],
  classifier: 'local',
  ...extra,
});

const job = (extra: Partial<ClassificationJob>): ClassificationJob => ({
  id: 'job1',
  status: 'running',
  classifier: 'local',
  total: 2,
  processed: 0,
  answered: 0,
  fell_back: 0,
  kept: 0,
  current: null,
  started_at: '2026-03-20T10:00:00.000Z',
  updated_at: '2026-03-20T10:00:00.000Z',
  finished_at: null,
  message: null,
  ...extra,
});

const categorization = () =>
  screen.getByRole('heading', { name: 'Smart Categorization' }).closest('section') as HTMLElement;
const tile = (scope: HTMLElement, label: string) =>
  within(scope)
    .getByText(label, { selector: '.stat-tile-label' })
    .closest('.stat-tile')
    ?.querySelector('.stat-tile-value')?.textContent;

describe('spec 2 §2 Smart Transaction Review', () => {
  it("is /app/setup/classification, 'AI Classification' in 'Setup & Tools'", () => {
    expect(APP_PAGES.find((p) => p.path === 'setup/classification')).toMatchObject({
      label: 'AI Classification',
      group: 'Setup & Tools',
    });
  });

  it('shows the three tiles and the rows that need review: account with its type, date, description, £ amount', async () => {
    api.review.setList(list());
    renderPage();
    const section = categorization();
    await within(section).findByText('UNKNOWN PAYEE 1');
    expect(tile(section, 'Total Transactions')).toBe('120');
    expect(tile(section, 'Categorized')).toBe('118');
    expect(tile(section, 'Need Review')).toBe('2');
    const table = within(section).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.trim()),
    ).toEqual([
      expect.stringContaining('Account'),
      expect.stringContaining('Date'),
      'Description',
      expect.stringContaining('Amount'),
    ]);
    const first = within(table).getByText('UNKNOWN PAYEE 1').closest('tr') as HTMLElement;
    expect(first.textContent).toContain('Joint account');
    expect(first.textContent).toContain('Current account');
    expect(first.textContent).toContain('11 Mar 2026');
    expect(first.textContent).toContain('−£12.50');
    const second = within(table).getByText('UNKNOWN PAYEE 2').closest('tr') as HTMLElement;
    expect(second.textContent).toContain('Credit card');
    expect(second.textContent).toContain('£40.00');
    // the local classifier is named as such
    expect(within(section).getByText(CLASSIFIER_NOTES.local)).toBeTruthy();
  });

  it("'All transactions categorized!' with its sub-line when none remain", async () => {
    api.review.setList(list({ need_review: 0, categorized: 120, transactions: [] }));
    renderPage();
    expect(await screen.findByText('All transactions categorized!')).toBeTruthy();
    expect(screen.getByText('Upload more statements to categorize additional transactions')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Review All Transactions' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("'Review All Transactions' starts the job: 'Analyzing...', the current row and amount, real progress, then reloads", async () => {
    api.review.setList(list());
    api.review.scriptJob([
      job({ processed: 0 }),
      job({ processed: 1, current: { description: 'UNKNOWN PAYEE 2', amount: 40 } }),
      job({
        status: 'done',
        processed: 2,
        answered: 1,
        fell_back: 1,
        finished_at: '2026-03-20T10:00:03.000Z',
      }),
    ]);
    const updated = vi.fn();
    window.addEventListener(TRANSACTIONS_UPDATED, updated);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review All Transactions' }));
    expect(await screen.findByRole('button', { name: 'Analyzing...' })).toBeTruthy();
    const progress = await screen.findByRole('progressbar');
    await waitFor(
      () => expect(progress.getAttribute('aria-valuetext')).toBe('1 of 2 transactions reviewed'),
      {
        timeout: 4000,
      },
    );
    expect(screen.getByText('UNKNOWN PAYEE 2', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('£40.00');
    // the row that defaulted because classification failed is still listed to review
    api.review.setList(
      list({
        need_review: 1,
        categorized: 121,
        transactions: [
          row(2, { flow_type: 'external_expense', classification_confidence: 0.1, reason: 'low_confidence' }),
        ],
      }),
    );
    expect(
      await screen.findByText(
        /1 transaction classified; 1 transaction defaulted to external expense \(classification failed\)/,
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
    await waitFor(() => expect(tile(categorization(), 'Need Review')).toBe('1'));
    expect(screen.queryByText('All transactions categorized!')).toBeNull();
    expect(updated).toHaveBeenCalled();
    window.removeEventListener(TRANSACTIONS_UPDATED, updated);
    expect(
      api.calls.filter((c) => c.method === 'POST' && c.path === '/api/transactions/classify'),
    ).toHaveLength(1);
  });

  it('coming back to a job that is still running shows its progress without starting another', async () => {
    api.review.setList(list());
    api.review.setJob(
      job({ processed: 1, total: 2, current: { description: 'UNKNOWN PAYEE 1', amount: 12.5 } }),
    );
    renderPage();
    expect(await screen.findByRole('button', { name: 'Analyzing...' })).toBeTruthy();
    expect((await screen.findByRole('progressbar')).getAttribute('aria-valuetext')).toBe(
      '1 of 2 transactions reviewed',
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a start the server refuses shows its reason', async () => {
    api.review.setList(list());
    api.review.failStart(503, 'Automatic classification is not available: no classifier is configured.');
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Review All Transactions' }));
    expect(
      await screen.findByText('Automatic classification is not available: no classifier is configured.'),
    ).toBeTruthy();
  });

  it("reloads on 'transactions-uploaded'", async () => {
    api.review.setList(list({ need_review: 0, transactions: [] }));
    renderPage();
    await screen.findByText('All transactions categorized!');
    api.review.setList(list());
    announceTransactionsUploaded();
    expect(await screen.findByText('UNKNOWN PAYEE 1')).toBeTruthy();
  });
});

const report = (checks: VerificationReport['checks']): VerificationReport => ({
  checks,
  summary: {
    verified: 0,
    warnings: 0,
    attention: 0,
    total_accounts: 1,
    banner: { title: 'All Systems Verified', tone: 'success' },
  },
});

describe('spec 2 §2 Verification panel', () => {
  it("'Run Verification' checks account by account: tiles, banner, cards with links to the fixing screen", async () => {
    api.review.setList(list());
    const [joint] = await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Joint account' }]);
    api.review.setReport(
      '',
      report([
        {
          id: 'transfer-proposals',
          status: 'warning',
          title: 'Transfers To Review',
          description: 'Proposed, not reviewed',
          value: '2',
          details: ['2 proposed transfers waiting for your review'],
          link: { label: 'Review transfers', to: '/app/setup/matching' },
          account_id: null,
        },
      ]),
    );
    api.review.setReport(
      joint!,
      report([
        {
          id: 'c',
          status: 'attention',
          title: 'Joint account: Data Completeness',
          description: 'd',
          value: '80.0%',
          details: ['8 of 10 transactions complete'],
          link: { label: 'Open Data Cleanup', to: '/app/setup/cleanup' },
          account_id: joint!,
        },
        {
          id: 'r',
          status: 'verified',
          title: 'Joint account: Statement Reconciliation',
          description: 'd',
          value: '2 of 2',
          details: [],
          link: null,
          account_id: joint!,
        },
      ]),
    );
    renderPage();
    const panel = screen
      .getByRole('heading', { name: 'Account Verification' })
      .closest('section') as HTMLElement;
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Run Verification' }));
    expect(await within(panel).findByText('Verification Issues Found')).toBeTruthy();
    expect(tile(panel, 'Verified Checks')).toBe('1');
    expect(tile(panel, 'Warnings')).toBe('1');
    expect(tile(panel, 'Needs Attention')).toBe('1');
    expect(tile(panel, 'Total Accounts')).toBe('1');
    const link = within(panel).getByRole('link', { name: 'Open Data Cleanup' });
    expect(link.getAttribute('href')).toBe('/app/setup/cleanup');
    expect(within(panel).getByText('8 of 10 transactions complete')).toBeTruthy();
    const asked = api.calls.filter((c) => c.path === '/api/transactions/verification');
    expect(asked).toHaveLength(2);
  });

  it("'All Systems Verified' when nothing warns", async () => {
    api.review.setList(list());
    await givenAccounts(api, []);
    renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Run Verification' }));
    expect(await screen.findByText('All Systems Verified')).toBeTruthy();
  });
});
