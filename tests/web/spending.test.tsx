import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transaction } from '../../functions/contracts/transactions';
import { categoryFields } from '../../functions/domain/categories';
import { useTransactionEvents } from '../../web/src/api/useTransactionEvents';
import { APP_PAGES } from '../../web/src/app/pages';
import { createQueryClient } from '../../web/src/app/query-client';
import { SpendingPage } from '../../web/src/features/spending/SpendingPage';
import { createFakeApi, type FakeApi, transactionRow } from './support/fake-api';
import { emptyOverview } from './support/fake-insights';
import { givenAccounts } from './support/upload-page';

/** Spend by Category (spec 3 §2.4, §5, §8, §9) with the real API client over the fake API. */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

class NoResize {
  observe() {}
  unobserve() {}
  disconnect() {}
}

let api: FakeApi;
let current: string;
let card: string;
const month = new Date().toISOString().slice(0, 7);
const day = (d: number) => `${month}-${String(d).padStart(2, '0')}`;
let n = 0;

/** A spending row as the pipeline stores it: money out (or in), flow type, category and merchant. */
function row(
  accountId: string,
  description: string,
  amount: number,
  category: string | null,
  extra: Partial<Transaction> = {},
): Transaction {
  const fields = category ? categoryFields(category) : null;
  const moneyIn = extra.type === 'credit';
  return transactionRow(accountId, {
    id: `row${n++}`,
    transaction_date: day(1 + (n % 27)),
    description,
    amount,
    signed_amount: moneyIn ? amount : -amount,
    type: 'debit',
    flow_type: 'external_expense',
    category_id: fields?.category_id ?? null,
    subcategory_id: fields?.subcategory_id ?? null,
    primary_category: fields?.primary_category ?? null,
    subcategory: fields?.subcategory ?? null,
    merchant_name: description.split(' ').slice(0, 2).join(' '),
    category_confidence: category ? 0.9 : null,
    ...extra,
  });
}

