import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npm test`: every check a change must pass, in order: typecheck, lint, the unit and web tests with the
 * domain coverage gate, then integration against the local twin, infra and browser tests. Ends with one line
 * `N passed, N failed` and a non-zero exit when anything failed.
 */
const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const outDir = join(root, '.test-results');
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function step(name: string, command: string, args: string[]): boolean {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function check(name: string, command: string, args: string[]) {
  if (step(name, command, args)) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

check('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
check('lint', bin('biome'), ['lint', '--diagnostic-level=error', '.']);

/**
 * Two Vitest runs. The domain's coverage gate is measured by the unit and web tests alone (they cover it well
 * past the 95 % threshold): V8's precise coverage slows every function in a worker, and the integration and
 * browser tests run the whole twin in theirs.
 */
function vitest(name: string, report: string, args: string[]) {
  rmSync(report, { force: true });
  const ok = step(name, bin('vitest'), [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (!existsSync(report)) {
    failed++;
    failures.push(`${name}: vitest produced no report`);
    return;
  }
  const results = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: Array<{ name: string; status: string }>;
  };
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  for (const file of results.testResults)
    if (file.status === 'failed') failures.push(file.name.replace(`${root}/`, ''));
  if (!ok && results.numFailedTests === 0) {
    // A failing file without failing tests (an import error, the coverage gate): count it.
    failed++;
    failures.push(`${name} (see above: a suite failed to load or the coverage threshold was not met)`);
  }
}

vitest('unit and web tests, with the domain coverage gate', join(outDir, 'vitest-unit.json'), [
  '--project',
  'unit',
  '--project',
  'web',
  '--coverage',
]);
vitest('integration (the twin), infra and browser tests', join(outDir, 'vitest-twin.json'), [
  '--project',
  'integration',
  '--project',
  'infra',
  '--project',
  'e2e',
]);

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
