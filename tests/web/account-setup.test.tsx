import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ERRORS } from '../../functions/domain/accounts';
import { TRANSACTIONS_UPDATED } from '../../web/src/api/transaction-events';
import { useTransactionEvents } from '../../web/src/api/useTransactionEvents';
import { APP_PAGES } from '../../web/src/app/pages';
import { createQueryClient } from '../../web/src/app/query-client';
import { AccountSetupPage } from '../../web/src/features/accounts/AccountSetupPage';
import { createFakeApi, type FakeApi, transactionRow } from './support/fake-api';
import { givenAccounts } from './support/upload-page';

/** Account Setup (spec 2 §2, §3, §5, §8) with the real API client over the fake API. */
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
  return <AccountSetupPage />;
}
function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ShellPage />
    </QueryClientProvider>,
  );
}

const accountsList = () =>
  screen.getByRole('heading', { name: 'Your Bank Accounts' }).closest('section') as HTMLElement;
const card = (name: string) =>
  within(accountsList()).getByRole('heading', { name, level: 3 }).closest('li') as HTMLElement;
const fact = (cardEl: HTMLElement, label: string) =>
  [...cardEl.querySelectorAll('.account-facts > div')]
    .find((d) => d.querySelector('dt')?.textContent === label)
    ?.querySelector('dd')?.textContent;

describe("spec 2 §2 Account Setup: 'Your Bank Accounts'", () => {
  it("is the page /app/setup/accounts, 'Account Setup' in the sidebar's 'Setup & Tools'", () => {
    expect(APP_PAGES.find((p) => p.path === 'setup/accounts')).toMatchObject({
      label: 'Account Setup',
      group: 'Setup & Tools',
    });
  });

  it('lists each account with nickname, bank, type, services and its derived fields in en-GB dates', async () => {
    const [joint] = await givenAccounts(api, [
      { bank_name: 'Monzo', name: 'Joint account', account_type: 'current' },
      { bank_name: 'Amex', name: 'Gold card', account_type: 'credit' },
    ]);
    api.givenStatement(
      { accountId: joint ?? '', fileName: 'jan.pdf', createdAt: '2026-02-03T10:00:00.000Z' },
      [
        transactionRow(joint ?? '', {
          id: 't1',
          transaction_date: '2026-01-05',
          description: 'Shop',
          amount: 5,
        }),
        transactionRow(joint ?? '', {
          id: 't2',
          transaction_date: '2026-01-31',
          description: 'Pay',
          amount: 9,
        }),
      ],
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Joint account' });
    const joint1 = card('Joint account');
    expect(within(joint1).getByText('Monzo · Current account')).toBeTruthy();
    expect(within(joint1).getByRole('img', { name: 'Current account' })).toBeTruthy();
    expect(fact(joint1, 'Last transaction')).toBe('31 Jan 2026');
    expect(fact(joint1, 'Transactions')).toBe('2');
    expect(fact(joint1, 'Last statement upload')).toBe('3 Feb 2026');
    const gold = card('Gold card');
    expect(within(gold).getByRole('img', { name: 'Credit card' })).toBeTruthy();
    expect(fact(gold, 'Last transaction')).toBe('None yet');
    expect(fact(gold, 'Transactions')).toBe('0');
  });

  it("shows 'No accounts yet' and, opened, 'No archived accounts' for a family without accounts", async () => {
    api.setFamily('FAMILY');
    renderPage();
    expect(await screen.findByText('No accounts yet')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Show Archived Accounts/ }));
    expect(screen.getByText('No archived accounts')).toBeTruthy();
  });

  it('a failed load says so with Try again', async () => {
    api.setFamily('FAMILY');
    api.fail('GET /api/accounts', 500);
    renderPage();
    expect(await screen.findByText("We couldn't load your accounts. Please try again.")).toBeTruthy();
    api.clearFailures();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Try again' })[0] as HTMLElement);
    expect(await screen.findByText('No accounts yet')).toBeTruthy();
  });

  it('renames through a dialog checked by the contract: an empty nickname is refused, a new one is saved trimmed', async () => {
    const user = userEvent.setup();
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Joint account' }]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Rename Joint account' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Joint account' });
    const input = within(dialog).getByRole('textbox', { name: /Nickname/ });
    await user.clear(input);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The nickname is required')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    await user.type(input, 'x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The nickname is too long')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '  Household bills  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Household bills' })).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Household bills' });
  });
});

