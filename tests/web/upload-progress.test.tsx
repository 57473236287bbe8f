import type { QueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_MESSAGES } from '../../functions/domain/upload-validation';
import { MAX_WAIT_MS, POLL_MS } from '../../web/src/features/upload/stages';
import { createFakeApi, type FakeApi, transactionRow } from './support/fake-api';
import { createFakeXhr } from './support/fake-xhr';
import { givenAccounts, pdf, renderUploadPage } from './support/upload-page';

/**
 * Uploading statements: bytes to the presigned URL with real progress, the pipeline's stages polled from
 * GET /api/uploads/{id}, the reload and 'transactions-uploaded' at the end (or at the 45 s cap), and the batch
 * summaries, with the real API client over a fake API and a fake XMLHttpRequest. Time is faked (and also
 * runs on by itself), so polling steps are taken with advanceTimersByTimeAsync.
 */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let api: FakeApi;
let xhr: ReturnType<typeof createFakeXhr>;
let uploaded: ReturnType<typeof vi.fn<(event: Event) => void>>;
let accountId: string;

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  api = createFakeApi();
  xhr = createFakeXhr();
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  vi.stubGlobal('XMLHttpRequest', xhr.XMLHttpRequest);
  uploaded = vi.fn<(event: Event) => void>();
  window.addEventListener('transactions-uploaded', uploaded);
  [accountId = ''] = await givenAccounts(api, [{ bank_name: 'Monzo', name: 'Joint account' }]);
});
afterEach(() => {
  window.removeEventListener('transactions-uploaded', uploaded);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let client: QueryClient;

/** Let `ms` pass, then let every request it started be answered and rendered. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  await act(() => vi.advanceTimersByTimeAsync(0));
}
const transactionLoads = () => api.calls.filter((c) => c.path.endsWith('/transactions')).length;

async function openPage() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  ({ client } = renderUploadPage());
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'Account' }),
    'Joint account — Monzo (Current account)',
  );
  await screen.findByText('No transactions to show. Upload a statement for this account.');
  return user;
}

async function upload(...files: File[]) {
  const user = await openPage();
  await user.upload(screen.getByLabelText('Statements (PDF)'), files);
  return user;
}

const row = (file: string) => screen.getByText(file).closest('li') as HTMLElement;
const bar = (file: string) => screen.getByRole('progressbar', { name: file });
const summary = () => {
  const statuses = screen.getAllByRole('status').filter((s) => s.querySelector('.upload-alert'));
  return statuses.flatMap((s) => [...s.querySelectorAll('p, li')].map((p) => p.textContent));
};

const ADDED = [
  transactionRow('', {
    id: 'n1',
    transaction_date: '2026-03-28',
    description: 'ACME LTD SALARY',
    amount: 2500,
    type: 'credit',
    flow_type: 'income',
  }),
  transactionRow('', {
    id: 'n2',
    transaction_date: '2026-03-27',
    description: 'TFR TO SAVINGS',
    amount: 200,
    type: 'debit',
    flow_type: 'internal_transfer',
  }),
  transactionRow('', {
    id: 'n3',
    transaction_date: '2026-03-26',
    description: 'TESCO STORES',
    amount: 40.1,
    type: 'debit',
    flow_type: 'external_expense',
  }),
];

describe('spec 2 §4 Upload stages: bytes, then the pipeline', () => {
  it('shows the bytes sent to the presigned URL, then each stage, announcing stage changes only', async () => {
    xhr.manual();
    api.scriptUpload(
      'march.pdf',
      [
        { stage: 'reading' },
        { stage: 'analysing' },
        { stage: 'classifying' },
        { stage: 'matching' },
        {
          stage: 'done',
          counts: { parsed: 4, added: 3, duplicates: 1 },
          reconciliation: { ok: true, breaks: [] },
        },
      ],
      ADDED.map((t) => ({ ...t, account_id: accountId })),
    );
    await upload(pdf('march.pdf', 4096));

    await vi.waitFor(() => expect(xhr.requests).toHaveLength(1));
    const put = xhr.requests[0]!;
    expect(put.method).toBe('PUT');
    expect(put.url).toMatch(/^https:\/\/uploads\.example\.test\/01JD8Z/);
    expect(put.headers['content-type']).toBe('application/pdf');
    expect(put.body?.size).toBe(4096);
    expect(api.calls.find((c) => c.path === '/api/uploads')?.body).toEqual({
      accountId,
      fileName: 'march.pdf',
      size: 4096,
    });

    const live = within(row('march.pdf')).getByText('Uploading');
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(bar('march.pdf').getAttribute('aria-valuenow')).toBe('0');
    await act(async () => put.progress(1024));
    expect(bar('march.pdf').getAttribute('aria-valuenow')).toBe('25');
    expect(bar('march.pdf').getAttribute('aria-valuetext')).toBe('25% uploaded (1 kB of 4 kB)');
    expect(live.textContent).toBe('Uploading'); // the percentage is not announced
    await act(async () => put.progress(4096));
    expect(bar('march.pdf').getAttribute('aria-valuenow')).toBe('100');
    await act(async () => put.respond(200));

    const steps: string[] = [];
    for (let i = 0; i < 4; i++) {
      await wait(i === 0 ? 0 : POLL_MS);
      steps.push(bar('march.pdf').getAttribute('aria-valuetext') ?? '');
      expect(live.textContent).toBe(steps[i]?.replace(/^Step \d of 4: /, ''));
    }
    expect(steps).toEqual([
      'Step 1 of 4: Reading the statement',
      'Step 2 of 4: Analysing transactions',
      'Step 3 of 4: Classifying transactions',
      'Step 4 of 4: Matching transfers between your accounts',
    ]);
    expect(uploaded).not.toHaveBeenCalled();

    await wait(POLL_MS);
    expect(live.textContent).toBe('Done');
    expect(bar('march.pdf').getAttribute('aria-valuenow')).toBe('100');
    expect(within(row('march.pdf')).getByText('3 new transactions, 1 already loaded')).toBeTruthy();
    const statusCalls = api.calls.filter((c) => c.path.startsWith('/api/uploads/')).length;
    await wait(POLL_MS * 3);
    expect(api.calls.filter((c) => c.path.startsWith('/api/uploads/')).length).toBe(statusCalls);
  });

  it("when done: reloads the table, fires 'transactions-uploaded' once, counts the new rows", async () => {
    api.scriptUpload(
      'march.pdf',
      [{ stage: 'reading' }, { stage: 'done', counts: { added: 3 } }],
      ADDED.map((t) => ({ ...t, account_id: accountId })),
    );
    await upload(pdf('march.pdf'));
    const before = transactionLoads();
    await wait(0);
    expect(within(row('march.pdf')).getByText('Reading the statement')).toBeTruthy();
    await wait(POLL_MS);
    expect(uploaded).toHaveBeenCalledTimes(1);
    const table = await screen.findByRole('table');
    expect(transactionLoads()).toBe(before + 1);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(summary()).toEqual([UPLOAD_MESSAGES.uploaded(1), UPLOAD_MESSAGES.allDone]);
    expect(
      Object.fromEntries(
        [...document.querySelectorAll('.upload-counter')].map((c) => [
          c.querySelector('dt')?.textContent,
          c.querySelector('dd')?.textContent,
        ]),
      ),
    ).toEqual({ Income: '1', 'Internal Transfers': '1', 'External Expenses': '1' });
    await wait(POLL_MS * 2);
    expect(uploaded).toHaveBeenCalledTimes(1);
  });

  it("says when the statement's balances don't add up, and on how many rows", async () => {
    api.scriptUpload('march.pdf', [
      {
        stage: 'done',
        counts: { added: 12 },
        reconciliation: {
          ok: false,
          breaks: [
            { row: 3, expected: 10, actual: 12, reason: 'running balance' },
            { row: 7, expected: 1, actual: 2, reason: 'running balance' },
            { row: 7, expected: 1, actual: 2, reason: 'closing balance: opening balance plus transactions' },
          ],
        },
      },
    ]);
    await upload(pdf('march.pdf'));
    expect(
      await screen.findByText(
        "The balances on this statement don't add up on 2 rows. Please check those transactions against the PDF.",
      ),
    ).toBeTruthy();
    expect(within(row('march.pdf')).getByText('12 new transactions')).toBeTruthy();
  });

  it('lists what the family should check about a read statement (e.g. the wrong account chosen)', async () => {
    const wrongAccount =
      'This looks like a credit card statement, but it was uploaded to a current account. Please check you chose the right account.';
    api.scriptUpload('amex.pdf', [{ stage: 'done', counts: { added: 5 }, warnings: [wrongAccount] }]);
    await upload(pdf('amex.pdf'));
    const notes = await screen.findByRole('list', { name: 'Notes on amex.pdf' });
    expect(within(notes).getByText(wrongAccount)).toBeTruthy();
  });

  it("shows a failed upload's own message, and no progress bar for it", async () => {
    api.scriptUpload('locked.pdf', [
      { stage: 'reading' },
      { stage: 'failed', message: 'This PDF is password-protected. Please upload an unprotected copy.' },
    ]);
    await upload(pdf('locked.pdf'));
    await wait(0);
    await wait(POLL_MS);
    expect(
      within(row('locked.pdf')).getByText(
        'This PDF is password-protected. Please upload an unprotected copy.',
      ),
    ).toBeTruthy();
    expect(within(row('locked.pdf')).getByText('Could not be processed')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(summary()).toEqual([
      UPLOAD_MESSAGES.noneRead,
      'Failed to process locked.pdf: This PDF is password-protected. Please upload an unprotected copy.',
    ]);
    expect(uploaded).not.toHaveBeenCalled();
  });
});

describe('spec 2 §8 Upload summary', () => {
  const alert = () => document.querySelector('.upload-alert');

  it("a file that is not a PDF at all: 'Please make sure you are uploading PDF files', in red", async () => {
    api.scriptUpload('notes.pdf', [
      { stage: 'failed', message: 'This file is not a PDF.', reason: 'not_pdf' },
    ]);
    await upload(pdf('notes.pdf'));
    await wait(0);
    await wait(POLL_MS);
    expect(summary()).toEqual([
      UPLOAD_MESSAGES.noneProcessed,
      'Failed to process notes.pdf: This file is not a PDF.',
    ]);
    expect(alert()?.classList.contains('upload-alert-danger')).toBe(true);
  });

  it('a batch with any failure is not shown in green; one where every file was read is', async () => {
    api.scriptUpload('may.pdf', [{ stage: 'done', counts: { added: 1 } }]);
    api.scriptUpload('june.pdf', [
      { stage: 'failed', message: 'We could not find any transactions in this statement.' },
    ]);
    await upload(pdf('may.pdf'), pdf('june.pdf'));
    await wait(0);
    await wait(POLL_MS);
    expect(alert()?.classList.contains('upload-alert-warning')).toBe(true);
    expect(alert()?.classList.contains('upload-alert-success')).toBe(false);
  });

  it('a partly failed batch: successes, the files with issues and why, then All done', async () => {
    api.scriptUpload('march.pdf', [{ stage: 'reading' }, { stage: 'done', counts: { added: 1 } }]);
    api.scriptUpload('scan.pdf', [
      { stage: 'failed', message: 'We could not find any transactions in this statement.' },
    ]);
    api.scriptUpload('april.pdf', [{ stage: 'analysing' }, { stage: 'done', counts: { added: 2 } }]);
    await upload(pdf('march.pdf'), pdf('scan.pdf'), pdf('april.pdf'));
    await wait(0);
    expect(summary()).toEqual([]);
    await wait(POLL_MS);
    expect(summary()).toEqual([
      '2 statement(s) uploaded successfully',
      '1 files had issues',
      'Failed to process scan.pdf: We could not find any transactions in this statement.',
      UPLOAD_MESSAGES.allDone,
    ]);
    expect(uploaded).toHaveBeenCalledTimes(1);
  });

  it("a statement done while another of its batch is still being read: the table reloads then, not at the batch's end", async () => {
    api.scriptUpload(
      'march.pdf',
      [{ stage: 'reading' }, { stage: 'done', counts: { added: 3 } }],
      ADDED.map((t) => ({ ...t, account_id: accountId })),
    );
    api.scriptUpload('april.pdf', [
      { stage: 'reading' },
      { stage: 'reading' },
      { stage: 'reading' },
      { stage: 'done', counts: { added: 0 } },
    ]);
    await upload(pdf('march.pdf'), pdf('april.pdf'));
    await wait(0);
    expect(uploaded).toHaveBeenCalledTimes(0);
    await wait(POLL_MS);
    expect(within(row('april.pdf')).getByText('Reading the statement')).toBeTruthy();
    expect(uploaded).toHaveBeenCalledTimes(1);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(summary()).toEqual([]);
    await wait(POLL_MS * 3);
    expect(summary()).toEqual([UPLOAD_MESSAGES.uploaded(2), UPLOAD_MESSAGES.allDone]);
    expect(uploaded).toHaveBeenCalledTimes(2);
  });

  it('a refused start that timed out: the timeout message with its suggestions', async () => {
    api.fail('POST /api/uploads', 504, { message: 'Endpoint request timed out' });
    await upload(pdf('big.pdf'));
    expect(await screen.findByText(`Failed to process big.pdf: ${UPLOAD_MESSAGES.timeout}`)).toBeTruthy();
    expect(summary()).toEqual([
      UPLOAD_MESSAGES.noneRead,
      `Failed to process big.pdf: ${UPLOAD_MESSAGES.timeout}`,
      ...UPLOAD_MESSAGES.timeoutSuggestions,
    ]);
  });

  it("other refused starts: 'Failed to start pipeline: {message}'; storage failures: 'Failed to upload PDF: {message}'", async () => {
    xhr.manual();
    const user = await upload(pdf('one.pdf'));
    await vi.waitFor(() => expect(xhr.requests).toHaveLength(1));
    await act(async () => xhr.requests[0]?.respond(403));
    expect(
      await screen.findByText(
        'Failed to process one.pdf: Failed to upload PDF: the storage service answered 403',
      ),
    ).toBeTruthy();
    api.fail('POST /api/uploads', 404, { error: { code: 'not_found', message: 'Account not found' } });
    await user.upload(screen.getByLabelText('Statements (PDF)'), pdf('two.pdf'));
    expect(
      await screen.findByText('Failed to process two.pdf: Failed to start pipeline: Account not found'),
    ).toBeTruthy();
  });
});

describe('spec 2 §9 refresh delay: 45 s at most', () => {
  it("reloads at 45 s with 'Almost done!', follows the statement on, and reloads again when it is done", async () => {
    api.scriptUpload('slow.pdf', [{ stage: 'analysing' }]);
    await upload(pdf('slow.pdf'));
    await wait(0);
    const before = transactionLoads();
    await wait(MAX_WAIT_MS - 1_000);
    expect(summary()).toEqual([]);
    expect(uploaded).not.toHaveBeenCalled();
    expect(within(row('slow.pdf')).getByText('Analysing transactions')).toBeTruthy();

    await wait(1_000);
    expect(summary()).toEqual([UPLOAD_MESSAGES.uploaded(1), UPLOAD_MESSAGES.almostDone]);
    expect(uploaded).toHaveBeenCalledTimes(1);
    await wait(0);
    expect(transactionLoads()).toBe(before + 1);

    api.continueUpload('slow.pdf', [{ stage: 'done', counts: { added: 0, duplicates: 5 } }]);
    await wait(POLL_MS);
    expect(within(row('slow.pdf')).getByText('Done')).toBeTruthy();
    expect(summary()).toEqual([UPLOAD_MESSAGES.uploaded(1), UPLOAD_MESSAGES.allDone]);
    expect(uploaded).toHaveBeenCalledTimes(2);
  });

  it('starts counting the 45 s only once the bytes are stored', async () => {
    xhr.manual();
    api.scriptUpload('slow.pdf', [{ stage: 'reading' }]);
    await upload(pdf('slow.pdf'));
    await vi.waitFor(() => expect(xhr.requests).toHaveLength(1));
    await wait(MAX_WAIT_MS + 5_000);
    expect(summary()).toEqual([]);
    await act(async () => xhr.requests[0]?.respond(200));
    await wait(MAX_WAIT_MS - 1_000);
    expect(summary()).toEqual([]);
    await wait(1_000);
    expect(summary()).toEqual([UPLOAD_MESSAGES.uploaded(1), UPLOAD_MESSAGES.almostDone]);
  });
});

describe('spec 2 §4 Upload: reload on transaction events', () => {
  it("reloads the table on 'transactions-updated' too", async () => {
    await openPage();
    const before = transactionLoads();
    await act(async () => window.dispatchEvent(new Event('transactions-updated')));
    await wait(0);
    expect(transactionLoads()).toBe(before + 1);
  });
});
