import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ExportMapping,
  MAPPING_MESSAGES,
  type MappingRequest,
  mappingRequestSchema,
} from '../../functions/contracts/export-mapping';
import type { Upload } from '../../functions/contracts/uploads';
import type { CsvMapping } from '../../functions/domain/exports/mapping';
import { createQueryClient } from '../../web/src/app/query-client';
import { MapColumnsPage } from '../../web/src/features/mapping/MapColumnsPage';

/**
 * Map the columns over a small stand-in API: the file's columns in the kit's selects (React Aria), the
 * first guess shown, the live preview reading the first rows with the same domain code the import uses (a
 * wrong date format names the row it cannot read and holds Import back), the answer sent in the shared
 * contract's shape, the member's view, a QIF file's one question, and axe on the screen.
 */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

let kind: 'csv' | 'qif';
let role: 'admin' | 'member';
let answers: MappingRequest[];

/** A poor first guess (the paid-out column as a signed amount): the family corrects it. */
const POOR_GUESS: CsvMapping = {
  date: 0,
  description: 1,
  amountKind: 'one',
  amount: 2,
  moneyOut: null,
  moneyIn: null,
  balance: null,
  dateFormat: 'dmy',
  sign: 'in_positive',
};
let suggested: CsvMapping;
/** A file of unsigned amounts with a DR/CR column, written with decimal commas. */
let marked: boolean;

const upload = (stage: Upload['stage']): Upload => ({
  uploadId: 'UP1',
  accountId: 'ACC1',
  fileName: kind === 'csv' ? 'download.csv' : 'card.qif',
  size: 200,
  stage,
  message:
    stage === 'needs_mapping'
      ? kind === 'csv'
        ? MAPPING_MESSAGES.csvWaiting
        : MAPPING_MESSAGES.qifWaiting
      : null,
  reason: null,
  counts: stage === 'done' ? { parsed: 3, added: 3, duplicates: 0 } : {},
  reconciliation: null,
  institution: null,
  period: null,
  warnings: [],
  createdAt: '2025-04-01T10:00:00.000Z',
  updatedAt: '2025-04-01T10:00:00.000Z',
});

function mappingBody(): ExportMapping {
  if (kind === 'qif')
    return {
      upload: upload('needs_mapping'),
      kind: 'qif',
      columns: ['Date', 'Payee', 'Amount'],
      rows: [
        { cells: ['01/02/24', 'AMAZON.CO.UK', '-12.99'], line: 2 },
        { cells: ['02/03/24', 'PAYMENT THANK YOU', '150.00'], line: 6 },
      ],
      rowCount: 2,
      suggested: {
        date: 0,
        description: 1,
        amountKind: 'one',
        amount: 2,
        moneyOut: null,
        moneyIn: null,
        balance: null,
        dateFormat: 'dmy',
        sign: 'in_positive',
      },
      canDecide: role === 'admin',
    };
  if (marked)
    return {
      upload: upload('needs_mapping'),
      kind: 'csv',
      columns: ['Posted', 'Payee', 'Reference', 'Value', 'Type'],
      rows: [
        { cells: ['02/01/2025', 'TESCO', 'CARD 1234', '23,40', 'DR'], line: 2 },
        { cells: ['03/01/2025', 'SALARY', 'BGC', '2.500,00', 'CR'], line: 3 },
      ],
      rowCount: 2,
      suggested,
      canDecide: role === 'admin',
    };
  return {
    upload: upload('needs_mapping'),
    kind: 'csv',
    columns: ['Posted', 'Payee', 'Paid out', 'Paid in', 'Total'],
    rows: [
      { cells: ['02/01/2025', 'TESCO', '23.40', '', '976.60'], line: 2 },
      { cells: ['03/01/2025', 'SALARY', '', '2,500.00', '3,476.60'], line: 3 },
      { cells: ['15/01/2025', 'COUNCIL TAX', '150.00', '', '3,326.60'], line: 4 },
    ],
    rowCount: 3,
    suggested,
    canDecide: role === 'admin',
  };
}

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const json = (body: unknown, status = 200) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );
  if (url.pathname === '/api/uploads/UP1/mapping' && init?.method === 'POST') {
    const parsed = mappingRequestSchema.safeParse(JSON.parse(String(init.body)));
    if (!parsed.success) return json({ error: { code: 'validation', message: 'bad' } }, 400);
    answers.push(parsed.data);
    return json(upload('reading'));
  }
  if (url.pathname === '/api/uploads/UP1/mapping') return json(mappingBody());
  if (url.pathname === '/api/uploads/UP1') return json(upload(answers.length ? 'done' : 'needs_mapping'));
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

