import '../functions/local/polyfills';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from '../infra/app';
import { checkNag } from '../infra/nag-acknowledgements';

/**
 * `npm run synth`: synthesizes every stack offline into cdk.out/, runs cdk-nag AwsSolutions over the tree and
 * prints each Lambda bundle's size. Exits 1 with one line if a finding is unacknowledged or a bundle reaches
 * 500 KB.
 */
const MAX_BUNDLE_KB = 500;
const started = Date.now();
const stage = process.argv.find((a) => a.startsWith('--stage='))?.slice(8) ?? process.env.STAGE ?? 'dev';
const outdir = resolve('cdk.out');
const { app } = buildApp({ stage, outdir });

const report = checkNag(app);
const assembly = app.synth();
console.log(
  `Synthesized ${assembly.stacks.length} stacks (stage ${stage}) into ${outdir} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const sizes: Array<{ name: string; kb: number }> = [];
for (const stack of assembly.stacks) {
  type Resource = { Type: string; Properties?: { Code?: { S3Key?: string } } };
  const template = stack.template as { Resources: Record<string, Resource> };
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    if (resource.Type !== 'AWS::Lambda::Function') continue;
    const hash = resource.Properties?.Code?.S3Key?.replace(/\.zip$/, '');
    const dir = hash ? join(outdir, `asset.${hash}`) : '';
    if (!dir || !existsSync(dir)) continue;
    const js = readdirSync(dir).filter((f) => /\.m?js$/.test(f));
    const bytes = js.reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
    sizes.push({ name: `${stack.stackName}/${logicalId}`, kb: bytes / 1024 });
  }
}
sizes.sort((a, b) => b.kb - a.kb);
console.log('\nLambda bundles (minified JS):');
for (const s of sizes) console.log(`  ${s.kb.toFixed(1).padStart(7)} KB  ${s.name}`);

const findings = report.violations;
if (findings.length) {
  for (const v of findings) {
    console.error(
      `  ${v.ruleName}: ${v.violatingResources.map((r) => (r as { constructPath?: string }).constructPath).join(', ')}`,
    );
  }
  console.error(`cdk-nag: ${findings.length} unacknowledged AwsSolutions finding(s) (listed above).`);
  process.exit(1);
}
const big = sizes.filter((s) => s.kb >= MAX_BUNDLE_KB);
if (big.length) {
  console.error(
    `Bundle over ${MAX_BUNDLE_KB} KB: ${big.map((b) => `${b.name} (${b.kb.toFixed(0)} KB)`).join(', ')}`,
  );
  process.exit(1);
}
console.log(`\ncdk-nag AwsSolutions: 0 unacknowledged findings. Every bundle < ${MAX_BUNDLE_KB} KB.`);