describe('spec 2 §4, §8: archive and restore', () => {
  it('archives after a confirmation; the archived list shows it with Restore, which brings it back', async () => {
    const user = userEvent.setup();
    await givenAccounts(api, [
      { bank_name: 'Monzo', name: 'Joint account' },
      { bank_name: 'Amex', name: 'Gold card', account_type: 'credit' },
    ]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Show Archived Accounts (0)' }));
    expect(screen.getByText('No archived accounts')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Archive Gold card' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Archive Gold card?' });
    expect(confirm.textContent).toContain('are kept but left out of your totals');
    expect(api.calls.some((c) => c.path.endsWith('/archive'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Gold card' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Hide Archived Accounts (1)' })).toBeTruthy();
    const archived = screen.getByRole('list', { name: 'Archived accounts' });
    expect(within(archived).getByText('Gold card')).toBeTruthy();
    await user.click(within(archived).getByRole('button', { name: 'Restore Gold card' }));
    expect(await screen.findByRole('heading', { name: 'Gold card' })).toBeTruthy();
    expect(await screen.findByText('No archived accounts')).toBeTruthy();
  });

  it("says 'Failed to archive account. Please try again.' and 'Failed to unarchive account. Please try again.'", async () => {
    const user = userEvent.setup();
    const [, gold] = await givenAccounts(api, [
      { bank_name: 'Monzo', name: 'Joint account' },
      { bank_name: 'Amex', name: 'Gold card' },
    ]);
    api.fail(`POST /api/accounts/${gold}/archive`, 500);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Archive Gold card' }));
    const confirm = screen.getByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }));
    expect(await within(confirm).findByText(ACCOUNT_ERRORS.archiveFailed)).toBeTruthy();
    api.clearFailures();
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    api.fail(`POST /api/accounts/${gold}/restore`, 500);
    await user.click(await screen.findByRole('button', { name: 'Show Archived Accounts (1)' }));
    await user.click(screen.getByRole('button', { name: 'Restore Gold card' }));
    expect(await screen.findByText(ACCOUNT_ERRORS.unarchiveFailed)).toBeTruthy();
  });
});

