import { execSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ensureChromium } from './chromium';

/**
 * Before the browser tests: a Chromium to drive, and the SPA built as CloudFront would serve it: React's
 * production build (Vitest sets NODE_ENV=test, which would otherwise make Vite bundle the development one).
 */
export default function setup() {
  process.env.CHROMIUM_PATH = ensureChromium();
  const root = resolve(import.meta.dirname, '..', '..');
  execSync('npx vite build --config web/vite.config.ts --logLevel error', {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
