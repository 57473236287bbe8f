import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  putNewTransactions,
  type TransactionItem,
} from '../../functions/adapters/dynamodb/transaction-repository';
import type { Account } from '../../functions/contracts/accounts';
import type { Family } from '../../functions/contracts/family';
import { nextWorkingDay, previousWorkingDay } from '../../functions/domain/bank-holidays';
import { addDays, DEFAULT_TIME_ZONE, localDate, makeDate } from '../../functions/domain/dates';
import { refreshRollups } from '../../functions/services/rollups';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, signIn } from './journey';

/**
 * Bills & Regular Payments in real Chromium on the twin: a family onboarded with Barclays has a year of its
 * current account's rows (written as Persist writes them: a direct debit on the next working day, a card
 * subscription, a salary, weekly shopping). It opens 'Bills & Regular Payments' from the sidebar, reads the
 * payments, the forecast and the calendar, renames a payment through its actions menu, and sees the
 * month-end forecast on the Family Overview; at 1280 px and 390 px, axe-core finding no serious or critical
 * violation and nothing wider than the phone's screen.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
const email = `bills-${ulid().toLowerCase()}@example.co.uk`;

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 1280, height: 900 } });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

async function seed(familyId: string, accountId: string) {
  const today = localDate(new Date(), DEFAULT_TIME_ZONE);
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const rows: TransactionItem[] = [];
  const add = (date: string, description: string, signed: number, flow: string) =>
    rows.push({
      id: ulid(),
      family_id: familyId,
      account_id: accountId,
      upload_id: 'seeded',
      transaction_date: date,
      description,
      amount: Math.abs(signed),
      signed_amount: signed,
      type: signed < 0 ? 'debit' : 'credit',
      balance: null,
      flow_type: flow,
      user_corrected_flow_type: null,
      classification_confidence: 0.9,
      classification_method: 'ai_auto',
      created_at: new Date().toISOString(),
    });
  for (let i = -12; i < 0; i++) {
    add(
      nextWorkingDay(makeDate(y, m + i, 1)),
      'DD BRITISH GAS 88120034',
      i === -1 ? -142 : -96,
      'external_expense',
    );
    add(addDays(makeDate(y, m + i, 14), 1), 'VIS NETFLIX.COM AMSTERDAM', -10.99, 'external_expense');
    add(previousWorkingDay(makeDate(y, m + i, 25)), 'BGC ACME LTD SALARY', 2400, 'income');
    for (let w = 0; w < 4; w++)
      add(
        makeDate(y, m + i, 3 + w * 7),
        'CARD PAYMENT TO TESCO STORES 3217',
        -(40 + ((w * 17 + i * 5) % 50)),
        'external_expense',
      );
  }
  rows.sort((a, b) => a.transaction_date.localeCompare(b.transaction_date));
  let balance = 800;
  rows.forEach((r, i) => {
    balance = Math.round((balance + r.signed_amount) * 100) / 100;
    r.balance = balance;
    r.position = i;
  });
  await putNewTransactions(rows);
  await refreshRollups(
    familyId,
    rows.map((r) => r.transaction_date),
  );
}

describe('Bills & Regular Payments in the browser', () => {
  it('finds the family’s bills, forecasts the month, and remembers a rename, at 1280 and 390 px', async () => {
    const { page } = browser;
    await signIn(page, twin, email);
    await onboardWithBank(page, twin, 'Barclays');
    const [account] = (await pageApi<{ accounts: Account[] }>(page, '/api/accounts')).accounts;
    const family = await pageApi<Family | { family: Family }>(page, '/api/family');
    const familyId = 'family' in family ? family.family.id : family.id;
    await seed(familyId, account!.id);
    // The rows were written straight to the table, not uploaded, so no upload event tells the open overview
    // to refetch: what it has already fetched (its month-end forecast reads the bills) stays fresh in the SPA's
    // cache for 30 s. Load the app again, as a family coming back to it would, so every screen reads the rows.
    await page.reload();
    await page.getByRole('heading', { name: 'Family Overview', level: 1 }).waitFor();

    await page.getByRole('link', { name: 'Bills & Regular Payments' }).click();
    await page.getByRole('heading', { name: 'Bills & Regular Payments', level: 1 }).waitFor();
    const payments = page.getByRole('region', { name: 'Regular payments' });
    await payments.getByRole('heading', { name: 'British Gas' }).waitFor();
    await payments.getByText('British Gas took £142, usually £96').waitFor();
    await payments.getByRole('heading', { name: 'Netflix' }).waitFor();
    await page
      .getByRole('region', { name: 'Regular income' })
      .getByRole('heading', { name: 'Acme' })
      .waitFor();
    await page
      .getByRole('region', { name: 'Month-end forecast' })
      .getByText(/^Based on /)
      .waitFor();
    await page.getByRole('region', { name: 'Coming 30 days' }).waitFor();
    await expectAccessible(page, 'bills (1280)');

    await page.getByRole('button', { name: 'Actions for Netflix' }).click();
    await page.getByRole('menuitem', { name: 'Rename…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename Netflix' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill('Netflix (family)');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await payments.getByRole('heading', { name: 'Netflix (family)' }).waitFor();
    await page.reload();
    await payments.getByRole('heading', { name: 'Netflix (family)' }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await payments.getByRole('heading', { name: 'British Gas' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, 'bills (390)');

    await page.goto(`${twin.url}/app`);
    const card = page.getByRole('region', { name: 'Month-end forecast' });
    await card.getByRole('link', { name: 'See your bills and regular payments' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
