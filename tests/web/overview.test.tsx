import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OverviewResponse } from '../../functions/contracts/insights';
import { COMPARISON_MESSAGES } from '../../functions/domain/periods';
import { TRANSACTIONS_UPLOADED } from '../../web/src/api/transaction-events';
import { useTransactionEvents } from '../../web/src/api/useTransactionEvents';
import { APP_PAGES } from '../../web/src/app/pages';
import { createQueryClient } from '../../web/src/app/query-client';
import { FamilyOverview } from '../../web/src/features/overview/FamilyOverview';
import { recordMetric, resetPerformance } from '../../web/src/features/overview/performance';
import { dashboardCsv, selectSimilar } from '../../web/src/features/overview/summary';
import { createFakeApi, type FakeApi, transactionRow } from './support/fake-api';
import { emptyOverview } from './support/fake-insights';
import { givenAccounts } from './support/upload-page';

/** The Family Overview (spec 3 §2.1) with the real API client over the fake API. */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));
vi.mock('../../web/src/auth/useAuth', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { userId: 'u1', email: 'ada@example.co.uk' },
    signOut: vi.fn(),
  }),
}));
// The charts are recharts' (tested in the browser journey); here they stand in as a list of months.
vi.mock('../../web/src/features/overview/OverviewCharts', () => ({
  OverviewCharts: ({ months }: { months: Array<{ month: string }> }) => (
    <p>Chart of {months.map((m) => m.month).join(', ')}</p>
  ),
}));

