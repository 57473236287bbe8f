import type { Page } from 'playwright-core';
import type { Twin } from '../../functions/local/server';
import type { ApiCaller } from '../support/api';
import { waitFor } from '../support/twin';

/** Steps the browser journeys share: the e-mailed sign-in link, the page's own API calls, onboarding. */
interface OutboxMail {
  to: string;
  link?: string;
}

/** The newest sign-in link the twin "sent" to `to` (GET /local/outbox). */
export async function magicLink(twin: Pick<Twin, 'url'>, to: string): Promise<string> {
  return waitFor(async () => {
    const mails = (await (await fetch(`${twin.url}/local/outbox`)).json()) as OutboxMail[];
    return mails.find((m) => m.to === to && m.link)?.link;
  });
}

/** The page's own ID token (Amplify keeps it in localStorage under CognitoIdentityServiceProvider.*.idToken). */
export async function pageApi<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const token = key ? localStorage.getItem(key) : null;
    const response = await fetch(p, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return response.json();
  }, path) as Promise<T>;
}

/** Sign in with the e-mailed link, as a new family member would; ends on onboarding's first step. */
export async function signIn(page: Page, twin: Pick<Twin, 'url'>, email: string): Promise<void> {
  await page.goto(`${twin.url}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole('button', { name: 'Send Magic Link' }).click();
  await page.goto(await magicLink(twin, email));
  await page.getByRole('heading', { name: 'Welcome to Family Finance' }).waitFor({ timeout: 20_000 });
}

/**
 * Onboarding's three steps with a bank from the catalogue (one account per default service); ends in /app.
 * The welcome tour is marked done first unless `tour` is set: journeys through other screens do not walk
 * through it (tests/e2e/front-door.test.ts does).
 */
export async function onboardWithBank(
  page: Page,
  twin: Pick<Twin, 'url'>,
  bank: string,
  { tour = false }: { tour?: boolean } = {},
): Promise<void> {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Family name').fill('The Lovelaces');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Your accounts' }).waitFor();
  const picker = page.getByRole('combobox', { name: 'Bank or provider' });
  await picker.click();
  await picker.fill(bank);
  await page
    .getByRole('option', { name: new RegExp(`^${bank}`) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: "You're all set!" }).waitFor();
  if (!tour) await skipWelcomeTour(page);
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await page.waitForURL(`${twin.url}/app`);
}

/** Mark the welcome tour done (localStorage welcomeTourCompleted), so it does not open over the screen. */
export async function skipWelcomeTour(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('welcomeTourCompleted', 'true'));
}

/**
 * Sign out from the header: its Sign Out button on a larger screen; on a phone (where the name and Sign Out
 * live in the account menu) through that menu.
 */
export async function signOutFromHeader(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Sign Out' });
  if (await button.isVisible()) return button.click();
  await page.getByRole('button', { name: /^Account menu: /, expanded: false }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
}

/** The page's own signed-in API caller (its ID token), for what the family does on other screens. */
export async function pageCaller(page: Page, twin: Pick<Twin, 'url'>, email: string): Promise<ApiCaller> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });
  return {
    sub: 'page',
    email,
    async call<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${twin.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: (text ? JSON.parse(text) : null) as T,
        headers: response.headers,
      };
    },
  };
}
