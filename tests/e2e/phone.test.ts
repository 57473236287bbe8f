import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../functions/contracts/accounts';
import { APP_PAGES } from '../../web/src/app/pages';
import { generateStatement } from '../fixtures/statements/generate';
import { createAccount, uploadStatement } from '../support/statements';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, pageCaller, signIn } from './journey';
import { expectPhoneReady } from './phone';

/**
 * Every screen at a phone's 390 × 844, generated from the routes (the public pages, the overview and every
 * page of the app's list, so a page added there is checked too): no sideways page scroll, no text cut off,
 * touch targets at least 44 px. The family has two uploaded statements (a current account paying into
 * savings), so the tables, charts and figures are on screen, not only empty states.
 */
const PUBLIC_ROUTES = ['/', '/login', '/privacy-policy', '/terms-of-service'];
const APP_ROUTES = ['/app', ...APP_PAGES.map((p) => `/app/${p.path}`), '/app/dev/migration-comparison'];
const SHOTS = process.env.PHONE_SHOTS;

let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
const email = `phone-${ulid().toLowerCase()}@example.co.uk`;

const callerOf = () => pageCaller(browser.page, twin, email);

/** The page settled: its own loading messages gone and no request in flight. */
async function settle(): Promise<void> {
  const { page } = browser;
  await page.waitForLoadState('networkidle');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () =>
      ![...document.querySelectorAll('[role=status], .full-screen-status')].some((e) =>
        /^Loading/.test(e.textContent?.trim() ?? ''),
      ),
  );
}

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

describe('every screen at 390 px: no sideways scroll, no text cut off, touch targets of 44 px', () => {
  for (const path of PUBLIC_ROUTES) {
    it(`${path} (signed out)`, async () => {
      await browser.page.goto(`${twin.url}${path}`, { waitUntil: 'networkidle' });
      await settle();
      if (SHOTS)
        await browser.page.screenshot({
          path: `${SHOTS}/phone${path.replaceAll('/', '-')}.png`,
          fullPage: true,
        });
      await expectPhoneReady(browser.page, path);
    });
  }

  it('a family with two statements signs in', async () => {
    const { page } = browser;
    await signIn(page, twin, email);
    await onboardWithBank(page, twin, 'Barclays');
    const caller = await callerOf();
    const accounts = (await pageApi<{ accounts: Account[] }>(page, '/api/accounts')).accounts;
    const current =
      accounts.find((a) => a.account_type === 'current')?.id ??
      (await createAccount(caller, 'Everyday', 'current', 'Barclays'));
    // The second statement is a Monzo one: it goes to a Monzo account (another bank's would wait for a check).
    const savings = await createAccount(caller, 'Rainy day', 'savings', 'Monzo');
    const first = await generateStatement('paid-out-paid-in', { seed: 12 });
    const second = await generateStatement('signed-amount', { seed: 4 });
    expect(
      (await uploadStatement(caller, current, 'current.pdf', first.pdf, { timeoutMs: 60_000 })).stage,
    ).toBe('done');
    expect(
      (await uploadStatement(caller, savings, 'savings.pdf', second.pdf, { timeoutMs: 60_000 })).stage,
    ).toBe('done');
    await twin.runner.idle();
  }, 180_000);

  for (const path of APP_ROUTES) {
    it(path, async () => {
      await browser.page.goto(`${twin.url}${path}`, { waitUntil: 'networkidle' });
      await settle();
      // Signed in, on the page itself (not sent back to sign-in or to the overview).
      expect(new URL(browser.page.url()).pathname).toBe(path);
      if (SHOTS)
        await browser.page.screenshot({
          path: `${SHOTS}/phone${path.replaceAll('/', '-')}.png`,
          fullPage: true,
        });
      await expectPhoneReady(browser.page, path);
    });
  }
});

/** Screenshots of a screen at both sizes, for a person to look at (PHONE_SHOTS=folder). */
async function shoot(name: string): Promise<void> {
  if (SHOTS) await browser.page.screenshot({ path: `${SHOTS}/phone-${name}.png`, fullPage: true });
}

/** Whether an element lies wholly inside the window's width. */
async function inView(locator: ReturnType<TestPage['page']['locator']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = browser.page.viewportSize()?.width ?? 0;
  return Boolean(box && box.x >= 0 && box.x + box.width <= width);
}

