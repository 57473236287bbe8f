import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckEditRequest, StatementCheck } from '../../functions/contracts/statement-check';
import {
  CHECK_REASON_TEXT,
  type CheckEdit,
  type CheckReading,
  describeEdit,
  runCheck,
} from '../../functions/domain/statement-check';
import { createQueryClient } from '../../web/src/app/query-client';
import { CheckStatementPage } from '../../web/src/features/check/CheckStatementPage';

/**
 * Check Statement over a small stand-in API that runs the real domain check (the reading and the edits kept
 * as the API keeps them): the rows beside the sums and where they break, the sums rerun as the family types,
 * a missed row added, Import offered once it adds up, the member's view, and axe on the screen.
 */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

const reading: CheckReading = {
  institution: 'Monzo',
  period: { start: '2025-03-01', end: '2025-03-31' },
  openingBalance: 100,
  closingBalance: 60,
  transactions: [
    { date: '2025-03-02', description: 'SALARY', amount: 50, signedAmount: 50, type: 'credit', balance: 150 },
    { date: '2025-03-09', description: 'RENT', amount: 60, signedAmount: -60, type: 'debit', balance: 60 },
  ],
  reconciliation: { ok: false, breaks: [] },
  warnings: [],
  accountKind: 'bank',
  identity: { sort_code: null, account_number: null, card_last4: null },
  // Where each row stands on page 1: its line, its amount and its balance.
  regions: [0.3, 0.33].map((top) => ({
    row: { page: 1, left: 0.1, right: 0.9, top, bottom: top + 0.02 },
    amount: { page: 1, left: 0.6, right: 0.7, top, bottom: top + 0.02 },
    balance: { page: 1, left: 0.8, right: 0.9, top, bottom: top + 0.02 },
  })),
};
/** A 1 × 1 PNG: the page as the API draws it. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const account = { id: 'ACC1', name: 'Everyday', account_type: 'current', bank_name: 'Monzo' };

/** What the scan could not read clearly, as the API gives it. */
let unreadable: StatementCheck['unreadable'] = [];
let edits: CheckEdit[];
let role: 'admin' | 'member';
let imported: boolean[];

function checkBody(): StatementCheck {
  const result = runCheck(reading, account, edits);
  return {
    upload: {
      uploadId: 'UP1',
      accountId: 'ACC1',
      fileName: 'march.pdf',
      size: 1000,
      stage: imported.length ? 'done' : 'needs_check',
      message: null,
      reason: null,
      counts: { added: 3 },
      reconciliation: null,
      institution: 'Monzo',
      period: reading.period,
      warnings: [],
      createdAt: '2025-04-01T10:00:00.000Z',
      updatedAt: '2025-04-01T10:00:00.000Z',
    },
    reasons: [{ code: 'does_not_add_up', text: CHECK_REASON_TEXT.does_not_add_up }],
    open: result.open.map((code) => ({ code, text: CHECK_REASON_TEXT[code] })),
    accountId: 'ACC1',
    accountKind: 'bank',
    institution: 'Monzo',
    period: result.statement.period,
    named: { sort_code: null, account_number: null, card_last4: null },
    rows: result.statement.rows,
    sums: result.sums,
    breaks: result.breaks,
    addsUp: result.addsUp,
    canImport: result.canImport,
    unreadable,
    original: { rows: 2, reconciliation: { ok: false, breaks: [] }, warnings: [] },
    edits: edits.map((edit) => ({ edit: { ...edit }, summary: describeEdit(edit), by: 'u', at: 'now' })),
    outcome: imported.length ? 'imported' : null,
    canDecide: role === 'admin',
    pages: 1,
  };
}

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const json = (body: unknown, status = 200) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  if (url.pathname === '/api/uploads/UP1/check') return json(checkBody());
  if (url.pathname === '/api/uploads/UP1/check/pages/1')
    return json({ page: 1, pages: 1, width: 850, height: 1100, image: PNG });
  if (url.pathname === '/api/uploads/UP1/check/edits') {
    const request = body as CheckEditRequest;
    edits.push(request.op === 'add_row' ? { ...request, id: `a${edits.length}` } : request);
    return json(checkBody());
  }
  if (url.pathname === '/api/uploads/UP1/check/import') {
    imported.push(Boolean(body?.anyway));
    return json(checkBody().upload);
  }
  if (url.pathname === '/api/uploads/UP1') return json(checkBody().upload);
  if (url.pathname === '/api/accounts')
    return json({
      accounts: [
        {
          ...account,
          family_id: 'F',
          institution_id: null,
          detected_institution_id: null,
          is_active: true,
          is_archived: false,
          archived_at: null,
          created_at: '2025-01-01T00:00:00.000Z',
        },
      ],
    });
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

