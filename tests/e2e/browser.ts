import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './chromium';

/** A real Chromium page that records console errors and failed requests, for assertions. */
export interface TestPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
  close(): Promise<void>;
}

export async function openPage(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<TestPage> {
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: 'en-GB',
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return {
    browser,
    context,
    page,
    consoleErrors,
    close: () => browser.close(),
  };
}
