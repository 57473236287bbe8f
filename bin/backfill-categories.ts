import { resolve } from 'node:path';
import { services } from '../functions/app/container';

/**
 * `npm run backfill:categories`: one-off. Every stored row that counts as spending and was never categorised
 * gets its category, and every family's spending roll-ups are built for every month that has rows (rows
 * stored before categories and roll-ups existed). Runs on the twin's data in DATA_DIR (default .data/) with an
 * API-only twin of its own, so stop `npm start` first. Idempotent. Prints one line; exit code 1 on failure.
 */
const port = Number(process.env.PORT ?? 3000);
const running = await fetch(`http://localhost:${port}/api/health`, { signal: AbortSignal.timeout(1500) })
  .then(() => true)
  .catch(() => false);
if (running && !process.env.DATA_DIR) {
  console.error(`backfill: a twin is running on port ${port}; stop it first (it holds ${resolve('.data')}).`);
  process.exit(1);
}
try {
  process.env.LOG_LEVEL ??= 'WARN';
  const { startTwin } = await import('../functions/local/server');
  const { backfillCategories } = await import('../functions/services/spending');
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const twin = await startTwin({ port: 0, dataDir, web: 'none' });
  try {
    const result = await backfillCategories(services());
    console.log(
      `backfill: ${result.categorised} of ${result.rows} rows categorised, roll-ups rebuilt for ${result.families} families in ${dataDir}.`,
    );
  } finally {
    await twin.close();
  }
} catch (error) {
  console.error(`backfill: failed: ${(error as Error).message}`);
  process.exit(1);
}