beforeEach(() => {
  unreadable = [];
  edits = [];
  role = 'admin';
  imported = [];
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/app/setup/upload/check/UP1']}>
        <Routes>
          <Route path="/app/setup/upload/check/:uploadId" element={<CheckStatementPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const sums = () => screen.getByRole('region', { name: "The statement's sums" });

describe('Check Statement', () => {
  it('shows why it waits, the rows beside the sums, and where they break', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Check Statement', level: 1 })).toBeTruthy();
    expect(await screen.findByText(CHECK_REASON_TEXT.does_not_add_up)).toBeTruthy();
    expect((screen.getByLabelText('Description of row 1') as HTMLInputElement).value).toBe('SALARY');
    expect(within(sums()).getByText('Does not add up yet')).toBeTruthy();
    const breaks = within(sums()).getByRole('list', { name: 'Where the sums break' });
    expect(breaks.textContent).toContain(
      'Closing balance: the statement prints £60.00, the rows come to £90.00',
    );
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the sums run again as the family types, before anything is sent', async () => {
    renderPage();
    const amount = await screen.findByLabelText('Amount of row 2');
    await userEvent.clear(amount);
    await userEvent.type(amount, '-90.00');
    expect(within(sums()).getByText('Adds up')).toBeTruthy();
    expect(within(sums()).getByText('(with what you are typing)')).toBeTruthy();
    expect(edits).toEqual([]);
    await userEvent.tab();
    await waitFor(() => expect(edits).toEqual([{ op: 'edit_row', row: 'r1', signedAmount: -90 }]));
  });

  it('a missed row added: it adds up, and Import imports it', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Add a row the reader missed' });
    await userEvent.selectOptions(within(form).getByLabelText('After'), 'r0');
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2025-03-05' } });
    await userEvent.type(within(form).getByLabelText('Description'), 'TESCO');
    await userEvent.type(within(form).getByLabelText('Amount (money out as −)'), '-30');
    await userEvent.click(within(form).getByRole('button', { name: 'Add the row' }));
    await waitFor(() => expect(within(sums()).getByText('Adds up')).toBeTruthy());
    expect((screen.getByLabelText('Description of row 2') as HTMLInputElement).value).toBe('TESCO');
    const importButton = screen.getByRole('button', { name: 'Import' });
    await waitFor(() => expect((importButton as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(importButton);
    expect(await screen.findByText('Imported')).toBeTruthy();
    expect(imported).toEqual([false]);
  });

  it('a member sees the check and fixes it, but the admin imports', async () => {
    role = 'member';
    renderPage();
    expect(
      await screen.findByText(/Only your family's admin can import or discard this statement/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect((screen.getByLabelText('Amount of row 1') as HTMLInputElement).disabled).toBe(false);
  });

  it('draws the page beside the rows: each row read outlined, the balance where the sums break marked', async () => {
    renderPage();
    const pages = await screen.findByRole('region', { name: 'The statement, as printed' });
    const image = await within(pages).findByRole('img');
    expect(image.getAttribute('alt')).toBe(
      'Page 1 of 1 of the statement, 2 rows read outlined, 1 printed balance the rows do not reach marked',
    );
    expect(image.getAttribute('src')).toBe(PNG);
    const marks = pages.querySelectorAll('.check-page-marks .check-mark');
    expect([...marks].map((m) => (m as HTMLElement).dataset.row)).toEqual(['r0', 'r1']);
    expect((marks[0] as HTMLElement).style.top).toBe('29.700%');
    // The second row's printed balance is where the sums break.
    expect(marks[1]?.classList.contains('check-mark-break')).toBe(true);
    expect(pages.querySelectorAll('.check-page-marks .check-mark-figure')).toHaveLength(1);
    expect(within(pages).getByRole('list', { name: 'What the marks on the page mean' })).toBeTruthy();
  });

  it('on a phone the page is one tap away, in a dialog', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: true,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    renderPage();
    await screen.findByLabelText('Description of row 1');
    expect(screen.queryByRole('img')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: "See the statement's page" }));
    const dialog = await screen.findByRole('dialog', { name: 'march.pdf, as printed' });
    expect((await within(dialog).findByRole('img')).getAttribute('alt')).toMatch(/^Page 1 of 1/);
  });

  it("marks the parts of a row a scan could not read clearly: a description's unsure words, a misread date", async () => {
    unreadable = [
      { row: 1, cell: 'description', text: 'Z1Z7Z1', reason: 'Read with little confidence' },
      { row: 0, cell: 'date', text: '41/03/25', reason: 'Not a date' },
      { row: null, cell: 'closing', text: '6O.00', reason: 'Not a figure' },
    ];
    renderPage();
    const description2 = (await screen.findByLabelText('Description of row 2')).closest('td') as HTMLElement;
    expect(within(description2).getByText('Words unclear')).toBeTruthy();
    const date1 = screen.getByLabelText('Date of row 1').closest('td') as HTMLElement;
    expect(within(date1).getByText('Date unclear')).toBeTruthy();
    const description1 = screen.getByLabelText('Description of row 1').closest('td') as HTMLElement;
    expect(within(description1).queryByText('Words unclear')).toBeNull();
    expect(screen.queryByText('Amount unclear')).toBeNull();
  });

  it('is axe-clean', async () => {
    const { container } = renderPage();
    await screen.findByLabelText('Description of row 1');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
