import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { AskResponse } from '../../functions/contracts/assistant';
import type { CategoriesResponse } from '../../functions/contracts/spending';
import type { Transaction } from '../../functions/contracts/transactions';
import { localDate } from '../../functions/domain/dates';
import { flowTypeLabel } from '../../functions/domain/flow-types';
import { formatDateMedium, formatMoney, formatPercent } from '../../functions/domain/format';
import { percentageChange } from '../../functions/domain/percentage-change';
import { generateAccountStatement, type OrderedRow } from '../fixtures/statements/generate';
import type { ApiCaller } from '../support/api';
import { uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageCaller, signIn } from './journey';

/**
 * A family's first two months in real Chromium, as the figures' screens show them: a current account (salary
 * on the 1st, rent by standing order on the 1st, a £600 transfer to savings, groceries, a subscription, lunch,
 * a purchase with part of it refunded)
 * and a savings account (the £600 each month, interest last month), one statement per account and month
 * uploaded through the API the page itself calls. Every figure of the overview, the comparison with the
 * previous calendar month, Account Types, Account Setup, Spend by Category and three assistant answers is
 * read off the screen and checked against sums worked out here from these rows (not with the product's
 * figure code): money in = salaries and interest; money out = rent and spending less the refund; the transfers are moved
 * between the family's own accounts, each once, and in neither.
 *
 * The months are this month and last month by the machine's clock (Europe/London): this month's rows fall on
 * days up to today.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
const email = `figures-${ulid().toLowerCase()}@example.co.uk`;

const today = localDate(new Date());
const thisMonth = today.slice(0, 7);
const shift = (month: string, by: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
};
const lastMonth = shift(thisMonth, -1);
const monthEnd = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};
/** Day `day` of `month`, no later than today. */
const on = (month: string, day: number) => {
  const date = `${month}-${String(day).padStart(2, '0')}`;
  return date > today ? today : date;
};

type Kind = 'salary' | 'rent' | 'spend' | 'refund' | 'transfer' | 'interest';
interface Row extends OrderedRow {
  kind: Kind;
  /** The spending category a family expects (Spend by Category's parent category id). */
  category?: string;
}

function currentRows(month: string, salary: number, groceries: number): Row[] {
  return [
    { kind: 'salary', date: on(month, 1), description: 'SALARY ACME LTD', signedAmount: salary },
    {
      kind: 'rent',
      date: on(month, 1),
      description: 'SO J SMITH RENT',
      signedAmount: -1150,
      category: 'housing',
    },
    { kind: 'transfer', date: on(month, 2), description: 'TFR 87654321 SAVINGS', signedAmount: -600 },
    {
      kind: 'spend',
      date: on(month, 4),
      description: 'TESCO STORES 2345',
      signedAmount: -groceries,
      category: 'groceries',
    },
    {
      kind: 'spend',
      date: on(month, 6),
      description: 'NETFLIX.COM',
      signedAmount: -10.99,
      category: 'entertainment',
    },
    {
      kind: 'spend',
      date: on(month, 9),
      description: 'PRET A MANGER',
      signedAmount: -6.5,
      category: 'eating_out',
    },
    // a purchase and part of it refunded: money back on spending, not income
    {
      kind: 'spend',
      date: on(month, 3),
      description: 'ARGOS LTD 0512',
      signedAmount: -45,
      category: 'shopping',
    },
    {
      kind: 'refund',
      date: on(month, 8),
      description: 'REFUND ARGOS',
      signedAmount: 15,
      category: 'shopping',
    },
  ];
}

const savingsRows = (month: string, interest: number | null): Row[] => [
  { kind: 'transfer', date: on(month, 2), description: 'TRANSFER FROM 12345678', signedAmount: 600 },
  ...(interest
    ? [
        {
          kind: 'interest' as const,
          date: on(month, 28),
          description: 'INTEREST PAID GROSS',
          signedAmount: interest,
        },
      ]
    : []),
];

const ROWS = {
  current: {
    [lastMonth]: currentRows(lastMonth, 2400, 82.4),
    [thisMonth]: currentRows(thisMonth, 2450, 64.15),
  },
  savings: { [lastMonth]: savingsRows(lastMonth, 1.23), [thisMonth]: savingsRows(thisMonth, null) },
};

// ── Sums worked out from the rows above (pence) ──────────────────────────────────────────────────────────

