import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/dynamodb/client';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { magicLink, onboardWithBank } from './journey';

/**
 * The front door in real Chromium on the twin: the landing page at a desktop's and a phone's width (every
 * section, every control reachable by keyboard, the FAQ, the feedback widget, the first-party events), then a
 * newcomer who follows a call to action, signs in, onboards and meets the welcome tour, then saves their
 * profile from the header's name.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let desktop: TestPage;
let phone: TestPage;
const email = `front-${ulid().toLowerCase()}@example.co.uk`;

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  desktop = await openPage({ viewport: { width: 1280, height: 800 } });
  phone = await openPage({ viewport: { width: 390, height: 844 } });
}, 120_000);
afterAll(async () => {
  await desktop?.close();
  await phone?.close();
  await twin?.stop();
});

async function items(prefix: string) {
  const out = await documentClient().send(new ScanCommand({ TableName: tableName() }));
  return (out.Items ?? []).filter((i) => String(i.pk).startsWith(prefix));
}

/** Tab through the whole landing page once: every section's controls get focus in turn. */
async function expectEveryControlReachedByTab(page: Page) {
  const reached = new Set<string>();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    reached.add(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el ? `${el.tagName.toLowerCase()}:${el.textContent?.trim() ?? ''}` : '';
      }),
    );
  }
  const text = [...reached].join('\n');
  for (const expected of [
    'How it works',
    'Sign in',
    'See how it works',
    'Do I need to give you my online banking login?',
    'Can I delete my data?',
    'Privacy Policy',
    'Terms of Service',
    'Contact',
    'Feedback',
  ])
    expect(text, `Tab reaches ${expected}`).toContain(expected);
  const ctas = await page.locator('a[data-cta]').evaluateAll((links) => links.map((l) => l.outerHTML));
  for (const cta of ctas) expect(text).toContain(`a:${cta.replace(/<[^>]+>/g, '').trim()}`);
}

