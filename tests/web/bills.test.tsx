import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillsResponse, RegularSeriesDto } from '../../functions/contracts/bills';
import { CATEGORIES } from '../../functions/domain/categories';
import { APP_PAGES } from '../../web/src/app/pages';
import { createQueryClient } from '../../web/src/app/query-client';
import { BillsPage } from '../../web/src/features/bills/BillsPage';
import { OverviewForecast } from '../../web/src/features/bills/OverviewForecast';

/** Bills & Regular Payments with the real API client over a stubbed fetch answering as GET /api/bills does. */
vi.mock('../../web/src/auth/session', () => ({ getIdToken: async () => 'test-id-token' }));

function series(payee: string, extra: Partial<RegularSeriesDto> = {}): RegularSeriesDto {
  return {
    id: `payment:acc1:${payee.toUpperCase()}`,
    kind: 'payment',
    payee,
    detected_payee: payee,
    account_id: 'acc1',
    category_id: 'bills.energy',
    channel: 'direct_debit',
    frequency: 'monthly',
    usual_amount: 96,
    min_amount: 96,
    max_amount: 96,
    fixed: true,
    last_date: '2026-03-02',
    last_amount: 96,
    next_date: '2026-04-01',
    occurrences: 12,
    yearly_cost: 1152,
    status: 'active',
    missed_date: null,
    unusual: null,
    note: null,
    instalments: null,
    confirmed: false,
    salary: false,
    schedule: { unit: 'month', every: 1, day: 1, last_nominal: '2026-03-01', skip_months: [] },
    transaction_ids: ['t1'],
    ...extra,
  };
}

let response: BillsResponse;
let puts: unknown[];

