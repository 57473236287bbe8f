import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildApp } from '../infra/app';
import { unacknowledgedFindings } from '../infra/nag-suppressions';

/**
 * `npm run synth [-- --stage=prod]`: synthesizes every stack offline, in process, into cdk.out/ (what
 * `npm run deploy` then deploys), with cdk-nag AwsSolutions as a validation plugin. Prints each Lambda
 * bundle's minified size and fails with one line if a bundle reaches 500 KB or a finding is unacknowledged.
 */
const MAX_BUNDLE_KB = 500;
const started = performance.now();
const stage = process.argv.find((a) => a.startsWith('--stage='))?.slice('--stage='.length);
const outdir = resolve('cdk.out');

function fail(reason: string): never {
  console.error(`synth failed: ${reason}`);
  process.exit(1);
}

const { app, settings, functions } = buildApp({ ...(stage ? { stage } : {}), outdir, nag: true });

const sizes = functions.map((f) => {
  const dir = f.bundleDir;
  const bytes = dir
    ? readdirSync(dir)
        .filter((file) => /\.m?js$/.test(file))
        .reduce((sum, file) => sum + statSync(join(dir, file)).size, 0)
    : 0;
  return {
    id: f.spec.id,
    stack: f.node.scopes[1]?.node.id ?? '',
    kb: bytes / 1024,
    pdfjs: f.usesPdfjs,
    draws: f.drawsPages,
  };
});
console.log(`\nLambda bundles (minified JS, @aws-sdk/* from the runtime; budget < ${MAX_BUNDLE_KB} KB):`);
for (const s of [...sizes].sort((a, b) => b.kb - a.kb)) {
  const note = s.draws ? '  + drawing layer (x86_64)' : s.pdfjs ? '  + pdfjs-dist layer' : '';
  console.log(`  ${s.kb.toFixed(1).padStart(6)} KB  ${s.id.padEnd(28)} ${s.stack}${note}`);
}

let assembly: ReturnType<typeof app.synth> | undefined;
try {
  assembly = app.synth();
} catch (error) {
  const findings = unacknowledgedFindings(app);
  if (findings.length) {
    fail(
      `${findings.length} unacknowledged cdk-nag AwsSolutions finding(s): ${findings
        .map((f) => `${f.rule} at ${f.path}`)
        .join('; ')}`,
    );
  }
  fail(error instanceof Error ? (error.message.split('\n')[0] ?? String(error)) : String(error));
}
if (process.exitCode) fail('cdk-nag validation reported failures (see the report above)');

for (const stack of assembly.stacks) {
  for (const message of stack.messages) {
    if (message.level === 'warning')
      console.warn(`warning: ${stack.stackName}: ${String(message.entry.data)}`);
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `\nSynthesized ${assembly.stacks.length} stacks (stage ${settings.stage}) into ${relative(process.cwd(), outdir) || '.'} in ${seconds} s; cdk-nag AwsSolutions: no unacknowledged findings.`,
);
const missing = sizes.filter((s) => s.kb === 0);
if (missing.length) fail(`no bundle found for ${missing.map((s) => s.id).join(', ')}`);
const big = sizes.filter((s) => s.kb >= MAX_BUNDLE_KB);
if (big.length) {
  fail(
    `bundle at or over ${MAX_BUNDLE_KB} KB: ${big.map((b) => `${b.id} ${b.kb.toFixed(0)} KB`).join(', ')}`,
  );
}
