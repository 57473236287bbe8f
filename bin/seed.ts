import { resolve } from 'node:path';
import { services } from '../functions/app/container';

/**
 * `npm run seed`: load the institution catalogue and service types into the local twin's table.
 * When a twin is running on PORT (default 3000) the Seed function runs inside it; otherwise an API-only twin
 * is started on DATA_DIR (default .data/), which seeds as it starts, and is stopped again. (In AWS the Seed
 * function runs as a custom resource on every deployment.) Prints one line; exit code 1 on failure.
 */
interface SeedOutput {
  PhysicalResourceId: string;
  Data?: { version: string; institutions: string; serviceTypes: string; written: string };
}

const port = Number(process.env.PORT ?? 3000);
const running = await fetch(`http://localhost:${port}/api/health`, { signal: AbortSignal.timeout(1500) })
  .then((r) => r.headers.get('content-type')?.includes('json') ?? false)
  .catch(() => false);

try {
  let data: SeedOutput['Data'];
  let where: string;
  if (running) {
    const response = await fetch(`http://localhost:${port}/local/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'Seed', event: {} }),
    });
    const out = (await response.json()) as { result?: SeedOutput; error?: { message: string } };
    if (out.error) throw new Error(out.error.message);
    data = out.result?.Data;
    where = `the running twin on port ${port}`;
  } else {
    process.env.LOG_LEVEL ??= 'WARN';
    const { startTwin } = await import('../functions/local/server');
    const { seedCatalogue } = await import('../functions/services/seed');
    const dataDir = resolve(process.env.DATA_DIR ?? '.data');
    const twin = await startTwin({ port: 0, dataDir, web: 'none' });
    try {
      const result = await seedCatalogue(services().now());
      data = {
        version: result.version,
        institutions: String(result.institutions),
        serviceTypes: String(result.serviceTypes),
        written: String(result.written),
      };
    } finally {
      await twin.close();
    }
    where = dataDir;
  }
  if (!data) throw new Error('the Seed function returned no result');
  console.log(
    `seed: ${data.institutions} institutions and ${data.serviceTypes} service types in ${where} (catalogue ${data.version}).`,
  );
} catch (error) {
  console.error(`seed: failed: ${(error as Error).message}`);
  process.exit(1);
}
