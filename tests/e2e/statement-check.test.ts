import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../functions/contracts/accounts';
import type { Transaction } from '../../functions/contracts/transactions';
import { flowDirection } from '../../functions/domain/flow-direction';
import { effectiveFlowType } from '../../functions/domain/flow-types';
import { formatMoney } from '../../functions/domain/format';
import { generateAccountStatement, type OrderedRow } from '../fixtures/statements/generate';
import { pdfTraitDrawer } from '../fixtures/statements/pdf-traits';
import { uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, pageCaller, signIn } from './journey';

/**
 * Check Statement in real Chromium on the twin. A Monzo statement whose reading misses a row (the statement
 * counts the row in its balances but the reader cannot see it, so the printed balances do not add up) waits
 * for the family's check instead of entering their figures; the family adds the missed row, the sums add up
 * as they do, Import, and the overview's money in, money out and net change by exactly that statement's rows.
 * Once at 1280 px (from File Upload) and once at 390 px (from the overview's banner and the Data Quality
 * Overview's actions), each screen axe-clean.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
/** Where the screens are kept to look at. */
const SHOTS = resolve(tmpdir(), 'statement-check-screens');
mkdirSync(SHOTS, { recursive: true });
let browser: TestPage;
let current: Account;
const email = `check-${ulid().toLowerCase()}@example.co.uk`;

const MONTH: OrderedRow[] = [
  { date: '2025-03-01', description: 'ACME LTD SALARY', signedAmount: 2400 },
  { date: '2025-03-03', description: 'TESCO STORES 2041', signedAmount: -54.2 },
  { date: '2025-03-05', description: 'PRET A MANGER', signedAmount: -6.45 },
  { date: '2025-03-08', description: 'SAINSBURYS S/MKT', signedAmount: -38.9 },
  { date: '2025-03-12', description: 'COSTA COFFEE', signedAmount: -3.1 },
  { date: '2025-03-20', description: 'WAITROSE 778', signedAmount: -71.15 },
];
/** Last year's months: the overview's Last Year holds every statement here, whenever the test runs. */
const YEAR = new Date().getUTCFullYear() - 1;
const inMonth = (month: string) =>
  MONTH.map((r) => ({ ...r, date: r.date.replace('2025-03-', `${YEAR}-${month}-`) }));
/** The reader misses the fourth row (SAINSBURYS S/MKT, −38.90): printed in the balances, not on a line. */
const MISSED = 3;

const callerOf = () => pageCaller(browser.page, twin, email);

async function allRows(): Promise<Transaction[]> {
  const { transactions } = await pageApi<{ transactions: Transaction[] }>(
    browser.page,
    '/api/transactions?limit=500',
  );
  return transactions;
}

const pence = (n: number) => Math.round(n * 100);
/** Money in, out and net of rows in whole pounds as the overview writes them, internal transfers left out. */
function overviewFigures(rows: readonly Transaction[]) {
  let moneyIn = 0;
  let moneyOut = 0;
  for (const row of rows) {
    if (effectiveFlowType(row) === 'internal_transfer') continue;
    const p = pence(flowDirection(row).signedAmount);
    if (p > 0) moneyIn += p;
    else moneyOut -= p;
  }
  return { moneyIn, moneyOut };
}
const shown = (p: number) => formatMoney(p / 100, 0).replace(/^-/, '\u2212');

/** The overview's Last Year money in, money out and net, as the page shows them. */
async function overviewTiles() {
  const { page } = browser;
  await page.goto(`${twin.url}/app`, { waitUntil: 'networkidle' });
  // Every statement here is of last year: Last Year holds them all.
  await page.getByRole('button', { name: /^Last Year/ }).click();
  await page.getByRole('heading', { name: 'Period Overview · Last Year' }).waitFor();
  const position = page.getByRole('region', { name: 'True Financial Position' });
  const tile = (name: string) =>
    position.locator('.stat-tile').filter({ hasText: name }).locator('.stat-tile-value');
  await position.getByText(/Net position · Last Year/).waitFor();
  return {
    moneyIn: await tile('Money In').textContent(),
    moneyOut: await tile('Money Out').textContent(),
    net: await position.locator('.position-net-value').textContent(),
  };
}