describe('spec 2 §5: the add-account form', () => {
  it('keeps submit disabled while the nickname is empty or blank', async () => {
    const user = userEvent.setup();
    api.setFamily('FAMILY');
    renderPage();
    const submit = await screen.findByRole('button', { name: 'Add account' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /^Nickname/ }), '   ');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /^Nickname/ }), 'Savings');
    expect((submit as HTMLButtonElement).disabled).toBe(false);
  });

  it("manual entry needs a bank name ('Bank name is required for manual entry'); with one, one account is created", async () => {
    const user = userEvent.setup();
    api.setFamily('FAMILY');
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: /^Nickname/ }), '  Rainy day  ');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText(ACCOUNT_ERRORS.bankNameRequired)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/accounts')).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Bank name (only if not found)' }), 'Credit Union');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Account type' }), 'Savings account');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText('Added Rainy day.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/accounts')?.body).toEqual({
      accounts: [{ name: 'Rainy day', bank_name: 'Credit Union', account_type: 'savings', services: [] }],
    });
    expect(await screen.findByRole('heading', { name: 'Rainy day' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Nickname/ }) as HTMLInputElement).value).toBe('');
  });

  it("offers the chosen institution's services with current, savings and credit cards pre-selected; one account per service", async () => {
    const user = userEvent.setup();
    api.setFamily('FAMILY');
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: /^Nickname/ }), 'Barclays');
    await user.type(screen.getByRole('combobox', { name: 'Bank or provider' }), 'barclays');
    await user.click(await screen.findByRole('option', { name: /^Barclays/ }));
    const services = screen.getByRole('group', { name: 'Services you have with Barclays' });
    const ticked = within(services)
      .getAllByRole('checkbox')
      .filter((c) => (c as HTMLInputElement).checked)
      .map((c) => c.closest('label')?.textContent);
    expect(ticked).toEqual(['Current Accounts', 'Savings Accounts', 'Credit Cards']);
    expect(
      (screen.getByRole('textbox', { name: 'Bank name (only if not found)' }) as HTMLInputElement).disabled,
    ).toBe(true);
    await user.click(within(services).getByRole('checkbox', { name: 'Savings Accounts' }));
    expect(screen.getByText('Each service will be created as a separate account')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(
      await screen.findByText('Added 2 accounts: Barclays Current Account, Barclays Credit Card.'),
    ).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/api/accounts')?.body).toEqual({
      accounts: [
        {
          name: 'Barclays',
          account_type: 'current',
          institution_id: 'barclays',
          services: ['current_accounts', 'credit_cards'],
        },
      ],
    });
  });

  it("shows the API's refusal as 'Error creating accounts: {message}'", async () => {
    const user = userEvent.setup();
    api.setFamily('FAMILY');
    api.fail('POST /api/accounts', 400, {
      error: { code: 'validation_error', message: ACCOUNT_ERRORS.insufficient },
    });
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: /^Nickname/ }), 'Joint');
    await user.type(screen.getByRole('textbox', { name: 'Bank name (only if not found)' }), 'Monzo');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText(ACCOUNT_ERRORS.alert(ACCOUNT_ERRORS.insufficient))).toBeTruthy();
  });
});

