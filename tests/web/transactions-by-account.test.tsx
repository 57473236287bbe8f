import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '../../functions/contracts/accounts';
import { fileNameFromDisposition } from '../../web/src/api/client';
import { periodLabel, periodRange } from '../../web/src/features/accounts/transactions/periods';
import { TransactionsByAccount } from '../../web/src/features/accounts/transactions/TransactionsByAccount';
import { createFakeApi, FAKE_CSV_DATE, type FakeApi, transactionRow } from './support/fake-api';
import { renderWithProviders } from './support/render';

/**
 * 'Transactions by Account' (spec 2 §2 Account Setup, spec 3 §9 bulk selection) with the real API client over
 * the fake API's cursor-paged routes: every row of an account reachable page by page, the selection
 * operations, the CSV exports, the period picker, the empty and failed states.
 */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;
/** Files the component saved: name and content. */
let saved: { name: string; blob: Blob }[];

beforeEach(() => {
  // Only Date is faked: 'now' is Sunday 15 March 2026, midday in London.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-15T12:00:00Z'));
  api = createFakeApi();
  api.setFamily('FAMILY');
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function givenAccount(id: string, name: string, bank = 'Barclays'): Account {
  const account: Account = {
    id,
    family_id: 'FAMILY',
    name,
    bank_name: bank,
    account_type: 'current',
    institution_id: null,
    detected_institution_id: null,
    is_active: true,
    is_archived: false,
    archived_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    services: [],
    institution_display_name: null,
    institution_type: null,
  };
  api.accounts.push(account);
  return account;
}

/** `n` rows, one a day going back from 2026-03-14: Row 1 is the newest, money out £1.00 … £n.00. */
function givenRows(accountId: string, n: number, prefix = 'Row') {
  for (let i = 1; i <= n; i++) {
    const day = new Date(Date.UTC(2026, 2, 14) - (i - 1) * 86_400_000).toISOString().slice(0, 10);
    api.transactions.push(
      transactionRow(accountId, {
        id: `${accountId}-${String(i).padStart(5, '0')}`,
        transaction_date: day,
        description: `${prefix} ${i}`,
        amount: i,
        signed_amount: -i,
        type: 'debit',
        balance: 5000 - i,
        flow_type: 'external_expense',
      }),
    );
  }
}

const tableOf = (name: string) => screen.getByRole('region', { name: `${name} transactions` });
const descriptions = (name: string) =>
  within(tableOf(name))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
const checkbox = (description: string) =>
  screen.getByRole('checkbox', { name: new RegExp(` ${description} `) });
const bulk = () => screen.getByRole('group', { name: 'Bulk actions' });
const history = () =>
  within(screen.getByRole('list', { name: 'Recent selection actions' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

function render(accounts: Account[]) {
  return renderWithProviders(<TransactionsByAccount accounts={accounts} />);
}

describe('every row reachable: the table pages through the account with the cursor', () => {
  it('pages through 1,200 rows completely with Load more: 6 pages of 200, each cursor the last page gave', async () => {
    const user = userEvent.setup();
    const account = givenAccount('acc-1', 'Joint Current');
    givenRows(account.id, 1200);
    render([account]);
    expect(await screen.findByText('Showing 200 of 1,200')).toBeTruthy();
    for (let page = 2; page <= 6; page++) {
      await user.click(screen.getByRole('button', { name: 'Load more transactions of Joint Current' }));
      await screen.findByText(
        page < 6 ? `Showing ${(page * 200).toLocaleString('en-GB')} of 1,200` : '1,200 transactions',
      );
    }
    expect(screen.queryByRole('button', { name: /Load more/ })).toBeNull();
    const requests = api.pageRequests.filter((r) => r.accountId === account.id);
    expect(requests).toHaveLength(6);
    expect(requests[0]?.cursor).toBeNull();
    expect(new Set(requests.map((r) => r.cursor)).size).toBe(6);
    // The virtualised table knows every row (header + 1,200), and Select all reaches each one once.
    expect(within(tableOf('Joint Current')).getByRole('table').getAttribute('aria-rowcount')).toBe('1201');
    // …while only the rows in view are in the page (virtualised).
    expect(within(tableOf('Joint Current')).getAllByRole('row').length).toBeLessThan(60);
    await user.click(within(bulk()).getByRole('button', { name: 'Select all' }));
    expect(within(bulk()).getByText('(1,200 of 1,200 rows)')).toBeTruthy();
    // The summary covers all rows: money out £1 + … + £1,200 = £720,600.00.
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('£720,600.00')).toBeTruthy();
    expect(within(summary).getByText('1,200')).toBeTruthy();
  });

  it('asks for the next page when the table is scrolled near its end, not before', async () => {
    const account = givenAccount('acc-1', 'Joint Current');
    givenRows(account.id, 450);
    render([account]);
    await screen.findByText('Showing 200 of 450');
    const region = within(tableOf('Joint Current')).getByRole('region');
    // A laid-out region 480 px high over 200 rows of 45 px.
    Object.defineProperty(region, 'clientHeight', { configurable: true, value: 480 });
    Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 9000 });
    region.scrollTop = 1000;
    fireEvent.scroll(region);
    expect(api.pageRequests).toHaveLength(1);
    region.scrollTop = 8200;
    fireEvent.scroll(region);
    expect(await screen.findByText('Showing 400 of 450')).toBeTruthy();
    expect(api.pageRequests).toHaveLength(2);
  });

  it("keeps the API's order: rows of one date stay as the statement had them, newest date first", async () => {
    const account = givenAccount('acc-1', 'Joint Current');
    for (const [id, date, description] of [
      ['t1', '2026-03-02', 'Coffee'],
      ['t2', '2026-03-03', 'Salary'],
      ['t3', '2026-03-02', 'Bakery'],
      ['t4', '2026-03-02', 'Apples'],
    ] as const)
      api.transactions.push(
        transactionRow(account.id, { id, transaction_date: date, description, amount: 1 }),
      );
    render([account]);
    await screen.findByText('4 transactions');
    expect(descriptions('Joint Current')).toEqual(['Salary', 'Coffee', 'Bakery', 'Apples']);
  });
});

describe('spec 3 §9 bulk selection', () => {
  it('selects one, a range with shift-click, inverts, clears and selects all; the bar shows 4 actions then More', async () => {
    const user = userEvent.setup();
    const account = givenAccount('acc-1', 'Joint Current');
    givenRows(account.id, 10);
    render([account]);
    await screen.findByText('10 transactions');
    expect(
      within(bulk())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Select all', 'Invert selection', 'Clear selection', 'Export selected (CSV)', 'More▾']);

    await user.click(checkbox('Row 2'));
    await user.keyboard('{Shift>}');
    await user.click(checkbox('Row 5'));
    await user.keyboard('{/Shift}');
    const checked = () =>
      screen
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).checked)
        .map((c) => c.getAttribute('aria-label')?.split(' ').slice(4, 6).join(' '));
    expect(checked()).toEqual(['Row 2', 'Row 3', 'Row 4', 'Row 5']);
    expect(within(bulk()).getByText('4')).toBeTruthy();

    await user.click(within(bulk()).getByRole('button', { name: 'Invert selection' }));
    expect(checked()).toEqual(['Row 1', 'Row 6', 'Row 7', 'Row 8', 'Row 9', 'Row 10']);

    await user.click(within(bulk()).getByRole('button', { name: 'Clear selection' }));
    expect(checked()).toEqual([]);
    expect(within(bulk()).getByText('(0 of 10 rows)')).toBeTruthy();

    await user.click(within(bulk()).getByRole('button', { name: 'Select all' }));
    expect(checked()).toHaveLength(10);

    // The last 5 operations, newest first (the first toggle has dropped off).
    expect(history()).toEqual([
      'Selected all 10 rows',
      'Cleared the selection',
      'Inverted the selection: 6 rows selected',
      'Selected a range of 4 rows',
      'Selected 13 Mar 2026 Row 2 −£2.00',
    ]);
  });

  it('caps the selected badge at 99+ (100 rows selected)', async () => {
    const user = userEvent.setup();
    const account = givenAccount('acc-1', 'Joint Current');
    givenRows(account.id, 100);
    render([account]);
    await screen.findByText('100 transactions');
    await user.click(within(bulk()).getByRole('button', { name: 'Select all' }));
    expect(within(bulk()).getByText('99+')).toBeTruthy();
    await user.click(checkbox('Row 7'));
    expect(within(bulk()).getByText('99')).toBeTruthy();
  });

  it("exports the selection as CSV in the browser with the export's columns, quoting and formula guard", async () => {
    const user = userEvent.setup();
    const a = givenAccount('acc-1', 'Joint Current');
    const b = givenAccount('acc-2', 'Savings, "Rainy Day"');
    givenRows(a.id, 3);
    api.transactions.push(
      transactionRow(b.id, {
        id: 'b1',
        transaction_date: '2026-03-01',
        description: '=HYPERLINK("x")',
        amount: 20,
        signed_amount: 20,
        balance: null,
      }),
    );
    render([a, b]);
    await screen.findByText('3 transactions');
    await screen.findByText('1 transaction');
    await user.click(checkbox('Row 3'));
    await user.click(screen.getByRole('checkbox', { name: /HYPERLINK/ }));
    await user.click(within(bulk()).getByRole('button', { name: 'Export selected (CSV)' }));
    expect(saved.map((f) => f.name)).toEqual(['selected-transactions-2026-03-15.csv']);
    expect(await saved[0]?.blob.text()).toBe(
      'Account,Date,Description,Amount,Flow Type,Balance\r\n' +
        'Joint Current,2026-03-12,Row 3,-3,external_expense,4997\r\n' +
        '"Savings, ""Rainy Day""",2026-03-01,"\'=HYPERLINK(""x"")",20,,\r\n',
    );
    expect(screen.getByText('Downloaded selected-transactions-2026-03-15.csv')).toBeTruthy();
    expect(history()[0]).toBe('Exported 2 rows as CSV');
  });

  it("copies the selection from the 'More' menu", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const account = givenAccount('acc-1', 'Joint Current');
    givenRows(account.id, 2);
    render([account]);
    await screen.findByText('2 transactions');
    await user.click(checkbox('Row 1'));
    await user.click(within(bulk()).getByRole('button', { name: 'More bulk actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy selected' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]).toEqual([
      'Account,Date,Description,Amount,Flow Type,Balance\r\nJoint Current,2026-03-14,Row 1,-1,external_expense,4999\r\n',
    ]);
    // Said in the status line and kept in the history.
    expect(await screen.findAllByText('Copied 1 row')).toHaveLength(2);
    expect(history()[0]).toBe('Copied 1 row');
  });
});

describe('CSV export of an account', () => {
  it('asks the API for the period and saves the file under the name content-disposition gives', async () => {
    const user = userEvent.setup();
    const account = givenAccount('acc-1', 'Joint Current');
    givenRows(account.id, 30);
    render([account]);
    await screen.findByText('30 transactions');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last Month');
    await screen.findByText('16 transactions');
    await user.click(screen.getByRole('button', { name: 'Export CSV of Joint Current' }));
    await screen.findByText(`Downloaded joint-current-${FAKE_CSV_DATE}.csv`);
    expect(api.csvRequests).toEqual([{ accountId: account.id, from: '2026-02-01', to: '2026-02-28' }]);
    expect(saved.map((f) => f.name)).toEqual([`joint-current-${FAKE_CSV_DATE}.csv`]);
    const text = await saved[0]?.blob.text();
    expect(text?.split('\r\n')).toHaveLength(1 + 16 + 1);
  });

  it("says so when the export fails, with the server's message", async () => {
    const user = userEvent.setup();
    const account = givenAccount('acc-1', 'Joint Current');
    givenRows(account.id, 1);
    render([account]);
    await screen.findByText('1 transaction');
    api.fail('GET /api/accounts/acc-1/transactions/csv', 500);
    await user.click(screen.getByRole('button', { name: 'Export CSV of Joint Current' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Export failed: Something went wrong. Please try again.',
    );
    expect(saved).toEqual([]);
  });
});

describe('the period picker', () => {
  it('starts at All Time; another period asks again for its dates and clears the selection', async () => {
    const user = userEvent.setup();
    const account = givenAccount('acc-1', 'Joint Current');
    givenRows(account.id, 60);
    render([account]);
    await screen.findByText('60 transactions');
    expect(api.pageRequests.at(-1)).toMatchObject({ from: null, to: null, cursor: null });
    await user.click(checkbox('Row 1'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'This Month');
    expect(await screen.findByText('14 transactions')).toBeTruthy();
    expect(api.pageRequests.at(-1)).toMatchObject({ from: '2026-03-01', to: '2026-03-31', cursor: null });
    expect(within(bulk()).getByText('(0 of 14 rows)')).toBeTruthy();

    const beforeCustom = api.pageRequests.length;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Custom range');
    // Until its dates are applied the tables keep This Month.
    expect(api.pageRequests).toHaveLength(beforeCustom);
    expect(screen.getByText('14 transactions')).toBeTruthy();
    await user.type(screen.getByLabelText('From'), '2026-02-10');
    await user.type(screen.getByLabelText('To'), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('The start date is after the end date');
    const asked = api.pageRequests.length;

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-02-20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('11 transactions')).toBeTruthy();
    expect(api.pageRequests.slice(asked)).toEqual([
      { accountId: account.id, limit: 200, cursor: null, from: '2026-02-10', to: '2026-02-20' },
    ]);
  });
});

describe('empty and failed states', () => {
  it("says 'No transactions found for {period}' with the hint, and the export is off", async () => {
    const user = userEvent.setup();
    const account = givenAccount('acc-1', 'Joint Current');
    givenRows(account.id, 3);
    render([account]);
    await screen.findByText('3 transactions');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last Year');
    expect(await screen.findByText('No transactions found for Last Year')).toBeTruthy();
    expect(screen.getByText('Try selecting a different period or uploading statements')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Export CSV of Joint Current' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('says the same when the family has no active accounts', () => {
    render([]);
    expect(screen.getByText('No transactions found for All Time')).toBeTruthy();
  });

  it("a table that cannot load says so with 'Try again'; the other accounts' tables still show", async () => {
    const user = userEvent.setup();
    const a = givenAccount('acc-1', 'Joint Current');
    const b = givenAccount('acc-2', 'Savings');
    givenRows(a.id, 2);
    givenRows(b.id, 4);
    api.fail('GET /api/accounts/acc-1/transactions', 500);
    render([a, b]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      "We couldn't load the transactions of Joint Current. Please try again.",
    );
    expect(await screen.findByText('4 transactions')).toBeTruthy();
    api.clearFailures();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 transactions')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a page after the first that fails keeps the rows loaded and offers to try again', async () => {
    const user = userEvent.setup();
    const account = givenAccount('acc-1', 'Joint Current');
    givenRows(account.id, 250);
    render([account]);
    await screen.findByText('Showing 200 of 250');
    api.fail('GET /api/accounts/acc-1/transactions', 500);
    await user.click(screen.getByRole('button', { name: 'Load more transactions of Joint Current' }));
    expect((await screen.findByRole('alert')).textContent).toContain("We couldn't load more transactions.");
    expect(screen.getByText('Showing 200 of 250')).toBeTruthy();
    api.clearFailures();
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(await screen.findByText('250 transactions')).toBeTruthy();
  });
});

describe('the period presets and the file name of a download', () => {
  const now = new Date('2026-05-20T12:00:00Z');
  it.each([
    ['this_month', '2026-05-01', '2026-05-31'],
    ['last_month', '2026-04-01', '2026-04-30'],
    ['this_quarter', '2026-04-01', '2026-06-30'],
    ['last_quarter', '2026-01-01', '2026-03-31'],
    ['this_year', '2026-01-01', '2026-12-31'],
    ['last_year', '2025-01-01', '2025-12-31'],
  ] as const)('%s on 20 May 2026 is %s to %s (whole calendar ranges, spec 3 §2.1)', (key, from, to) => {
    expect(periodRange({ key }, now)).toEqual({ range: { from, to } });
  });

  it('All Time asks for no dates; a custom range may leave an end open but not run backwards', () => {
    expect(periodRange({ key: 'all_time' }, now)).toEqual({ range: {} });
    expect(periodRange({ key: 'custom', from: '2026-02-01' }, now)).toEqual({
      range: { from: '2026-02-01' },
    });
    expect(periodRange({ key: 'custom', from: '2026-02-02', to: '2026-02-01' }, now)).toEqual({
      error: 'The start date is after the end date',
    });
    expect(periodLabel({ key: 'custom', from: '2026-02-01', to: '2026-02-28' })).toBe(
      '1 Feb 2026 – 28 Feb 2026',
    );
  });

  it("reads the name from content-disposition: RFC 6266's filename* first, then a quoted or bare filename", () => {
    expect(fileNameFromDisposition('attachment; filename="joint-current-2026-01-31.csv"')).toBe(
      'joint-current-2026-01-31.csv',
    );
    expect(
      fileNameFromDisposition(`attachment; filename="caf-2026.csv"; filename*=UTF-8''caf%C3%A9-2026.csv`),
    ).toBe('café-2026.csv');
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
