import { execFileSync, execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Finds a Chromium for the browser tests: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else another on
 * PATH. When none is found and we are root with apt, installs Debian's `chromium`. Otherwise fails with a
 * one-line instruction. (Test tools' own browser downloads do not work on these machines.)
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

function onPath(name: string): string | null {
  try {
    return execFileSync('which', [name], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  return onPath('chromium') ?? onPath('chromium-browser') ?? onPath('google-chrome');
}

export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && onPath('apt-get')) {
    console.log("Browser tests need Chromium: installing Debian's chromium package (about 30 s)…");
    execSync(
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
      {
        stdio: 'inherit',
      },
    );
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    'Browser tests need Chromium: install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH.',
  );
}
