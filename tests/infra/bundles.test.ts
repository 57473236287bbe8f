import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployedFunctions, type FunctionSpec } from '../../functions/handlers/manifest';
import { AppFunction } from '../../infra/constructs/app-function';
import { type Synthesized, synthesize } from './app';

/**
 * The only infra test that bundles for real (NodejsFunction with the local esbuild, ~1 s per function): every
 * deployed function's bundle (each API area's, and every other manifest function's), and the pdf.js layer route with a fixture function that imports pdf.js.
 */
const MAX_KB = 500;
let s: Synthesized;
let pdf: { outdir: string; template: Template; fn: AppFunction };

beforeAll(() => {
  s = synthesize({ stage: 'dev', bundle: true });
  const outdir = mkdtempSync(join(tmpdir(), 'family-finance-infra-pdfjs-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'PdfjsFixture', { env: { region: 'eu-west-2' } });
  const spec: FunctionSpec = {
    id: 'UsesPdfjs',
    entry: 'tests/infra/fixtures/uses-pdfjs.ts',
    trigger: { type: 'pipeline', task: 'Extract' },
    needs: [],
  };
  const fn = new AppFunction(stack, spec, { stage: 'dev', prod: false });
  pdf = { outdir, fn, template: Template.fromJSON(app.synth().getStackArtifact(stack.artifactId).template) };
}, 300_000);
afterAll(() => {
  s.cleanup();
  rmSync(pdf.outdir, { recursive: true, force: true });
});

const bundleOf = (f: AppFunction) => {
  const dir = f.bundleDir;
  if (!dir) throw new Error(`${f.spec.id}: not bundled`);
  return { dir, code: readFileSync(join(dir, 'index.mjs'), 'utf8'), files: readdirSync(dir) };
};

function samplePdf(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(12).text(text, 72, 72);
    doc.end();
  });
}

describe('Lambda bundles', () => {
  it('bundles every deployed function', () => {
    expect(s.functions.map((f) => f.spec.id).sort()).toEqual(
      deployedFunctions()
        .map((f) => f.id)
        .sort(),
    );
  });

  it(`keeps every bundle under ${MAX_KB} KB minified`, () => {
    for (const f of s.functions) {
      const { dir, files } = bundleOf(f);
      const bytes = files
        .filter((n) => /\.m?js$/.test(n))
        .reduce((sum, n) => sum + statSync(join(dir, n)).size, 0);
      expect(bytes / 1024, f.spec.id).toBeLessThan(MAX_KB);
    }
  });

  it('emits minified ESM with the createRequire banner and a linked source map', () => {
    for (const f of s.functions) {
      const { code, files } = bundleOf(f);
      expect(files.sort(), f.spec.id).toEqual(['index.mjs', 'index.mjs.map']);
      expect(
        code.startsWith(
          "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        ),
        f.spec.id,
      ).toBe(true);
      expect(code, f.spec.id).toMatch(/export\s*\{[^}]*\bhandler\b[^}]*\}/);
      expect(code.trimEnd().endsWith('//# sourceMappingURL=index.mjs.map'), f.spec.id).toBe(true);
      // Minified: few, long lines.
      expect(code.split('\n').length, f.spec.id).toBeLessThan(50);
    }
  });

  it('leaves @aws-sdk/* to the runtime', () => {
    for (const f of s.functions) {
      const { code } = bundleOf(f);
      expect(code, f.spec.id).not.toContain('@smithy/core'); // the SDK's own internals are not in the bundle
      expect(code, f.spec.id).not.toMatch(/new DynamoDBClient\(|class DynamoDBClient/);
    }
    const health = s.functions.find((f) => f.spec.id === 'HealthApi');
    if (health) expect(bundleOf(health).code).toMatch(/from\s*"@aws-sdk\//);
  });
});

describe('pdf.js from a Lambda layer', () => {
  it('detects the import and attaches one arm64/nodejs22.x layer', () => {
    expect(pdf.fn.usesPdfjs).toBe(true);
    pdf.template.resourceCountIs('AWS::Lambda::LayerVersion', 1);
    pdf.template.hasResourceProperties('AWS::Lambda::LayerVersion', {
      CompatibleArchitectures: ['arm64'],
      CompatibleRuntimes: ['nodejs22.x'],
    });
    const [layerId] = Object.keys(pdf.template.findResources('AWS::Lambda::LayerVersion'));
    pdf.template.hasResourceProperties('AWS::Lambda::Function', { Layers: [{ Ref: layerId }] });
    // Of the product's functions only Extract reads PDFs (functions/services/pipeline/extract.ts);
    // the others get no layer.
    for (const f of s.functions) expect(f.usesPdfjs, f.spec.id).toBe(f.spec.id === 'PipelineExtract');
  });

  it('keeps pdf.js out of the bundle and imports it from /opt/nodejs/node_modules', () => {
    const { code } = bundleOf(pdf.fn);
    expect(code.length / 1024).toBeLessThan(50);
    expect(code).toContain('"/opt/nodejs/node_modules/pdfjs-dist/legacy/build/pdf.mjs"');
  });

  it('ships the legacy build, worker, fonts and cmaps in the layer, and no native canvas', () => {
    const layer = Object.values(pdf.template.findResources('AWS::Lambda::LayerVersion'))[0];
    const key = String(layer?.Properties?.Content?.S3Key ?? '').replace(/\.zip$/, '');
    const root = join(pdf.outdir, `asset.${key}`, 'nodejs', 'node_modules');
    for (const file of [
      'pdfjs-dist/package.json',
      'pdfjs-dist/legacy/build/pdf.mjs',
      'pdfjs-dist/legacy/build/pdf.worker.mjs',
      'pdfjs-dist/standard_fonts',
      'pdfjs-dist/cmaps',
    ]) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
    // pdf.js needs a DOMMatrix to load: a pure-JS stand-in for @napi-rs/canvas, no native (x64 or arm64) code.
    expect(readdirSync(root).sort()).toEqual(['@napi-rs', 'pdfjs-dist']);
    expect(readdirSync(join(root, '@napi-rs', 'canvas')).sort()).toEqual(['index.js', 'package.json']);
  });

  it('runs: the bundle, with the layer where Lambda mounts it, reads the text of a PDF', async () => {
    const layer = Object.values(pdf.template.findResources('AWS::Lambda::LayerVersion'))[0];
    const key = String(layer?.Properties?.Content?.S3Key ?? '').replace(/\.zip$/, '');
    const layerModules = join(pdf.outdir, `asset.${key}`, 'nodejs', 'node_modules');
    const { dir, code } = bundleOf(pdf.fn);
    // Stand-in for /opt: the same bundle, its layer path pointed at the staged layer.
    const run = mkdtempSync(join(tmpdir(), 'family-finance-pdfjs-run-'));
    try {
      writeFileSync(join(run, 'index.mjs'), code.replaceAll('/opt/nodejs/node_modules', layerModules));
      copyFileSync(join(dir, 'index.mjs.map'), join(run, 'index.mjs.map'));
      const module = (await import(pathToFileURL(join(run, 'index.mjs')).href)) as {
        handler: (event: { pdfBase64: string }) => Promise<string>;
      };
      const text = await module.handler({
        pdfBase64: (await samplePdf('Opening balance 1,234.56')).toString('base64'),
      });
      expect(text).toContain('Opening balance 1,234.56');
    } finally {
      rmSync(run, { recursive: true, force: true });
    }
  }, 60_000);
});
