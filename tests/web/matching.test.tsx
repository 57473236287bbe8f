import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Match } from '../../functions/contracts/matches';
import type { Transaction } from '../../functions/contracts/transactions';
import { matchBadgeColour, matchConfidenceLabel } from '../../functions/domain/matching';
import { TRANSACTIONS_UPDATED } from '../../web/src/api/transaction-events';
import { useTransactionEvents } from '../../web/src/api/useTransactionEvents';
import { APP_PAGES } from '../../web/src/app/pages';
import { createQueryClient } from '../../web/src/app/query-client';
import { MatchingPage } from '../../web/src/features/matching/MatchingPage';
import { createFakeApi, type FakeApi, transactionRow } from './support/fake-api';
import { givenAccounts } from './support/upload-page';

/** Cross-Account Matching (spec 2 §2, §4 Match, §5, §8 Matches) with the real API client over the fake API. */
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
  return <MatchingPage />;
}
const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ShellPage />
    </QueryClientProvider>,
  );

const CURRENT = '01ACC000000000000000000001';
const SAVINGS = '01ACC000000000000000000002';
const leg = (t: Transaction, account_name: string, account_type: string) => ({
  ...t,
  account_name,
  account_type,
  bank_name: 'Barclays',
});
function pair(n: number, confidence: number, amount: number, reason = 'Exact amount match, same day'): Match {
  const out = transactionRow(CURRENT, {
    id: `out${n}`,
    transaction_date: '2026-01-10',
    description: `TFR 87654321 SAVINGS ${n}`,
    amount,
    signed_amount: -amount,
    type: 'debit',
  });
  const into = transactionRow(SAVINGS, {
    id: `in${n}`,
    transaction_date: '2026-01-10',
    description: `TRANSFER FROM 12345678 ${n}`,
    amount,
    signed_amount: amount,
    type: 'credit',
  });
  api.transactions.push(out, into);
  return {
    id: `out${n}_in${n}`,
    confidence,
    badge: matchBadgeColour(confidence),
    label: matchConfidenceLabel(confidence),
    reason,
    date_diff: 0,
    amount_match: true,
    created_at: '2026-01-11T00:00:00.000Z',
    transaction1: leg(out, 'Joint Current', 'current'),
    transaction2: leg(into, 'Barclays Savings', 'savings'),
  };
}

const cards = () => screen.queryAllByRole('listitem').filter((li) => li.classList.contains('match-card'));

