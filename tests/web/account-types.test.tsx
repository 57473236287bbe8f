import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_PAGES } from '../../web/src/app/pages';
import { createQueryClient } from '../../web/src/app/query-client';
import { AccountTypesPage } from '../../web/src/features/account-types/AccountTypesPage';
import { createFakeApi, type FakeApi, transactionRow } from './support/fake-api';
import { emptyAccountTypes } from './support/fake-insights';
import { givenAccounts } from './support/upload-page';

/** Account Types (spec 3 §2.2) with the real API client over the fake API. */
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

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/app/accounts']}>
        <AccountTypesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe("spec 3 §2.2 'Account Types'", () => {
  it("is the page /app/accounts, 'Account Types' in the sidebar's Dashboards", () => {
    expect(APP_PAGES.find((p) => p.path === 'accounts')).toMatchObject({
      label: 'Account Types',
      group: 'Dashboards',
    });
  });

  it('a tab per kind of account; a type with accounts shows its figures, flow types, latest rows and accounts', async () => {
    const [everyday] = await givenAccounts(api, [
      { bank_name: 'Monzo', name: 'Everyday', account_type: 'current' },
      { bank_name: 'Monzo', name: 'Bills', account_type: 'current' },
    ]);
    api.addTransactions([
      transactionRow(everyday!, {
        id: 'T1',
        transaction_date: '2026-03-10',
        description: 'ACME LTD SALARY',
        amount: 2500,
        signed_amount: 2500,
        type: 'credit',
        flow_type: 'income',
      }),
    ]);
    api.setAccountTypes(() => {
      const base = emptyAccountTypes();
      return {
        ...base,
        types: base.types.map((t) =>
          t.type === 'current'
            ? {
                ...t,
                account_count: 2,
                transaction_count: 8,
                total_activity: 6675.2,
                average_transaction: 834.4,
                monthly_trend: 47.2,
                categories: [
                  { flow: 'income', label: 'Income', total: 4900, count: 2, share: 73.4 },
                  { flow: 'mortgage_payment', label: 'Mortgage Payment', total: 900, count: 1, share: 13.5 },
                ],
              }
            : t,
        ),
      };
    });
    renderPage();
    const tabs = await screen.findByRole('tablist', { name: 'Account types' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'Current Accounts',
      'Savings Accounts',
      'Credit Cards',
      'ISAs & Investments',
      'Mortgages & Loans',
    ]);
    const panel = await screen.findByRole('tabpanel', { name: 'Current Accounts' });
    const tile = (label: string) =>
      [...panel.querySelectorAll('.stat-tile')]
        .find((t) => t.querySelector('.stat-tile-label')?.textContent === label)
        ?.querySelector('.stat-tile-value')?.textContent;
    expect(tile('Total Activity')).toBe('£6,675');
    expect(tile('Accounts')).toBe('2');
    expect(tile('Transactions')).toBe('8');
    expect(tile('Average Transaction')).toBe('£834.40');
    expect(tile('Monthly Trend')).toBe('+47.2%');
    const bars = within(panel).getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuetext'))).toEqual([
      'Income: 73.4% of activity',
      'Mortgage Payment: 13.5% of activity',
    ]);
    expect(await within(panel).findByText('ACME LTD SALARY')).toBeTruthy();
    expect(within(panel).getAllByRole('img', { name: 'Current account' })).toHaveLength(2);
    expect(within(panel).getByRole('link', { name: 'Add Account' }).getAttribute('href')).toBe(
      '/app/setup/accounts',
    );
  });

  it("an empty type: 'No {type} Connected' with the way to add one", async () => {
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Everyday', account_type: 'current' }]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Mortgages & Loans' }));
    const panel = screen.getByRole('tabpanel', { name: 'Mortgages & Loans' });
    expect(within(panel).getByText('No Mortgages & Loans Connected')).toBeTruthy();
    expect(
      within(panel).getByText(
        'Add an account of this kind and upload its PDF statements: no bank login needed.',
      ),
    ).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Add Account' })).toBeTruthy();
  });

  it('says when the figures cannot be loaded, with a retry', async () => {
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Everyday', account_type: 'current' }]);
    api.fail('GET /api/insights/account-types', 500);
    renderPage();
    expect((await screen.findByRole('alert', undefined, { timeout: 4000 })).textContent).toContain(
      "We couldn't load your account figures.",
    );
  });
});