const p = (pounds: number) => Math.round(pounds * 100);
function sums(rows: readonly Row[]) {
  let moneyIn = 0;
  let moneyOut = 0;
  let movedOut = 0;
  let movedIn = 0;
  let legsOut = 0;
  let legsIn = 0;
  for (const r of rows) {
    if (r.kind === 'transfer') {
      if (r.signedAmount < 0) {
        movedOut -= p(r.signedAmount);
        legsOut++;
      } else {
        movedIn += p(r.signedAmount);
        legsIn++;
      }
    } else if (r.kind === 'salary' || r.kind === 'interest') moneyIn += p(r.signedAmount);
    else moneyOut -= p(r.signedAmount);
  }
  const moved = Math.max(movedOut, movedIn);
  const transfers = Math.max(legsOut, legsIn);
  return {
    moneyIn,
    moneyOut,
    net: moneyIn - moneyOut,
    moved,
    transfers,
    count: rows.length,
    movements: rows.length - legsOut - legsIn + transfers,
    activity: moneyIn + moneyOut + moved,
  };
}
const rowsOf = (months: string[], accounts: Array<'current' | 'savings'> = ['current', 'savings']) =>
  accounts.flatMap((a) => months.flatMap((m) => ROWS[a][m]!));

/** Money as the screens write it: whole pounds on the dashboard, pence elsewhere; a true minus sign. */
const money = (pence: number, decimals: 0 | 2 = 0) =>
  formatMoney(pence / 100, decimals).replace(/^-/, '\u2212');

// ── The journey ──────────────────────────────────────────────────────────────────────────────────────────

let caller: ApiCaller;
let accounts: Account[];

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 1280, height: 900 } });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