describe('Cross-Account Matching', () => {
  it("is /app/setup/matching, 'Cross-Account Matching' in 'Setup & Tools'", () => {
    expect(APP_PAGES.find((p) => p.path === 'setup/matching')).toMatchObject({
      label: 'Cross-Account Matching',
      group: 'Setup & Tools',
    });
  });

  it("shows the empty state 'No potential cross-account transfers detected'", async () => {
    renderPage();
    expect(await screen.findByText('No potential cross-account transfers detected')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Cross-Account Transfer Detection' })).toBeTruthy();
  });

  it('shows each match with both legs, the badge label and percentage, and the reason', async () => {
    api.seedMatches([
      pair(1, 0.95, 500, 'Names your Barclays Savings account; Exact amount match, same day'),
    ]);
    renderPage();
    const [card] = await waitFor(() => {
      expect(cards()).toHaveLength(1);
      return cards();
    });
    expect(within(card!).getByText('Excellent 95%')).toBeTruthy();
    expect(within(card!).getByText('TFR 87654321 SAVINGS 1')).toBeTruthy();
    expect(within(card!).getByText('TRANSFER FROM 12345678 1')).toBeTruthy();
    expect(within(card!).getByText(/Names your Barclays Savings account/)).toBeTruthy();
    expect(within(card!).getByRole('heading', { level: 3 }).textContent).toBe(
      '£500.00 from Joint Current to Barclays Savings',
    );
    expect(screen.getByRole('button', { name: 'Hide Matches (1)' })).toBeTruthy();
  });

  it('Show/Hide Matches with the count, and the Debug Data toggle shows the raw match', async () => {
    const user = userEvent.setup();
    api.seedMatches([pair(1, 0.95, 500), pair(2, 0.75, 20)]);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Hide Matches (2)' }));
    expect(cards()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show Matches (2)' }));
    expect(cards()).toHaveLength(2);
    await user.click(screen.getByRole('checkbox', { name: 'Debug Data' }));
    expect(document.querySelectorAll('.match-debug')).toHaveLength(2);
  });

  it('selection helpers pick High (90%+), Low (<70%), Excellent (95%+) and all', async () => {
    const user = userEvent.setup();
    api.seedMatches([pair(1, 0.95, 500), pair(2, 0.9, 20), pair(3, 0.65, 30)]);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const selected = () => screen.getByText(/^\d+ selected$/).textContent;
    await user.click(screen.getByRole('button', { name: 'High (90%+)' }));
    expect(selected()).toBe('2 selected');
    await user.click(screen.getByRole('button', { name: 'Low (<70%)' }));
    expect(selected()).toBe('1 selected');
    await user.click(screen.getByRole('button', { name: 'Excellent (95%+)' }));
    expect(selected()).toBe('1 selected');
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(selected()).toBe('3 selected');
  });

  it("accept makes both legs internal transfers and announces 'transactions-updated'; reject is sent and the card goes", async () => {
    const user = userEvent.setup();
    const updated = vi.fn();
    window.addEventListener(TRANSACTIONS_UPDATED, updated);
    api.seedMatches([pair(1, 0.95, 500), pair(2, 0.8, 20)]);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.click(within(cards()[0]!).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(updated).toHaveBeenCalled();
    expect(api.transactions.find((t) => t.id === 'out1')?.user_corrected_flow_type).toBe('internal_transfer');
    await user.click(within(cards()[0]!).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('No potential cross-account transfers detected')).toBeTruthy();
    expect(api.rejectedMatches).toEqual(['out2_in2']);
    window.removeEventListener(TRANSACTIONS_UPDATED, updated);
  });

  it('bulk accept reports the spec message when some fail', async () => {
    const user = userEvent.setup();
    api.seedMatches([pair(1, 0.95, 500), pair(2, 0.95, 20)]);
    api.fail('POST /api/matches/out2_in2/accept', 500);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Accept selected' }));
    expect(
      await screen.findByText(
        'Processed 1 matches successfully. 1 matches failed - please retry those individually.',
      ),
    ).toBeTruthy();
  });

  it("a failed reject says 'Failed to save rejection: {message}'", async () => {
    const user = userEvent.setup();
    api.seedMatches([pair(1, 0.95, 500)]);
    api.fail('POST /api/matches/out1_in1/reject', 500, { error: { code: 'x', message: 'Table busy' } });
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Failed to save rejection: Table busy')).toBeTruthy();
  });

  it('Your account numbers: a card ending saved for an account whose statements are never uploaded', async () => {
    const user = userEvent.setup();
    const [, card] = await givenAccounts(api, [
      { bank_name: 'Monzo', name: 'Joint Current', account_type: 'current' },
      { bank_name: 'Amex', name: 'Amex Gold', account_type: 'credit' },
    ]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Amex Gold' });
    await user.type(within(form).getByLabelText('Card ending'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Save Amex Gold' }));
    expect(await within(form).findByText('A card ending is its last 4 digits')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Card ending'));
    await user.type(within(form).getByLabelText('Card ending'), '1234');
    await user.click(within(form).getByRole('button', { name: 'Save Amex Gold' }));
    expect(
      await within(form).findByText('Saved. 1 payment to this account now counts as transfers.'),
    ).toBeTruthy();
    const sent = api.calls.filter((c) => c.path === `/api/accounts/${card}/numbers`).at(-1);
    expect(sent?.body).toEqual({ card_last4: '1234' });
    const current = screen.getByRole('form', { name: 'Joint Current' });
    expect(within(current).getByLabelText('Sort code')).toBeTruthy();
    expect(within(current).getByLabelText('Account number')).toBeTruthy();
  });
});
