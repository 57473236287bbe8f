import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localCognito } from '../../functions/local/cognito';
import { startTwin, type Twin, type TwinOptions } from '../../functions/local/server';

/**
 * Starts a real local twin (dynalite, s3rver, the API router, the pipeline runner) on an ephemeral port with
 * a fresh data directory, for integration and browser tests. One twin per test file (the twin configures the
 * process environment and the container's services, which tests/support/file-isolation.ts gives each file
 * afresh).
 */
export async function startTestTwin(
  options: Partial<TwinOptions> & {
    /** Mount the twin's Cognito at /local/cognito (as `npm start` does); default true. */
    cognito?: boolean;
    /**
     * Sign-in links per client a minute (the stand-in's default: LINKS_PER_CLIENT_PER_MINUTE). A test's twin
     * sees every person a test signs in as one loopback client, so by default it allows 1,000.
     */
    linksPerClientPerMinute?: number;
  } = {},
): Promise<Twin & { dataDir: string; stop(): Promise<void> }> {
  process.env.LOG_LEVEL ??= 'ERROR';
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ff-twin-'));
  const lines: string[] = [];
  const { cognito = true, linksPerClientPerMinute = 1_000, ...twinOptions } = options;
  const localRoutes = [
    ...(cognito ? [localCognito({ dataDir, log: (l) => lines.push(l), linksPerClientPerMinute }).route] : []),
    ...(twinOptions.localRoutes ?? []),
  ];
  const twin = await startTwin({
    port: 0,
    web: 'none',
    // TWIN_API_WORKERS=2: the API in worker threads, as `npm start` runs it (files that register no stand-in).
    apiWorkers: Number(process.env.TWIN_API_WORKERS ?? 0),
    log: (l) => lines.push(l),
    ...twinOptions,
    localRoutes,
    dataDir,
  });
  return {
    ...twin,
    dataDir,
    async stop() {
      await twin.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
