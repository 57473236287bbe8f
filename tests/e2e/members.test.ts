import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../functions/contracts/accounts';
import type { Family } from '../../functions/contracts/family';
import { startTestTwin, waitFor } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, signIn } from './journey';

/**
 * Family members in real Chromium on the twin: an admin onboards, invites a second person from Family
 * Members; that person opens the e-mailed invitation link signed out (in their own browser), is sent to /,
 * signs in with their own sign-in link, is brought back to the invitation, accepts, and sees the same
 * family's overview and accounts; the admin then removes them and their next request is refused. At 1280 px
 * and 390 px, with axe-core finding no serious or critical violation on the members page and the invitation.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let admin: TestPage;
let inviteeContext: BrowserContext;
let invitee: Page;
const inviteeErrors: string[] = [];
const adminEmail = `members-admin-${ulid().toLowerCase()}@example.co.uk`;
const inviteeEmail = `members-bob-${ulid().toLowerCase()}@example.co.uk`;
/** Screenshots to look at (not compared). */
const SHOTS = resolve(tmpdir(), 'members-screens');

interface Mail {
  to: string;
  subject: string;
  link?: string;
}
async function mailTo(to: string, subject: (s: string) => boolean): Promise<string> {
  return waitFor(async () => {
    const mails = (await (await fetch(`${twin.url}/local/outbox`)).json()) as Mail[];
    return mails.find((m) => m.to === to && subject(m.subject) && m.link)?.link;
  });
}

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  admin = await openPage({ viewport: { width: 1280, height: 900 } });
  // The invitee has a browser of their own (their own storage: signed out here).
  inviteeContext = await admin.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
  invitee = await inviteeContext.newPage();
  invitee.on('console', (msg) => {
    if (msg.type() === 'error') inviteeErrors.push(msg.text());
  });
  invitee.on('pageerror', (error) => inviteeErrors.push(error.message));
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await inviteeContext?.close();
  await admin?.close();
  await twin?.stop();
});

