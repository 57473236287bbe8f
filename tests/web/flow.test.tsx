import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '../../functions/contracts/transactions';
import { TRANSACTIONS_UPDATED } from '../../web/src/api/transaction-events';
import { useTransactionEvents } from '../../web/src/api/useTransactionEvents';
import { APP_PAGES } from '../../web/src/app/pages';
import { createQueryClient } from '../../web/src/app/query-client';
import { FlowPage } from '../../web/src/features/flow/FlowPage';
import { FLOW_LINK_MESSAGES } from '../../web/src/features/flow/flow-rules';
import { createFakeApi, type FakeApi, transactionRow } from './support/fake-api';
import { givenAccounts } from './support/upload-page';

/** Transaction Flow (spec 3 §2.3, §4.1, §4.2, §5, §9) with the real API client over the fake API. */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;
let current: string;
let savings: string;
beforeEach(async () => {
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  const ids = await givenAccounts(api, [
    { bank_name: 'Monzo', name: 'Joint Current', account_type: 'current' },
    { bank_name: 'Barclays', name: 'Barclays Savings', account_type: 'savings' },
  ]);
  current = ids[0]!;
  savings = ids[1]!;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let location = '';
function ShellPage() {
  useTransactionEvents();
  const at = useLocation();
  location = `${at.pathname}${at.search}`;
  return <FlowPage />;
}
const renderPage = (path = '/app/flow') =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <ShellPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

let n = 0;
function row(accountId: string, description: string, signed: number, extra: Partial<Transaction> = {}) {
  n++;
  const t = transactionRow(accountId, {
    id: `t${String(n).padStart(4, '0')}`,
    transaction_date: `2026-01-${String((n % 28) + 1).padStart(2, '0')}`,
    description,
    amount: Math.abs(signed),
    signed_amount: signed,
    type: signed < 0 ? 'debit' : 'credit',
    flow_type: signed < 0 ? 'external_expense' : 'income',
    classification_confidence: 0.95,
    classification_method: 'ai_auto',
    ...extra,
  });
  api.transactions.push(t);
  return t;
}

describe('Transaction Flow', () => {
  it("is /app/flow, 'Transaction Flow' in 'Dashboards'", () => {
    expect(APP_PAGES.find((p) => p.path === 'flow')).toMatchObject({
      label: 'Transaction Flow',
      group: 'Dashboards',
    });
  });

  it("shows the first 50 of the review's rows ('Showing first 50 of N'), then pages", async () => {
    const user = userEvent.setup();
    for (let i = 0; i < 120; i++) row(current, `TESCO STORES ${i}`, -10 - i);
    renderPage();
    expect(await screen.findByText('Showing first 50 of 120')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next 50' }));
    expect(screen.getByText('Showing 51–100 of 120')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('marks severity (excellent 0.9+, good 0.7+, attention) and review flags; filters to items needing attention', async () => {
    const user = userEvent.setup();
    row(current, 'TESCO STORES 1', -12, { classification_confidence: 0.95 });
    row(current, 'UNKNOWN SHOP', -30, { classification_confidence: 0.75 });
    row(current, 'MYSTERY 1', -5, { classification_confidence: 0.6 });
    row(current, 'REFUND THING', 5, { flow_type: 'external_expense', classification_confidence: 0.95 });
    renderPage();
    await screen.findByText('Showing first 4 of 4');
    const table = screen.getByRole('table', { name: 'Transactions to review' });
    const rowOf = (text: string) => within(table).getByText(text).closest('tr') as HTMLElement;
    expect(within(rowOf('TESCO STORES 1')).getByText('Excellent')).toBeTruthy();
    expect(within(rowOf('UNKNOWN SHOP')).getByText('Good')).toBeTruthy();
    expect(within(rowOf('MYSTERY 1')).getByText('Attention')).toBeTruthy();
    expect(within(rowOf('REFUND THING')).getByText('External expense shows as money in')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Show only items needing attention' }));
    expect(screen.getByText('Showing first 2 of 2')).toBeTruthy();
  });

  it('the flow badge opens the correction editor; Save only with a different type; the saved row shows a pencil', async () => {
    const user = userEvent.setup();
    const updated = vi.fn();
    window.addEventListener(TRANSACTIONS_UPDATED, updated);
    const isa = row(current, 'HARGREAVES LANSDOWN 0125', -200, { classification_confidence: 0.6 });
    renderPage();
    await user.click(
      await screen.findByRole('button', {
        name: 'External Expense, 60% confident: correct HARGREAVES LANSDOWN 0125',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Correct the flow type' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'External Expense' }));
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'Internal Transfer' }));
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Our ISA');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.calls.find((c) => c.path === '/api/transactions/corrections');
    expect(sent?.body).toEqual({
      mode: 'single',
      transactions: [{ id: isa.id, account_id: current, transaction_date: isa.transaction_date }],
      flow_type: 'internal_transfer',
      reason: 'Our ISA',
    });
    expect(updated).toHaveBeenCalled();
    expect(
      await screen.findByRole('button', {
        name: 'Internal Transfer, corrected by you: correct HARGREAVES LANSDOWN 0125',
      }),
    ).toBeTruthy();
    window.removeEventListener(TRANSACTIONS_UPDATED, updated);
  });

  it('the Bulk Correction modal: Similar Transactions (0.5+) and Transaction Groups; apply corrects the selection in bulk', async () => {
    const user = userEvent.setup();
    const a = row(savings, 'DAVID JONES POCKET MONEY', 20);
    const b = row(savings, 'DAVID JONES POCKET MONEY', 20);
    row(current, 'SALARY ACME LTD', 2450);
    row(current, 'TESCO STORES 2345', -12);
    row(current, 'TESCO STORES 2345', -12.5);
    renderPage();
    await screen.findByText('Showing first 5 of 5');
    await user.click(
      screen.getAllByRole('button', { name: /^Improve: correct DAVID JONES POCKET MONEY/ })[0]!,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Correction' });
    expect(within(dialog).getByRole('tab', { name: 'Similar Transactions' })).toBeTruthy();
    const similar = within(dialog).getByRole('list', { name: 'Similar transactions' });
    expect(within(similar).getAllByRole('checkbox')).toHaveLength(2);
    const apply = within(dialog).getByRole('button', { name: 'Apply to 2 selected' });
    expect((apply as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('tab', { name: 'Transaction Groups' }));
    expect(within(dialog).getAllByRole('button', { name: /^Select group/ })).toHaveLength(2);
    await user.click(within(dialog).getByRole('radio', { name: 'Internal Transfer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 2 selected' }));
    expect(await screen.findByText('2 transactions corrected to Internal Transfer.')).toBeTruthy();
    const sent = api.calls.find((c) => c.path === '/api/transactions/corrections');
    expect(sent?.body).toMatchObject({ mode: 'bulk', flow_type: 'internal_transfer' });
    expect(
      (sent?.body as { transactions: Array<{ id: string }> } | undefined)?.transactions
        .map((t) => t.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
  });

  it('Financial Flow Overview: income, internal, expenses, mortgage activity, net flow and flow by account', async () => {
    row(current, 'SALARY ACME LTD', 2000);
    row(current, 'TESCO STORES 2345', -100);
    row(current, 'NATIONWIDE MORTGAGE', -800, { flow_type: 'mortgage_payment' });
    row(savings, 'TFR FROM 12345678', 300, { flow_type: 'internal_transfer' });
    renderPage();
    const panel = (await screen.findByRole('heading', { name: 'Financial Flow Overview' })).closest(
      'section',
    ) as HTMLElement;
    const tile = (label: string) =>
      within(panel).getByText(label, { selector: '.stat-tile-label' }).nextElementSibling?.textContent;
    expect(tile('Income')).toBe('£2,000.00');
    expect(tile('Internal')).toBe('£300.00');
    expect(tile('Expenses')).toBe('£900.00');
    expect(tile('Mortgage activity')).toBe('£800.00');
    expect(tile('Net flow')).toBe('£1,100.00');
    const byAccount = within(panel).getByRole('table', { name: 'Flow by account' });
    expect(within(byAccount).getByRole('rowheader', { name: 'Joint Current' })).toBeTruthy();
    expect(within(byAccount).getByRole('rowheader', { name: 'Barclays Savings' })).toBeTruthy();
  });

  it('lists what corrections taught, and forgets a pattern after confirming', async () => {
    const user = userEvent.setup();
    api.learnedPatterns.push({
      description_contains: ['HARGREAVES', 'LANSDOWN'],
      flow_type: 'internal_transfer',
      confidence: 0.8,
      pattern_type: 'user_correction',
    });
    renderPage();
    expect(await screen.findByText('HARGREAVES + LANSDOWN')).toBeTruthy();
    expect(screen.getByText('(80%, single correction)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Forget HARGREAVES + LANSDOWN' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Forget this pattern?' });
    await user.click(within(confirm).getByRole('button', { name: 'Forget' }));
    expect(await screen.findByText('Nothing learned yet')).toBeTruthy();
  });

  describe("a link's filter (the assistant's answers link to the rows they rest on)", () => {
    const rowsOfTable = () =>
      within(screen.getByRole('table', { name: 'Transactions to review' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]?.parentElement?.textContent ?? '');

    it('from and to: only the rows of those dates, read for those dates, with a chip that clears', async () => {
      const user = userEvent.setup();
      for (let i = 0; i < 12; i++)
        row(current, `SHOP ${i + 1}`, -(i + 1), {
          transaction_date: `2026-01-${String(i + 1).padStart(2, '0')}`,
        });
      renderPage('/app/flow?from=2026-01-05&to=2026-01-08');
      expect(await screen.findByText('Showing first 4 of 4')).toBeTruthy();
      const chip = screen.getByRole('group', { name: 'Filter' });
      expect(chip.textContent).toContain('Showing transactions from 5 Jan 2026 to 8 Jan 2026');
      const asked = vi.mocked(fetch).mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
      expect(
        asked.some(
          (u) =>
            u.pathname === '/api/transactions' &&
            u.searchParams.get('from') === '2026-01-05' &&
            u.searchParams.get('to') === '2026-01-08',
        ),
      ).toBe(true);
      await user.click(within(chip).getByRole('button', { name: 'Clear filter' }));
      expect(await screen.findByText('Showing first 12 of 12')).toBeTruthy();
      expect(screen.queryByRole('group', { name: 'Filter' })).toBeNull();
      expect(location).toBe('/app/flow');
    });

    it('ids: only the rows an answer rests on, said in the chip', async () => {
      const user = userEvent.setup();
      const picked = [row(current, 'TESCO STORES', -45.2), row(savings, 'SAINSBURYS', -30.05)];
      for (let i = 0; i < 5; i++) row(current, `OTHER ${i}`, -1);
      const ids = picked.map((p) => p.id).join(',');
      renderPage(`/app/flow?from=2026-01-01&to=2026-01-31&ids=${encodeURIComponent(ids)}`);
      expect(await screen.findByText('Showing first 2 of 2')).toBeTruthy();
      expect(rowsOfTable().join(' ')).toMatch(/TESCO STORES.*SAINSBURYS|SAINSBURYS.*TESCO STORES/);
      expect(screen.getByRole('group', { name: 'Filter' }).textContent).toContain(
        'Showing the 2 transactions behind an answer from 1 Jan 2026 to 31 Jan 2026',
      );
      await user.click(screen.getByRole('button', { name: 'Clear filter' }));
      expect(await screen.findByText('Showing first 7 of 7')).toBeTruthy();
    });

    it('rows the filter leaves none of: says so, and the chip clears it', async () => {
      row(current, 'TESCO STORES', -45.2);
      renderPage('/app/flow?from=2025-06-01&to=2025-06-30');
      expect(await screen.findByText('No transactions match this filter')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Clear filter' })).toBeTruthy();
    });

    it('dates that are not valid are not applied, and the page says why', async () => {
      row(current, 'TESCO STORES', -45.2);
      row(current, 'PRET', -6.5);
      renderPage('/app/flow?from=2026-02-30&to=2026-03-01');
      expect(await screen.findByText('Showing first 2 of 2')).toBeTruthy();
      expect(screen.getByText(FLOW_LINK_MESSAGES.dates)).toBeTruthy();
      expect(screen.queryByRole('group', { name: 'Filter' })).toBeNull();
    });
  });
});
