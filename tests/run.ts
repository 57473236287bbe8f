import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npm test`: every check a change must pass: typecheck, lint, then every Vitest project (unit with the domain
 * coverage gate; then web, integration against the local twin, infra, browser). Typecheck and lint run alongside
 * Vitest (tsc keeps one core busy for most of a minute, while Vitest's files spend much of theirs waiting on
 * a twin, a child process or Chromium); their output is printed once Vitest has finished, in the order above.
 * Ends with one line `N passed, N failed` and a non-zero exit when anything failed.
 */
const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const outDir = join(root, '.test-results');
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

const seconds = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** A step in the foreground, its output straight to the terminal. */
async function step(name: string, command: string, args: string[]): Promise<boolean> {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = await new Promise<boolean>((resolve) => {
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds(started)})`);
  return ok;
}

interface Background {
  name: string;
  done: Promise<{ ok: boolean; output: string; took: string }>;
}

/** A check started now, its output (stdout and stderr as they came) kept for later. */
function background(name: string, command: string, args: string[]): Background {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, env: process.env });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const done = new Promise<{ ok: boolean; output: string; took: string }>((resolve) => {
    child.on('error', (error) =>
      resolve({ ok: false, output: `${output}${error.message}\n`, took: seconds(started) }),
    );
    child.on('close', (code) => resolve({ ok: code === 0, output, took: seconds(started) }));
  });
  return { name, done };
}

const checks = [
  background('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
  background('lint', bin('biome'), ['lint', '--diagnostic-level=error', '.']),
];

/**
 * Two Vitest runs, one after the other. The unit project alone with coverage: the gate covers functions/domain,
 * and V8's block coverage slows every line a worker runs (about a fifth of an integration file's CPU time) and
 * ships each file's coverage of every source module back to Vitest, so the projects the gate does not read
 * run without it. Then every other project. A file's order in each: the longest first (tests/support/
 * sequencer.ts).
 */
const runs = [
  {
    name: 'tests: unit, with the domain coverage gate',
    args: ['--project', 'unit', '--coverage'],
    report: join(outDir, 'vitest-unit.json'),
  },
  {
    name: 'tests: web, integration, infra, e2e',
    args: ['--project', '!unit'],
    report: join(outDir, 'vitest.json'),
  },
];
for (const run of runs) {
  rmSync(run.report, { force: true });
  const ok = await step(run.name, bin('vitest'), [
    'run',
    ...run.args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${run.report}`,
  ]);
  if (existsSync(run.report)) {
    const results = JSON.parse(readFileSync(run.report, 'utf8')) as {
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
      failures.push(`${run.name} (see above: a suite failed to load or the coverage threshold was not met)`);
    }
  } else {
    failed++;
    failures.push(`${run.name}: Vitest produced no report`);
  }
}

const checkFailures: string[] = [];
for (const check of checks) {
  const { ok, output, took } = await check.done;
  console.log(`\n▶ ${check.name} (run alongside the tests)`);
  if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  console.log(`${ok ? '✔' : '✘'} ${check.name} (${took})`);
  if (ok) passed++;
  else {
    failed++;
    checkFailures.push(check.name);
  }
}
failures.unshift(...checkFailures);

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
