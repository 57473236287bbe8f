import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../e2e/chromium';
import { startTestTwin } from '../support/twin';

/**
 * The landing page as a visitor gets it: the SPA built for production (web/dist) and served by the twin as
 * CloudFront would, measured with Lighthouse in Debian's Chromium (the one the browser tests use).
 *  - LCP with Lighthouse's desktop settings (simulated 40 ms RTT, 10 Mbit/s, no CPU slowdown), median of 3
 *    runs. Target ≤ 1.0 s. With the mobile preset (slow 4G, 4× CPU), median of 3 runs: target ≤ 2.0 s.
 *  - The landing page's JavaScript as sent gzipped: the entry script and every module it preloads (each file
 *    gzipped on its own). Target ≤ 150 KB.
 *  - axe-core on the page: serious and critical violations. Target 0.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

function landingScriptsGzip(): { bytes: number; files: string[] } {
  const dist = join(ROOT, 'web', 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1] ?? '');
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
  return { bytes, files };
}

async function lcpMs(url: string, chromePath: string, preset: 'desktop' | 'mobile'): Promise<number> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'ff-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROMIUM_ARGS,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lcp = result?.lhr.audits['largest-contentful-paint']?.numericValue;
    if (lcp === undefined)
      throw new Error(`Lighthouse gave no LCP (${result?.lhr.runtimeError?.message ?? 'no result'})`);
    return lcp;
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function axeBlocking(url: string, chromePath: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.evaluate(readFileSync(join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8'));
    const impacts = (await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run(d: Document): Promise<{ violations: Array<{ impact: string | null }> }> };
        }
      ).axe;
      return (await axe.run(document)).violations.map((v) => v.impact);
    })) as Array<string | null>;
    return impacts.filter((i) => i === 'serious' || i === 'critical').length;
  } finally {
    await browser.close();
  }
}

export async function bench() {
  const chromePath = ensureChromium();
  execSync('npx vite build --config web/vite.config.ts --logLevel error', { cwd: ROOT, stdio: 'inherit' });
  const scripts = landingScriptsGzip();
  const twin = await startTestTwin({ web: 'dist', cognito: false });
  try {
    const url = `${twin.url}/`;
    const desktop: number[] = [];
    for (let i = 0; i < 3; i++) desktop.push(await lcpMs(url, chromePath, 'desktop'));
    const mobile: number[] = [];
    for (let i = 0; i < 3; i++) mobile.push(await lcpMs(url, chromePath, 'mobile'));
    const blocking = await axeBlocking(url, chromePath);
    return [
      {
        name: 'landing LCP (Lighthouse desktop, median of 3)',
        value: median(desktop) / 1000,
        unit: 's',
        note: `target ≤ 1.0 s (runs: ${desktop.map((d) => (d / 1000).toFixed(2)).join(', ')} s)`,
      },
      {
        name: 'landing LCP (Lighthouse mobile: slow 4G, 4× CPU, median of 3)',
        value: median(mobile) / 1000,
        unit: 's',
        note: `target ≤ 2.0 s (runs: ${mobile.map((d) => (d / 1000).toFixed(2)).join(', ')} s)`,
      },
      {
        name: 'landing JS, gzipped',
        value: scripts.bytes / 1000,
        unit: 'KB',
        note: `target ≤ 150 KB (${scripts.files.length} files)`,
      },
      {
        name: 'landing axe-core serious/critical violations',
        value: blocking,
        unit: '',
        note: 'target 0 (390 px)',
      },
    ];
  } finally {
    await twin.stop();
  }
}