beforeEach(() => {
  kind = 'csv';
  role = 'admin';
  answers = [];
  suggested = POOR_GUESS;
  marked = false;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/app/setup/upload/map/UP1']}>
        <Routes>
          <Route path="/app/setup/upload/map/:uploadId" element={<MapColumnsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The select's button: named by its value, then its label (React Aria's Select). */
const selectNamed = (label: string) =>
  screen.getByRole('button', { name: new RegExp(` ${escapeRegExp(label)}$`) });

/** Opens the select labelled `label` and picks the option whose text starts with `option`. */
async function choose(label: string, option: string) {
  const button = selectNamed(label);
  await userEvent.click(button);
  const list = await screen.findByRole('listbox');
  await userEvent.click(within(list).getByRole('option', { name: new RegExp(`^${escapeRegExp(option)}`) }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}
const escapeRegExp = (s: string) => s.replace(/[()]/g, '\\$&');

const preview = () => screen.getByRole('region', { name: 'How the first rows will be read' });

describe('Map the columns', () => {
  it('shows the columns with an example each, and the first rows as the guess reads them', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Map the columns', level: 1 })).toBeTruthy();
    await screen.findByRole('heading', { name: 'download.csv', level: 2 });
    expect(screen.getByText(MAPPING_MESSAGES.csvWaiting)).toBeTruthy();
    expect(selectNamed('Date').textContent).toContain('Posted (e.g. 02/01/2025)');
    // The guess reads 'Paid out' as a signed amount: salary's row has no amount there, and is left out.
    expect(within(preview()).getByText('TESCO')).toBeTruthy();
    expect(within(preview()).getByText('£23.40')).toBeTruthy();
    expect(within(preview()).getByText('Not a transaction: left out.')).toBeTruthy();
  });

  it('the family maps money out and money in and the balance: the preview reads every row', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'download.csv', level: 2 });
    await choose('Amounts', 'Two columns, out and in');
    await choose('Money out', 'Paid out');
    await choose('Money in', 'Paid in');
    await choose('Balance (optional)', 'Total');
    const rows = within(preview()).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'LineDateDescriptionAmountBalance',
      '22 Jan 2025TESCO−£23.40£976.60',
      '33 Jan 2025SALARY£2,500.00£3,476.60',
      '415 Jan 2025COUNCIL TAX−£150.00£3,326.60',
    ]);
    expect(within(preview()).getByText('The first 3 of 3 rows read like this.')).toBeTruthy();
    // Four popovers opened and closed through user-event: on a busy shared runner this passes 15 s.
  }, 30_000);

  it('Import sends the mapping in the shared contract, only the chosen amount columns', async () => {
    suggested = { ...POOR_GUESS, amountKind: 'split', moneyOut: 2, moneyIn: 3, balance: 4 };
    renderPage();
    await screen.findByRole('heading', { name: 'download.csv', level: 2 });
    await userEvent.click(screen.getByRole('button', { name: 'Import with these columns' }));
    expect(await screen.findByText(/3 new transactions from download.csv/)).toBeTruthy();
    expect(answers).toEqual([
      {
        kind: 'csv',
        mapping: {
          date: 0,
          description: 1,
          amountKind: 'split',
          amount: null,
          moneyOut: 2,
          moneyIn: 3,
          direction: null,
          balance: 4,
          dateFormat: 'dmy',
          sign: 'in_positive',
        },
      },
    ]);
  });

  it('a DR/CR column, a reference added to the description and amounts with a decimal comma', async () => {
    marked = true;
    renderPage();
    await screen.findByRole('heading', { name: 'download.csv', level: 2 });
    await choose('Amounts', 'One column, and a column saying in or out');
    await choose('Amount', 'Value');
    await choose('In or out', 'Type');
    await choose('Add to the description (optional)', 'Reference');
    await choose('Pence written after', 'Comma');
    const rows = within(preview()).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'LineDateDescriptionAmountBalance',
      '22 Jan 2025TESCO CARD 1234−£23.40—',
      '33 Jan 2025SALARY BGC£2,500.00—',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Import with these columns' }));
    await waitFor(() =>
      expect(answers).toEqual([
        {
          kind: 'csv',
          mapping: {
            ...POOR_GUESS,
            details: [2],
            amountKind: 'marked',
            amount: 3,
            moneyOut: null,
            moneyIn: null,
            direction: 4,
            decimal: 'comma',
          },
        },
      ]),
    );
  }, 30_000);

  it('a mapping that cannot read a row says which and why, and Import waits', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'download.csv', level: 2 });
    await choose('Date format', 'Month first');
    expect(
      within(preview()).getByText('We could not read the date "15/01/2025" on line 4 of this file.'),
    ).toBeTruthy();
    expect(within(preview()).getByText(/1 of the first 3 rows cannot be read this way/)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Import with these columns' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await choose('Description', 'Posted');
    expect(within(preview()).getByText('Each column can be chosen once only.')).toBeTruthy();
  });

  it('keyboard: the select opens with the arrow key on its picked option; Escape closes it', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'download.csv', level: 2 });
    const format = selectNamed('Date format');
    format.focus();
    await userEvent.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox', { name: /Date format/ });
    expect(within(list).getAllByRole('option')).toHaveLength(3);
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Day first/));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(document.activeElement).toBe(format);
  });

  it('a member sees the file but the admin imports', async () => {
    role = 'member';
    renderPage();
    expect(await screen.findByText("Only your family's admin can import this file.")).toBeTruthy();
    expect(selectNamed('Date')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import with these columns' })).toBeNull();
  });

  it('a QIF file: only the order of its dates, shown read both ways', async () => {
    kind = 'qif';
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Choose the date order', level: 1 })).toBeTruthy();
    await screen.findByRole('heading', { name: 'card.qif', level: 2 });
    expect(screen.queryByRole('button', { name: / Amounts$/ })).toBeNull();
    expect(within(preview()).getByText('1 Feb 2024')).toBeTruthy();
    await choose('Date format', 'Month first');
    expect(within(preview()).getByText('2 Jan 2024')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Import with this date order' }));
    await waitFor(() => expect(answers).toEqual([{ kind: 'qif', dateOrder: 'mdy' }]));
  });

  it('is axe-clean', async () => {
    const { container } = renderPage();
    await screen.findByRole('heading', { name: 'download.csv', level: 2 });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
