import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/sequencer';

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
          setupFiles: ['tests/support/polyfills.ts'],
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
          setupFiles: ['tests/support/polyfills.ts'],
        },
      },
    ],
  },
});
