import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account, CreateAccountsResponse } from '../../functions/contracts/accounts';
import type { Transaction } from '../../functions/contracts/transactions';
import { flowDirection } from '../../functions/domain/flow-direction';
import { effectiveFlowType, isExpenseFlowType } from '../../functions/domain/flow-types';
import { formatMoney } from '../../functions/domain/format';
import { generateStatement } from '../fixtures/statements/generate';
import type { ApiCaller } from '../support/api';
import { uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, pageCaller, signIn } from './journey';

/**
 * The Family Overview in real Chromium on the twin: a family uploads two statements of two accounts (the
 * current account's pays money into the savings account), and the overview shows exactly the money in, money
 * out and net of the period — worked out here from the rows the API lists, by the spec's direction rules,
 * internal transfers left out — at 1280 px and at 390 px; the period selector and the comparison follow.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
let accounts: Account[];
const email = `overview-${ulid().toLowerCase()}@example.co.uk`;

const callerOf = () => pageCaller(browser.page, twin, email);

async function allRows(caller: ApiCaller): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `/api/transactions?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const { body } = await caller.call<{ transactions: Transaction[]; next_cursor: string | null }>(
      'GET',
      query,
    );
    rows.push(...body.transactions);
    cursor = body.next_cursor;
  } while (cursor);
  return rows;
}

/**
 * Money in, out and net of rows in whole pounds as the dashboard writes them (− for negatives): income rows'
 * money in, spending rows' money out less money back, unclassified rows by their direction.
 */
function expectedFigures(rows: readonly Transaction[]) {
  let moneyIn = 0;
  let moneyOut = 0;
  for (const row of rows) {
    const flow = effectiveFlowType(row);
    if (flow === 'internal_transfer') continue;
    const pence = Math.round(flowDirection(row).signedAmount * 100);
    // Spending's money back (a refund) lowers money out; income's money out lowers money in.
    if (isExpenseFlowType(flow)) moneyOut -= pence;
    else if (flow !== 'unclassified') moneyIn += pence;
    else if (pence > 0) moneyIn += pence;
    else moneyOut -= pence;
  }
  const text = (pence: number) => formatMoney(pence / 100, 0).replace(/^-/, '\u2212');
  return { moneyIn: text(moneyIn), moneyOut: text(moneyOut), net: text(moneyIn - moneyOut) };
}

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