let api: FakeApi;
beforeEach(() => {
  resetPerformance();
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Page() {
  useTransactionEvents();
  return <FamilyOverview pages={[]} />;
}
const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/app']}>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** March 2026: salary 2,500, spending 1,015.20, 1,000 moved between the family's accounts. */
function march(overrides: Partial<OverviewResponse> = {}): OverviewResponse {
  const base = emptyOverview();
  return {
    ...base,
    periods: [
      {
        key: 'this_month',
        label: 'This Month',
        start: '2026-03-01',
        end: '2026-03-31',
        quality: 'complete',
        message: null,
      },
      {
        key: 'last_month',
        label: 'Last Month',
        start: '2026-02-01',
        end: '2026-02-28',
        quality: 'partial',
        message: 'Data available from 10/02/2026',
      },
    ],
    range: { earliestDate: '2026-02-10', latestDate: '2026-03-18', totalTransactions: 11 },
    range_note: '11 transactions from 10/02/2026 to 18/03/2026',
    position: {
      money_in: 2520,
      money_out: 1015.2,
      internal_movement: 1000,
      transfers: 2,
      net: 1504.8,
      transaction_count: 8,
      confidence: 'high',
      text: "You're ahead this month",
    },
    summary: {
      totalIncome: 2500,
      totalExpenses: 1025.2,
      totalInternalTransfers: 1000,
      netFlow: 1474.8,
      transactionCount: 8,
      avgTransactionSize: 566.9,
      dataQuality: 'complete',
      confidence: 'high',
      accountsActive: 3,
      summaryQuality: 'complete',
      qualityMessage: null,
    },
    previous_stats: {
      ...base.previous_stats,
      totalIncome: 2401.5,
      totalExpenses: 300,
      netFlow: 2101.5,
      transactionCount: 3,
      dataQuality: 'partial',
    },
    comparison: {
      income: { value: 4.1, trend: 'up', display: '+4.1%' },
      expenses: { value: 242, trend: 'up', display: '+242%' },
      netFlow: { value: -29.8, trend: 'down', display: '-29.8%' },
      transactions: { value: 167, trend: 'up', display: '+167%' },
      insufficient: false,
      warning: COMPARISON_MESSAGES.limitedWarning,
    },
    quick_summary: '£2,500 in / £1,025 out / £1,475 net',
    connected_accounts: 3,
    transactions_processed: 11,
    months: [
      { month: '2026-02', money_in: 2401.5, money_out: 300, net: 2101.5, cumulative: 2101.5 },
      { month: '2026-03', money_in: 2520, money_out: 1015.2, net: 1504.8, cumulative: 3606.3 },
    ],
    data_quality: {
      accounts: [
        {
          account_id: 'A',
          name: 'Everyday',
          account_type: 'current',
          last_transaction_date: '2026-03-18',
          status: 'excellent',
          daysSinceLastTransaction: 2,
          message: 'Recent activity',
          action: null,
        },
        {
          account_id: 'B',
          name: 'Rainy day',
          account_type: 'savings',
          last_transaction_date: '2025-11-01',
          status: 'critical',
          daysSinceLastTransaction: 139,
          message: 'Upload recent bank statements',
          action: 'Upload recent bank statements',
        },
      ],
      family: { status: 'critical', message: '1 account needs urgent attention' },
      recommended_actions: ['Upload recent bank statements for Rainy day'],
    },
    ...overrides,
  };
}

const region = (name: string) => screen.getByRole('region', { name });
const tile = (within_: HTMLElement, label: string) =>
  [...within_.querySelectorAll('.stat-tile')]
    .find((t) => t.querySelector('.stat-tile-label')?.textContent === label)
    ?.querySelector('.stat-tile-value')?.textContent;

describe('spec 3 §2.1 Family Overview', () => {
  it('the true position: net, ahead/behind, money in, out, internal movement, processed, connected — whole pounds', async () => {
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Everyday', account_type: 'current' }]);
    api.setOverview(() => march());
    renderPage();
    const position = await screen.findByRole('region', { name: 'True Financial Position' });
    await within(position).findByText("You're ahead this month");
    expect(position.querySelector('.position-net-value')?.textContent).toBe('£1,505');
    expect(tile(position, 'Money In')).toBe('£2,520');
    expect(tile(position, 'Money Out')).toBe('£1,015');
    expect(tile(position, 'Internal Movement')).toBe('£1,000');
    expect(tile(position, 'Transactions Processed')).toBe('11');
    expect(tile(position, 'Connected Accounts')).toBe('3');
  });

  it('the period overview and quick summary; the comparison with every change and the limited-data warning', async () => {
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Everyday', account_type: 'current' }]);
    api.setOverview(() => march());
    renderPage();
    const overview = await screen.findByRole('region', { name: 'Period Overview · This Month' });
    expect(tile(overview, 'Income')).toBe('£2,500');
    expect(tile(overview, 'Expenses')).toBe('£1,025');
    expect(tile(overview, 'Net Flow')).toBe('£1,475');
    expect(tile(overview, 'Activity')).toBe('8 transactions');
    expect(within(overview).getByText('3 active accounts')).toBeTruthy();
    expect(within(overview).getByText('£2,500 in / £1,025 out / £1,475 net')).toBeTruthy();
    const comparison = region('Period Comparison');
    expect(within(comparison).getByText(COMPARISON_MESSAGES.limitedWarning)).toBeTruthy();
    const row = (name: string) =>
      within(comparison).getByRole('rowheader', { name }).closest('tr')?.textContent;
    // The table's code loads once the figures above it have been painted.
    await within(comparison).findByRole('rowheader', { name: 'Income' });
    expect(row('Income')).toBe('Income£2,500£2,402▲ +4.1% (up)');
    expect(row('Expenses')).toContain('+242%');
    expect(row('Net Flow')).toContain('▼ -29.8% (down)');
    expect(row('Transactions')).toBe('Transactions83▲ +167% (up)');
  });

  it('the period selector: dots named for screen readers, the note, and a new period loads every figure', async () => {
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Everyday', account_type: 'current' }]);
    api.setOverview((period) =>
      period === 'last_month'
        ? march({
            period: { key: 'last_month', label: 'Last Month', start: '2026-02-01', end: '2026-02-28' },
            position: {
              ...march().position,
              money_in: 2401.5,
              net: 2101.5,
              text: "You're ahead for last month",
            },
          })
        : march(),
    );
    const user = userEvent.setup();
    renderPage();
    const thisMonth = await screen.findByRole('button', { name: /^This Month\W+complete data$/ });
    expect(thisMonth.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(/11 transactions from 10\/02\/2026 to 18\/03\/2026/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Last Month\W+partial data$/ }));
    await screen.findByText("You're ahead for last month");
    expect(api.overviewRequests).toContain('last_month');
    expect(tile(region('True Financial Position'), 'Money In')).toBe('£2,402');
    expect(
      screen.getByRole('button', { name: /^Last Month\W+partial data$/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByText(/Partial data: Data available from 10\/02\/2026/)).toBeTruthy();
  });

  it('an empty family: what to do next, zeros, insufficient comparison, no accounts configured yet', async () => {
    api.setFamily('01HZZZZZZZZZZZZZZZZZZZZZZZ');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/app']}>
          <FamilyOverview
            pages={[
              {
                path: 'setup/upload',
                label: 'File Upload',
                group: 'Setup & Tools',
                element: null,
                nextStep: { title: 'Upload a bank statement', description: 'PDFs.', order: 1 },
              },
            ]}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('link', { name: 'Upload a bank statement' })).toBeTruthy();
    expect(tile(region('True Financial Position'), 'Money In')).toBe('£0');
    expect(within(region('Period Comparison')).getByText(COMPARISON_MESSAGES.insufficient)).toBeTruthy();
    expect(within(region('Period Comparison')).getByText(COMPARISON_MESSAGES.insufficientHint)).toBeTruthy();
    expect(
      within(region('Period Overview · This Month')).getByText('No transactions found for this period'),
    ).toBeTruthy();
    expect(within(region('Data Quality Overview')).getByText('No accounts configured yet.')).toBeTruthy();
    expect(
      within(region('Data Quality Overview')).getByText('Add accounts to see data quality insights.'),
    ).toBeTruthy();
  });

  it("a new family's 'What to do next' starts with uploading a bank statement", async () => {
    api.setFamily('01HZZZZZZZZZZZZZZZZZZZZZZZ');
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/app']}>
          <FamilyOverview pages={APP_PAGES.map((p) => ({ ...p, element: null }))} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const steps = await screen.findByRole('region', { name: 'What to do next' });
    const links = within(steps)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links[0]).toBe('Upload a bank statement');
    expect(links.length).toBe(APP_PAGES.filter((p) => p.nextStep).length);
  });

  it('when the figures cannot be loaded: zeros, the summary and comparison failure messages, a retry', async () => {
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Everyday', account_type: 'current' }]);
    api.fail('GET /api/insights/overview', 500);
    renderPage();
    expect(
      await screen.findByText(COMPARISON_MESSAGES.summaryFailed, undefined, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByText(COMPARISON_MESSAGES.summaryFailedHint)).toBeTruthy();
    expect(screen.getByText(COMPARISON_MESSAGES.loadFailed)).toBeTruthy();
    expect(tile(region('True Financial Position'), 'Money Out')).toBe('£0');
    api.clearFailures();
    api.setOverview(() => march());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tile(region('True Financial Position'), 'Money Out')).toBe('£1,015'));
  });

  it('data quality: each account’s badge, the family summary and the recommended actions', async () => {
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Everyday', account_type: 'current' }]);
    api.setOverview(() => march());
    renderPage();
    const quality = await screen.findByRole('region', { name: 'Data Quality Overview' });
    await within(quality).findByText('1 account needs urgent attention');
    const item = (name: string) => within(quality).getByText(name).closest('li')?.textContent;
    expect(item('Everyday')).toContain('Excellent');
    expect(item('Everyday')).toContain('Last transaction 18 Mar 2026 (2 days ago) · Recent activity');
    expect(item('Rainy day')).toContain('Critical');
    expect(within(quality).getByText('Upload recent bank statements for Rainy day')).toBeTruthy();
    // The charts follow once the figures have been painted.
    expect(await screen.findByText('Chart of 2026-02, 2026-03')).toBeTruthy();
  });

  it('reloads the figures on transactions-uploaded', async () => {
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Everyday', account_type: 'current' }]);
    renderPage();
    await screen.findByRole('region', { name: 'True Financial Position' });
    api.setOverview(() => march());
    act(() => {
      window.dispatchEvent(new Event(TRANSACTIONS_UPLOADED));
    });
    await waitFor(() => expect(tile(region('True Financial Position'), 'Money In')).toBe('£2,520'));
  });
});

