import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../functions/contracts/accounts';
import { formatMoney } from '../../functions/domain/format';
import { generateStatement, type StatementTruth } from '../fixtures/statements/generate';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';
import { onboardWithBank, pageApi, signIn } from './journey';

/**
 * The product's core journey in real Chromium on the twin, at a phone's width: sign in from the e-mailed
 * link, onboard with Barclays, open File Upload from the overview, upload a generated Barclays-like statement
 * and watch it go from bytes to stages to done, then see its rows with their flow types; then the messages
 * for a file that is not a PDF and for a password-protected statement.
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;
let truth: StatementTruth;
const email = `upload-${ulid().toLowerCase()}@example.co.uk`;

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

describe('spec 2 §2 File Upload, §4 Upload: a statement from PDF to classified rows (real Chromium)', () => {
  it('signs in, onboards with Barclays and opens File Upload from the overview', async () => {
    const { page } = browser;
    await signIn(page, twin, email);
    await onboardWithBank(page, twin, 'Barclays');
    await page.getByRole('link', { name: /Upload a bank statement/ }).click();
    await page.waitForURL(`${twin.url}/app/setup/upload`);
    await page.getByRole('heading', { name: 'File Upload', level: 1 }).waitFor();
    await expectAccessible(page, 'file upload');
  });

  it('uploads a statement: the progress bar shows the bytes, then the stages, then done', async () => {
    const { page } = browser;
    const { accounts } = await pageApi<{ accounts: Account[] }>(page, '/api/accounts');
    const current = accounts.find((a) => a.account_type === 'current')!;
    await page.getByLabel('Account').selectOption(current.id);
    await page.getByText('Bank: Barclays').waitFor();

    // Every state the file's progress bar goes through, as a screen reader would read it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          const text = bar.getAttribute('aria-valuetext');
          if (text && seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const uploaded = page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          window.addEventListener('transactions-uploaded', () => resolve(true)),
        ),
    );
    const statement = await generateStatement('paid-out-paid-in', { seed: 12 });
    truth = statement.truth;
    await page.getByLabel('Statements (PDF)').setInputFiles({
      name: 'Barclays January 2025.pdf',
      mimeType: 'application/pdf',
      buffer: statement.pdf,
    });

    const file = page.getByRole('listitem').filter({ hasText: 'Barclays January 2025.pdf' });
    await file.getByText(`${truth.transactions.length} new transactions`).waitFor({ timeout: 30_000 });
    expect(await uploaded).toBe(true);
    await page.getByText('All done! Your transactions are now loaded below.').waitFor();
    await expectAccessible(page, 'file upload: done, with the rows');
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen.at(-1)).toBe('Done');
    expect(seen.some((t) => /uploaded|Waiting to be read|Step \d of 4/.test(t))).toBe(true);
  });

  it('shows the rows with their flow types, newest first, in en-GB money', async () => {
    const { page, consoleErrors } = browser;
    const table = page.getByRole('table', { name: /Recently processed transactions/ });
    const rows = table.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(truth.transactions.length);
    const newest = [...truth.transactions].sort((a, b) => b.date.localeCompare(a.date))[0]!;
    const first = await rows.first().locator('td').allInnerTexts();
    expect(first[1]).toBe(newest.description);
    // With the product's minus sign (U+2212), as on every other screen.
    expect(first[2]?.replace(/\s/g, '')).toContain(
      formatMoney(newest.signedAmount).replace(/^-/, '\u2212').replace(/\s/g, ''),
    );

    const salary = table.locator('tr', { hasText: 'SALARY ACME LTD' }).first();
    expect(await salary.getByText('Income').count()).toBe(1);
    const flows = await rows.locator('td:nth-child(5)').allInnerTexts();
    expect(flows.every((f) => /Income|Internal Transfer|External Expense/.test(f))).toBe(true);
    const counters = page.locator('.upload-counters dd');
    const total = (await counters.allInnerTexts()).reduce((sum, n) => sum + Number(n), 0);
    expect(total).toBe(truth.transactions.length);

    // Nothing in the page is wider than the phone: only the table scrolls sideways, in its own region.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
  });

  it('refuses a file that is not a PDF, and says why a password-protected statement failed', async () => {
    const { page } = browser;
    const input = page.getByLabel('Statements (PDF)');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page
      .getByText('Only PDF, CSV, OFX, QFX and QIF files can be uploaded. Please try again with "notes.txt".')
      .waitFor();

    const locked = await generateStatement('paid-out-paid-in', { seed: 13, userPassword: 'secret' });
    await input.setInputFiles({ name: 'locked.pdf', mimeType: 'application/pdf', buffer: locked.pdf });
    const file = page.getByRole('listitem').filter({ hasText: 'locked.pdf' });
    await file
      .getByText('This PDF is password-protected. Please upload an unprotected copy.')
      .waitFor({ timeout: 30_000 });
    await page
      .getByText(
        'Failed to process locked.pdf: This PDF is password-protected. Please upload an unprotected copy.',
      )
      .waitFor();
    await expectAccessible(page, 'file upload: a failed statement');
    // The earlier statement's rows are all still there.
    const rows = page.getByRole('table', { name: /Recently processed transactions/ }).locator('tbody tr');
    expect(await rows.count()).toBe(truth.transactions.length);
  });
});
