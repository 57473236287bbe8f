import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerServices } from '../../functions/app/container';
import type { Account } from '../../functions/contracts/accounts';
import type { AskResponse } from '../../functions/contracts/assistant';
import { EXAMPLE_QUESTIONS } from '../../functions/contracts/assistant';
import type { PeriodStatsResponse } from '../../functions/contracts/insights';
import type { SpendingResponse } from '../../functions/contracts/spending';
import { formatMoney } from '../../functions/domain/format';
import { generateStatement } from '../fixtures/statements/generate';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, signIn } from './journey';

/**
 * Analytics & Insights in real Chromium on the twin: a family onboarded with Monzo uploads two statements
 * of its current account (two consecutive slices of one account's history), opens /app/analytics and asks
 * each example question of spec 3 §2.5 with one click. Each answer's figures are checked against the
 * period statistics the overview reads (GET /api/insights/period-stats, an independent path through the
 * roll-ups) and against the answer's own rows; at 1280 px and 390 px, with axe-core finding nothing serious.
 * The server's "today" is set to the last statement's last day, so "this month" has data.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
const email = `analytics-${ulid().toLowerCase()}@example.co.uk`;
const SHOTS = resolve(tmpdir(), 'analytics-screens');

async function upload(page: Page, accountId: string, name: string, pdf: Buffer, rows: number) {
  await page.goto(`${twin.url}/app/setup/upload`);
  await page.getByRole('heading', { name: 'File Upload', level: 1 }).waitFor();
  await page.getByLabel('Account').selectOption(accountId);
  await page.getByLabel('Statements (PDF)').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
  await page
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByText(`${rows} new transactions`)
    .waitFor({ timeout: 30_000 });
}

let lastDay = '';

beforeAll(async () => {
  // The twin's own thread: this file registers its clock (`now`) in this process, which workers do not see.
  twin = await startTestTwin({ web: 'dist', apiWorkers: 0 });
  browser = await openPage({ viewport: { width: 1280, height: 900 } });
  mkdirSync(SHOTS, { recursive: true });
  const first = await generateStatement('signed-amount', {
    seed: 33,
    transactions: 120,
    slice: { from: 0, to: 60 },
  });
  const second = await generateStatement('signed-amount', {
    seed: 33,
    transactions: 120,
    slice: { from: 60, to: 120 },
  });
  lastDay =
    second.truth.transactions
      .map((t) => t.date)
      .sort()
      .at(-1) ?? '';
  const { page } = browser;
  await signIn(page, twin, email);
  await onboardWithBank(page, twin, 'Monzo'); // the statements' own bank: another bank's would wait for the family's check
  const accounts = (await pageApi<{ accounts: Account[] }>(page, '/api/accounts')).accounts;
  const current = accounts.find((a) => a.account_type === 'current') ?? accounts[0];
  if (!current) throw new Error('no account after onboarding');
  await upload(page, current.id, 'Monzo statement 1.pdf', first.pdf, first.truth.transactions.length);
  await upload(page, current.id, 'Monzo statement 2.pdf', second.pdf, second.truth.transactions.length);
  // sign-in links and uploads ran on the real clock; the questions are asked "on" the last statement day
  registerServices({ now: () => new Date(`${lastDay}T12:00:00Z`) });
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

/** Clicks an example question and returns the API's answer as the page received it. */
async function askByClick(page: Page, question: string): Promise<AskResponse> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/assistant/messages') && r.request().method() === 'POST',
    ),
    page.getByRole('button', { name: question, exact: true }).first().click(),
  ]);
  const body = (await response.json()) as AskResponse;
  await page
    .locator('.chat-assistant')
    .filter({ hasText: body.answer.content.split('\n')[0] ?? '' })
    .last()
    .waitFor();
  return body;
}

const money = (n: number) => formatMoney(n, 2);