beforeEach(async () => {
  api = createFakeApi();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  vi.stubGlobal('ResizeObserver', NoResize);
  [current, card] = (await givenAccounts(api, [
    { bank_name: 'Barclays', name: 'Joint current', account_type: 'current' },
    { bank_name: 'Amex', name: 'Gold card', account_type: 'credit' },
  ])) as [string, string];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Page() {
  useTransactionEvents();
  return <SpendingPage />;
}
const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Page />
    </QueryClientProvider>,
  );

/** A month of a family's spending: groceries (7 rows, one refunded), a bill, a transfer that is not spending. */
function givenSpending() {
  api.transactions.push(
    ...[
      'TESCO STORES',
      'TESCO EXPRESS',
      'ASDA SUPERSTORE',
      'ALDI STORES',
      'LIDL GB',
      'WAITROSE',
      'MORRISONS',
    ].map((d, i) => row(current, `${d} ${100 + i}`, 40 + i, 'groceries')),
    row(current, 'TESCO REFUND', 10, 'groceries', { type: 'credit', signed_amount: 10 }),
    row(current, 'DD BRITISH GAS', 85.4, 'bills.energy'),
    row(card, 'NETFLIX COM', 10.99, 'entertainment.streaming'),
    row(current, 'THE RED LION', 23.5, null),
    row(current, 'TFR 12345678 SAVINGS', 500, null, { flow_type: 'internal_transfer' }),
  );
}
const categoryButton = (name: RegExp) => screen.getByRole('button', { name });

describe('spec 3 §2.4 Spend by Category', () => {
  it("is the page /app/spending, 'Spend by Category' in the sidebar's 'Dashboards'", () => {
    expect(APP_PAGES.find((p) => p.path === 'spending')).toMatchObject({
      label: 'Spend by Category',
      group: 'Dashboards',
    });
  });

  it('shows this month by category in whole pounds: transfers left out, refunds deducted', async () => {
    givenSpending();
    renderPage();
    // groceries 40+41+...+46 = 301, less the 10 refund = 291
    expect(await screen.findByRole('button', { name: /Groceries.*£291/ })).toBeTruthy();
    expect(categoryButton(/Bills & Utilities.*£85/)).toBeTruthy();
    expect(categoryButton(/Uncategorized.*£24/)).toBeTruthy();
    expect(screen.queryByText(/TFR/)).toBeNull();
    const summary = screen.getByRole('region', { name: 'Summary' });
    // 291 + 85.40 + 10.99 + 23.50 = 410.89 → £411
    expect(within(summary).getByText('£411')).toBeTruthy();
    // 11 spending rows: partial (more than 5, not more than 20)
    expect(within(summary).getByText('Partial')).toBeTruthy();
    expect(api.spendingQueries[0]?.get('from')).toBe(month);
    expect(api.spendingQueries[0]?.get('to')).toBe(month);
  });

  it('switches between the chart and a table with the top 3 merchants', async () => {
    givenSpending();
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: /Groceries/ });
    expect(screen.getByRole('tab', { name: 'Chart', selected: true })).toBeTruthy();
    expect(
      screen.getByRole('figure', { name: /Bar chart of spending by category: Groceries £291/ }),
    ).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Table' }));
    const table = screen.getByRole('table', { name: 'Spending by category' });
    const groceries = within(table).getByRole('row', { name: /Groceries/ });
    // top merchants by spend: Morrisons 46, Waitrose 45, Lidl 44
    expect(within(groceries).getByText('MORRISONS 106, WAITROSE 105, LIDL GB')).toBeTruthy();
  });

  it('expands a category: subcategories, top 5 merchants, 5 transactions, then Show all', async () => {
    givenSpending();
    renderPage();
    const user = userEvent.setup();
    const groceries = await screen.findByRole('button', { name: /Groceries/ });
    expect(groceries.getAttribute('aria-expanded')).toBe('false');
    await user.click(groceries);
    expect(groceries.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(groceries.getAttribute('aria-controls') ?? '') as HTMLElement;
    const merchants = within(details).getByRole('heading', { name: 'Top merchants' })
      .nextElementSibling as HTMLElement;
    expect(within(merchants).getAllByRole('listitem')).toHaveLength(5);
    const rows = within(details).getByRole('heading', { name: 'Transactions' }).parentElement as HTMLElement;
    expect(within(rows).getAllByRole('button', { name: /^Change category of/ })).toHaveLength(5);
    await user.click(within(details).getByRole('button', { name: 'Show all 8' }));
    await waitFor(() => expect(within(rows).getAllByRole('checkbox')).toHaveLength(8));
    await user.click(categoryButton(/Bills & Utilities/));
    expect(screen.getByRole('heading', { name: 'Subcategories' })).toBeTruthy();
  });

  it('changes a row’s category; the figures reload', async () => {
    givenSpending();
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Uncategorized/ }));
    await user.click(screen.getByRole('button', { name: 'Change category of THE RED' }));
    const dialog = screen.getByRole('dialog', { name: 'Change category' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(within(dialog).getByRole('combobox'), 'eating_out.pubs');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.categoryChanges).toEqual([
      { ids: [expect.stringMatching(/^row/)], category_id: 'eating_out.pubs' },
    ]);
    expect(await screen.findByRole('button', { name: /Eating Out.*£24/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Uncategorized/ })).toBeNull();
  });

  it('offers a category change to the identical and similar rows already imported: Apply to 3 similar', async () => {
    givenSpending();
    // Rent paid by standing order to a person: Transfers to People (three), one uncategorised, one in Rent.
    api.transactions.push(
      row(current, 'J SMITH RENT STO', 650, 'people'),
      row(current, 'J SMITH RENT STO', 650, 'people'),
      row(current, 'J SMITH RENT STO', 650, null),
      row(current, 'J SMITH RENT STO', 650, 'people'),
      row(current, 'J SMITH RENT STO', 650, 'housing.rent'),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Uncategorized/ }));
    await user.click(screen.getByRole('button', { name: 'Change category of J SMITH' }));
    const dialog = screen.getByRole('dialog', { name: 'Change category' });
    // Before a category is chosen: the four other rent rows.
    await within(dialog).findByRole('checkbox', { name: 'Apply to 4 similar transactions' });
    await user.selectOptions(within(dialog).getByRole('combobox'), 'housing.rent');
    // The one already in Rent is left out.
    const apply = within(dialog).getByRole('checkbox', { name: 'Apply to 3 similar transactions' });
    expect((apply as HTMLInputElement).checked).toBe(false);
    const list = within(dialog).getByRole('list', { name: 'Similar transactions already imported' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).queryByText(/RED LION|TESCO/)).toBeNull();
    await user.click(apply);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.categoryChanges).toHaveLength(1);
    expect(api.categoryChanges[0]?.ids).toHaveLength(4);
    expect(api.categoryChanges[0]?.category_id).toBe('housing.rent');
    expect(await screen.findByRole('button', { name: /Housing.*£3,250/ })).toBeTruthy();
  });

  it('changes only the row when the similar rows are not chosen', async () => {
    givenSpending();
    api.transactions.push(
      row(current, 'J SMITH RENT STO', 650, null),
      row(current, 'J SMITH RENT STO', 650, null),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Uncategorized/ }));
    await user.click(screen.getAllByRole('button', { name: 'Change category of J SMITH' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Change category' });
    await within(dialog).findByRole('checkbox', { name: 'Apply to 1 similar transaction' });
    await user.selectOptions(within(dialog).getByRole('combobox'), 'housing.rent');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.categoryChanges[0]?.ids).toHaveLength(1);
  });

  it('filters: period, accounts, type and the uncategorised toggle go to the API', async () => {
    givenSpending();
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('button', { name: /Groceries/ });
    await user.click(screen.getByRole('checkbox', { name: 'Include uncategorized' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Uncategorized/ })).toBeNull());
    expect(api.spendingQueries.at(-1)?.get('uncategorized')).toBe('false');
    await user.click(screen.getByRole('checkbox', { name: 'Joint current' }));
    await waitFor(() => expect(api.spendingQueries.at(-1)?.get('accounts')).toBe(card));
    expect(await screen.findByRole('button', { name: /Entertainment/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Groceries/ })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Transaction type' }), 'refunds');
    await waitFor(() => expect(api.spendingQueries.at(-1)?.get('type')).toBe('refunds'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'this_year');
    await waitFor(() => expect(api.spendingQueries.at(-1)?.get('from')).toBe(`${month.slice(0, 4)}-01`));
    expect(api.spendingQueries.at(-1)?.get('to')).toBe(`${month.slice(0, 4)}-12`);
  });

  it('opens on the latest period with data, as the overview does: Last Month when This Month has none', async () => {
    const overview = emptyOverview();
    api.setOverview(() => ({
      ...overview,
      periods: [
        { ...overview.periods[0]!, key: 'this_month', label: 'This Month', quality: 'insufficient' },
        {
          ...overview.periods[0]!,
          key: 'last_month',
          label: 'Last Month',
          quality: 'complete',
          message: null,
        },
      ],
    }));
    renderPage();
    await waitFor(() => expect(api.spendingQueries.length).toBeGreaterThan(0));
    const last = new Date();
    last.setUTCDate(1);
    last.setUTCMonth(last.getUTCMonth() - 1);
    // The first request is already of last month: no This Month's 'No Spending Data' first.
    expect(api.spendingQueries[0]?.get('from')).toBe(last.toISOString().slice(0, 7));
    expect(api.spendingQueries[0]?.get('to')).toBe(last.toISOString().slice(0, 7));
    expect((screen.getByRole('combobox', { name: 'Period' }) as HTMLSelectElement).value).toBe('last_month');
  });

  it("shows 'No Spending Data' when the period has none", async () => {
    renderPage();
    expect(await screen.findByText('No Spending Data')).toBeTruthy();
    expect(screen.getByText('Try changing the period or filters')).toBeTruthy();
  });

  it("shows 'Unable to Load Spending Data' when the figures fail, and tries again", async () => {
    api.fail('GET /api/insights/categories', 500);
    renderPage();
    expect(await screen.findByText('Unable to Load Spending Data')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Failed to load spending data');
    api.clearFailures();
    givenSpending();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Groceries/ })).toBeTruthy();
  });

  it('hints when the newest transaction is over 30 days old', async () => {
    api.transactions.push(
      row(current, 'TESCO STORES 1', 12, 'groceries', { transaction_date: '2020-01-05' }),
    );
    renderPage();
    expect(await screen.findByText('Your newest transaction is over 30 days old')).toBeTruthy();
    expect(screen.getByText('No recent statements')).toBeTruthy();
  });
});
