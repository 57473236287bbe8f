import { resolve } from 'node:path';

/**
 * What an operator command (bin/rollups.ts, bin/checks.ts) runs against: the twin's data directory (DATA_DIR,
 * default .data/), opened by a twin of its own with no port and no web, when no twin is running on PORT
 * (default 3000) (its data directory would be in use: the command exits 1 saying so); in AWS (APP_MODE=aws),
 * the deployed table, with nothing to open. Returns how to close what was opened.
 */
export async function openOperatorData(command: string): Promise<() => Promise<void>> {
  if (process.env.APP_MODE === 'aws') return async () => {};
  const port = Number(process.env.PORT ?? 3000);
  const running = await fetch(`http://localhost:${port}/api/health`, { signal: AbortSignal.timeout(1500) })
    .then(() => true)
    .catch(() => false);
  if (running) {
    console.error(
      `${command}: a twin is running on port ${port}: stop it first (its data directory is in use).`,
    );
    process.exit(1);
  }
  const { startTwin } = await import('../functions/local/server');
  const twin = await startTwin({ port: 0, dataDir: resolve(process.env.DATA_DIR ?? '.data'), web: 'none' });
  return () => twin.close();
}