describe('Recent Activity and the dashboard transaction summary', () => {
  it('the 10 latest rows; Export to CSV and Select Similar act on the selected rows', async () => {
    const [everyday] = await givenAccounts(api, [
      { bank_name: 'Monzo', name: 'Everyday', account_type: 'current' },
    ]);
    for (let i = 1; i <= 12; i++)
      api.addTransactions([
        transactionRow(everyday!, {
          id: `T${String(i).padStart(2, '0')}`,
          transaction_date: `2026-03-${String(i).padStart(2, '0')}`,
          description: i % 3 === 0 ? `TESCO STORES ${i}` : `COSTA COFFEE ${i}`,
          amount: 3.5,
          signed_amount: -3.5,
          type: 'debit',
        }),
      ]);
    const saved: Array<{ name: string; text: string }> = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: '' });
    });
    const user = userEvent.setup();
    renderPage();
    const recent = await screen.findByRole('region', { name: 'Recent Activity' });
    await within(recent).findByText('COSTA COFFEE 11');
    expect(within(recent).getAllByRole('checkbox')).toHaveLength(10);
    expect(within(recent).queryByText('COSTA COFFEE 2')).toBeNull();
    expect(
      (within(recent).getByRole('button', { name: 'Export to CSV' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(recent).getByRole('checkbox', { name: /TESCO STORES 12/ }));
    await user.click(within(recent).getByRole('button', { name: 'Select Similar' }));
    expect(await within(recent).findByText('3 similar transactions selected')).toBeTruthy();
    // the older Tesco rows (3 March) are listed now that they are selected
    expect(within(recent).getByText('TESCO STORES 3')).toBeTruthy();
    expect(within(recent).getByText('4 selected')).toBeTruthy();
    await user.click(within(recent).getByRole('button', { name: 'Export to CSV' }));
    expect(saved).toEqual([{ name: 'transactions.csv', text: '' }]);
  });

  it('Correct Flow Type asks first, then corrects every selected row at once with the chosen type', async () => {
    const [everyday] = await givenAccounts(api, [
      { bank_name: 'Monzo', name: 'Everyday', account_type: 'current' },
    ]);
    api.addTransactions(
      ['A', 'B', 'C'].map((k, i) =>
        transactionRow(everyday!, {
          id: `T0${i + 1}`,
          transaction_date: `2026-03-0${i + 1}`,
          description: `TFR TO SAVINGS ${k}`,
          amount: 50,
          signed_amount: -50,
          type: 'debit',
        }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const recent = await screen.findByRole('region', { name: 'Recent Activity' });
    await within(recent).findByText('TFR TO SAVINGS A');
    const button = within(recent).getByRole('button', { name: 'Correct Flow Type' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await user.click(within(recent).getByRole('checkbox', { name: /TFR TO SAVINGS A/ }));
    await user.click(within(recent).getByRole('checkbox', { name: /TFR TO SAVINGS B/ }));
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Correct the flow type of 2 transactions?',
    });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /New flow type/ }), 'income');
    await user.click(within(dialog).getByRole('button', { name: 'Correct Flow Type' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const sent = api.calls.find((c) => c.path === '/api/transactions/corrections');
    expect(sent?.body).toMatchObject({ mode: 'bulk', flow_type: 'income' });
    expect(
      (sent?.body as { transactions: Array<{ id: string }> } | undefined)?.transactions.map((t) => t.id),
    ).toEqual(expect.arrayContaining(['T01', 'T02']));
    expect(await within(recent).findByText('2 transactions corrected to Income')).toBeTruthy();
  });

  it('transactions.csv has the columns Date, Description, Amount; similar means 0.5 or more', () => {
    const row = (id: string, description: string, signed: number) =>
      transactionRow('A', {
        id,
        transaction_date: '2026-03-05',
        description,
        amount: Math.abs(signed),
        signed_amount: signed,
        type: signed < 0 ? 'debit' : 'credit',
      });
    expect(dashboardCsv([row('1', 'TESCO, STORES', -12.5), row('2', 'SALARY', 2500)])).toBe(
      'Date,Description,Amount\r\n05/03/2026,"TESCO, STORES",-12.5\r\n05/03/2026,SALARY,2500\r\n',
    );
    const tesco = row('1', 'TESCO STORES 2345', -12.5);
    expect(
      [
        ...selectSimilar(
          [tesco],
          [tesco, row('2', 'TESCO STORES 9876', -12.5), row('3', 'SALARY ACME', 2500)],
        ),
      ].sort(),
    ).toEqual(['1', '2']);
  });
});

describe('spec 3 §4.6 Performance Monitor', () => {
  it('is hidden while every budget is kept, and shows N Performance Budget Violations otherwise', async () => {
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Everyday', account_type: 'current' }]);
    api.setOverview(() => march());
    renderPage();
    await screen.findByRole('region', { name: 'True Financial Position' });
    expect(screen.queryByRole('region', { name: 'Performance Monitor' })).toBeNull();
    resetPerformance();
    recordMetric('apiResponse', 1400); // budget 1000: needs improvement
    recordMetric('CLS', 0.3); // budget 0.05: poor beyond 0.125
    recordMetric('filter', 40); // within 100
    cleanupAndRender();
    const panel = await screen.findByRole('region', { name: 'Performance Monitor' });
    expect(within(panel).getByText('2 Performance Budget Violations')).toBeTruthy();
    const item = (label: string) => within(panel).getByText(label).closest('li')?.textContent;
    expect(item('API response')).toBe('API response1400 ms (budget 1000 ms)needs-improvement');
    expect(item('Cumulative Layout Shift')).toBe('Cumulative Layout Shift0.300 (budget 0.050)poor');
    expect(item('Period filter')).toContain('good');
  });
});

function cleanupAndRender() {
  document.body.innerHTML = '';
  renderPage();
}