const tileValue = (scope: ReturnType<Page['locator']>, label: string) =>
  scope
    .locator('.stat-tile')
    .filter({ has: scope.page().locator('.stat-tile-label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.stat-tile-value');

async function text(locator: ReturnType<Page['locator']>): Promise<string> {
  return ((await locator.textContent()) ?? '').trim();
}

describe('figures that agree: two months of a current and a savings account (real Chromium)', () => {
  it('a new family uploads a statement per account and month; each is read as printed', async () => {
    const { page } = browser;
    await signIn(page, twin, email);
    await onboardWithBank(page, twin, 'Monzo');
    caller = await pageCaller(page, twin, email);
    accounts = (await caller.call<{ accounts: Account[] }>('GET', '/api/accounts')).body.accounts;
    let current = accounts.find((a) => a.account_type === 'current');
    let savings = accounts.find((a) => a.account_type === 'savings');
    if (!current || !savings) {
      const created = await caller.call<CreateAccountsResponse>('POST', '/api/accounts', {
        accounts: [
          ...(current ? [] : [{ name: 'Everyday', bank_name: 'Monzo', account_type: 'current' }]),
          ...(savings ? [] : [{ name: 'Rainy day', bank_name: 'Monzo', account_type: 'savings' }]),
        ],
      });
      current ??= created.body.accounts.find((a) => a.account_type === 'current');
      savings ??= created.body.accounts.find((a) => a.account_type === 'savings');
      accounts = (await caller.call<{ accounts: Account[] }>('GET', '/api/accounts')).body.accounts;
    }
    const heading = {
      current: { sortCode: '04-00-04', accountNumber: '12345678' },
      savings: { sortCode: '20-45-67', accountNumber: '87654321' },
    };
    for (const month of [lastMonth, thisMonth])
      for (const [kind, account] of [
        ['current', current!],
        ['savings', savings!],
      ] as const) {
        const { pdf } = await generateAccountStatement({ rows: ROWS[kind][month]!, ...heading[kind] });
        const done = await uploadStatement(caller, account.id, `${kind}-${month}.pdf`, pdf);
        expect(done.stage, JSON.stringify(done)).toBe('done');
      }
    await twin.runner.idle();
    for (const [kind, account] of [
      ['current', current!],
      ['savings', savings!],
    ] as const) {
      const { body } = await caller.call<{ transactions: Transaction[] }>(
        'GET',
        `/api/accounts/${account.id}/transactions?limit=500`,
      );
      const read = body.transactions.map((r) => `${r.transaction_date} ${r.description} ${r.signed_amount}`);
      const printed = rowsOf([lastMonth, thisMonth], [kind]).map(
        (r) => `${r.date} ${r.description} ${r.signedAmount}`,
      );
      expect(read.sort()).toEqual(printed.sort());
    }
  }, 240_000);

  it('the overview: this month’s money in, out, moved between accounts and net; the period summary', async () => {
    const { page } = browser;
    const want = sums(rowsOf([thisMonth]));
    await page.goto(`${twin.url}/app`, { waitUntil: 'networkidle' });
    const position = page.getByRole('region', { name: 'True Financial Position' });
    await position.getByText('Net position · This Month').waitFor();
    expect(await text(position.locator('.position-net-value'))).toBe(money(want.net));
    expect(await text(tileValue(position, 'Money In'))).toBe(money(want.moneyIn));
    expect(await text(tileValue(position, 'Money Out'))).toBe(money(want.moneyOut));
    expect(await text(tileValue(position, 'Internal Movement'))).toBe(money(want.moved));
    await position
      .getByText(`Between your own accounts, ${want.transfers} transfer`, { exact: true })
      .waitFor();
    await position
      .getByText(want.net >= 0 ? "You're ahead this month" : "You're behind this month")
      .waitFor();
    const all = sums(rowsOf([lastMonth, thisMonth]));
    expect(await text(tileValue(position, 'Transactions Processed'))).toBe(String(all.count));

    const summary = page.getByRole('region', { name: 'Period Overview · This Month' });
    expect(await text(tileValue(summary, 'Income'))).toBe(money(want.moneyIn));
    expect(await text(tileValue(summary, 'Expenses'))).toBe(money(want.moneyOut));
    expect(await text(tileValue(summary, 'Net Flow'))).toBe(money(want.net));
    expect(await text(tileValue(summary, 'Activity'))).toBe(`${want.count} transactions`);
  }, 60_000);

  it('the comparison: this month against the previous calendar month, each figure and its change', async () => {
    const { page } = browser;
    const now = sums(rowsOf([thisMonth]));
    const before = sums(rowsOf([lastMonth]));
    const comparison = page.getByRole('region', { name: 'Period Comparison' });
    await comparison
      .getByText(
        `This Month (${formatDateMedium(`${thisMonth}-01`)} – ${formatDateMedium(monthEnd(thisMonth))}) against the previous month (${formatDateMedium(`${lastMonth}-01`)} – ${formatDateMedium(monthEnd(lastMonth))})`,
      )
      .waitFor();
    const row = async (name: string) =>
      (
        await comparison
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
          .getByRole('cell')
          .allTextContents()
      ).map((t) => t.trim());
    const change = (a: number, b: number) => {
      const c = percentageChange(a, b);
      return `${c.trend === 'up' ? '▲' : c.trend === 'down' ? '▼' : '▬'} ${c.display} (${c.trend})`;
    };
    expect(await row('Income')).toEqual([
      money(now.moneyIn),
      money(before.moneyIn),
      change(now.moneyIn / 100, before.moneyIn / 100),
    ]);
    expect(await row('Expenses')).toEqual([
      money(now.moneyOut),
      money(before.moneyOut),
      change(now.moneyOut / 100, before.moneyOut / 100),
    ]);
    expect(await row('Net Flow')).toEqual([
      money(now.net),
      money(before.net),
      change(now.net / 100, before.net / 100),
    ]);
    expect(await row('Transactions')).toEqual([
      String(now.count),
      String(before.count),
      change(now.count, before.count),
    ]);
  }, 60_000);

  it('Account Types: each account’s activity, its transactions and each flow’s total and share', async () => {
    const { page } = browser;
    await page.goto(`${twin.url}/app/accounts`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Account Types', level: 1 }).waitFor();
    for (const [tab, kind, type] of [
      ['Current Accounts', 'current', 'current'],
      ['Savings Accounts', 'savings', 'savings'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      const panel = page.getByRole('tabpanel', { name: tab });
      const rows = rowsOf([lastMonth, thisMonth], [kind]);
      const want = sums(rows);
      await tileValue(panel, 'Total Activity').waitFor();
      expect(await text(tileValue(panel, 'Total Activity')), tab).toBe(money(want.activity));
      expect(await text(tileValue(panel, 'Accounts')), tab).toBe(
        String(accounts.filter((a) => a.account_type === type && !a.is_archived).length),
      );
      expect(await text(tileValue(panel, 'Transactions')), tab).toBe(String(want.movements));
      expect(await text(tileValue(panel, 'Average Transaction')), tab).toBe(
        money(Math.round(want.activity / want.movements), 2),
      );
      const flows = [
        ['income', want.moneyIn],
        ['external_expense', want.moneyOut],
        ['internal_transfer', want.moved],
      ] as const;
      const shown = (await panel.locator('.flow-bar-label').allTextContents()).map((t) => t.trim());
      const expected = flows
        .filter(([, total]) => total > 0)
        .sort((a, b) => b[1] - a[1])
        .map(
          ([flow, total]) =>
            `${flowTypeLabel(flow)}${money(total)} · ${formatPercent(Math.round((total / want.activity) * 1000) / 10)}`,
        );
      expect(shown, tab).toEqual(expected);
    }
  }, 60_000);

  it('Account Setup: money in, money out, net and what moved between the accounts, all time', async () => {
    const { page } = browser;
    await page.goto(`${twin.url}/app/setup/accounts`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Account Setup', level: 1 }).waitFor();
    const summary = page.getByRole('region', { name: 'Summary' });
    const want = sums(rowsOf([lastMonth, thisMonth]));
    await expectText(() => text(tileValue(summary, 'Transactions')), String(want.count));
    expect(await text(tileValue(summary, 'Money in'))).toBe(money(want.moneyIn, 2));
    expect(await text(tileValue(summary, 'Money out'))).toBe(money(want.moneyOut, 2));
    expect(await text(tileValue(summary, 'Net'))).toBe(money(want.net, 2));
    expect(await text(tileValue(summary, 'Between your accounts'))).toBe(money(want.moved, 2));
  }, 60_000);

  it('Spend by Category: this month’s categories, their totals and shares of the total shown', async () => {
    const { page } = browser;
    const names = new Map(
      (await caller.call<CategoriesResponse>('GET', '/api/categories')).body.categories.map((c) => [
        c.id,
        c.name,
      ]),
    );
    await page.goto(`${twin.url}/app/spending`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Spend by Category', level: 1 }).waitFor();
    expect(await page.getByLabel('Period').inputValue()).toBe('this_month');
    const byCategory = new Map<string, number>();
    for (const r of rowsOf([thisMonth]))
      if (r.category) byCategory.set(r.category, (byCategory.get(r.category) ?? 0) - p(r.signedAmount));
    const total = [...byCategory.values()].reduce((n, v) => n + v, 0);
    const summary = page.getByRole('region', { name: 'Summary' });
    expect(await text(tileValue(summary, 'Total spending'))).toBe(money(total));
    await page.getByRole('tab', { name: 'Table' }).click();
    const table = page.getByRole('table', { name: 'Spending by category' });
    await table.waitFor();
    const shown = await table
      .getByRole('row')
      .evaluateAll((rows) =>
        rows
          .slice(1)
          .map((r) => [...r.querySelectorAll('th, td')].slice(0, 3).map((c) => c.textContent?.trim())),
      );
    const expected = [...byCategory]
      .sort((a, b) => b[1] - a[1])
      .map(([id, pence]) => [names.get(id), money(pence), `${Math.round((pence / total) * 1000) / 10}%`]);
    expect(shown).toEqual(expected);
  }, 60_000);

  it('three assistant answers: net income and spending this month, money moved last month', async () => {
    const { page } = browser;
    await page.goto(`${twin.url}/app/analytics`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Analytics & Insights', level: 1 }).waitFor();
    const now = sums(rowsOf([thisMonth]));
    const before = sums(rowsOf([lastMonth]));
    const pounds = (pence: number) => formatMoney(pence / 100, 2);

    const net = await ask(page, "What's our actual net income this month?");
    expect(net.answer.result?.figures).toMatchObject({
      income: now.moneyIn / 100,
      expenses: now.moneyOut / 100,
      net: now.net / 100,
      internal: now.moved / 100,
    });
    await shownAnswer(page, [pounds(now.net)]);

    const spend = await ask(page, 'How much did we really spend this month?');
    expect(spend.answer.result?.figures).toMatchObject({
      expenses: now.moneyOut / 100,
      internal: now.moved / 100,
    });
    await shownAnswer(page, [pounds(now.moneyOut), pounds(now.moved)]);

    const moved = await ask(page, 'How much money moves between accounts last month?');
    expect(moved.answer.result?.figures).toEqual({
      internal: before.moved / 100,
      transfer_count: before.transfers,
    });
    await shownAnswer(page, [pounds(before.moved)]);
  }, 90_000);
});

/** Types a question, sends it with Enter, and returns the API's answer as the page received it. */
async function ask(page: Page, question: string): Promise<AskResponse> {
  const input = page.getByRole('textbox', { name: 'Ask Your Financial AI' });
  await input.fill(question);
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/assistant/messages') && r.request().method() === 'POST',
    ),
    input.press('Enter'),
  ]);
  expect(response.status()).toBe(200);
  return (await response.json()) as AskResponse;
}

/** The latest answer on the screen says each of these amounts. */
async function shownAnswer(page: Page, amounts: string[]) {
  const last = page.locator('.chat-assistant').last();
  for (const amount of amounts) await last.getByText(amount, { exact: false }).first().waitFor();
}

async function expectText(read: () => Promise<string>, want: string) {
  await expect.poll(read, { timeout: 20_000 }).toBe(want);
}
