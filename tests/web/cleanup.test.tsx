import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CleanupAnalysis } from '../../functions/contracts/review';
import { TRANSACTIONS_UPDATED } from '../../web/src/api/transaction-events';
import { APP_PAGES } from '../../web/src/app/pages';
import { createQueryClient } from '../../web/src/app/query-client';
import { CleanupPage } from '../../web/src/features/cleanup/CleanupPage';
import { createFakeApi, type FakeApi } from './support/fake-api';

/** Data Cleanup (spec 2 §2, §4, §8 Cleanup deletion, §9 batch size) with the real API client over the fake API. */
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
      <CleanupPage />
    </QueryClientProvider>,
  );

const ACCOUNT = '01ACC000000000000000000001';
function analysis(bad: number): CleanupAnalysis {
  return {
    total_transactions: 1000,
    bad_transactions: bad,
    missing_type: bad - 1,
    missing_signed_amount: 2,
    bad: Array.from({ length: bad }, (_, i) => ({
      id: `row${i}`,
      account_id: ACCOUNT,
      transaction_date: '2025-06-01',
    })),
    by_account: [
      {
        account_id: ACCOUNT,
        account_name: 'Joint account',
        bank_name: 'Monzo',
        count: bad,
        total: 1234.5,
        date_range: { from: '2025-01-03', to: '2025-06-30' },
        samples: [
          {
            id: 's1',
            date: '2025-06-30',
            description: 'CARD PAYMENT TO A VERY LONG MERCHANT NAM...',
            amount: 12,
            missing: ['type'],
          },
          {
            id: 's2',
            date: '2025-06-29',
            description: 'BGC SALARY',
            amount: 2000,
            missing: ['type', 'signed_amount'],
          },
          { id: 's3', date: '2025-06-28', description: 'TESCO', amount: 5.5, missing: ['signed_amount'] },
        ],
        more: bad > 3 ? `... and ${bad - 3} more` : null,
      },
    ],
  };
}

const tile = (label: string) =>
  screen
    .getByText(label, { selector: '.stat-tile-label' })
    .closest('.stat-tile')
    ?.querySelector('.stat-tile-value')?.textContent;

async function analyseAndConfirm(bad: number) {
  api.review.setAnalysis(analysis(bad));
  renderPage();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Analyze Data Issues' }));
  await user.click(await screen.findByRole('button', { name: `Delete ${bad} Bad Transactions` }));
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
}

describe('spec 2 §2 Data Cleanup', () => {
  it("is /app/setup/cleanup, 'Data Cleanup' in 'Setup & Tools'", () => {
    expect(APP_PAGES.find((p) => p.path === 'setup/cleanup')).toMatchObject({
      label: 'Data Cleanup',
      group: 'Setup & Tools',
    });
  });

  it("'Analyze Data Issues': tiles, the breakdown by account with samples and '... and N more', the warning", async () => {
    api.review.setAnalysis(analysis(250));
    renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Analyze Data Issues' }));
    expect(await screen.findByText('Joint account')).toBeTruthy();
    expect(tile('Total Transactions')).toBe('1,000');
    expect(tile('Bad Transactions')).toBe('250');
    expect(tile('Missing Type')).toBe('249');
    expect(tile('Missing Signed Amount')).toBe('2');
    const card = screen.getByText('Joint account').closest('li') as HTMLElement;
    expect(card.textContent).toContain('£1,234.50');
    expect(card.textContent).toContain('3 Jan 2025');
    expect(card.textContent).toContain('30 Jun 2025');
    expect(within(card).getByText('CARD PAYMENT TO A VERY LONG MERCHANT NAM...')).toBeTruthy();
    expect(within(card).getAllByText('Missing type')).toHaveLength(2);
    expect(within(card).getAllByText('Missing signed amount')).toHaveLength(2);
    expect(within(card).getByText('... and 247 more')).toBeTruthy();
    expect(
      screen.getAllByText(
        'This will permanently delete 250 transactions. Only do this if you are going to re-upload the original PDF statements.',
      ).length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Delete 250 Bad Transactions' })).toBeTruthy();
  });

  it('deletes in batches of 100 and ends with the success message; the list is cleared and lists reload', async () => {
    const updated = vi.fn();
    window.addEventListener(TRANSACTIONS_UPDATED, updated);
    await analyseAndConfirm(250);
    expect(
      await screen.findByText(
        'Successfully deleted 250 problematic transactions! Re-upload your PDF statements to restore them correctly.',
      ),
    ).toBeTruthy();
    expect(api.review.deleteRequests.map((r) => r.transactions.length)).toEqual([100, 100, 50]);
    expect(screen.queryByText('Joint account')).toBeNull();
    expect(updated).toHaveBeenCalled();
    window.removeEventListener(TRANSACTIONS_UPDATED, updated);
  });

  it('a partial result keeps the list: "Only deleted N of M transactions. Some deletions failed."', async () => {
    api.review.scriptDeletions([
      'all',
      { status: 200, body: { requested: 50, deleted: 47, not_deleted: 3 } },
    ]);
    await analyseAndConfirm(150);
    expect(
      await screen.findByText('Only deleted 147 of 150 transactions. Some deletions failed.'),
    ).toBeTruthy();
    expect(screen.getByText('Joint account')).toBeTruthy();
  });

  it('a batch that fails stops the run with "Error deleting transactions: {message}"', async () => {
    api.review.scriptDeletions([
      'all',
      {
        status: 500,
        body: { error: { code: 'internal_error', message: 'Something went wrong. Please try again.' } },
      },
    ]);
    await analyseAndConfirm(250);
    expect(
      await screen.findByText('Error deleting transactions: Something went wrong. Please try again.'),
    ).toBeTruthy();
    expect(api.review.deleteRequests).toHaveLength(2);
    expect(screen.getByText('Joint account')).toBeTruthy();
  });

  it('no bad transactions: no delete button', async () => {
    api.review.setAnalysis(analysis(0));
    renderPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Analyze Data Issues' }));
    expect(await screen.findByText('No bad transactions')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
