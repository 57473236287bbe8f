import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../functions/contracts/accounts';
import type { MatchList } from '../../functions/contracts/matches';
import type { Transaction } from '../../functions/contracts/transactions';
import { generateAccountStatement, type OrderedRow } from '../fixtures/statements/generate';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, signIn } from './journey';

/**
 * Transfers and corrections in real Chromium on the twin: a family onboarded with Monzo uploads its current
 * account's statement, then its savings account's (each heading names its account), sees the transfers
 * between them on Cross-Account Matching, accepts one and rejects the other (never proposed again), corrects
 * a row on Transaction Flow, bulk-corrects a group, and sees next month's statement classified as it taught;
 * at 1280 px and 390 px, with axe-core finding no serious or critical violation.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
const email = `transfers-${ulid().toLowerCase()}@example.co.uk`;
const SHOTS = resolve(tmpdir(), 'transfers-screens');
let current = '';
let savings = '';

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 1280, height: 900 } });
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

async function uploadTo(
  page: Page,
  accountId: string,
  name: string,
  rows: OrderedRow[],
  accountNumber: string,
) {
  const { pdf, truth } = await generateAccountStatement({
    rows,
    sortCode: accountNumber === '12345678' ? '20-00-00' : '20-45-67',
    accountNumber,
  });
  await page.goto(`${twin.url}/app/setup/upload`);
  await page.getByRole('heading', { name: 'File Upload', level: 1 }).waitFor();
  await page.getByLabel('Account').selectOption(accountId);
  await page.getByLabel('Statements (PDF)').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
  await page
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByText(`${truth.transactions.length} new transactions`)
    .waitFor({ timeout: 45_000 });
}

const rowsOf = async (page: Page, accountId: string) =>
  (await pageApi<{ transactions: Transaction[] }>(page, `/api/accounts/${accountId}/transactions?limit=500`))
    .transactions;

describe('transfers and corrections (real Chromium)', () => {
  it('onboards with Monzo: a current and a savings account', async () => {
    const { page } = browser;
    await signIn(page, twin, email);
    await onboardWithBank(page, twin, 'Monzo');
    const accounts = (await pageApi<{ accounts: Account[] }>(page, '/api/accounts')).accounts;
    current = accounts.find((a) => a.account_type === 'current')!.id;
    savings = accounts.find((a) => a.account_type === 'savings')!.id;
    expect(current && savings).toBeTruthy();
  });

  it('uploads the current account, then the savings account: the transfers between them are proposed', async () => {
    const { page } = browser;
    await uploadTo(
      page,
      current,
      'Current January 2026.pdf',
      [
        { date: '2026-01-05', description: 'SALARY ACME LTD', signedAmount: 2450 },
        { date: '2026-01-06', description: 'HARGREAVES LANSDOWN 0125', signedAmount: -200 },
        { date: '2026-01-08', description: 'MONEYBOX SAVE 0108', signedAmount: -50 },
        { date: '2026-01-10', description: 'TFR 87654321 SAVINGS', signedAmount: -500 },
        { date: '2026-01-12', description: 'TESCO STORES 2345', signedAmount: -42.1 },
        { date: '2026-01-22', description: 'MONEYBOX SAVE 0122', signedAmount: -50 },
        { date: '2026-01-24', description: 'TFR 87654321 SAVINGS', signedAmount: -250 },
      ],
      '12345678',
    );
    await uploadTo(
      page,
      savings,
      'Savings January 2026.pdf',
      [
        { date: '2026-01-10', description: 'TRANSFER FROM 12345678', signedAmount: 500 },
        { date: '2026-01-25', description: 'TRANSFER FROM 12345678', signedAmount: 250 },
        { date: '2026-01-31', description: 'INTEREST PAID GROSS', signedAmount: 1.84 },
      ],
      '87654321',
    );
    await page.getByRole('navigation').getByRole('link', { name: 'Cross-Account Matching' }).first().click();
    await page.waitForURL(`${twin.url}/app/setup/matching`);
    await page.getByRole('heading', { name: 'Cross-Account Transfer Detection', level: 1 }).waitFor();
    const cards = page.locator('li.match-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Hide Matches (2)' }).count()).toBe(1);
    await expect.poll(() => cards.first().textContent()).toContain('Names your Monzo Savings Account');
    await page.screenshot({ path: `${SHOTS}/matching-1280.png`, fullPage: true });
    await expectAccessible(page, 'matching');
  });

  it('accepts one (both sides become internal transfers) and rejects the other (never proposed again)', async () => {
    const { page } = browser;
    const cards = page.locator('li.match-card');
    await cards.filter({ hasText: '£500.00' }).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/matching-390.png`, fullPage: true });
    await expectAccessible(page, 'matching at 390 px');
    await cards.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('No potential cross-account transfers detected').waitFor();
    await page.reload();
    await page.getByText('No potential cross-account transfers detected').waitFor();
    expect((await pageApi<MatchList>(page, '/api/matches')).matches).toEqual([]);
    const moved = (await rowsOf(page, current)).find((r) => r.signed_amount === -500)!;
    expect(moved.user_corrected_flow_type).toBe('internal_transfer');
    const kept = (await rowsOf(page, current)).find((r) => r.signed_amount === -250)!;
    expect(kept.user_corrected_flow_type).toBeNull();
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('corrects a row on Transaction Flow from its flow badge (a pencil marks it)', async () => {
    const { page } = browser;
    await page.getByRole('navigation').getByRole('link', { name: 'Transaction Flow' }).first().click();
    await page.waitForURL(`${twin.url}/app/flow`);
    await page.getByRole('heading', { name: 'Transaction Review & Verification' }).waitFor();
    await page.getByText(/^Showing first \d+ of \d+$/).waitFor();
    await page.getByRole('button', { name: /: correct HARGREAVES LANSDOWN 0125$/ }).click();
    const editor = page.getByRole('dialog', { name: 'Correct the flow type' });
    await editor.getByRole('radio', { name: 'Internal Transfer' }).check();
    await editor.getByLabel('Reason (optional)').fill('Our stocks and shares ISA');
    await editor.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('button', { name: 'Internal Transfer, corrected by you: correct HARGREAVES LANSDOWN 0125' })
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/flow-1280.png`, fullPage: true });
    await expectAccessible(page, 'transaction flow');
  });

  it('bulk-corrects a group of similar transactions', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Bulk Correction' }).click();
    const modal = page.getByRole('dialog', { name: 'Bulk Correction' });
    await modal.getByRole('tab', { name: 'Transaction Groups' }).click();
    await modal
      .locator('li.bulk-group')
      .filter({ hasText: 'MONEYBOX SAVE' })
      .getByRole('button', { name: /^Select group/ })
      .click();
    await modal.getByRole('radio', { name: 'Internal Transfer' }).check();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/bulk-390.png` });
    await expectAccessible(page, 'bulk correction at 390 px');
    await modal.getByRole('button', { name: 'Apply to 2 selected' }).click();
    await page.getByText('2 transactions corrected to Internal Transfer.').waitFor();
    const saved = (await rowsOf(page, current)).filter((r) => r.description.startsWith('MONEYBOX'));
    expect(saved.map((r) => r.classification_method)).toEqual(['user_bulk_corrected', 'user_bulk_corrected']);
    await page.screenshot({ path: `${SHOTS}/flow-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("classifies next month's statement as the family taught", async () => {
    const { page } = browser;
    await uploadTo(
      page,
      current,
      'Current February 2026.pdf',
      [
        { date: '2026-02-06', description: 'HARGREAVES LANSDOWN 0225', signedAmount: -200 },
        { date: '2026-02-08', description: 'MONEYBOX SAVE 0208', signedAmount: -50 },
        { date: '2026-02-12', description: 'TESCO STORES 2345', signedAmount: -38.4 },
      ],
      '12345678',
    );
    const rows = await rowsOf(page, current);
    expect(rows.find((r) => r.description === 'HARGREAVES LANSDOWN 0225')).toMatchObject({
      flow_type: 'internal_transfer',
      classification_confidence: 0.8,
    });
    expect(rows.find((r) => r.description === 'MONEYBOX SAVE 0208')).toMatchObject({
      flow_type: 'internal_transfer',
      classification_confidence: 0.9,
    });
    await page.goto(`${twin.url}/app/flow`);
    await page
      .getByRole('button', { name: 'Internal Transfer, 80% confident: correct HARGREAVES LANSDOWN 0225' })
      .waitFor();
  });
});