describe('the tables become lists of rows on a phone, and stay tables on a larger screen', () => {
  it('Recent Activity at 390 px: each row shows its amount and flow type; selection and bulk actions work', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${twin.url}/app`, { waitUntil: 'networkidle' });
    const recent = page.getByRole('region', { name: 'Recent Activity' });
    const table = recent.getByRole('table', { name: 'The latest transactions' });
    const first = table.getByRole('row').nth(1);
    await first.waitFor();
    // Date, description, amount and flow type on screen, inside the window.
    expect(await inView(first.locator('.money'))).toBe(true);
    expect(await inView(first.locator('.badge'))).toBe(true);
    expect(await inView(first.locator('time'))).toBe(true);
    await first.getByRole('checkbox').check();
    await recent.getByText('1 selected').waitFor();
    expect(await recent.getByRole('button', { name: 'Export to CSV' }).isEnabled()).toBe(true);
    await recent.getByRole('button', { name: 'Select Similar' }).click();
    await recent
      .getByText(/similar transactions? (selected|among)/)
      .first()
      .waitFor();
    await recent.getByRole('button', { name: 'Clear selection' }).click();
    await recent.getByText('Select transactions to export them or find similar ones').waitFor();
    // The comparison's change is on screen for every figure.
    const comparison = page.getByRole('region', { name: 'Period Comparison' });
    if (await comparison.getByRole('table').count()) {
      for (const change of await comparison.locator('.change').all()) expect(await inView(change)).toBe(true);
    }
    await shoot('overview-390');
    await expectPhoneReady(page, 'overview');
    await expectAccessible(page, 'overview at 390 px');

    await page.setViewportSize({ width: 1280, height: 900 });
    for (const name of ['Date', 'Description', 'Account', 'Flow Type', 'Amount'])
      expect(await table.getByRole('columnheader', { name }).isVisible()).toBe(true);
    await shoot('overview-1280');
    await expectAccessible(page, 'overview at 1280 px');
  });

  it('Transaction Flow at 390 px: amount and flow type on screen; a row is corrected from its flow badge', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${twin.url}/app/flow`, { waitUntil: 'networkidle' });
    const table = page.getByRole('table', { name: 'Transactions to review' });
    const first = table.getByRole('row').nth(1);
    await first.waitFor();
    expect(await inView(first.locator('.money'))).toBe(true);
    const badge = first.locator('.flow-badge');
    expect(await inView(badge)).toBe(true);
    await badge.click();
    const editor = page.getByRole('dialog', { name: 'Correct the flow type' });
    await editor.waitFor();
    await shoot('flow-editor-390');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });
    await shoot('flow-390');
    await expectPhoneReady(page, 'transaction flow');
    await expectAccessible(page, 'transaction flow at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const name of ['Type', 'Category', 'Verification', 'Improve', 'Status'])
      expect(await table.getByRole('columnheader', { name }).isVisible()).toBe(true);
    await shoot('flow-1280');
  });

  it('Account Setup at 390 px: the rows of an account as a list; a row selected there is selected', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${twin.url}/app/setup/accounts`, { waitUntil: 'networkidle' });
    const rows = page.locator('.account-rows').first();
    const first = rows.getByRole('row').nth(1);
    await first.waitFor();
    expect(await inView(first.locator('.money'))).toBe(true);
    await first.getByRole('checkbox').check();
    expect(await first.getByRole('checkbox').isChecked()).toBe(true);
    await shoot('account-setup-390');
    await expectPhoneReady(page, 'account setup');
    await expectAccessible(page, 'account setup at 390 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The table comes back once the page has laid itself out for the wider screen.
    await rows.getByRole('columnheader', { name: 'Balance' }).waitFor({ state: 'visible' });
    await shoot('account-setup-1280');
  });

  it('File Upload: amounts whole, with a minus sign (U+2212), at 390 and 1280 px', async () => {
    const { page } = browser;
    const accounts = (await pageApi<{ accounts: Account[] }>(page, '/api/accounts')).accounts;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${twin.url}/app/setup/upload`, { waitUntil: 'networkidle' });
      await page.getByLabel('Account').selectOption(accounts.find((a) => a.account_type === 'current')!.id);
      const table = page.getByRole('table', { name: /Recently processed transactions/ });
      await table.getByRole('row').nth(1).waitFor();
      const amounts = await table.locator('tbody .money').allInnerTexts();
      expect(amounts.length).toBeGreaterThan(0);
      expect(amounts.some((a) => a.startsWith('\u2212£'))).toBe(true);
      expect(amounts.every((a) => /^\u2212?£[\d,]+\.\d\d$/.test(a))).toBe(true);
      await shoot(`upload-${width}`);
      if (width === 390) await expectPhoneReady(page, 'file upload');
      await expectAccessible(page, `file upload at ${width} px`);
    }
  });

  it('Spend by Category opens on the latest period with data, as the overview does; the chart fits', async () => {
    const { page } = browser;
    const opening = (await pageApi<{ period: { key: string } }>(page, '/api/insights/overview')).period.key;
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(`${twin.url}/app/spending`, { waitUntil: 'networkidle' });
      await page.getByRole('figure', { name: /Bar chart of spending by category/ }).waitFor();
      expect(await page.getByLabel('Period').inputValue()).toBe(opening);
      expect(await page.getByText('No Spending Data').count()).toBe(0);
      // No two of the chart's labels overlap.
      const overlaps = await page.evaluate(() => {
        const boxes = [
          ...document.querySelectorAll('.spending-chart .recharts-cartesian-axis-tick text'),
        ].map((t) => t.getBoundingClientRect());
        let n = 0;
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i]!;
            const b = boxes[j]!;
            if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
              n++;
          }
        return n;
      });
      expect(overlaps).toBe(0);
      await shoot(`spending-${width}`);
      if (width === 390) await expectPhoneReady(page, 'spend by category');
      await expectAccessible(page, `spend by category at ${width} px`);
    }
  });

  it('the welcome tour on a phone: every step stays, pointing at its target or the menu button', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.removeItem('welcomeTourCompleted'));
    await page.goto(`${twin.url}/app`, { waitUntil: 'networkidle' });
    const tour = page.getByRole('dialog');
    for (let step = 1; step <= 5; step++) {
      await tour.getByText(`Step ${step} of 5`).waitFor();
      expect(await tour.getAttribute('data-placed')).toBe('target');
      if (step === 2) await shoot('tour-step-2-390');
      if (step < 5) await tour.getByRole('button', { name: 'Next' }).click();
    }
    await tour.getByRole('button', { name: 'Finish' }).click();
    await tour.waitFor({ state: 'hidden' });
  });

  it('the landing: the Feedback button covers no heading in the first screen, at 390 and 1280 px', async () => {
    const landing = await browser.browser.newContext({ locale: 'en-GB' });
    const fresh = await landing.newPage();
    try {
      for (const width of [390, 1280]) {
        await fresh.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await fresh.goto(twin.url, { waitUntil: 'networkidle' });
        await fresh.getByRole('heading', { level: 1 }).waitFor();
        await fresh.getByRole('button', { name: 'Feedback' }).waitFor();
        const covered = await fresh.evaluate(() => {
          const button = document.querySelector('.feedback-launcher')!.getBoundingClientRect();
          return [...document.querySelectorAll('h1, h2, h3')]
            .filter((h) => {
              const r = h.getBoundingClientRect();
              return (
                r.left < button.right &&
                button.left < r.right &&
                r.top < button.bottom &&
                button.top < r.bottom
              );
            })
            .map((h) => h.textContent);
        });
        expect(covered, `at ${width} px`).toEqual([]);
        if (SHOTS) await fresh.screenshot({ path: `${SHOTS}/phone-landing-${width}.png` });
      }
    } finally {
      await landing.close();
    }
  });

  it('the overview at first paint: nothing on screen moves as its parts arrive (CLS ≤ 0.05), at 1280 and 390 px', async () => {
    const { context } = browser;
    const page = await context.newPage();
    try {
      // Every layout shift without recent input, as CLS counts them, from the first paint.
      await page.addInitScript(() => {
        const w = window as unknown as { __shifts: number[] };
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >)
            if (!entry.hadRecentInput) w.__shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.goto(`${twin.url}/app`, { waitUntil: 'networkidle' });
        await page.getByRole('region', { name: 'Recent Activity' }).getByRole('table').waitFor();
        await page.getByRole('region', { name: 'Trends' }).locator('.recharts-surface').first().waitFor();
        await page.waitForLoadState('networkidle');
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
        const cls = shifts.reduce((sum, v) => sum + v, 0);
        expect(cls, `CLS at ${width} px (${shifts.map((v) => v.toFixed(3)).join(', ')})`).toBeLessThanOrEqual(
          0.05,
        );
      }
    } finally {
      await page.close();
    }
  });
});
