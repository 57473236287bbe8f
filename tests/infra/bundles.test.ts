import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPageImages } from '../../functions/adapters/ocr/page-images';
import { deployedFunctions, type FunctionSpec } from '../../functions/handlers/manifest';
import { AppFunction } from '../../infra/constructs/app-function';
import { REPO_ROOT } from '../../infra/constructs/repo-root';
import { generateStatement } from '../fixtures/statements/generate';
import { scanPdf } from '../fixtures/statements/scan';
import { type Synthesized, synthesize } from './app';

/**
 * The only infra test that bundles for real (NodejsFunction with the local esbuild, ~1 s per function): every
 * deployed function's bundle (each API area's, and every other manifest function's), and the two pdf.js layers,
 * each with a fixture function: one that reads text with pdf.js (the text layer, arm64), one that draws pages
 * as the pages area does (the drawing layer, x86_64, with the native canvas), run here against the staged
 * layers.
 */
const MAX_KB = 500;
let s: Synthesized;
interface Fixture {
  template: Template;
  fn: AppFunction;
}
let outdir: string;
let pdf: Fixture;
let drawing: Fixture;

/** Statements whose layout nobody on this project made, beside the repository (as tests/unit/statement's). */
const REAL = process.env.STATEMENTS_REAL_DIR ?? resolve(REPO_ROOT, '../shared/fixtures/statements-real');

beforeAll(() => {
  s = synthesize({ stage: 'dev', bundle: true });
  outdir = mkdtempSync(join(tmpdir(), 'family-finance-infra-pdfjs-'));
  const app = new App({ outdir });
  const fixture = (stackId: string, spec: FunctionSpec) => {
    const stack = new Stack(app, stackId, { env: { region: 'eu-west-2' } });
    return { stack, fn: new AppFunction(stack, spec, { stage: 'dev', prod: false }) };
  };
  const text = fixture('PdfjsFixture', {
    id: 'UsesPdfjs',
    entry: 'tests/infra/fixtures/uses-pdfjs.ts',
    trigger: { type: 'pipeline', task: 'Extract' },
    needs: [],
  });
  const draws = fixture('DrawingFixture', {
    id: 'DrawsPages',
    entry: 'tests/infra/fixtures/draws-pages.ts',
    trigger: { type: 'pipeline', task: 'Extract' },
    needs: [],
  });
  const assembly = app.synth();
  const templateOf = (stack: Stack) =>
    Template.fromJSON(assembly.getStackArtifact(stack.artifactId).template);
  pdf = { fn: text.fn, template: templateOf(text.stack) };
  drawing = { fn: draws.fn, template: templateOf(draws.stack) };
}, 300_000);
afterAll(() => {
  s.cleanup();
  rmSync(outdir, { recursive: true, force: true });
});

const bundleOf = (f: AppFunction) => {
  const dir = f.bundleDir;
  if (!dir) throw new Error(`${f.spec.id}: not bundled`);
  return { dir, code: readFileSync(join(dir, 'index.mjs'), 'utf8'), files: readdirSync(dir) };
};

/** The staged layer's node_modules (what Lambda mounts at /opt/nodejs/node_modules). */
const layerModulesOf = (template: Template) => {
  const layer = Object.values(template.findResources('AWS::Lambda::LayerVersion'))[0];
  const key = String(layer?.Properties?.Content?.S3Key ?? '').replace(/\.zip$/, '');
  return join(outdir, `asset.${key}`, 'nodejs', 'node_modules');
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
    // Of the product's functions Extract reads PDFs (functions/services/pipeline/extract.ts) and the pages
    // area draws them (the drawing layer, below); the others get no layer.
    for (const f of s.functions) {
      expect(f.usesPdfjs, f.spec.id).toBe(f.spec.id === 'PipelineExtract' || f.spec.id === 'PagesApi');
    }
  });

  it('keeps pdf.js out of the bundle and imports it from /opt/nodejs/node_modules', () => {
    const { code } = bundleOf(pdf.fn);
    expect(code.length / 1024).toBeLessThan(50);
    expect(code).toContain('"/opt/nodejs/node_modules/pdfjs-dist/legacy/build/pdf.mjs"');
  });

  it('ships the legacy build, worker, fonts and cmaps in the layer, and no native canvas', () => {
    const root = layerModulesOf(pdf.template);
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
    const layerModules = layerModulesOf(pdf.template);
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

const run = promisify(execFile);

/** A drawn page decoded here: its size, its RGBA pixels and the share of them that is ink (darker than mid-grey). */
async function decode(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (((data[i] ?? 255) + (data[i + 1] ?? 255) + (data[i + 2] ?? 255)) / 3 < 128) dark++;
  }
  return { width: image.width, height: image.height, data, ink: dark / (image.width * image.height) };
}

/** The share of pixels that differ between two drawings of the same size. */
function differing(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2]) count++;
  }
  return count / (a.length / 4);
}

