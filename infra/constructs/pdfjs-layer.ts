import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Architecture, Code, LayerVersion, Runtime } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { REPO_ROOT } from './repo-root';

/**
 * pdf.js for the functions that import it (the pipeline's Extract and Parse, through functions/adapters/pdf).
 *
 * pdfjs-dist's Node legacy build alone is ~3 MB (pdf.mjs + pdf.worker.mjs), far over the 500 KB bundle budget,
 * so it ships in a Lambda layer copied at synth time from the already-installed node_modules/pdfjs-dist:
 * legacy build, standard fonts, CMaps, wasm decoders and ICC profiles (~8 MB), offline and deterministic.
 *
 * Why not `bundling.nodeModules: ['pdfjs-dist']`: tried here. It runs `npm ci` in each such function's asset
 * directory on every synth, which needs the registry (it worked only because the registry is reachable),
 * took ~10 s per function and installed the optional native @napi-rs/canvas for the build host (linux-x64),
 * not the arm64 Lambda: 73 MB, mostly of the wrong architecture.
 *
 * Two details make it work on Lambda (tests/infra/bundles.test.ts runs a bundle against the staged layer):
 *  - Node's ESM loader does not search /opt/nodejs/node_modules (NODE_PATH is CommonJS-only), so esbuild
 *    rewrites `pdfjs-dist/...` imports to the absolute layer path and leaves them external. Import the legacy
 *    build file (`pdfjs-dist/legacy/build/pdf.mjs`): a bare `pdfjs-dist` would be a directory import.
 *  - pdf.js 5 evaluates `new DOMMatrix()` when it loads and, on Node, takes DOMMatrix from @napi-rs/canvas
 *    (a native module; ours would have to be linux-arm64). Text extraction never renders, so the layer carries
 *    a small pure-JS `@napi-rs/canvas` stand-in exporting only a 2D DOMMatrix. pdf.js still warns once that
 *    ImageData/Path2D cannot be polyfilled; that only matters for rendering.
 */
export const PDFJS = 'pdfjs-dist';
const LAYER_MODULES = '/opt/nodejs/node_modules';
export const PDFJS_EXTERNAL = `${LAYER_MODULES}/*`;
export const PDFJS_ESBUILD_ARGS = { '--alias': `${PDFJS}=${LAYER_MODULES}/${PDFJS}` };

const LAYER_FILES = [
  'package.json',
  'LICENSE',
  'legacy/build/pdf.mjs',
  'legacy/build/pdf.worker.mjs',
  'cmaps',
  'standard_fonts',
  'wasm',
  'iccs',
];

/** The stand-in for @napi-rs/canvas: an affine (2D) DOMMatrix, which is all pdf.js needs to load. */
const CANVAS_STAND_IN = `'use strict';
// Stand-in for @napi-rs/canvas in the pdf.js Lambda layer (infra/constructs/pdfjs-layer.ts): pdf.js only
// needs a DOMMatrix to load; statement text extraction never renders, so there is no canvas here.
class DOMMatrix {
  constructor(init) {
    const m = init === undefined ? [1, 0, 0, 1, 0, 0]
      : Array.isArray(init) || ArrayBuffer.isView(init) ? Array.from(init)
      : [init.a, init.b, init.c, init.d, init.e, init.f];
    if (m.length !== 6) throw new TypeError('Only 2D matrices (6 values) are supported');
    [this.a, this.b, this.c, this.d, this.e, this.f] = m.map(Number);
  }
  get is2D() { return true; }
  get isIdentity() {
    return this.a === 1 && this.b === 0 && this.c === 0 && this.d === 1 && this.e === 0 && this.f === 0;
  }
  #set(m) { [this.a, this.b, this.c, this.d, this.e, this.f] = m; return this; }
  multiplySelf(other) {
    const o = new DOMMatrix(other);
    const { a, b, c, d, e, f } = this;
    return this.#set([a * o.a + c * o.b, b * o.a + d * o.b, a * o.c + c * o.d, b * o.c + d * o.d,
      a * o.e + c * o.f + e, b * o.e + d * o.f + f]);
  }
  preMultiplySelf(other) {
    const r = new DOMMatrix(other).multiplySelf(this);
    return this.#set([r.a, r.b, r.c, r.d, r.e, r.f]);
  }
  invertSelf() {
    const { a, b, c, d, e, f } = this;
    const det = a * d - b * c;
    if (!det) return this.#set([NaN, NaN, NaN, NaN, NaN, NaN]);
    return this.#set([d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det]);
  }
  translateSelf(tx = 0, ty = 0) { return this.multiplySelf([1, 0, 0, 1, tx, ty]); }
  scaleSelf(sx = 1, sy = sx) { return this.multiplySelf([sx, 0, 0, sy, 0, 0]); }
  multiply(other) { return new DOMMatrix(this).multiplySelf(other); }
  inverse() { return new DOMMatrix(this).invertSelf(); }
  translate(tx, ty) { return new DOMMatrix(this).translateSelf(tx, ty); }
  scale(sx, sy) { return new DOMMatrix(this).scaleSelf(sx, sy); }
  transformPoint(p = {}) {
    const x = p.x ?? 0;
    const y = p.y ?? 0;
    return { x: this.a * x + this.c * y + this.e, y: this.b * x + this.d * y + this.f, z: 0, w: 1 };
  }
}
module.exports = { DOMMatrix };
`;

