import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADLINES } from '../../web/src/features/landing/copy';
import { startTestTwin } from '../support/twin';
import { expectAccessible } from './axe';
import { openPage, type TestPage } from './browser';

let twin: Awaited<ReturnType<typeof startTestTwin>>;
let browser: TestPage;

beforeAll(async () => {
  twin = await startTestTwin({ web: 'dist' });
  browser = await openPage();
});
afterAll(async () => {
  await browser?.close();
  await twin?.stop();
});

describe('the SPA on the local twin, in real Chromium', () => {
  it('loads the landing page with no console errors', async () => {
    const { page, consoleErrors } = browser;
    await page.goto(twin.url, { waitUntil: 'networkidle' });
    // The headline is A/B tested: one of its variants (control is the tagline).
    expect(Object.values(HEADLINES).map((h) => h.title)).toContain(
      await page.getByRole('heading', { level: 1 }).textContent(),
    );
    expect(await page.title()).toBe('Family Finance');
    expect(consoleErrors).toEqual([]);
    await expectAccessible(page, 'landing');
  });

  it('serves the legal pages with no serious accessibility violations', async () => {
    const { page } = browser;
    for (const path of ['/privacy-policy', '/terms-of-service']) {
      await page.goto(`${twin.url}${path}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectAccessible(page, path);
    }
  });

  it('serves client routes through the SPA fallback', async () => {
    const response = await browser.page.goto(`${twin.url}/some/client/route`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(new URL(browser.page.url()).pathname).toBe('/');
  });

  it('serves the runtime configuration the SPA reads', async () => {
    const config = (await (await fetch(`${twin.url}/config.json`)).json()) as Record<string, string>;
    expect(config).toMatchObject({
      apiBaseUrl: '/api',
      stage: 'local',
      userPoolEndpoint: `${twin.url}/local/cognito`,
    });
  });
});
