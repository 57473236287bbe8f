import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * One Vitest configuration, five projects:
 *  unit        pure domain and adapters' pure parts (node)
 *  web         React components and hooks (happy-dom)
 *  integration handlers and the pipeline against the local twin's DynamoDB and S3 (node)
 *  infra       CDK assertions and cdk-nag over the synthesized stacks (node)
 *  e2e         real Chromium against a running local twin
 * Coverage of functions/domain is enforced at >= 95% lines by the unit project (npm run coverage; npm test runs
 * the unit project with coverage, then the others without).
 */
/** Seconds for a file that is in neither the cache nor the table: browser and twin files are rarely short. */
function byKind(path: string): number {
  if (path.startsWith('tests/e2e/')) return 20;
  if (path.startsWith('tests/integration/')) return 8;
  return 1;
}

/** The files in a random order that `seed` repeats (a Fisher–Yates shuffle on mulberry32). */
function shuffled(files: TestSpecification[], seed: number): TestSpecification[] {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : 1));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Longest test files first, so the workers finish together instead of one of them running a long file alone at
 * the end (the longest-processing-time-first rule), a project's files together (the project with the most
 * time first) so that a worker's process serves a project's files one after another. A file's expected time
 * is its last duration in Vitest's own results cache when there is one (a machine that has run the suite
 * before), else its seconds in tests/support/durations.json (recorded from a whole run; a clean checkout has
 * no cache), else a small default for its kind of test. Vitest's own order without a cache runs project after
 * project and each project's larger files first, so a short file with a long wait (the corpus of scanned
 * statements) starts last and runs alone.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // `--sequence.shuffle` (with `--sequence.seed`) still shuffles the files, as it does without this class.
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return shuffled(files, seed);
    const table = join(this.ctx.config.root, 'tests', 'support', 'durations.json');
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
    // A worker keeps its process for the next file only when that file is of the same project (the twin and
    // browser projects share one process per worker: vitest.config.ts `isolate: false`), so each project's
    // files run together: the project with the most expected time first, each project's longest files first.
    const projectTimes = new Map<string, number>();
    for (const [file, time] of times)
      projectTimes.set(file.project.name, (projectTimes.get(file.project.name) ?? 0) + time);
    const projectTime = (f: TestSpecification) => projectTimes.get(f.project.name) ?? 0;
    return [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        projectTime(b) - projectTime(a) ||
        (a.project.name < b.project.name ? -1 : a.project.name > b.project.name ? 1 : 0) ||
        (times.get(b) ?? 0) - (times.get(a) ?? 0) ||
        (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0),
    );
  }
}

export default defineConfig({
  test: {
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'ERROR' },
    // Two test files at once even on 2 cores (Vitest's default there is one): most files spend much of their
    // time waiting on a twin's pipeline, a child process or Chromium, so the second core is otherwise idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The longest files first, across projects, so the workers finish together.
    sequence: { sequencer: LongestFirst },
    coverage: {
      provider: 'v8',
      include: ['functions/domain/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts', '**/types.ts'],
      thresholds: { lines: 95 },
      reporter: ['text-summary', 'text'],
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Ceilings, not budgets: property tests of a second on a quiet machine pass 5 s on a busy runner, and a
          // file's beforeAll that generates and scans a statement passes Vitest's default 10 s there.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}', 'web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/web/setup.ts'],
          // Typing through user-event on a shared 2-core runner can pass 5 s; a hang still fails.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Ceilings for a hang, not targets: tests wait for states, and a scan on a busy 2-core runner is slow.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One process per worker for all of its files: the packages a twin loads (the AWS SDK, pdf.js, s3rver…)
          // are loaded once per worker, not once per file; tests/support/file-isolation.ts gives each file its
          // own modules and environment afresh.
          isolate: false,
          setupFiles: ['tests/support/file-isolation.ts', 'tests/support/polyfills.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Ceilings for a busy runner, not targets: Vitest's own default for expect.poll is one second.
          expect: { poll: { timeout: 30_000 } },
          globalSetup: ['tests/e2e/global-setup.ts'],
          // The browser journeys run on a twin whose API is in worker threads, as `npm start` runs it; a file that
          // registers a stand-in in its own process asks for the twin's own thread (apiWorkers: 0).
          env: { TWIN_API_WORKERS: '2' },
          // One process per worker for all of its files: the packages a twin loads (the AWS SDK, pdf.js, s3rver…)
          // are loaded once per worker, not once per file; tests/support/file-isolation.ts gives each file its
          // own modules and environment afresh.
          isolate: false,
          setupFiles: ['tests/support/file-isolation.ts', 'tests/support/polyfills.ts'],
        },
      },
    ],
  },
});