describe("spec 2 §4: an account's statements and 'Remove this statement'", () => {
  it('lists each statement with period, counts, reconciliation notes, warnings and date; removal states the count, then the result', async () => {
    const user = userEvent.setup();
    const [joint] = await givenAccounts(api, [{ bank_name: 'Barclays', name: 'Joint account' }]);
    const id = joint ?? '';
    const rows = [1, 2, 3].map((n) =>
      transactionRow(id, {
        id: `w${n}`,
        transaction_date: `2026-01-0${n}`,
        description: `Row ${n}`,
        amount: n,
      }),
    );
    api.givenStatement(
      {
        accountId: id,
        fileName: 'nationwide-jan.pdf',
        period: { start: '2026-01-01', end: '2026-01-31' },
        counts: { added: 3, duplicates: 2 },
        reconciliation: {
          ok: false,
          breaks: [
            { row: 2, expected: 10, actual: 12, reason: 'Balance after row 2 is 12.00, expected 10.00' },
          ],
        },
        warnings: ['This statement looks like it is from Nationwide, but the account is with Barclays'],
        createdAt: '2026-02-04T09:00:00.000Z',
      },
      rows,
    );
    const events = vi.fn();
    window.addEventListener(TRANSACTIONS_UPDATED, events);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Statements of Joint account' }));
    const list = await screen.findByRole('list', { name: 'Statements of Joint account' });
    const item = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(item).getByText('nationwide-jan.pdf')).toBeTruthy();
    expect(within(item).getByText('1 Jan 2026 – 31 Jan 2026')).toBeTruthy();
    expect(within(item).getByText('Uploaded').textContent).toBe('Uploaded 4 Feb 2026');
    expect(within(item).getByText('Do not reconcile')).toBeTruthy();
    expect(within(item).getByText('Balance after row 2 is 12.00, expected 10.00')).toBeTruthy();
    expect(within(item).getByText(/looks like it is from Nationwide/)).toBeTruthy();
    const facts = Object.fromEntries(
      [...item.querySelectorAll('.statement-facts > div')].map((d) => [
        d.querySelector('dt')?.textContent,
        d.querySelector('dd')?.textContent,
      ]),
    );
    expect(facts).toMatchObject({ 'Rows added': '3', 'Skipped as duplicates': '2' });
    expect(fact(card('Joint account'), 'Transactions')).toBe('3');

    await user.click(within(item).getByRole('button', { name: 'Remove this statement: nationwide-jan.pdf' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove nationwide-jan.pdf?' });
    await waitFor(() =>
      expect(confirm.textContent).toContain(
        'This removes 3 transactions that only nationwide-jan.pdf holds.',
      ),
    );
    await user.click(within(confirm).getByRole('button', { name: 'Remove 3 transactions' }));
    expect(await screen.findByText('nationwide-jan.pdf was removed: 3 transactions deleted.')).toBeTruthy();
    expect(
      api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/uploads/01JD8Z00000000000000ST0001'),
    ).toBe(true);
    expect(events).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('No statements uploaded yet')).toBeTruthy();
    await waitFor(() => expect(fact(card('Joint account'), 'Transactions')).toBe('0'));
    window.removeEventListener(TRANSACTIONS_UPDATED, events);
  });

  it('before confirming, the dialog says how many rows will really go and how many another statement also holds', async () => {
    const user = userEvent.setup();
    const [joint] = await givenAccounts(api, [{ bank_name: 'Barclays', name: 'Joint account' }]);
    const id = joint ?? '';
    const rows = Array.from({ length: 32 }, (_, n) =>
      transactionRow(id, { id: `s${n}`, transaction_date: '2026-01-10', description: `Row ${n}`, amount: 1 }),
    );
    // the same 32 rows read from two overlapping statements: removing either deletes none of them
    api.givenStatement({ accountId: id, fileName: 'jan.pdf', counts: { added: 32, duplicates: 0 } }, rows);
    api.givenStatement(
      { accountId: id, fileName: 'jan-again.pdf', counts: { added: 32, duplicates: 0 } },
      rows,
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Statements of Joint account' }));
    await user.click(await screen.findByRole('button', { name: 'Remove this statement: jan-again.pdf' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove jan-again.pdf?' });
    await waitFor(() =>
      expect(confirm.textContent).toContain(
        'No transactions will be removed: all 32 transactions of jan-again.pdf are also in another statement and will stay.',
      ),
    );
    expect(within(confirm).queryByRole('button', { name: 'Remove 32 transactions' })).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Remove statement' }));
    expect(
      await screen.findByText(
        'jan-again.pdf was removed: 0 transactions deleted. 32 transactions stayed because another statement holds them too.',
      ),
    ).toBeTruthy();
  });

  it("an account without statements says so; a list that cannot be loaded offers 'Try again'", async () => {
    const user = userEvent.setup();
    const [, gold] = await givenAccounts(api, [
      { bank_name: 'Barclays', name: 'Joint account' },
      { bank_name: 'Amex', name: 'Gold card' },
    ]);
    api.fail(`GET /api/accounts/${gold}/statements`, 500);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Statements of Joint account' }));
    expect(await within(card('Joint account')).findByText('No statements uploaded yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Statements of Gold card' }));
    expect(
      await within(card('Gold card')).findByText(
        "We couldn't load the statements of Gold card. Please try again.",
      ),
    ).toBeTruthy();
  });

  it('a statement still being read cannot be removed: the dialog stays open with the reason', async () => {
    const user = userEvent.setup();
    const [joint] = await givenAccounts(api, [{ bank_name: 'Barclays', name: 'Joint account' }]);
    const record = api.givenStatement({
      accountId: joint ?? '',
      fileName: 'feb.pdf',
      stage: 'reading',
      counts: {},
    });
    api.fail(`DELETE /api/uploads/${record.uploadId}`, 409, {
      error: {
        code: 'conflict',
        message: 'This statement is still being read. Please wait until it has finished, then remove it.',
      },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Statements of Joint account' }));
    expect(await screen.findByText('Reading the statement')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove this statement: feb.pdf' }));
    const confirm = screen.getByRole('alertdialog');
    await waitFor(() => expect(confirm.textContent).toContain('feb.pdf added no transactions'));
    await user.click(within(confirm).getByRole('button', { name: 'Remove statement' }));
    expect(await within(confirm).findByText(/still being read/)).toBeTruthy();
  });
});