const scans = new Map<string, boolean>();

/**
 * Whether a function's own source imports pdf.js. node_modules is left out of the scan (`packages:
 * 'external'`), so it takes milliseconds. A bare `pdfjs-dist` import is refused (see above).
 */
export function importsPdfjs(entry: string): boolean {
  const cached = scans.get(entry);
  if (cached !== undefined) return cached;
  let found = false;
  let bare = false;
  try {
    const { metafile } = buildSync({
      entryPoints: [resolve(REPO_ROOT, entry)],
      absWorkingDir: REPO_ROOT,
      bundle: true,
      write: false,
      metafile: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
    });
    for (const input of Object.values(metafile.inputs)) {
      for (const imported of input.imports) {
        if (imported.path === PDFJS) bare = true;
        if (imported.path.startsWith(`${PDFJS}/`)) found = true;
      }
    }
  } catch {
    // A build error is left to the real bundling, which reports it in full.
  }
  if (bare) {
    throw new Error(
      `${entry}: import '${PDFJS}/legacy/build/pdf.mjs', not bare '${PDFJS}' (infra/constructs/pdfjs-layer.ts)`,
    );
  }
  scans.set(entry, found);
  return found;
}

/** The pdf.js layer of a stack: one per stack that has functions importing pdf.js. */
export function pdfjsLayer(scope: Construct): LayerVersion {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild('PdfjsLayer');
  if (existing instanceof LayerVersion) return existing;
  const { dir, version } = layerDirectory();
  return new LayerVersion(stack, 'PdfjsLayer', {
    code: Code.fromAsset(dir),
    compatibleRuntimes: [Runtime.NODEJS_22_X],
    compatibleArchitectures: [Architecture.ARM_64],
    description: `pdfjs-dist ${version} (Node legacy build, fonts, cmaps) for statement text extraction`,
  });
}

/** Builds the layer's directory once per pdf.js version and stand-in (atomically: tests run in parallel). */
function layerDirectory(): { dir: string; version: string } {
  const pkgJson = createRequire(join(REPO_ROOT, 'package.json')).resolve(`${PDFJS}/package.json`);
  const source = dirname(pkgJson);
  const { version } = JSON.parse(readFileSync(pkgJson, 'utf8')) as { version: string };
  const stamp = createHash('sha256')
    .update(version)
    .update(LAYER_FILES.join())
    .update(CANVAS_STAND_IN)
    .digest('hex');
  // No dots in the name: CDK keeps a source directory's "extension" in the staged asset's name.
  const dir = join(tmpdir(), `family-finance-pdfjs-layer-${stamp.slice(0, 16)}`);
  if (existsSync(join(dir, 'nodejs', 'node_modules', PDFJS, 'package.json'))) return { dir, version };

  const staging = mkdtempSync(join(tmpdir(), 'family-finance-pdfjs-layer-tmp-'));
  const modules = join(staging, 'nodejs', 'node_modules');
  for (const file of LAYER_FILES) {
    const from = join(source, file);
    if (!existsSync(from)) continue;
    const to = join(modules, PDFJS, file);
    mkdirSync(dirname(to), { recursive: true });
    cpSync(from, to, { recursive: true });
  }
  const canvas = join(modules, '@napi-rs', 'canvas');
  mkdirSync(canvas, { recursive: true });
  writeFileSync(
    join(canvas, 'package.json'),
    `${JSON.stringify({ name: '@napi-rs/canvas', version: '0.0.0-stand-in', main: 'index.js', private: true }, null, 2)}\n`,
  );
  writeFileSync(join(canvas, 'index.js'), CANVAS_STAND_IN);
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // built meanwhile by another process
  }
  return { dir, version };
}
