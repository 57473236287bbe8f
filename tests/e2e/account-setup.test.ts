import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../functions/contracts/accounts';
import {
  type GeneratedStatement,
  generateBigStatement,
  generateStatement,
} from '../fixtures/statements/generate';
import { startTestTwin } from '../support/twin';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, signIn } from './journey';

/**
 * Account Setup in real Chromium on the twin: a family onboarded with Barclays adds its forgotten Monzo
 * account, uploads a Monzo statement to the Monzo account, removes it (its rows go), uploads it again, then archives and restores an
 * account; at 1280 px and at a phone's 390 px, with axe-core finding no serious or critical violation.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
let statement: GeneratedStatement;
const email = `accounts-${ulid().toLowerCase()}@example.co.uk`;
/** Screenshots to look at (not compared): the page at 1280 and 390 px. */
const SHOTS = resolve(tmpdir(), 'account-setup-screens');
const FILE = 'Monzo January 2025.pdf';

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 1280, height: 900 } });
  mkdirSync(SHOTS, { recursive: true });
  statement = await generateStatement('signed-amount', { seed: 21 });
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

const accountsNow = async (page: Page) =>
  (await pageApi<{ accounts: Account[] }>(page, '/api/accounts')).accounts;

/** axe-core's serious and critical violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Through the DevTools protocol: the page's CSP (CloudFront's, no inline scripts) refuses a script tag.
  await page.evaluate(
    readFileSync(resolve(import.meta.dirname, '..', '..', 'node_modules/axe-core/axe.min.js'), 'utf8'),
  );
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(): Promise<{
            violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run();
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

async function uploadTo(page: Page, accountId: string) {
  await page.goto(`${twin.url}/app/setup/upload`);
  await page.getByRole('heading', { name: 'File Upload', level: 1 }).waitFor();
  await page.getByLabel('Account').selectOption(accountId);
  await page.getByLabel('Statements (PDF)').setInputFiles({
    name: FILE,
    mimeType: 'application/pdf',
    buffer: statement.pdf,
  });
  await page
    .getByRole('listitem')
    .filter({ hasText: FILE })
    .getByText(`${statement.truth.transactions.length} new transactions`)
    .waitFor({ timeout: 30_000 });
}

async function openAccountSetup(page: Page) {
  await page.goto(`${twin.url}/app/setup/accounts`);
  await page.getByRole('heading', { name: 'Account Setup', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Barclays Current Account', level: 3, exact: true }).waitFor();
}

/** The value of one fact (e.g. 'Transactions', 'Rows added') inside a card or a statement. */
const factOf = (scope: Locator, label: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .textContent();

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3, exact: true }) });

