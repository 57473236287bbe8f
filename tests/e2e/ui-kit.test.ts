import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTwin } from '../support/twin';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, signIn } from './journey';

/**
 * The UI kit's demo page (/app/dev/ds-demo) in real Chromium, signed in, at a phone's width (390 px) and a
 * laptop's (1280 px): axe-core finds no accessibility violations, with the page as it loads and with the
 * combobox's list and a dialog open, and nothing is wider than the phone's screen. SCREENSHOT_DIR=<dir> also
 * saves full-page screenshots there.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
const email = `kit-${ulid().toLowerCase()}@example.co.uk`;

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

async function axeViolations(page: Page, disabledRules: string[] = []): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    // Through the DevTools protocol: the page's CSP (CloudFront's, no inline scripts) refuses a script tag.
    await page.evaluate(readFileSync(join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async (disabled) => {
    type Axe = { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
    return (await axe.run(document, { rules })).violations;
  }, disabledRules);
  return violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`,
  );
}

async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 390, height: 844 } });
  await signIn(browser.page, twin, email);
  await onboardWithBank(browser.page, twin, 'Barclays');
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

describe('the UI kit demo page: accessible at phone and laptop widths (real Chromium, axe-core)', () => {
  for (const width of [390, 1280]) {
    it(`has no axe violations at ${width} px, closed and with the combobox list, the select list and a dialog open`, async () => {
      const { page, consoleErrors } = browser;
      consoleErrors.length = 0; // only this page's errors (signing in and onboarding have their own tests)
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${twin.url}/app/dev/ds-demo`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'UI kit', level: 1 }).waitFor();
      await page.getByRole('table', { name: 'Sample transactions, 5,000 rows' }).waitFor();
      // The 5,000-row table draws only a window of rows.
      const drawn = await page.locator('table[aria-rowcount="5001"] tbody tr[aria-rowindex]').count();
      expect(drawn).toBeGreaterThan(5);
      expect(drawn).toBeLessThan(60);
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `ds-demo-${width}`);
      expect(await axeViolations(page)).toEqual([]);

      // Select all covers all 5,000 rows, not only those drawn; sorting by Amount puts the smallest first.
      const big = page.getByRole('table', { name: 'Sample transactions, 5,000 rows' });
      await big.getByRole('checkbox', { name: 'Select all rows' }).check();
      await page.getByText('5000 of 5000 selected').waitFor();
      await big.getByRole('checkbox', { name: 'Select all rows' }).uncheck();
      await big.getByRole('button', { name: /^Amount/ }).click();
      await expect(
        big.getByRole('columnheader', { name: /^Amount/ }).getAttribute('aria-sort'),
      ).resolves.toBe('ascending');

      const bank = page.getByRole('combobox', { name: 'Bank', exact: true });
      await bank.click();
      await bank.fill('building');
      await page.getByRole('option', { name: /^Nationwide Building Society/ }).waitFor();
      await screenshot(page, `ds-demo-${width}-combobox`, false);
      // While its list is open, React Aria's combobox hides the rest of the page from screen readers, as a
      // popup does (aria-hidden; the list closes as soon as focus leaves the field). The two rules that
      // object to that hiding itself (hidden content that can take focus; no visible h1) are off for this
      // state only; every other rule applies.
      expect(await axeViolations(page, ['aria-hidden-focus', 'page-has-heading-one'])).toEqual([]);
      await page.keyboard.press('Escape');

      // The select's list opens in a popover over the page (hidden from screen readers, as the combobox's).
      const order = page.getByRole('button', { name: / Date format$/ });
      await order.click();
      const monthFirst = page.getByRole('option', { name: /^Month first/ });
      await monthFirst.waitFor();
      await screenshot(page, `ds-demo-${width}-select`, false);
      expect(await axeViolations(page, ['aria-hidden-focus', 'page-has-heading-one'])).toEqual([]);
      await monthFirst.click();
      await expect(order.textContent()).resolves.toContain('Month first');

      await page.getByRole('button', { name: 'Delete a statement…' }).click();
      await page.getByRole('alertdialog', { name: 'Delete this statement?' }).waitFor();
      await screenshot(page, `ds-demo-${width}-dialog`, false);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      expect(consoleErrors).toEqual([]);
    });
  }

  it('shows the migration comparison page', async () => {
    const { page } = browser;
    await page.goto(`${twin.url}/app/dev/migration-comparison`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Migration comparison', level: 1 }).waitFor();
    await screenshot(page, 'migration-comparison');
    expect(await axeViolations(page)).toEqual([]);
  });
});
