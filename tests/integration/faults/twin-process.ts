import { registerServices } from '../../../functions/app/container';
import { startTwin } from '../../../functions/local/server';

/**
 * The twin as its own process, for tests that kill it (SIGKILL: no drain, no save) and start it again on the
 * same DATA_DIR. CLOCK_OFFSET_MS moves the product's clock forward (the container's `now`), so a test can
 * read an upload as a family would some minutes later without waiting for them.
 */
const twin = await startTwin({
  port: 0,
  dataDir: process.env.DATA_DIR ?? '.data',
  web: 'none',
  log: (line) => process.stdout.write(`${line}\n`),
});
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0);
if (offset) registerServices({ now: () => new Date(Date.now() + offset) });
process.stdout.write(`READY ${twin.url}\n`);