describe('the landing page (real Chromium)', () => {
  it('at 1280 px: every section, each control reachable with Tab, the FAQ by keyboard, no console errors', async () => {
    const { page, consoleErrors } = desktop;
    const beacon = page.waitForRequest((r) => r.url().endsWith('/api/events') && r.method() === 'POST');
    await page.goto(twin.url, { waitUntil: 'networkidle' });
    for (const name of [
      'Why family finances never add up',
      'One honest picture, in three steps',
      'Your data, kept safe',
      'Simple pricing',
      'Frequently asked questions',
      "See your family's money from all angles",
    ])
      await page.getByRole('heading', { level: 2, name }).waitFor();

    await expectEveryControlReachedByTab(page);
    // Every call to action (hero, pricing, bottom) is a link to /login reached by Tab.
    const ctas = await page
      .locator('a[data-cta]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute('data-cta'), l.getAttribute('href')]));
    expect(ctas).toEqual([
      ['hero', '/login'],
      ['pricing', '/login'],
      ['bottom', '/login'],
    ]);

    const question = page.getByRole('button', { name: 'Can I delete my data?' });
    await question.focus();
    await page.keyboard.press('Enter');
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Deleted account data is removed within 30 days').waitFor();
    await expectAccessible(page, 'landing (1280 px, FAQ open)');

    await beacon; // sent with navigator.sendBeacon, then stored: the page view and the A/B views
    const visitor = await page.evaluate(() => localStorage.getItem('ffVisitorId'));
    await expect
      .poll(
        async () =>
          (await items('ANALYTICS#'))
            .filter((i) => i.visitor_id === visitor)
            .map((i) => i.type)
            .sort(),
        { timeout: 30_000 },
      )
      .toEqual(expect.arrayContaining(['ab_view', 'ab_view', 'ab_view', 'page_view']));
    expect(consoleErrors).toEqual([]);
    await page.screenshot({ path: '/tmp/front-door-landing-1280.png', fullPage: true });
  }, 60_000);

  it('at 390 px: fits the width, passes axe, and takes feedback', async () => {
    const { page, consoleErrors } = phone;
    await page.goto(twin.url, { waitUntil: 'networkidle' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectEveryControlReachedByTab(page);
    await expectAccessible(page, 'landing (390 px)');
    await page.screenshot({ path: '/tmp/front-door-landing-390.png', fullPage: true });

    const message = `Lovely landing page ${ulid()}`;
    await page.getByRole('button', { name: /Feedback/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Send us feedback' });
    await dialog.waitFor();
    await expectAccessible(page, 'feedback form');
    await dialog.getByLabel(/Your feedback/).fill(message);
    await dialog.getByRole('button', { name: 'Send Feedback' }).click();
    await page.getByText('Thanks for your feedback!').waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const stored = (await items('FEEDBACK')).find((i) => i.message === message);
    expect(stored).toMatchObject({ source: 'landing_page', contact_email: null, url: `${twin.url}/` });
    expect(consoleErrors).toEqual([]);
  }, 60_000);
});

describe('a newcomer from the landing page (real Chromium, 1280 px)', () => {
  it('follows the call to action, signs in and onboards; the welcome tour opens on first entry', async () => {
    const { page } = desktop;
    await page.goto(twin.url, { waitUntil: 'networkidle' });
    await page.locator('a[data-cta="hero"]').click();
    await page.waitForURL(`${twin.url}/login`);
    await page.getByLabel(/email/i).fill(email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.goto(await magicLink(twin, email));
    await page.getByRole('heading', { name: 'Welcome to Family Finance' }).waitFor({ timeout: 20_000 });
    await onboardWithBank(page, twin, 'Barclays', { tour: true });

    const tour = page.getByRole('dialog', { name: 'Upload bank statements' });
    await tour.waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'welcome tour');
    await page.screenshot({ path: '/tmp/front-door-tour-1280.png' });
    // It points at the sidebar's File Upload link, with the tooltip inside the viewport.
    const box = await page.locator('.tour-tooltip').boundingBox();
    expect(box && box.x >= 16 && box.x + box.width <= 1280 - 16).toBe(true);
    expect(box?.width).toBe(300);
    // Focus stays in the tooltip.
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.tour-tooltip') !== null)).toBe(true);
    await tour.getByRole('button', { name: 'Next' }).click();
    await page
      .getByRole('dialog', { name: /See your money flow|Correct a transaction|Ask questions|Insights/ })
      .waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.tour-tooltip').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('welcomeTourCompleted'))).toBe('true');

    // The call to action then the sign-in: the landing page's conversion, reported by the app.
    const visitor = await page.evaluate(() => localStorage.getItem('ffVisitorId'));
    await expect
      .poll(
        async () => (await items('ANALYTICS#')).some((i) => i.visitor_id === visitor && i.type === 'sign_in'),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);

    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign Out' }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1500);
    expect(await page.locator('.tour-tooltip').count()).toBe(0);
  }, 120_000);

  it("saves the profile from the header's name, with the spec's checks and messages", async () => {
    const { page, consoleErrors } = desktop;
    await page.locator('.header-user').click();
    await page.waitForURL(`${twin.url}/app/profile`);
    await page.getByRole('heading', { name: 'Basic Information' }).waitFor();
    expect(await page.getByLabel(/^First name/).inputValue()).toBe('Ada');
    await page.getByLabel('Postcode').fill('not a postcode');
    await page.getByLabel('Phone').fill('abc');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Please enter a valid UK postcode').waitFor();
    await page.getByText('Please enter a valid phone number').waitFor();
    await expectAccessible(page, 'profile (with errors)');
    await page.getByLabel('Postcode').fill('sw1a1aa');
    expect(await page.getByText('Please enter a valid UK postcode').count()).toBe(0);
    await page.getByLabel('Phone').fill('07700 900123');
    await page.getByLabel('Town or city').fill('London');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    expect(await page.getByLabel('Postcode').inputValue()).toBe('SW1A 1AA');
    await page.screenshot({ path: '/tmp/front-door-profile-1280.png', fullPage: true });
    await page.getByText('Profile updated successfully!').waitFor({ state: 'detached', timeout: 30_000 });
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  }, 60_000);
});
