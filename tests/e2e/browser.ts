import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './chromium';

/** A real Chromium page that records console errors and failed requests, for assertions. */
export interface TestPage {
  /** The worker's Chromium (shared by its files: open contexts of your own on it, and close them). */
  browser: Browser;
  /** The page's own context: its storage and cookies, as a browser profile of its own would have. */
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
  /** Closes the page's context (the worker's Chromium stays for its next file). */
  close(): Promise<void>;
}

const KEY = Symbol.for('family-finance.tests.chromium');
const slot = globalThis as { [KEY]?: Promise<Browser> };

/**
 * One Chromium per worker process, launched by its first page and kept for the worker's later files (the
 * browser project runs its files one after another in each worker process): each page still gets a context
 * of its own, which shares nothing with another's. A Chromium that has gone (it crashed) is launched again.
 */
async function workerBrowser(): Promise<Browser> {
  const running = await slot[KEY]?.catch(() => undefined);
  if (running?.isConnected()) return running;
  const launched = chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true });
  slot[KEY] = launched;
  return launched;
}

export async function openPage(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<TestPage> {
  const browser = await workerBrowser();
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
    close: () => context.close(),
  };
}