beforeEach(() => {
  puts = [];
  response = {
    today: '2026-03-11',
    history_from: '2024-01-01',
    transactions_read: 412,
    payments: [
      series('British Gas', {
        max_amount: 142,
        last_amount: 142,
        fixed: false,
        unusual: { date: '2026-03-02', amount: 142, usual: 96 },
        note: 'British Gas took £142, usually £96',
      }),
      series('Spotify', {
        id: 'payment:acc1:SPOTIFY',
        usual_amount: 11.99,
        status: 'ended',
        next_date: null,
        yearly_cost: 0,
        category_id: null,
      }),
    ],
    incomes: [
      series('Acme', {
        id: 'income:acc1:ACME',
        kind: 'income',
        salary: true,
        usual_amount: 2400,
        yearly_cost: 28800,
      }),
    ],
    savings: [],
    dismissed: [series('Amazon', { id: 'payment:acc1:AMAZON', usual_amount: 8.99 })],
    yearly: { payments: 1152, incomes: 28800, savings: 0 },
    accounts: [
      {
        id: 'acc1',
        name: 'Joint current',
        account_type: 'current',
        balance: 310.5,
        balance_as_of: '2026-03-10',
      },
    ],
    calendar: [
      {
        date: '2026-03-12',
        series_id: 'payment:acc1:BRITISH GAS',
        payee: 'British Gas',
        kind: 'payment',
        account_id: 'acc1',
        amount: -96,
        min_amount: 96,
        max_amount: 142,
        balance_after: 214.5,
        shortfall: false,
      },
      {
        date: '2026-03-20',
        series_id: 'payment:acc1:RENT',
        payee: 'Rent',
        kind: 'payment',
        account_id: 'acc1',
        amount: -900,
        min_amount: 900,
        max_amount: 900,
        balance_after: -685.5,
        shortfall: true,
      },
    ],
    forecast: {
      month_end: '2026-03-31',
      accounts: [{ account_id: 'acc1', name: 'Joint current', balance: 310.5, as_of: '2026-03-10' }],
      accounts_without_balance: [],
      balance: 310.5,
      expected_in: 2400,
      expected_out: 996,
      expected: 1714.5,
      low: 1668.5,
      high: 1714.5,
      in_credit: true,
      payments: 2,
      incomes: 1,
      savings: 0,
      note: 'Based on 2 regular payments and your salary on the 25th, from the latest balance of 1 current account (statements to 10 Mar 2026).',
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      const ok = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (path === '/api/bills') return ok(response);
      if (path === '/api/categories') return ok({ categories: CATEGORIES });
      if (path === '/api/bills/decisions' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { series_id: string; name?: string };
        puts.push(body);
        response = {
          ...response,
          payments: response.payments.map((s) =>
            s.id === body.series_id && body.name ? { ...s, payee: body.name } : s,
          ),
        };
        return ok({
          decision: {
            series_id: body.series_id,
            status: null,
            name: body.name ?? null,
            category_id: null,
            updated_at: '2026-03-11T10:00:00Z',
          },
        });
      }
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), {
        status: 404,
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderWith = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('Bills & Regular Payments', () => {
  it('is in the Dashboards navigation at /app/bills', () => {
    expect(APP_PAGES.find((p) => p.path === 'bills')).toMatchObject({
      label: 'Bills & Regular Payments',
      group: 'Dashboards',
    });
  });

  it('lists each regular payment with its facts, a large payment and an ending marked', async () => {
    renderWith(<BillsPage />);
    const payments = await screen.findByRole('region', { name: 'Regular payments' });
    const gas = within(payments).getByRole('heading', { name: 'British Gas' }).closest('li') as HTMLElement;
    expect(within(gas).getByText('British Gas took £142, usually £96')).toBeTruthy();
    expect(within(gas).getByText('Unusually large')).toBeTruthy();
    expect(gas.textContent).toContain('£96.00');
    expect(gas.textContent).toContain('£142.00');
    expect(gas.textContent).toContain('Monthly');
    expect(gas.textContent).toContain('1 Apr 2026');
    expect(gas.textContent).toContain('£1,152.00');
    expect(gas.textContent).toContain('Joint current');
    await waitFor(() => expect(gas.textContent).toContain('Energy'));
    const spotify = within(payments).getByRole('heading', { name: 'Spotify' }).closest('li') as HTMLElement;
    expect(within(spotify).getByText('Ended')).toBeTruthy();
    expect(spotify.textContent).toContain('Not expected');
    expect(within(payments).getByText(/a year/).textContent).toBe('£1,152 a year');
    const incomes = screen.getByRole('region', { name: 'Regular income' });
    expect(within(incomes).getByRole('heading', { name: 'Acme' })).toBeTruthy();
    expect(screen.getByText('No regular transfers to your own accounts found.')).toBeTruthy();
  });

  it('shows the month-end forecast and the calendar with a shortfall', async () => {
    renderWith(<BillsPage />);
    const forecast = await screen.findByRole('region', { name: 'Month-end forecast' });
    expect(forecast.textContent).toContain('£1,715');
    expect(forecast.textContent).toContain('In credit');
    expect(forecast.textContent).toContain('between £1,669 and £1,715');
    expect(forecast.textContent).toContain('your salary on the 25th');
    const calendar = screen.getByRole('region', { name: 'Coming 30 days' });
    const rent = within(calendar).getByText('Rent').closest('li') as HTMLElement;
    expect(within(rent).getByText('Shortfall')).toBeTruthy();
    expect(rent.textContent).toContain('−£685.50');
    expect(within(calendar).getByRole('list', { name: 'Latest statement balances' }).textContent).toContain(
      '£310.50',
    );
  });

  it('renames a payment through its actions menu, and undoes a dismissal', async () => {
    const user = userEvent.setup();
    renderWith(<BillsPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for British Gas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename British Gas' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'A name is 1 to 80 characters',
    );
    await user.type(name, 'Gas & electric');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Gas & electric' });
    expect(puts).toEqual([{ series_id: 'payment:acc1:BRITISH GAS', name: 'Gas & electric' }]);
    await user.click(screen.getByRole('button', { name: 'Show Amazon as regular again' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ series_id: 'payment:acc1:AMAZON', status: null });
  });

  it('marks a payment ended from the menu', async () => {
    const user = userEvent.setup();
    renderWith(<BillsPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for British Gas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'It has ended' }));
    await waitFor(() => expect(puts).toEqual([{ series_id: 'payment:acc1:BRITISH GAS', status: 'ended' }]));
  });

  it('the overview card shows the forecast with a link to the page', async () => {
    renderWith(<OverviewForecast ready expected />);
    const card = await screen.findByRole('region', { name: 'Month-end forecast' });
    expect(within(card).getByRole('link', { name: 'See your bills and regular payments' })).toHaveProperty(
      'pathname',
      '/app/bills',
    );
  });

  it("the overview card asks for the bills only once it is ready, holding the card's place meanwhile", async () => {
    const client = createQueryClient();
    const view = (ready: boolean) => (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <OverviewForecast ready={ready} expected />
        </MemoryRouter>
      </QueryClientProvider>
    );
    const requested = (path: string) =>
      vi
        .mocked(fetch)
        .mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path).length;
    const { rerender } = render(view(false));
    expect(document.querySelector('.forecast-placeholder')).not.toBeNull();
    expect(requested('/api/bills')).toBe(0);
    rerender(view(true));
    await screen.findByRole('region', { name: 'Month-end forecast' });
    expect(document.querySelector('.forecast-placeholder')).toBeNull();
    expect(requested('/api/bills')).toBe(1);
  });
});
