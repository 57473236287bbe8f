import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../functions/contracts/accounts';
import type { SpendingResponse } from '../../functions/contracts/spending';
import { generateStatement } from '../fixtures/statements/generate';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, signIn } from './journey';

/**
 * Spend by Category in real Chromium on the twin: a family onboarded with Barclays uploads a statement, opens
 * 'Spend by Category' from the sidebar's Dashboards, picks the statement's month (Last Year's months hold
 * it), reads the chart and the table, expands Groceries, moves a coffee shop's row to another category and
 * sees the figures follow; at 1280 px and at a phone's 390 px, with axe-core finding no serious or critical
 * violation. Screenshots are written to look at, not compared.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
const email = `spending-${ulid().toLowerCase()}@example.co.uk`;
const SHOTS = resolve(tmpdir(), 'spending-screens');

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 1280, height: 900 } });
  mkdirSync(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

describe('Spend by Category in the browser', () => {
  it('a statement uploaded, the page shows where the money went', async () => {
    const { page } = browser;
    await signIn(page, twin, email);
    await onboardWithBank(page, twin, 'Monzo'); // the statement's own bank: another's would wait for the family's check
    const [account] = (await pageApi<{ accounts: Account[] }>(page, '/api/accounts')).accounts;
    // This year's statement months, so 'This Year' holds them.
    const year = new Date().getUTCFullYear();
    const { pdf, truth } = await generateStatement('signed-amount', { seed: 21 });
    const statementYear = Number(truth.period.start.slice(0, 4));
    const period = statementYear === year ? 'this_year' : statementYear === year - 1 ? 'last_year' : null;
    if (!period)
      throw new Error(`the fixture's year ${statementYear} is not This Year or Last Year any more`);
    await page.goto(`${twin.url}/app/setup/upload`);
    await page.getByRole('heading', { name: 'File Upload', level: 1 }).waitFor();
    await page.getByLabel('Account').selectOption(account!.id);
    await page.getByLabel('Statements (PDF)').setInputFiles({
      name: 'statement.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await page
      .getByText(/new transactions/)
      .first()
      .waitFor({ timeout: 60_000 });

    await page.getByRole('link', { name: 'Spend by Category' }).click();
    await page.getByRole('heading', { name: 'Spend by Category', level: 1 }).waitFor();
    // The statement is of an earlier month: the page opens on the latest period with data, as the overview
    // does, not on an empty This Month.
    const groceries = page.getByRole('button', { name: /^Groceries/ });
    await groceries.waitFor();
    const opening = (await pageApi<{ period: { key: string } }>(page, '/api/insights/overview')).period.key;
    expect(await page.getByLabel('Period').inputValue()).toBe(opening);
    expect(await page.getByText('No Spending Data').count()).toBe(0);
    await page.getByLabel('Period').selectOption(period);
    await groceries.waitFor();
    const figures = await pageApi<SpendingResponse>(page, `/api/insights/categories?from=2025-01&to=2025-12`);
    expect(figures.categories.length).toBeGreaterThan(2);
    await expect
      .poll(async () => page.getByRole('figure', { name: /Bar chart of spending by category/ }).count())
      .toBe(1);
    await page.screenshot({ path: `${SHOTS}/spending-1280-chart.png`, fullPage: true });
    await expectAccessible(page, 'spending (chart)');

    await page.getByRole('tab', { name: 'Table' }).click();
    await page.getByRole('table', { name: 'Spending by category' }).waitFor();
    await groceries.click();
    await page.getByRole('heading', { name: 'Top merchants' }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/spending-1280-table.png`, fullPage: true });
    await expectAccessible(page, 'spending (table, expanded)');

    // A row's category change offers the family's identical and similar rows already imported: the first
    // row the page lists that has any (asked of the API as the dialog asks).
    let pick: { name: string; index: number; count: number } | null = null;
    for (const c of figures.categories) {
      for (const [index, t] of c.transactions.entries()) {
        const { transactions } = await pageApi<{ transactions: unknown[] }>(
          page,
          `/api/transactions/${t.id}/category/similar?account_id=${t.account_id}&transaction_date=${t.transaction_date}`,
        );
        if (transactions.length) {
          pick = { name: c.name, index, count: transactions.length };
          break;
        }
      }
      if (pick) break;
    }
    expect(pick).not.toBeNull();
    const category = page.getByRole('button', { name: new RegExp(`^${pick!.name.replace(/[&]/g, '\\$&')}`) });
    if ((await category.getAttribute('aria-expanded')) !== 'true') await category.click();
    const listed = page.locator(`[id="${await category.getAttribute('aria-controls')}"]`);
    await listed
      .getByRole('button', { name: /^Change category of/ })
      .nth(pick!.index)
      .click();
    const dialog = page.getByRole('dialog', { name: 'Change category' });
    const offer = dialog.getByRole('checkbox', { name: /^Apply to \d+ similar transactions?$/ });
    await offer.waitFor();
    expect(await dialog.getByText(/^Apply to \d+ similar/).textContent()).toMatch(
      new RegExp(`Apply to ${pick!.count} similar`),
    );
    await page.screenshot({ path: `${SHOTS}/spending-1280-similar.png` });
    await expectAccessible(page, 'spending: change category, similar rows offered');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }, 300_000);

  it('at 390 px: moves a row to another category and the figures follow', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const eatingOut = page.getByRole('button', { name: /^Eating Out/ });
    await eatingOut.waitFor();
    const before = await pageApi<SpendingResponse>(page, '/api/insights/categories?from=2025-01&to=2025-12');
    const eating = before.categories.find((c) => c.id === 'eating_out');
    await eatingOut.click();
    const panel = page.locator(`[id="${await eatingOut.getAttribute('aria-controls')}"]`);
    const change = panel.getByRole('button', { name: /^Change category of/ }).first();
    await change.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/spending-390-expanded.png`, fullPage: true });
    await change.click();
    const dialog = page.getByRole('dialog', { name: 'Change category' });
    await dialog.getByRole('combobox').selectOption('entertainment.leisure');
    await page.screenshot({ path: `${SHOTS}/spending-390-dialog.png` });
    await expectAccessible(page, 'spending: change category at 390 px');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => {
        const after = await pageApi<SpendingResponse>(
          page,
          '/api/insights/categories?from=2025-01&to=2025-12',
        );
        return after.categories.find((c) => c.id === 'eating_out')?.total ?? 0;
      })
      .toBeLessThan(eating?.total ?? 0);
    await page.getByRole('button', { name: /^Entertainment & Subscriptions/ }).waitFor();
    await page.screenshot({ path: `${SHOTS}/spending-390.png`, fullPage: true });
    await expectAccessible(page, 'spending (390 px)');
  }, 120_000);
});