describe('spec 3 §2.1 Family Overview: the true position of two accounts (real Chromium)', () => {
  it('a new family sees what to do next and no figures yet', async () => {
    const { page } = browser;
    await signIn(page, twin, email);
    await onboardWithBank(page, twin, 'Barclays');
    await page.getByRole('heading', { name: 'Family Overview', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'True Financial Position' }).waitFor();
    await page.getByRole('link', { name: /Upload a bank statement/ }).waitFor();
    await expectAccessible(page, 'family overview: no statements yet');
  });

  it('two statements of two accounts: the overview shows their exact money in, money out and net', async () => {
    const { page } = browser;
    const caller = await callerOf();
    accounts = (await pageApi<{ accounts: Account[] }>(page, '/api/accounts')).accounts;
    let current = accounts.find((a) => a.account_type === 'current');
    // The second statement is a Monzo one: it goes to a Monzo account (another bank's would wait for a check).
    let savings = accounts.find((a) => a.account_type === 'savings' && a.bank_name === 'Monzo');
    if (!current || !savings) {
      const created = await caller.call<CreateAccountsResponse>('POST', '/api/accounts', {
        accounts: [
          ...(current ? [] : [{ name: 'Everyday', bank_name: 'Barclays', account_type: 'current' }]),
          ...(savings ? [] : [{ name: 'Rainy day', bank_name: 'Monzo', account_type: 'savings' }]),
        ],
      });
      current ??= created.body.accounts.find((a) => a.account_type === 'current');
      savings ??= created.body.accounts.find((a) => a.account_type === 'savings');
    }
    // The current account's statement pays into savings ('TFR … SAVINGS', an internal transfer).
    const first = await generateStatement('paid-out-paid-in', { seed: 12 });
    const second = await generateStatement('signed-amount', { seed: 4 });
    expect(first.truth.transactions.some((t) => /SAVINGS/.test(t.description))).toBe(true);
    expect(
      (await uploadStatement(caller, current!.id, 'current.pdf', first.pdf, { timeoutMs: 60_000 })).stage,
    ).toBe('done');
    expect(
      (await uploadStatement(caller, savings!.id, 'savings.pdf', second.pdf, { timeoutMs: 60_000 })).stage,
    ).toBe('done');
    await twin.runner.idle();

    await page.goto(`${twin.url}/app`, { waitUntil: 'networkidle' });
    const position = page.getByRole('region', { name: 'True Financial Position' });
    await position.getByText(/Net position · /).waitFor();
    const label = (await position.getByText(/Net position · /).textContent())!.replace('Net position · ', '');
    const selected = (
      await pageApi<{ period: { start: string; end: string } }>(page, '/api/insights/overview')
    ).period;
    const rows = (await allRows(caller)).filter(
      (r) => r.transaction_date >= selected.start && r.transaction_date <= selected.end,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => effectiveFlowType(r) === 'internal_transfer')).toBe(true);
    const expected = expectedFigures(rows);
    const tile = (name: string) =>
      position.locator('.stat-tile').filter({ hasText: name }).locator('.stat-tile-value');
    expect(await tile('Money In').textContent()).toBe(expected.moneyIn);
    expect(await tile('Money Out').textContent()).toBe(expected.moneyOut);
    expect(await position.locator('.position-net-value').textContent()).toBe(expected.net);
    expect(label.length).toBeGreaterThan(0);
    await page.screenshot({ path: '/tmp/overview-1280.png', fullPage: true });
    await expectAccessible(page, 'family overview with two statements');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload({ waitUntil: 'networkidle' });
    await position.getByText(/Net position · /).waitFor();
    expect(await tile('Money In').textContent()).toBe(expected.moneyIn);
    expect(await tile('Money Out').textContent()).toBe(expected.moneyOut);
    expect(await position.locator('.position-net-value').textContent()).toBe(expected.net);
    await page.screenshot({ path: '/tmp/overview-390.png', fullPage: true });
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map((e) => `${e.tagName}.${e.className}`),
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, wide.join(' ')).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'family overview at 390 px');
  }, 180_000);

  it('the period selector changes every figure; the comparison names the previous period', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    const allTime = page.getByRole('button', { name: /^All Time/ });
    await allTime.click();
    await page.getByRole('heading', { name: 'Period Overview · All Time' }).waitFor();
    expect(await allTime.getAttribute('aria-pressed')).toBe('true');
    const comparison = page.getByRole('region', { name: 'Period Comparison' });
    await comparison.getByRole('rowheader', { name: 'Income' }).waitFor();
    const figures = await pageApi<{
      previous: { label: string };
      comparison: { income: { display: string } };
    }>(page, '/api/insights/overview?period=all_time');
    await comparison.getByRole('columnheader', { name: figures.previous.label }).waitFor();
    const incomeRow = comparison
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Income' }) });
    expect(await incomeRow.textContent()).toContain(figures.comparison.income.display);
    await page.getByText(/ in \/ .* out \/ .* net$/).waitFor();
    await expectAccessible(page, 'family overview: all time');
  });

  it('spec 3 §2.2 Account Types: each kind of account with its figures, and an empty kind', async () => {
    const { page } = browser;
    await page.goto(`${twin.url}/app/accounts`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Account Types', level: 1 }).waitFor();
    const stats = await pageApi<{ types: Array<{ type: string; transaction_count: number }> }>(
      page,
      '/api/insights/account-types',
    );
    const current = stats.types.find((t) => t.type === 'current')!;
    const panel = page.getByRole('tabpanel', { name: 'Current Accounts' });
    const count = panel.locator('.stat-tile').filter({ hasText: 'Transactions' }).locator('.stat-tile-value');
    expect(await count.textContent()).toBe(current.transaction_count.toLocaleString('en-GB'));
    await panel.getByRole('progressbar').first().waitFor();
    await expectAccessible(page, 'account types');
    await page.getByRole('tab', { name: 'Mortgages & Loans' }).click();
    await page.getByText('No Mortgages & Loans Connected').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Current Accounts' }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/account-types-390.png', fullPage: true });
    await expectAccessible(page, 'account types at 390 px');
  });
});