describe('pdf.js with the native canvas from the drawing layer (x86_64)', () => {
  it('runs the pages area alone on x86_64, with the drawing layer; every other function on arm64', () => {
    expect(drawing.fn.drawsPages).toBe(true);
    drawing.template.resourceCountIs('AWS::Lambda::LayerVersion', 1);
    drawing.template.hasResourceProperties('AWS::Lambda::LayerVersion', {
      CompatibleArchitectures: ['x86_64'],
      CompatibleRuntimes: ['nodejs22.x'],
    });
    const [layerId] = Object.keys(drawing.template.findResources('AWS::Lambda::LayerVersion'));
    drawing.template.hasResourceProperties('AWS::Lambda::Function', {
      Architectures: ['x86_64'],
      Layers: [{ Ref: layerId }],
    });
    for (const f of s.functions) expect(f.drawsPages, f.spec.id).toBe(f.spec.id === 'PagesApi');

    const api = s.templates.api;
    const layers = api.findResources('AWS::Lambda::LayerVersion');
    expect(Object.values(layers).map((l) => l.Properties?.CompatibleArchitectures)).toEqual([['x86_64']]);
    const functions = Object.entries(api.findResources('AWS::Lambda::Function'));
    const pages = functions.filter(([id]) => /^PagesApiFunction[0-9A-F]{8}$/.test(id));
    expect(pages).toHaveLength(1);
    expect(pages[0]?.[1].Properties).toMatchObject({
      Architectures: ['x86_64'],
      Layers: [{ Ref: Object.keys(layers)[0] }],
      MemorySize: 1024,
    });
    for (const [id, fn] of functions) {
      if (id.startsWith('PagesApi')) continue;
      expect(fn.Properties?.Layers, id).toBeUndefined();
    }
  });

  it('imports pdf.js, the canvas and pdf-lib from /opt/nodejs/node_modules, none of them bundled', () => {
    const pages = s.functions.find((f) => f.spec.id === 'PagesApi');
    if (!pages) throw new Error('no PagesApi');
    for (const { code } of [bundleOf(pages), bundleOf(drawing.fn)]) {
      expect(code).toContain('"/opt/nodejs/node_modules/pdfjs-dist/legacy/build/pdf.mjs"');
      expect(code).toContain('"/opt/nodejs/node_modules/@napi-rs/canvas/index.js"');
      expect(code).toContain('"/opt/nodejs/node_modules/pdf-lib/index.mjs"');
      // pdf-lib's standard font metrics (~180 KB) are the layer's, not the bundle's.
      expect(code).not.toContain('Helvetica-BoldOblique');
    }
    // The uploads area no longer carries the drawing route.
    const uploads = s.functions.find((f) => f.spec.id === 'UploadsApi');
    if (uploads) expect(bundleOf(uploads).code).not.toContain('/opt/nodejs/node_modules');
  });

  it('ships pdf.js, the real canvas with its linux-x64-gnu binary only, and pdf-lib in one file', () => {
    const root = layerModulesOf(drawing.template);
    expect(readdirSync(root).sort()).toEqual(['@napi-rs', 'pdf-lib', 'pdfjs-dist']);
    expect(readdirSync(join(root, '@napi-rs')).sort()).toEqual(['canvas', 'canvas-linux-x64-gnu']);
    for (const file of [
      'pdfjs-dist/legacy/build/pdf.mjs',
      'pdfjs-dist/legacy/build/pdf.worker.mjs',
      'pdfjs-dist/standard_fonts',
      '@napi-rs/canvas/index.js',
      '@napi-rs/canvas/js-binding.js',
      '@napi-rs/canvas-linux-x64-gnu/skia.linux-x64-gnu.node',
      'pdf-lib/index.mjs',
    ]) {
      expect(existsSync(join(root, file)), file).toBe(true);
    }
    const size = (path: string): number =>
      statSync(path).isDirectory()
        ? readdirSync(path).reduce((sum, name) => sum + size(join(path, name)), 0)
        : statSync(path).size;
    // Lambda allows 250 MB unzipped for a function and its layers.
    expect(size(root) / 2 ** 20).toBeLessThan(100);
  });

  it('runs: the bundle, with the layer where Lambda mounts it, draws a statement and its scan as the twin does', async () => {
    const layerModules = layerModulesOf(drawing.template);
    const { dir, code } = bundleOf(drawing.fn);
    // A real-layout statement where the project's checkout has them beside it, else a generated one: both
    // print in the standard fonts pdf.js finds in the layer.
    const real = join(REAL, 'hsbc-uk-current-mock.pdf');
    const statement = existsSync(real)
      ? readFileSync(real)
      : (await generateStatement('paid-out-paid-in')).pdf;
    // A scan of the same page: one JPEG over the page, which the adapter decodes natively (pdf-lib finds it).
    const scan = await scanPdf(statement, { pages: 1, dpi: 200 });

    // Stand-in for /opt: the same bundle, its layer path pointed at the staged layer, run by a Node process of
    // its own as Lambda runs it: NODE_PATH with the layer (Lambda's includes /opt/nodejs/node_modules) and the
    // AWS SDK beside it (the runtime's), nothing else of this repository's node_modules.
    const runDir = mkdtempSync(join(tmpdir(), 'family-finance-drawing-run-'));
    try {
      writeFileSync(join(runDir, 'index.mjs'), code.replaceAll('/opt/nodejs/node_modules', layerModules));
      copyFileSync(join(dir, 'index.mjs.map'), join(runDir, 'index.mjs.map'));
      mkdirSync(join(runDir, 'node_modules'));
      symlinkSync(join(REPO_ROOT, 'node_modules', '@aws-sdk'), join(runDir, 'node_modules', '@aws-sdk'));
      writeFileSync(
        join(runDir, 'invoke.mjs'),
        [
          "import { readFileSync, writeFileSync } from 'node:fs';",
          "const { handler } = await import('./index.mjs');",
          "const event = JSON.parse(readFileSync(process.argv[2], 'utf8'));",
          'writeFileSync(process.argv[3], JSON.stringify(await handler(event)));',
        ].join('\n'),
      );
      const draw = async (bytes: Uint8Array, name: string) => {
        const input = join(runDir, `${name}.json`);
        const output = join(runDir, `${name}.out.json`);
        writeFileSync(input, JSON.stringify({ pdfBase64: Buffer.from(bytes).toString('base64'), page: 1 }));
        await run(process.execPath, ['--enable-source-maps', join(runDir, 'invoke.mjs'), input, output], {
          cwd: runDir,
          env: {
            PATH: process.env.PATH ?? '',
            NODE_PATH: layerModules,
            APP_MODE: 'aws',
            AWS_REGION: 'eu-west-2',
          },
        });
        return JSON.parse(readFileSync(output, 'utf8')) as {
          pages: number;
          width: number;
          height: number;
          pngBase64: string;
        };
      };

      for (const [name, bytes] of [
        ['statement', statement],
        ['scan', scan],
      ] as const) {
        const drawn = await draw(bytes, name);
        const png = Buffer.from(drawn.pngBase64, 'base64');
        expect(png.subarray(0, 8).toString('hex'), name).toBe('89504e470d0a1a0a');
        const twin = await pdfPageImages.render(bytes, 1);
        if (!twin) throw new Error(`${name}: the twin's adapter drew nothing`);
        expect({ pages: drawn.pages, width: drawn.width, height: drawn.height }, name).toEqual({
          pages: twin.pages,
          width: twin.width,
          height: twin.height,
        });
        // An A4 page at 110 dpi, with the statement's text on it (pdf.js's standard fonts found in the layer).
        const decoded = await decode(png);
        expect([decoded.width, decoded.height], name).toEqual([drawn.width, drawn.height]);
        expect(Math.abs(decoded.width - 909), name).toBeLessThanOrEqual(2);
        expect(decoded.ink, name).toBeGreaterThan(0.005);
        // The pixels the twin draws: its text exactly; the statement's one embedded picture (two pixelated
        // bars, 0.3 % of the page) is resampled a little differently by the bundled pdf.js.
        expect(differing(decoded.data, (await decode(Buffer.from(twin.png))).data), name).toBeLessThan(0.01);
      }
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  }, 300_000);
});