/** The overview changed by exactly this month's rows: every row before, plus the month's, and nothing else. */
async function expectOverviewMovedBy(before: Transaction[], month: readonly OrderedRow[]) {
  await twin.runner.idle();
  const after = await allRows();
  const added = after.filter((r) => !before.some((b) => b.id === r.id));
  expect(added.map((r) => [r.transaction_date, pence(r.signed_amount ?? 0)]).sort()).toEqual(
    month.map((r) => [r.date, pence(r.signedAmount)]).sort(),
  );
  const was = overviewFigures(before);
  const now = overviewFigures(after);
  const moved = overviewFigures(added);
  expect(now.moneyIn).toBe(was.moneyIn + moved.moneyIn);
  expect(now.moneyOut).toBe(was.moneyOut + moved.moneyOut);
  expect(moved.moneyIn + moved.moneyOut).toBeGreaterThan(0);
  expect(await overviewTiles()).toEqual({
    moneyIn: shown(now.moneyIn),
    moneyOut: shown(now.moneyOut),
    net: shown(now.moneyIn - now.moneyOut),
  });
}

/** On the Check Statement screen: add the row the reader missed, after the row before it; it adds up. */
async function addMissedRow(month: readonly OrderedRow[]) {
  const { page } = browser;
  const missed = month[MISSED]!;
  const sums = page.getByRole('region', { name: "The statement's sums" });
  await sums.getByText('Does not add up yet').waitFor();
  // Where the sums break: the row after the missed one, by its amount.
  await page
    .getByRole('list', { name: 'Where the sums break' })
    .getByText(new RegExp(`a difference of ${formatMoney(missed.signedAmount).replace(/^-/, '[-\u2212]')}`))
    .first()
    .waitFor();
  const form = page.getByRole('form', { name: 'Add a row the reader missed' });
  await form.getByLabel('After').selectOption({ label: `Row ${MISSED}: ${month[MISSED - 1]!.description}` });
  await form.getByLabel('Date').fill(missed.date);
  await form.getByLabel('Description').fill(missed.description);
  await form.getByLabel('Amount (money out as −)').fill(missed.signedAmount.toFixed(2));
  await form.getByRole('button', { name: 'Add the row' }).click();
  await sums.getByText('Adds up', { exact: true }).waitFor();
  await page.getByRole('textbox', { name: `Description of row ${MISSED + 1}` }).waitFor();
  expect(await page.getByRole('textbox', { name: `Description of row ${MISSED + 1}` }).inputValue()).toBe(
    missed.description,
  );
}

async function importChecked() {
  const { page } = browser;
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  expect(await importButton.isEnabled()).toBe(true);
  await importButton.click();
  await page.getByText(/transactions added/).waitFor({ timeout: 60_000 });
}

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