describe('an admin invites a second person, who joins the same family; the admin removes them', () => {
  let invitationLink = '';

  it('the admin adds a member on Family Members: pending, with an invitation e-mailed', async () => {
    const { page } = admin;
    await signIn(page, twin, adminEmail);
    await onboardWithBank(page, twin, 'Barclays');
    await page.getByRole('link', { name: 'Family Members' }).first().click();
    await page.getByRole('heading', { name: 'Family Members', level: 1 }).waitFor();
    await page.getByText('Admin', { exact: true }).waitFor();
    await page.getByLabel('E-mail').fill(`  ${inviteeEmail.toUpperCase()} `);
    await page.getByLabel('Name').fill('Bob');
    await page.getByRole('button', { name: 'Add Member' }).click();
    await page.getByText(`Invitation sent to ${inviteeEmail}`).waitFor();
    await page.locator('.member').filter({ hasText: 'Bob' }).getByText('Pending').waitFor();
    await page.screenshot({ path: resolve(SHOTS, 'members-1280.png'), fullPage: true });
    await expectAccessible(page, 'family members (admin)');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Actions for Bob' }).click();
    await page.getByRole('menuitem', { name: 'Revoke invitation' }).waitFor();
    await page.screenshot({ path: resolve(SHOTS, 'members-admin-390.png'), fullPage: true });
    await expectAccessible(page, 'family members (admin, 390 px, actions open)');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });

    invitationLink = await mailTo(inviteeEmail, (s) => s.includes('invited you to join The Lovelaces'));
    expect(invitationLink).toMatch(new RegExp(`^${twin.url}/invite\\?token=`));
  });

  it('the invitee opens the link signed out: the token is kept and they go to /', async () => {
    await invitee.goto(invitationLink);
    await invitee.waitForURL(`${twin.url}/`);
    expect(await invitee.evaluate(() => localStorage.getItem('pendingInviteToken'))).toBe(
      new URL(invitationLink).searchParams.get('token'),
    );
    await invitee.getByText("You've been invited to join a family").waitFor();
    await invitee.screenshot({ path: resolve(SHOTS, 'landing-invited-390.png'), fullPage: true });
    await expectAccessible(invitee, 'landing with a kept invitation (390 px)');
  });

  it('signs in with their own sign-in link, is brought back to the invitation, and accepts', async () => {
    await invitee.goto(`${twin.url}/login`, { waitUntil: 'networkidle' });
    await invitee.getByLabel(/email/i).fill(inviteeEmail);
    await invitee.getByRole('button', { name: 'Send Magic Link' }).click();
    await invitee.goto(await mailTo(inviteeEmail, (s) => s === 'Your sign-in link'));
    await invitee.getByRole('button', { name: 'Accept Invitation' }).waitFor({ timeout: 20_000 });
    expect(invitee.url()).toContain('/invite?token=');
    const card = (await invitee.locator('.invitation-card').textContent()) ?? '';
    expect(card).toContain('The Lovelaces');
    expect(card).toContain('Ada Lovelace');
    expect(card).toContain(inviteeEmail);
    await invitee.screenshot({ path: resolve(SHOTS, 'invitation-390.png'), fullPage: true });
    await expectAccessible(invitee, 'invitation (390 px)');

    await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
    await invitee.getByRole('heading', { name: 'Welcome to the Family!' }).waitFor();
    await invitee.getByText('Redirecting to dashboard...').waitFor();
    await invitee.waitForURL(`${twin.url}/app`, { timeout: 30_000 });
    await invitee.getByRole('heading', { name: 'Family Overview' }).waitFor();
    expect(await invitee.evaluate(() => localStorage.getItem('pendingInviteToken'))).toBeNull();
  });

  it('sees the same family: its overview and its accounts', async () => {
    const [adminFamily, inviteeFamily] = await Promise.all([
      pageApi<Family>(admin.page, '/api/family'),
      pageApi<Family>(invitee, '/api/family'),
    ]);
    expect(inviteeFamily).toMatchObject({ id: adminFamily.id, name: 'The Lovelaces', role: 'member' });
    expect(await invitee.getByText('The Lovelaces').first().isVisible()).toBe(true);
    const ids = async (page: Page) =>
      (await pageApi<{ accounts: Account[] }>(page, '/api/accounts')).accounts.map((a) => a.id).sort();
    const adminAccounts = await ids(admin.page);
    expect(adminAccounts.length).toBeGreaterThan(0);
    expect(await ids(invitee)).toEqual(adminAccounts);
    for (const name of (await pageApi<{ accounts: Account[] }>(admin.page, '/api/accounts')).accounts.map(
      (a) => a.name,
    ))
      await invitee.getByText(name, { exact: true }).first().waitFor();
    await invitee.screenshot({ path: resolve(SHOTS, 'overview-invitee-390.png'), fullPage: true });

    // Their Family Members page: the list, no admin tools.
    await invitee.goto(`${twin.url}/app/members`);
    await invitee.getByText("Only the family's admins can add or remove members.").waitFor();
    expect(await invitee.getByRole('button', { name: 'Add Member' }).count()).toBe(0);
    await invitee.screenshot({ path: resolve(SHOTS, 'members-invitee-390.png'), fullPage: true });
    await expectAccessible(invitee, 'family members (member, 390 px)');
  });

  it('the admin removes them, confirmed; their next request is refused', async () => {
    const { page } = admin;
    await page.reload();
    const bob = page.locator('.member').filter({ hasText: 'Bob' });
    await bob.getByText('Active').waitFor();
    await page.getByRole('button', { name: 'Actions for Bob' }).click();
    await page.getByRole('menuitem', { name: 'Remove from family' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Their access ends at once').waitFor();
    await expectAccessible(page, 'remove member dialog');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Bob was removed from the family.').waitFor();
    expect(await bob.count()).toBe(0);

    const refused = await pageApi<{ error: { code: string; message: string } }>(invitee, '/api/accounts');
    expect(refused.error).toEqual({ code: 'not_found', message: 'No family found for this user' });
    await invitee.goto(`${twin.url}/app`);
    // No family any more: the app offers them onboarding (a family of their own), not the Lovelaces' data.
    await invitee.getByRole('heading', { name: 'Welcome to Family Finance' }).waitFor({ timeout: 20_000 });
    expect(await invitee.getByText('The Lovelaces').count()).toBe(0);
  });

  it('logged no errors in either browser', () => {
    // A refused request is logged by the browser as a failed resource; nothing else may be.
    const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));
    expect(unexpected(admin.consoleErrors)).toEqual([]);
    expect(unexpected(inviteeErrors)).toEqual([]);
  });
});
