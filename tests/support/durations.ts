import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest test files first, across the projects of a run, so the workers finish together instead of one of
 * them running a long file alone at the end (the longest-processing-time-first rule).
 *
 * A file's expected time is its last duration in Vitest's own results cache when there is one (a machine that
 * has run the suite before), else its duration in durations.json (the files of 3 s or more, recorded from a
 * whole run on a clean checkout, where no cache exists yet), else a small default for its kind of test.
 * Vitest's default, without a cache, runs project after project and each project's larger files first: a
 * short file with a long wait (the corpus of scanned statements) then starts last and runs alone.
 *
 * `npx tsx tests/support/sequencer.ts` rewrites durations.json from the JSON reports `npm test` writes in
 * .test-results (or from the reports named on its command line).
 */
const root = resolve(import.meta.dirname, '..', '..');
const table = join(import.meta.dirname, 'durations.json');

/** Seconds for a file that is in neither the cache nor the table: browser and twin files are rarely short. */
function byKind(path: string): number {
  if (path.startsWith('tests/e2e/')) return 20;
  if (path.startsWith('tests/integration/')) return 8;
  return 1;
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = JSON.parse(readFileSync(table, 'utf8')) as Record<string, number>;
    const cache = this.ctx.cache;
    const expected = (spec: TestSpecification) => {
      const path = relative(this.ctx.config.root, spec.moduleId);
      const cached = cache.getFileTestResults(`${spec.project.name}:${path}`);
      // A failed file first, as Vitest's own order has it.
      if (cached?.failed) return Number.POSITIVE_INFINITY;
      if (cached) return cached.duration / 1000;
      return recorded[path] ?? byKind(path);
    };
    const times = new Map(files.map((f) => [f, expected(f)]));
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (times.get(b) ?? 0) - (times.get(a) ?? 0) ||
        (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0),
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
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
}