describe('Check Statement: a statement with a missed row is checked, fixed and imported (real Chromium)', () => {
  it('onboards with Monzo, the bank the statements name; a first statement goes straight through', async () => {
    const { page } = browser;
    await signIn(page, twin, email);
    await onboardWithBank(page, twin, 'Monzo');
    const { accounts } = await pageApi<{ accounts: Account[] }>(page, '/api/accounts');
    current = accounts.find((a) => a.account_type === 'current')!;
    expect(current).toBeDefined();
    const february = await generateAccountStatement({ rows: inMonth('02') });
    const upload = await uploadStatement(await callerOf(), current.id, 'february.pdf', february.pdf, {
      timeoutMs: 60_000,
    });
    expect(upload.stage).toBe('done');
  });

  it('at 1280 px: File Upload holds the statement for a check; the family adds the row and imports it', async () => {
    const { page } = browser;
    await twin.runner.idle();
    const before = await allRows();
    const beforeTiles = await overviewTiles();
    const was = overviewFigures(before);
    expect(beforeTiles.moneyIn).toBe(shown(was.moneyIn));

    await page.goto(`${twin.url}/app/setup/upload`, { waitUntil: 'networkidle' });
    await page.getByLabel('Account').selectOption(current.id);
    const march = inMonth('03');
    const statement = await generateAccountStatement({ rows: march, unprinted: [MISSED] });
    await page.getByLabel('Statements (PDF)').setInputFiles({
      name: 'Monzo March.pdf',
      mimeType: 'application/pdf',
      buffer: statement.pdf,
    });
    const file = page.getByRole('listitem').filter({ hasText: 'Monzo March.pdf' });
    await file.getByRole('link', { name: 'Check this statement' }).waitFor({ timeout: 60_000 });
    // Nothing of it is in a figure while it waits.
    expect((await allRows()).length).toBe(before.length);
    await file.getByRole('link', { name: 'Check this statement' }).click();
    await page.getByRole('heading', { name: 'Check Statement', level: 1 }).waitFor();
    await page.getByText('The transactions we read do not add up').waitFor();
    expect(await page.getByRole('textbox', { name: /^Description of row/ }).count()).toBe(march.length - 1);
    // Beside the rows, the page as printed: each row read outlined, the balance where the sums break marked.
    const pages = page.getByRole('region', { name: 'The statement, as printed' });
    const image = pages.getByRole('img', { name: /^Page 1 of 1 of the statement/ });
    await image.waitFor();
    expect(await image.getAttribute('alt')).toBe(
      `Page 1 of 1 of the statement, ${march.length - 1} rows read outlined, 1 printed balance the rows do not reach marked`,
    );
    expect(await pages.locator('.check-page-marks .check-mark').count()).toBe(march.length - 1);
    expect(await pages.locator('.check-page-marks .check-mark-figure').count()).toBe(1);
    await expectAccessible(page, 'check statement: does not add up');
    await page.screenshot({ path: `${SHOTS}/check-1280.png`, fullPage: true });
    // The page can be looked at closely: enlarged in a dialog, the same marks on it; Escape closes it.
    const beside = (await image.boundingBox())!.width;
    await pages.getByRole('button', { name: 'Enlarge the page' }).click();
    const enlarged = page.getByRole('dialog', { name: 'Monzo March.pdf, page 1 as printed' });
    const big = enlarged.getByRole('img', { name: /^Page 1 of 1 of the statement/ });
    await big.waitFor();
    expect((await big.boundingBox())!.width).toBeGreaterThan(beside * 1.5);
    expect(await enlarged.locator('.check-page-marks .check-mark-figure').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/check-1280-enlarged.png` });
    await page.keyboard.press('Escape');
    await enlarged.waitFor({ state: 'detached' });

    // The account a statement belongs to can be created inside the screen (then chosen to move it to).
    await page.getByRole('button', { name: 'Create an account' }).click();
    const create = page.getByRole('dialog', { name: 'Create an account for this statement' });
    await create.getByRole('heading', { name: 'A Monzo account' }).waitFor();
    await create.getByLabel('Nickname').waitFor();
    await expectAccessible(page, 'check statement: create an account');
    await page.screenshot({ path: `${SHOTS}/check-1280-create.png` });
    await create.getByRole('button', { name: 'Close' }).click();
    await create.waitFor({ state: 'detached' });

    await addMissedRow(march);
    await expectAccessible(page, 'check statement: adds up');
    await page.screenshot({ path: `${SHOTS}/check-1280-fixed.png`, fullPage: true });
    await importChecked();
    await page.getByText(`${march.length} transactions added`).waitFor();
    await expectOverviewMovedBy(before, march);
    await page.screenshot({ path: `${SHOTS}/overview-1280.png`, fullPage: true });
  }, 240_000);

  it('at 390 px: from the overview banner (and Data Quality actions), fixed and imported as a list', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const before = await allRows();
    const april = inMonth('04');
    const statement = await generateAccountStatement({ rows: april, unprinted: [MISSED] });
    const held = await uploadStatement(await callerOf(), current.id, 'Monzo April.pdf', statement.pdf, {
      timeoutMs: 60_000,
    });
    expect(held).toMatchObject({ stage: 'needs_check', checkReasons: ['does_not_add_up'] });

    await page.goto(`${twin.url}/app`, { waitUntil: 'networkidle' });
    const banner = page.getByText('A statement needs your check').locator('xpath=ancestor::*[@role][1]');
    const link = page.getByRole('link', { name: 'Check Monzo April.pdf', exact: true });
    await link.waitFor();
    await banner.waitFor();
    // The banner's link is a 44 px tap target.
    const box = await link.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    // The Data Quality Overview's actions name it too.
    const quality = page.getByRole('region', { name: 'Data Quality Overview' });
    await quality.getByRole('link', { name: /^Check Monzo April\.pdf/ }).waitFor();
    await expectAccessible(page, 'family overview with a statement waiting, 390 px');
    await page.screenshot({ path: `${SHOTS}/overview-390-waiting.png`, fullPage: true });

    await link.click();
    await page.getByRole('heading', { name: 'Check Statement', level: 1 }).waitFor();
    await page.getByText('The transactions we read do not add up').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'check statement at 390 px');
    await page.screenshot({ path: `${SHOTS}/check-390.png`, fullPage: true });
    // On a phone the page as printed is one tap away.
    await page.getByRole('button', { name: "See the statement's page" }).click();
    const dialog = page.getByRole('dialog', { name: 'Monzo April.pdf, as printed' });
    await dialog.getByRole('img', { name: /^Page 1 of 1 of the statement/ }).waitFor();
    await expectAccessible(page, 'check statement: the page, at 390 px');
    await page.screenshot({ path: `${SHOTS}/check-390-page.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    await addMissedRow(april);
    await page.screenshot({ path: `${SHOTS}/check-390-fixed.png`, fullPage: true });
    await importChecked();
    await page.getByText(`${april.length} transactions added`).waitFor();
    await expectOverviewMovedBy(before, april);
    await page.screenshot({ path: `${SHOTS}/overview-390.png`, fullPage: true });
    expect(browser.consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  }, 240_000);

  it('a statement set sideways on a landscape sheet: the page is drawn turned, each row outlined over its line', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 900 });
    // pdf-traits.ts 'sideways-page': the sheet is landscape and every line of the statement runs up it.
    const may = inMonth('05');
    const statement = await generateAccountStatement({
      rows: may,
      unprinted: [MISSED],
      drawText: pdfTraitDrawer('sideways-page'),
    });
    const held = await uploadStatement(await callerOf(), current.id, 'Monzo May.pdf', statement.pdf, {
      timeoutMs: 60_000,
    });
    expect(held).toMatchObject({ stage: 'needs_check', checkReasons: ['does_not_add_up'] });
    await page.goto(`${twin.url}/app/setup/upload/check/${held.uploadId}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Check Statement', level: 1 }).waitFor();
    const pages = page.getByRole('region', { name: 'The statement, as printed' });
    const image = pages.getByRole('img', { name: /^Page 1 of 1 of the statement/ });
    await image.waitFor();
    await page.waitForFunction(
      () => (document.querySelector('.check-page img') as HTMLImageElement | null)?.complete === true,
    );
    // Drawn upright (portrait), as the rows were read, not as the landscape sheet.
    const drawn = (await image.boundingBox())!;
    expect(drawn.height).toBeGreaterThan(drawn.width);
    const marks = pages.locator('.check-page-marks .check-mark');
    expect(await marks.count()).toBe(may.length - 1);
    // Each outline lies on the page and over ink: the row's own line, drawn where it was read.
    const inkUnder = await page.evaluate(() => {
      const img = document.querySelector('.check-page img') as HTMLImageElement;
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const frame = img.getBoundingClientRect();
      return [...document.querySelectorAll('.check-page-marks .check-mark')].map((mark) => {
        const box = mark.getBoundingClientRect();
        const sx = img.naturalWidth / frame.width;
        const sy = img.naturalHeight / frame.height;
        const x = Math.max(0, Math.floor((box.left - frame.left) * sx));
        const y = Math.max(0, Math.floor((box.top - frame.top) * sy));
        const w = Math.max(1, Math.floor(box.width * sx));
        const h = Math.max(1, Math.floor(box.height * sy));
        const data = context.getImageData(x, y, w, h).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++;
        return {
          inside: box.right <= frame.right + 1 && box.bottom <= frame.bottom + 1,
          ink: dark / (w * h),
        };
      });
    });
    for (const mark of inkUnder) {
      expect(mark.inside).toBe(true);
      expect(mark.ink).toBeGreaterThan(0.02);
    }
    await expectAccessible(page, 'check statement: a sideways statement');
    await page.screenshot({ path: `${SHOTS}/check-1280-sideways.png`, fullPage: true });
  }, 240_000);
});
