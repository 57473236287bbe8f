import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MESSAGES } from '../../functions/domain/upload-validation';
import { createFakeApi, type FakeApi, transactionRow } from './support/fake-api';
import { createFakeXhr } from './support/fake-xhr';
import { givenAccounts, pdf, renderUploadPage } from './support/upload-page';

/** The File Upload screen, its validation and Clear Display, with the real API client over a fake API. */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;
let xhr: ReturnType<typeof createFakeXhr>;

beforeEach(() => {
  api = createFakeApi();
  xhr = createFakeXhr();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  vi.stubGlobal('XMLHttpRequest', xhr.XMLHttpRequest);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const accountSelect = () => screen.getByRole('combobox', { name: 'Account' });
const fileInput = () => screen.getByLabelText('Statements (PDF)');
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
const counters = () =>
  Object.fromEntries(
    [...document.querySelectorAll('.upload-counter')].map((c) => [
      c.querySelector('dt')?.textContent,
      Number(c.querySelector('dd')?.textContent),
    ]),
  );

describe('spec 2 §2 File Upload: the screen', () => {
  it("without accounts: 'Please add some accounts above before uploading statements.' and no file input", async () => {
    api.setFamily('FAMILY');
    renderUploadPage();
    expect(await screen.findByText(UPLOAD_MESSAGES.noAccounts)).toBeTruthy();
    expect(screen.queryByLabelText('Statements (PDF)')).toBeNull();
  });

  it('says the same to a user with no family yet (404)', async () => {
    renderUploadPage();
    expect(await screen.findByText(UPLOAD_MESSAGES.noAccounts)).toBeTruthy();
  });

  it('offers each account with its bank and format, a multi-file PDF input and Add More Files from the start', async () => {
    const user = userEvent.setup();
    await givenAccounts(api, [
      { bank_name: 'Monzo', name: 'Joint account', account_type: 'current' },
      { bank_name: 'Amex', name: 'Gold card', account_type: 'credit' },
    ]);
    renderUploadPage();
    await waitFor(() => expect(accountSelect()).toBeTruthy());
    expect([...(accountSelect() as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'Choose the account these statements are for',
      'Joint account — Monzo (Current account)',
      'Gold card — Amex (Credit card)',
    ]);
    const input = fileInput() as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('application/pdf,.pdf,.csv,text/csv,.ofx,application/x-ofx,.qfx,.qif');
    const click = vi.spyOn(input, 'click');
    await user.click(screen.getByRole('button', { name: 'Add More Files' }));
    expect(click).toHaveBeenCalled();
    await user.selectOptions(accountSelect(), 'Gold card — Amex (Credit card)');
    expect(accountSelect().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Bank: Amex · Format: PDF statement (Credit card)')).toBeTruthy();
  });

  it('shows the latest 50 transactions of the chosen account, newest first, in en-GB, with the counters', async () => {
    const user = userEvent.setup();
    const [joint] = await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Joint account' }]);
    const id = joint ?? '';
    for (let day = 1; day <= 55; day++)
      api.transactions.push(
        transactionRow(id, {
          id: `t${day}`,
          transaction_date: `2026-01-${String((day % 28) + 1).padStart(2, '0')}`,
          description: `Row ${day}`,
          amount: 1,
          type: 'debit',
        }),
      );
    api.transactions.push(
      transactionRow(id, {
        id: 'salary',
        transaction_date: '2026-03-05',
        description: 'ACME LTD SALARY',
        amount: 2500,
        signed_amount: 2500,
        type: 'credit',
        balance: 3734.56,
        flow_type: 'income',
      }),
      transactionRow(id, {
        id: 'tesco',
        transaction_date: '2026-03-04',
        description: 'TESCO STORES 2041',
        amount: 12.5,
        type: 'debit',
        balance: 1234.56,
        flow_type: 'external_expense',
      }),
      transactionRow(id, {
        id: 'tfr',
        transaction_date: '2026-03-03',
        description: 'TFR 40-11-22 SAVINGS',
        amount: 100,
        signed_amount: -100,
        type: 'debit',
        flow_type: 'external_expense',
        user_corrected_flow_type: 'internal_transfer',
      }),
    );
    renderUploadPage();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Account' }),
      'Joint account — Monzo (Current account)',
    );
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Description', 'Amount', 'Type', 'Flow Type', 'Balance']);
    const rows = rowsOf(table);
    expect(rows).toHaveLength(50);
    expect(rows.slice(0, 3)).toEqual([
      ['5 Mar 2026', 'ACME LTD SALARY', '£2,500.00', 'Credit', 'Income', '£3,734.56'],
      ['4 Mar 2026', 'TESCO STORES 2041', '\u2212£12.50', 'Debit', 'External Expense', '£1,234.56'],
      ['3 Mar 2026', 'TFR 40-11-22 SAVINGS', '\u2212£100.00', 'Debit', 'Internal Transfer', '—'],
    ]);
    expect(rows[3]?.[4]).toBe('Unclassified');
    expect(counters()).toEqual({ Income: 1, 'Internal Transfers': 1, 'External Expenses': 1 });
    expect(screen.getByRole('button', { name: 'Clear Display (50)' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path.endsWith('/transactions'))).toHaveLength(1);
  });

  it('keeps the table in its own labelled region that the keyboard can reach, to scroll it on a phone', async () => {
    const user = userEvent.setup();
    const [joint] = await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Joint account' }]);
    api.transactions.push(
      transactionRow(joint ?? '', { id: 't1', transaction_date: '2026-03-01', description: 'X', amount: 1 }),
    );
    renderUploadPage();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Account' }),
      'Joint account — Monzo (Current account)',
    );
    const region = await screen.findByRole('region', {
      name: 'Recently processed transactions, newest first',
    });
    expect(region.className).toBe('data-table-scroll');
    expect(within(region).getByRole('table')).toBeTruthy();
    screen.getByRole('button', { name: 'Clear Display (1)' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(region);
  });
});

describe('spec 2 §5 Upload validation', () => {
  it('refuses a file that is neither a PDF nor a bank export, naming it, and starts nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Joint account' }]);
    renderUploadPage();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Account' }),
      'Joint account — Monzo (Current account)',
    );
    await user.upload(fileInput(), [
      pdf('march.pdf'),
      new File(['a,b'], 'march.docx', { type: 'application/msword' }),
    ]);
    expect(screen.getByRole('alert').textContent).toBe(
      'Only PDF, CSV, OFX, QFX and QIF files can be uploaded. Please try again with "march.docx".',
    );
    expect(api.calls.some((c) => c.path === '/api/uploads')).toBe(false);
    expect(xhr.requests).toEqual([]);
  });

  it("asks 'Which account are these statements for?' when no account is chosen", async () => {
    const user = userEvent.setup();
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Joint account' }]);
    renderUploadPage();
    await screen.findByRole('combobox', { name: 'Account' });
    await user.upload(fileInput(), pdf('march.pdf'));
    expect(screen.getByRole('alert').textContent).toBe('Which account are these statements for?');
    expect(api.calls.some((c) => c.path === '/api/uploads')).toBe(false);
  });

  it("says 'Something went wrong. Please refresh and try again.' when the family is not known", async () => {
    const user = userEvent.setup();
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Joint account' }]);
    api.fail('GET /api/family', 500);
    renderUploadPage();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Account' }),
      'Joint account — Monzo (Current account)',
    );
    await user.upload(fileInput(), pdf('march.pdf'));
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please refresh and try again.');
    expect(api.calls.some((c) => c.path === '/api/uploads')).toBe(false);
  });

  it('fails a file the upload contract refuses (empty) with its message, without asking the API', async () => {
    const user = userEvent.setup();
    await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Joint account' }]);
    renderUploadPage();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Account' }),
      'Joint account — Monzo (Current account)',
    );
    await user.upload(fileInput(), pdf('empty.pdf', 0));
    expect(await screen.findByText('Failed to process empty.pdf: This PDF is empty.')).toBeTruthy();
    expect(screen.getByText(UPLOAD_MESSAGES.noneRead)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/uploads')).toBe(false);
  });
});

