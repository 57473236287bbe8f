import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionInfoResponse } from '../../functions/contracts/subscription';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, signIn } from './journey';

/**
 * The trial and the upgrade in real Chromium on the twin (spec 1 §2, §4): a new family sees its trial in the
 * sidebar panel; the twin's test clock moves that family to 2 days left (no rows edited), and the 3-day banner
 * appears top right; 'Upgrade Now' goes through the Stripe stand-in's checkout page, whose Pay sends signed
 * webhooks; the success page confirms only once the family is active; the app then shows 'Pro Member'.
 * SCREENSHOT_DIR=<dir> saves screenshots at 390 and 1280 px.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
const email = `billing-${ulid().toLowerCase()}@example.co.uk`;

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: join(dir, `billing-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const sidebar = (page: Page) => page.locator('.app-sidebar');

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 1280, height: 800 } });
  await signIn(browser.page, twin, email);
  await onboardWithBank(browser.page, twin, 'Monzo');
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

describe('trial and upgrade journey (real Chromium)', () => {
  it('shows a new family its trial in the sidebar panel, and no banner', async () => {
    const { page } = browser;
    const panel = sidebar(page).getByRole('region', { name: 'Free trial' });
    await panel.waitFor({ timeout: 20_000 });
    expect(await panel.getByText('14 days left').isVisible()).toBe(true);
    expect(await page.locator('.trial-banner').count()).toBe(0);
    await expectAccessible(page, 'app with trial panel');
    await screenshot(page, 'trial');
  });

  it('moved to 2 days left by the twin clock: the 3-day banner and the urgent panel', async () => {
    const { page } = browser;
    const family = await pageApi<{ id: string }>(page, '/api/family');
    const moved = await fetch(`${twin.url}/local/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ family_id: family.id, offset_days: 11 }),
    });
    expect(moved.status).toBe(200);
    await page.reload({ waitUntil: 'networkidle' });
    const banner = page.locator('aside.trial-banner');
    await banner.getByText('3 Days Left in Your Free Trial').waitFor({ timeout: 20_000 });
    expect(await banner.getByRole('button', { name: 'Remind me later' }).isVisible()).toBe(true);
    const panel = sidebar(page).getByRole('region', { name: 'Free trial' });
    expect(await panel.getByText('3 days left', { exact: true }).first().isVisible()).toBe(true);
    expect(await panel.getAttribute('class')).toContain('subscription-panel-urgent');
    await expectAccessible(page, 'app with the 3-day banner');
    // On a phone the banner sits under the header, in the flow, and nothing is wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = await banner.boundingBox();
    const header = await page.locator('header.app-header').boundingBox();
    expect(box && header && box.y >= header.y + header.height).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    // On a larger screen it sits top right, above the page: it covers none of the page's text.
    const placed = await banner.boundingBox();
    const main = await page.locator('main#main-content').boundingBox();
    expect(placed && main && placed.y + placed.height <= main.y).toBe(true);
    expect(placed && placed.x + placed.width > 1280 - 40).toBe(true);
    await screenshot(page, 'two-days-left');
  });

  it("upgrades through the stand-in's checkout and sees 'Pro Member'", async () => {
    const { page, consoleErrors } = browser;
    await page.locator('aside.trial-banner').getByRole('button', { name: 'Upgrade Now' }).click();
    await page.waitForURL(/\/local\/stripe\/checkout\/cs_local_/);
    expect(await page.getByText('Local stand-in for Stripe.').isVisible()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectAccessible(page, 'stand-in checkout');
    await screenshot(page, 'checkout');
    await page.getByRole('button', { name: 'Pay £9.99' }).click();

    await page.waitForURL(/\/subscription\/success\?session_id=cs_local_/);
    await page
      .getByRole('heading', { name: 'Payment received — welcome to Pro' })
      .waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'subscription success');
    await screenshot(page, 'success');
    expect(await pageApi<SubscriptionInfoResponse>(page, '/api/subscription')).toMatchObject({
      status: 'active',
      plan_type: 'pro_monthly',
      has_access: true,
    });

    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL(`${twin.url}/app`);
    const pro = sidebar(page).getByRole('region', { name: 'Pro Member' });
    await pro.waitFor({ timeout: 20_000 });
    expect(await page.locator('.trial-banner').count()).toBe(0);
    await expectAccessible(page, 'app as a Pro member');
    await screenshot(page, 'pro');
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it('a cancelled checkout says nothing was charged', async () => {
    const { page } = browser;
    await page.goto(`${twin.url}/subscription/cancelled`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Checkout cancelled' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Nothing was charged.', { exact: false }).isVisible()).toBe(true);
    await expectAccessible(page, 'subscription cancelled');
  });
});
