import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * `npx tsx tests/support/durations.ts` rewrites durations.json (each test file of 3 s or more, with its
 * seconds) from the JSON reports `npm test` writes in .test-results, or from the reports named on its command
 * line. Vitest's sequencer in vitest.config.ts runs the longest files first by it on a machine with no results
 * cache of its own (a clean checkout).
 */
const root = resolve(import.meta.dirname, '..', '..');
const table = join(import.meta.dirname, 'durations.json');

const named = process.argv.slice(2);
const reports = named.length
  ? named
  : readdirSync(join(root, '.test-results'))
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(root, '.test-results', name));
const rows = reports
  .flatMap(
    (report) =>
      (
        JSON.parse(readFileSync(report, 'utf8')) as {
          testResults: Array<{ name: string; startTime: number; endTime: number }>;
        }
      ).testResults,
  )
  .map((f) => [relative(root, f.name), Math.round((f.endTime - f.startTime) / 1000)] as const)
  .filter(([, seconds]) => seconds >= 3)
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
writeFileSync(table, `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`);
console.log(`${rows.length} files of 3 s or more written to ${relative(root, table)}`);