describe('spec 2 §4 Upload: Clear Display', () => {
  it('hides what is shown and the finished uploads, says the records are kept, and deletes nothing', async () => {
    const user = userEvent.setup();
    const [joint] = await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Joint account' }]);
    const id = joint ?? '';
    api.transactions.push(
      transactionRow(id, {
        id: 'a',
        transaction_date: '2026-03-02',
        description: 'A',
        amount: 5,
        flow_type: 'income',
      }),
      transactionRow(id, { id: 'b', transaction_date: '2026-03-01', description: 'B', amount: 7 }),
    );
    api.scriptUpload('march.pdf', [{ stage: 'done', counts: { added: 0, duplicates: 2 } }]);
    renderUploadPage();
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Account' }),
      'Joint account — Monzo (Current account)',
    );
    await user.upload(fileInput(), pdf('march.pdf'));
    expect(await screen.findByText('No new transactions, 2 already loaded')).toBeTruthy();
    expect(counters()).toEqual({ Income: 1, 'Internal Transfers': 0, 'External Expenses': 0 });

    await user.click(screen.getByRole('button', { name: 'Clear Display (2)' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No transactions to show. Upload a statement for this account.')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(counters()).toEqual({ Income: 0, 'Internal Transfers': 0, 'External Expenses': 0 });
    expect(screen.getByRole('button', { name: 'Clear Display (0)' })).toBeTruthy();
    expect(screen.getByText(UPLOAD_MESSAGES.cleared).getAttribute('role')).toBe('status');
    expect(api.calls.filter((c) => c.method !== 'GET' && c.path !== '/api/uploads')).toEqual([]);
    expect(api.transactions).toHaveLength(2);
  });
});
