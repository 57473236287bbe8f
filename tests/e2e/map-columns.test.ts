import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../functions/contracts/accounts';
import { MAPPING_MESSAGES } from '../../functions/contracts/export-mapping';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, signIn } from './journey';

/**
 * A bank export of columns the reader does not know, in real Chromium on the twin at a phone's width: the
 * upload stops at "Needs its columns mapped", the family opens Map the columns, picks the columns with the
 * kit's selects (by pointer and by keyboard), sees the first rows read live, imports, and sees the rows. Screenshots at 390 px and 1280 px go to the system's temporary folder (map-columns-screens).
 */
const SHOTS = resolve(tmpdir(), 'map-columns-screens');
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
const email = `mapping-${ulid().toLowerCase()}@example.co.uk`;

/** A building society's download: a line about the account, then columns no bank's layout names. */
const CSV = [
  'Account ****4821 exported 01/03/2025',
  'Posted,Payee,Paid out,Paid in,Total',
  '04/02/2025,CORNER SHOP,12.40,,987.60',
  '05/02/2025,ACME LTD SALARY,,"2,100.00","3,087.60"',
  '17/02/2025,WATER BOARD,38.15,,"3,049.45"',
].join('\r\n');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

/** Opens the select labelled `label` and picks `option` with the pointer. */
async function choose(label: string, option: string | RegExp) {
  const { page } = browser;
  await page.getByRole('button', { name: new RegExp(` ${label}$`) }).click();
  await page.getByRole('option', { name: option }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

describe('a CSV file of unknown columns: map them, see the rows (real Chromium, 390 px)', () => {
  it('uploads the file: it waits for its columns to be mapped', async () => {
    const { page } = browser;
    await signIn(page, twin, email);
    await onboardWithBank(page, twin, 'Barclays');
    await page.goto(`${twin.url}/app/setup/upload`);
    await page.getByRole('heading', { name: 'File Upload', level: 1 }).waitFor();
    const { accounts } = await pageApi<{ accounts: Account[] }>(page, '/api/accounts');
    const current = accounts.find((a) => a.account_type === 'current')!;
    await page.getByLabel('Account').selectOption(current.id);
    await page.getByLabel('Statements (PDF)').setInputFiles({
      name: 'february.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV),
    });
    const file = page.getByRole('listitem').filter({ hasText: 'february.csv' });
    await file.getByText(MAPPING_MESSAGES.csvWaiting).waitFor({ timeout: 30_000 });
    await file.getByRole('link', { name: 'Map its columns' }).click();
    await page.getByRole('heading', { name: 'Map the columns', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'february.csv', level: 2 }).waitFor();
  });

  it('maps the columns with the selects and sees the first rows read live', async () => {
    const { page } = browser;
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/map-columns-390-guess.png`, fullPage: true });
    await choose('Amounts', 'Two columns, out and in');
    await choose('Money out', /^Paid out/);
    // By keyboard: focus the select, open it with the arrow key, move and pick with Enter.
    const moneyIn = page.getByRole('button', { name: / Money in$/ });
    await moneyIn.focus();
    await page.keyboard.press('ArrowDown');
    const list = page.getByRole('listbox');
    await list.waitFor();
    await page.getByRole('option', { name: /^Posted/ }).waitFor();
    await page.screenshot({ path: `${SHOTS}/map-columns-390-list-open.png` });
    for (let i = 0; i < 10; i++) {
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (focused.startsWith('Paid in')) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    expect(await moneyIn.textContent()).toContain('Paid in');
    await choose('Balance \\(optional\\)', /^Total/);

    const preview = page.getByRole('region', { name: 'How the first rows will be read' });
    await preview.getByText('The first 3 of 3 rows read like this.').waitFor();
    const rows = await preview.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      '3 4 Feb 2025 CORNER SHOP −£12.40 £987.60',
      '4 5 Feb 2025 ACME LTD SALARY £2,100.00 £3,087.60',
      '5 17 Feb 2025 WATER BOARD −£38.15 £3,049.45',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'map the columns at 390 px');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/map-columns-390.png`, fullPage: true });
  });

  it('a date format that cannot read a row says which; the screen at 1280 px', async () => {
    const { page } = browser;
    await choose('Date format', /^Month first/);
    const preview = page.getByRole('region', { name: 'How the first rows will be read' });
    await preview.getByText('We could not read the date "17/02/2025" on line 5 of this file.').waitFor();
    expect(await page.getByRole('button', { name: 'Import with these columns' }).isDisabled()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/map-columns-390-problem.png`, fullPage: true });
    await choose('Date format', /^Day first/);
    await preview.getByText('The first 3 of 3 rows read like this.').waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, 'map the columns at 1280 px');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/map-columns-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('imports the file and sees its rows', async () => {
    const { page, consoleErrors } = browser;
    await page.getByRole('button', { name: 'Import with these columns' }).click();
    await page.getByText(/3 new transactions from february\.csv/).waitFor({ timeout: 30_000 });
    const table = page.getByRole('table', { name: /Recently processed transactions/ });
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(3);
    const texts = (await rows.allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    expect(texts[0]).toMatch(/17 Feb 2025.*WATER BOARD.*−£38\.15/);
    expect(texts[1]).toMatch(/5 Feb 2025.*ACME LTD SALARY.*£2,100\.00/);
    expect(texts[2]).toMatch(/4 Feb 2025.*CORNER SHOP.*−£12\.40/);
    await expectAccessible(page, 'map the columns: imported, with the rows');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/map-columns-390-rows.png`, fullPage: true });
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