describe('spec 2 §2 Account Setup: a wrong upload undone (real Chromium)', () => {
  it("signs in, onboards with Barclays and finds 'Account Setup' under 'Setup & Tools'", async () => {
    const { page } = browser;
    await signIn(page, twin, email);
    await onboardWithBank(page, twin, 'Barclays');
    await page.getByRole('navigation').getByRole('link', { name: 'Account Setup' }).first().click();
    await page.waitForURL(`${twin.url}/app/setup/accounts`);
    await page.getByRole('heading', { name: 'Barclays Current Account', level: 3, exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Your Bank Accounts' }).count()).toBe(1);
  });

  it('adds a forgotten Monzo current account after onboarding', async () => {
    const { page } = browser;
    await page.getByRole('textbox', { name: /^Nickname/ }).fill('Monzo');
    const picker = page.getByRole('combobox', { name: 'Bank or provider' });
    await picker.click();
    await picker.fill('Monzo');
    await page
      .getByRole('option', { name: /^Monzo/ })
      .first()
      .click();
    const services = page.getByRole('group', { name: 'Services you have with Monzo' });
    await services.getByRole('checkbox', { name: 'Savings Accounts' }).uncheck();
    await page.getByRole('button', { name: 'Add account' }).click();
    await page.getByText('Added Monzo Current Account.').waitFor();
    await page.getByRole('heading', { name: 'Monzo Current Account', level: 3, exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/account-setup-1280.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("uploads the Monzo statement to the Monzo account (another bank's would wait for the family's check)", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const monzo = (await accountsNow(page)).find((a) => a.name === 'Monzo Current Account')!;
    await uploadTo(page, monzo.id);
    await openAccountSetup(page);
    const account = card(page, 'Monzo Current Account');
    await account.getByRole('button', { name: 'Statements of Monzo Current Account' }).click();
    const item = page
      .getByRole('list', { name: 'Statements of Monzo Current Account' })
      .getByRole('listitem')
      .first();
    await item.getByText(FILE).waitFor();
    const n = statement.truth.transactions.length;
    expect(await factOf(account, 'Transactions')).toBe(String(n));
    await page.screenshot({ path: `${SHOTS}/account-setup-390-statement.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('removes that statement after a confirmation stating the count: its rows go', async () => {
    const { page } = browser;
    const n = statement.truth.transactions.length;
    await page.getByRole('button', { name: `Remove this statement: ${FILE}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Remove ${FILE}?` });
    await confirm.getByText(`This removes ${n} transactions that only ${FILE} holds.`).waitFor();
    await page.screenshot({ path: `${SHOTS}/account-setup-390-remove.png` });
    await confirm.getByRole('button', { name: `Remove ${n} transactions` }).click();
    await page.getByText(`${FILE} was removed: ${n} transactions deleted.`).waitFor();
    await page.getByText('No statements uploaded yet').waitFor();
    await expect.poll(() => factOf(card(page, 'Monzo Current Account'), 'Transactions')).toBe('0');
    const monzo = (
      await pageApi<{ accounts: Array<Account & { transaction_count: number }> }>(page, '/api/accounts')
    ).accounts.find((a) => a.name === 'Monzo Current Account')!;
    expect(monzo.transaction_count).toBe(0);
  });

  it('uploads it to the Monzo account: no warning there', async () => {
    const { page } = browser;
    const monzo = (await accountsNow(page)).find((a) => a.name === 'Monzo Current Account')!;
    await uploadTo(page, monzo.id);
    await openAccountSetup(page);
    const account = card(page, 'Monzo Current Account');
    await account.getByRole('button', { name: 'Statements of Monzo Current Account' }).click();
    const item = page
      .getByRole('list', { name: 'Statements of Monzo Current Account' })
      .getByRole('listitem')
      .first();
    await item.getByText(FILE).waitFor();
    expect(await item.getByText(/looks like it is from/).count()).toBe(0);
    expect(await factOf(item, 'Rows added')).toBe(String(statement.truth.transactions.length));
    expect(await factOf(item, 'Balances')).toBe('Reconciled');
  });

  it('pages through all 408 rows of a twelve-page statement, and exports them as CSV', async () => {
    const { page } = browser;
    const big = await generateBigStatement();
    const n = big.truth.transactions.length;
    // The twelve-page statement is a Santander one: it goes to a Santander account.
    const santander = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const token = key ? localStorage.getItem(key) : null;
      const response = await fetch('/api/accounts', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          accounts: [{ name: 'Santander Everyday', bank_name: 'Santander', account_type: 'current' }],
        }),
      });
      return ((await response.json()) as { accounts: Array<{ id: string }> }).accounts[0]!.id;
    });
    await page.goto(`${twin.url}/app/setup/upload`);
    await page.getByLabel('Account').selectOption(santander);
    await page.getByLabel('Statements (PDF)').setInputFiles({
      name: 'Year of statements.pdf',
      mimeType: 'application/pdf',
      buffer: big.pdf,
    });
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Year of statements.pdf' })
      .getByText(`${n} new transactions`)
      .waitFor({ timeout: 60_000 });
    await openAccountSetup(page);
    // Pages of 200: 'Load more' until every row is in; the virtualised table then counts them all.
    const table = page.locator('table[aria-rowcount]').first();
    await expect.poll(() => table.getAttribute('aria-rowcount'), { timeout: 20_000 }).toBe('201');
    const more = page.getByRole('button', { name: 'Load more transactions of Santander Everyday' });
    await more.click();
    await expect.poll(() => table.getAttribute('aria-rowcount'), { timeout: 20_000 }).toBe('401');
    await more.click();
    await expect.poll(() => table.getAttribute('aria-rowcount'), { timeout: 20_000 }).toBe(String(n + 1));
    await more.waitFor({ state: 'detached' });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV of Santander Everyday' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^santander-everyday-.*\.csv$/);
    const csv = readFileSync((await file.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe('Account,Date,Description,Amount,Flow Type,Balance');
    expect(csv).toHaveLength(n + 1);
  });

  it('archives an account after a confirmation, and restores it from the archived list', async () => {
    const { page, consoleErrors } = browser;
    await page.getByRole('button', { name: 'Archive Barclays Savings Account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click();
    await page
      .getByRole('heading', { name: 'Barclays Savings Account', level: 3, exact: true })
      .waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Show Archived Accounts (1)' }).click();
    const archived = page.getByRole('list', { name: 'Archived accounts' });
    await archived.getByText('Barclays Savings Account').waitFor();
    await page.screenshot({ path: `${SHOTS}/account-setup-390-archived.png`, fullPage: true });
    expect((await accountsNow(page)).some((a) => a.name === 'Barclays Savings Account')).toBe(false);
    await archived.getByRole('button', { name: 'Restore Barclays Savings Account' }).click();
    await page.getByRole('heading', { name: 'Barclays Savings Account', level: 3, exact: true }).waitFor();
    await page.getByText('No archived accounts').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/account-setup-1280-statements.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