describe('Analytics & Insights in Chromium', () => {
  it('every example question is answered with the figures the rows give', async () => {
    const { page } = browser;
    browser.consoleErrors.length = 0; // from here on: the analytics page's own errors only
    await page.goto(`${twin.url}/app/analytics`);
    await page.getByRole('heading', { name: 'Analytics & Insights', level: 1 }).waitFor();
    await page.getByText('AI-powered financial insights and conversational analysis').waitFor();

    const statsOf = async (a: AskResponse) => {
      const p = a.answer.result?.period;
      if (!p) throw new Error(`no period in "${a.answer.content}"`);
      return (
        await pageApi<PeriodStatsResponse>(page, `/api/insights/period-stats?from=${p.start}&to=${p.end}`)
      ).summary;
    };

    const spend = await askByClick(page, EXAMPLE_QUESTIONS.spending[0]);
    const spendStats = await statsOf(spend);
    expect(spend.answer.result?.figures.expenses).toBe(spendStats.totalExpenses);
    expect(spend.answer.content).toContain(money(spendStats.totalExpenses));

    const biggest = await askByClick(page, EXAMPLE_QUESTIONS.spending[1]);
    const b = biggest.answer.result;
    // categories as Spend by Category counts them (refunds reduce their category), for the same month
    const month = b?.period?.start.slice(0, 7) ?? '';
    const byCategory = await pageApi<SpendingResponse>(page, `/api/insights/categories?from=${month}`);
    if (b?.subject)
      expect(b.figures.top_total).toBe(byCategory.categories.find((c) => c.name === b.subject)?.total);
    const breakdownSum = Math.round((b?.breakdown ?? []).reduce((s, r) => s + r.total, 0) * 100) / 100;
    if ((b?.breakdown.length ?? 0) < 10) expect(breakdownSum).toBe(b?.figures.expenses);
    if (b?.subject) expect(biggest.answer.content).toContain(money(b.figures.top_total ?? 0));

    const trend = await askByClick(page, EXAMPLE_QUESTIONS.spending[2]);
    const t = trend.answer.result;
    const monthsSum = Math.round((t?.breakdown ?? []).reduce((s, r) => s + r.total, 0) * 100) / 100;
    if (t && t.transaction_count > 0) {
      expect(monthsSum).toBe(t.figures.total);
      expect(trend.answer.content).toContain(money(t.figures.total ?? 0));
    } else expect(trend.answer.content).toMatch(/^I couldn't find any matching transactions/);

    const moves = await askByClick(page, EXAMPLE_QUESTIONS.money_flow[0]);
    const movesStats = await statsOf(moves);
    if (movesStats.totalInternalTransfers > 0)
      expect(moves.answer.content).toContain(money(movesStats.totalInternalTransfers));
    else expect(moves.answer.content).toMatch(/^I couldn't find any matching transactions/);

    const net = await askByClick(page, EXAMPLE_QUESTIONS.money_flow[1]);
    const netStats = await statsOf(net);
    expect(net.answer.result?.figures.net).toBe(netStats.netFlow);
    expect(net.answer.content).toContain(money(netStats.netFlow));

    const versus = await askByClick(page, EXAMPLE_QUESTIONS.money_flow[2]);
    const versusStats = await statsOf(versus);
    expect(versus.answer.result?.figures.expenses).toBe(versusStats.totalExpenses);
    expect(versus.answer.result?.figures.internal).toBe(versusStats.totalInternalTransfers);

    // an answer's rows: expandable, linked to the flow page
    const lastAnswer = page.locator('.chat-assistant').last();
    const rows = lastAnswer.locator('summary');
    if (await rows.count()) {
      await rows.click();
      expect(
        await lastAnswer.getByRole('link', { name: 'Review these in Transaction Flow' }).getAttribute('href'),
      ).toMatch(/^\/app\/flow\?from=/);
    }
    expect(await page.getByText('Online', { exact: true }).count()).toBe(1);
    await page.screenshot({ path: resolve(SHOTS, 'analytics-1280.png'), fullPage: true });
    await expectAccessible(page, 'analytics');
  });

  it('typing a question: Enter sends, and the history stays after a reload', async () => {
    const { page } = browser;
    const input = page.getByRole('textbox', { name: 'Ask Your Financial AI' });
    await input.fill('What were our 3 largest payments this month?');
    await input.press('Enter');
    await page.locator('.chat-assistant').filter({ hasText: 'largest payments out' }).last().waitFor();
    await page.reload();
    await page.locator('.chat-assistant').filter({ hasText: 'largest payments out' }).last().waitFor();
    expect(await page.locator('.chat-msg').count()).toBe(10);
  });

  it('works at a phone width of 390 px', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${twin.url}/app/analytics`);
    await page.getByRole('heading', { name: 'Analytics & Insights', level: 1 }).waitFor();
    await page.locator('.chat-assistant').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: resolve(SHOTS, 'analytics-390.png'), fullPage: true });
    await expectAccessible(page, 'analytics at 390 px');
    expect(browser.consoleErrors).toEqual([]);
  });
});
