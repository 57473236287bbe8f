import '../../functions/local/polyfills';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm run bench`: runs every benchmark module in tests/bench (each exports `bench()` returning figures) and
 * prints them as a table. Targets are stated in each figure's note; benchmarks report, tests assert.
 * `npm run bench -- matching` runs only the modules whose name contains "matching". The load benchmark
 * (load.ts: minutes of traffic on a twin of its own) runs only when named: `npm run bench -- load [flags]`.
 */
const ON_REQUEST_ONLY = new Set(['load.ts']);
interface Figure {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

const filter = process.argv[2];
const dir = import.meta.dirname;
const modules = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts' && !f.endsWith('.test.ts'))
  .filter((f) => (filter ? f.includes(filter) : !ON_REQUEST_ONLY.has(f)))
  .sort();

process.env.LOG_LEVEL ??= 'ERROR';
let failures = 0;
for (const file of modules) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { bench?: () => Promise<Figure[]> };
  if (typeof mod.bench !== 'function') continue;
  console.log(`\n## ${file.replace(/\.ts$/, '')}`);
  try {
    const figures = await mod.bench();
    const width = Math.max(...figures.map((f) => f.name.length));
    for (const f of figures) {
      const value = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(f.value < 10 ? 2 : 1);
      console.log(
        `  ${f.name.padEnd(width)}  ${value.padStart(10)} ${f.unit}${f.note ? `   ${f.note}` : ''}`,
      );
    }
  } catch (error) {
    failures++;
    console.log(`  failed: ${(error as Error).message}`);
  }
}
process.exit(failures ? 1 : 0);
