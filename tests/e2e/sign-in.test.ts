import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerServices } from '../../functions/app/container';
import type { OutboxEntry } from '../../functions/local/outbox';
import { startTestTwin, waitFor } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { signOutFromHeader } from './journey';

/**
 * Passwordless sign-in in real Chromium on the twin (spec 1 §2 login screen and /app decision order, §4
 * authentication): a new address asks for a link, opens it from the outbox, lands in the app, keeps the
 * session over a reload, uses the shell on a phone, signs out to '/'; a used link explains itself.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
const email = `sign-in-${ulid().toLowerCase()}@example.co.uk`;
let firstLink = '';

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

async function linkFor(to: string, notThis = ''): Promise<string> {
  return waitFor(async () => {
    const mails = (await (await fetch(`${twin.url}/local/outbox`)).json()) as OutboxEntry[];
    return mails.find((m) => m.to === to && m.link && m.link !== notThis)?.link;
  });
}

/** Requests the browser made that failed, other than the expected ones (e.g. no family yet: 404). */
const unexpectedErrors = (errors: string[]) =>
  errors.filter((e) => !/^Failed to load resource: the server responded with a status of (400|404)/.test(e));

describe('spec 1 §2/§4 sign-in with an e-mailed link (real Chromium, phone viewport)', () => {
  it('sends a link from /login and shows "Check your email"', async () => {
    const { page } = browser;
    await page.goto(`${twin.url}/login`, { waitUntil: 'networkidle' });
    const send = page.getByRole('button', { name: 'Send Magic Link' });
    expect(await send.isDisabled()).toBe(true);
    await expectAccessible(page, 'login');
    await page.getByLabel('Email address').fill(email);
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    expect(await page.getByRole('status').first().textContent()).toBe('Magic link sent! Check your email.');
    expect(await page.getByText(/You can resend the link in \d+ s/).isVisible()).toBe(true);
    await expectAccessible(page, 'login: check your email');
    firstLink = await linkFor(email);
    expect(firstLink.startsWith(`${twin.url}/app#magic_link=`)).toBe(true);
  });

  it('signs in from the link, removes the secret from the address bar, and lands in onboarding', async () => {
    const { page } = browser;
    await page.goto(firstLink);
    await page.getByRole('heading', { name: 'Welcome to Family Finance' }).waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(`${twin.url}/app`);
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.some((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'))).toBe(
      true,
    );
  });

  it('keeps the session over a reload', async () => {
    const { page } = browser;
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welcome to Family Finance' }).waitFor({ timeout: 20_000 });
  });

  it('sends a signed-in visitor from / and /login to /app', async () => {
    const { page } = browser;
    for (const path of ['/', '/login']) {
      await page.goto(`${twin.url}${path}`);
      await page.waitForURL(`${twin.url}/app`);
    }
  });

  it('shows the app shell once onboarding is complete: name, navigation drawer, Sign Out', async () => {
    const { page } = browser;
    await page.evaluate(() => {
      localStorage.setItem('onboardingComplete', 'true');
      localStorage.setItem('welcomeTourCompleted', 'true'); // the tour has its own journey (front-door.test.ts)
    });
    await page.goto(`${twin.url}/app/no-such-page`);
    await page.waitForURL(`${twin.url}/app`);
    await page.getByRole('heading', { name: 'Family Overview' }).waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'overview (phone)');
    const localPart = email.split('@')[0]!;
    expect(await page.locator('.header-user').textContent()).toBe(localPart);
    // On a phone the name is in the account menu, whole, with Sign Out; nothing floats over the page.
    expect(await page.locator('.header-user').isVisible()).toBe(false);
    expect(await page.locator('.feedback-launcher').isVisible()).toBe(false);
    // (the menu's own button, once its code is in: it says whether it is open)
    await page.getByRole('button', { name: `Account menu: ${localPart}`, expanded: false }).click();
    const account = page.getByRole('menu');
    await account.getByText(localPart, { exact: true }).waitFor();
    expect(await account.getByRole('menuitem').allTextContents()).toEqual([
      'Your profile',
      'Send feedback',
      'Sign Out',
    ]);
    const nameBox = account.getByText(localPart, { exact: true });
    expect(await nameBox.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectAccessible(page, 'account menu (phone)');
    await page.keyboard.press('Escape');
    await account.waitFor({ state: 'detached' });
    // On a phone the sidebar is a drawer: a labelled dialog, closed with Escape.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await expectAccessible(page, 'navigation drawer');
    expect(await drawer.getByRole('link', { name: 'Family Overview' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  it('signs out to / and clears the onboarding flags; /app then goes to /', async () => {
    const { page } = browser;
    await signOutFromHeader(page);
    await page.waitForURL(`${twin.url}/`);
    await page.getByText('Family Financial Intelligence').waitFor(); // the landing page (its headline is A/B tested)
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(
      keys.filter((k) => k.startsWith('CognitoIdentityServiceProvider.') || k === 'onboardingComplete'),
    ).toEqual([]);
    await page.goto(`${twin.url}/app`);
    await page.waitForURL(`${twin.url}/`);
  });

  it('signs a returning address in again with a new link, with no failing request', async () => {
    const { page, consoleErrors } = browser;
    registerServices({ now: () => new Date(Date.now() + 31_000) }); // past the 30 s between two links
    try {
      await page.goto(`${twin.url}/login`, { waitUntil: 'networkidle' });
      await page.getByLabel('Email address').fill(email.toUpperCase());
      await page.getByRole('button', { name: 'Send Magic Link' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    } finally {
      registerServices({ now: () => new Date() });
    }
    const before = consoleErrors.length;
    await page.goto(await linkFor(email, firstLink));
    await page.getByRole('heading', { name: 'Welcome to Family Finance' }).waitFor({ timeout: 20_000 });
    // Only the onboarding check's expected 404 (no family yet): the sign-in itself made no failing call.
    expect(consoleErrors.slice(before).filter((e) => !/status of 404/.test(e))).toEqual([]);
  });

  it('opens an old link in the tab already showing the app (only the hash changes): stays signed in', async () => {
    const { page } = browser;
    await page.goto(firstLink);
    await page.getByRole('heading', { name: 'Welcome to Family Finance' }).waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(`${twin.url}/app`);
    await page.evaluate(() => localStorage.clear()); // signed out for the next case
  });

  it('explains a used link and offers the way back to /login', async () => {
    const { page, consoleErrors } = browser;
    await page.goto('about:blank');
    await page.goto(firstLink);
    await page.getByRole('heading', { name: "We couldn't sign you in" }).waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'used sign-in link');
    expect(await page.getByRole('alert').textContent()).toBe(
      'This sign-in link has expired or has already been used.',
    );
    expect(page.url()).toBe(`${twin.url}/app`);
    await page.getByRole('link', { name: 'Send a new sign-in link' }).click();
    await page.waitForURL(`${twin.url}/login`);
    expect(unexpectedErrors(consoleErrors)).toEqual([]);
  });
});
