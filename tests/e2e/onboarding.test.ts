import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../functions/contracts/accounts';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { magicLink, pageApi, signOutFromHeader, skipWelcomeTour } from './journey';

/**
 * The first-run journey in real Chromium on the twin: sign in with the magic link from the outbox, complete
 * onboarding with a bank that offers services (one account per selected service, checked through the API
 * with the page's own token), land in the app shell, survive a reload, sign out to '/'.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
const email = `onboarding-${ulid().toLowerCase()}@example.co.uk`;

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 390, height: 844 } }); // a phone
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

describe('onboarding journey (real Chromium, phone viewport)', () => {
  it('signs in through the e-mailed link and lands in onboarding', async () => {
    const { page } = browser;
    await page.goto(`${twin.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel(/email/i).fill(email);
    await page.getByRole('button', { name: 'Send Magic Link' }).click();
    await page.goto(await magicLink(twin, email));
    await page.getByRole('heading', { name: 'Welcome to Family Finance' }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    await expectAccessible(page, 'onboarding: profile');
  });

  it('completes step 1 (profile, family, trial)', async () => {
    const { page } = browser;
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Phone (optional)').fill('07700 900123');
    await page.getByLabel('Family name').fill('The Lovelaces');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Your accounts' }).waitFor();
    await expectAccessible(page, 'onboarding: accounts');
    expect(await page.evaluate(() => localStorage.getItem('currentFamilyId'))).toMatch(/^[0-9A-Z]{26}$/);
    const subscription = await pageApi<{ status: string; trial_total_days: number }>(
      page,
      '/api/subscription',
    );
    expect(subscription).toMatchObject({ status: 'trial', trial_total_days: 14 });
  });

  it('completes step 2 with a bank that offers services: one account per selected service', async () => {
    const { page } = browser;
    const picker = page.getByRole('combobox', { name: 'Bank or provider' });
    await picker.click();
    await picker.fill('Barclays');
    await page
      .getByRole('option', { name: /^Barclays/ })
      .first()
      .click();
    await page.getByText('Each service will be created as a separate account').waitFor();
    await expectAccessible(page, 'onboarding: bank with services');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: "You're all set!" }).waitFor();
    await expectAccessible(page, 'onboarding: complete');

    const { accounts } = await pageApi<{ accounts: Account[] }>(page, '/api/accounts');
    expect(accounts.map((a) => [a.name, a.account_type, a.institution_id])).toEqual([
      ['Barclays Current Account', 'current', 'barclays'],
      ['Barclays Savings Account', 'savings', 'barclays'],
      ['Barclays Credit Card', 'credit', 'barclays'],
    ]);
  });

  it('goes to the app shell, which survives a reload; sign-out returns to /', async () => {
    const { page, consoleErrors } = browser;
    await skipWelcomeTour(page); // the tour has its own journey (front-door.test.ts)
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.waitForURL(`${twin.url}/app`);
    // A phone: Sign Out is in the account menu.
    const accountMenu = page.getByRole('button', { name: /^Account menu: / });
    await accountMenu.waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'overview');
    expect(await page.evaluate(() => localStorage.getItem('onboardingComplete'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('onboardingProgress'))).toBeNull();

    await page.reload({ waitUntil: 'networkidle' });
    await accountMenu.waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/app');

    await signOutFromHeader(page);
    await page.waitForURL(`${twin.url}/`);
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });
});
