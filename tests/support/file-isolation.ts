import { vi } from 'vitest';

/**
 * The twin and browser projects run their files one after another in each worker process (`isolate: false`),
 * so the packages a file loads (the AWS SDK, pdf.js, pdf-lib, s3rver, the Step Functions interpreter,
 * Playwright) are loaded once per worker instead of once per file. This setup file, first of those projects',
 * gives each file the rest of what a process of its own would:
 * - the project's own modules evaluated afresh (`vi.resetModules`): a module's state (the container's
 *   registered services, the cached configuration and AWS clients, a handler's caches) never reaches the next
 *   file;
 * - the environment variables the worker started with (a twin writes its endpoints and table there), apart
 *   from Vitest's own per-file ones.
 */
const KEY = Symbol.for('family-finance.tests.initial-environment');
const slot = globalThis as { [KEY]?: Record<string, string | undefined> };
slot[KEY] ??= { ...process.env };
const initial = slot[KEY];

for (const name of Object.keys(process.env)) {
  if (name.startsWith('VITEST')) continue;
  if (!(name in initial)) delete process.env[name];
}
for (const [name, value] of Object.entries(initial)) {
  if (name.startsWith('VITEST') || value === undefined) continue;
  process.env[name] = value;
}

vi.resetModules();
