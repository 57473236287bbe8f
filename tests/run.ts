import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npm test`: every check a change must pass, in order: typecheck, lint, then every Vitest project (unit with
 * the domain coverage gate, web, integration against the local twin, infra, browser). Ends with one line
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

const report = join(outDir, 'vitest.json');
const vitestOk = step('tests (unit + coverage gate, web, integration, infra, e2e)', bin('vitest'), [
  'run',
  '--coverage',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    testResults: Array<{ name: string; status: string; message?: string }>;
  };
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  for (const file of results.testResults)
    if (file.status === 'failed') failures.push(file.name.replace(`${root}/`, ''));
  if (!vitestOk && results.numFailedTests === 0) {
    // A failing file without failing tests (an import error, the coverage gate): count it.
    failed++;
    failures.push('vitest run (see above: a suite failed to load or the coverage threshold was not met)');
  }
} else {
  failed++;
  failures.push('vitest produced no report');
}

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
