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
import { type BuildOptions, buildSync, version as esbuildVersion } from 'esbuild';
import { REPO_ROOT } from './repo-root';

/**
 * pdf.js for the functions that import it, from a Lambda layer, in one of two kinds:
 *  - the text layer (arm64), for the functions that only read text (the pipeline's Extract, through
 *    functions/adapters/pdf): pdf.js with a pure-JS stand-in for its canvas;
 *  - the drawing layer (x86_64), for the function that draws statement pages (the API's pages area, through
 *    functions/adapters/ocr/page-images.ts): pdf.js, the real @napi-rs/canvas with its native linux-x64-gnu
 *    binary, and pdf-lib (which the drawing adapter uses to find a scanned page's JPEG).
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
 * Why the drawing function runs on x86_64: the native canvas must be installed to be shipped, and npm installs
 * only the host's. On this project's machines (linux x64) that is @napi-rs/canvas-linux-x64-gnu (glibc 2.16 or
 * later; Lambda's nodejs22.x runs Amazon Linux 2023, glibc 2.34). Its arm64 twin,
 * @napi-rs/canvas-linux-arm64-gnu, cannot come through `npm install` on x64: as a dependency npm refuses it
 * (EBADPLATFORM, its package says cpu arm64), as an optional one npm skips it, and `--cpu=arm64` would swap
 * out the x64 binary the twin needs. One function on x86_64 costs about a fifth more per GB-second than arm64.
 *
 * Details that make it work on Lambda (tests/infra/bundles.test.ts runs bundles against both staged layers,
 * the drawing one drawing a real statement's page to PNG):
 *  - Node's ESM loader does not search /opt/nodejs/node_modules (NODE_PATH is CommonJS-only), so esbuild
 *    rewrites the layer's packages' imports to the absolute layer path and leaves them external. Import the
 *    legacy build file (`pdfjs-dist/legacy/build/pdf.mjs`): a bare `pdfjs-dist` would be a directory import.
 *  - pdf.js 5 evaluates `new DOMMatrix()` when it loads and, on Node, takes DOMMatrix from @napi-rs/canvas
 *    (which it requires from its own folder: the layer's). Text extraction never renders, so the text layer
 *    carries a small pure-JS `@napi-rs/canvas` stand-in exporting only a 2D DOMMatrix. pdf.js still warns once
 *    that ImageData/Path2D cannot be polyfilled; that only matters for rendering.
 *  - CommonJS resolution does use NODE_PATH, which Lambda sets to include /opt/nodejs/node_modules: the
 *    drawing adapter finds pdf.js's standard fonts with `require.resolve('pdfjs-dist/package.json')`.
 */
export const PDFJS = 'pdfjs-dist';
export const CANVAS = '@napi-rs/canvas';
const CANVAS_BINARY = '@napi-rs/canvas-linux-x64-gnu';
const PDF_LIB = 'pdf-lib';
const LAYER_MODULES = '/opt/nodejs/node_modules';
/** What a function with a layer leaves external: everything under the layer's path. */
export const LAYER_EXTERNAL = `${LAYER_MODULES}/*`;
/** esbuild's rewrites for a function with the text layer: pdf.js. */
export const PDFJS_ESBUILD_ARGS = { [`--alias:${PDFJS}`]: `${LAYER_MODULES}/${PDFJS}` };
/** esbuild's rewrites for a function with the drawing layer: pdf.js, the canvas (CommonJS: its file) and pdf-lib. */
export const DRAWING_ESBUILD_ARGS = {
  ...PDFJS_ESBUILD_ARGS,
  [`--alias:${CANVAS}`]: `${LAYER_MODULES}/${CANVAS}/index.js`,
  [`--alias:${PDF_LIB}`]: `${LAYER_MODULES}/${PDF_LIB}/index.mjs`,
};

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

/** Which layer packages a function's own source imports. */
export interface LayerImports {
  pdfjs: boolean;
  /** @napi-rs/canvas: the function draws, so it gets the drawing layer and runs on x86_64. */
  canvas: boolean;
}

const scans = new Map<string, LayerImports>();

/**
 * What a function's own source (dynamic imports included) imports of the layers' packages. node_modules is
 * left out of the scan (`packages: 'external'`), so it takes milliseconds. A bare `pdfjs-dist` import is
 * refused (see above).
 */
export function layerImports(entry: string): LayerImports {
  const cached = scans.get(entry);
  if (cached) return cached;
  const found: LayerImports = { pdfjs: false, canvas: false };
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
        if (imported.path.startsWith(`${PDFJS}/`)) found.pdfjs = true;
        if (imported.path === CANVAS || imported.path.startsWith(`${CANVAS}/`)) found.canvas = true;
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

type LayerKind = 'text' | 'drawing';

/**
 * pdf-lib for the drawing layer, built into one ESM file: its ES module build (`module`), so that
 * `export *` carries every named export (its CommonJS `main` would leave only a default export).
 */
const PDF_LIB_BUILD = {
  stdin: { contents: `export * from '${PDF_LIB}';`, loader: 'js' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  legalComments: 'none',
} as const satisfies BuildOptions;

/** The pdf.js (text) layer of a stack: one per stack that has functions importing pdf.js to read text. */
export function pdfjsLayer(scope: Construct): LayerVersion {
  return layer(scope, 'text');
}

/** The drawing layer of a stack (x86_64): one per stack that has functions drawing PDF pages. */
export function drawingLayer(scope: Construct): LayerVersion {
  return layer(scope, 'drawing');
}

function layer(scope: Construct, kind: LayerKind): LayerVersion {
  const stack = Stack.of(scope);
  const id = kind === 'text' ? 'PdfjsLayer' : 'PdfjsDrawingLayer';
  const existing = stack.node.tryFindChild(id);
  if (existing instanceof LayerVersion) return existing;
  const { dir, versions } = layerDirectory(kind);
  return new LayerVersion(stack, id, {
    code: Code.fromAsset(dir),
    compatibleRuntimes: [Runtime.NODEJS_22_X],
    compatibleArchitectures: [kind === 'text' ? Architecture.ARM_64 : Architecture.X86_64],
    description:
      kind === 'text'
        ? `pdfjs-dist ${versions[PDFJS]} (Node legacy build, fonts, cmaps) for statement text extraction`
        : `pdfjs-dist ${versions[PDFJS]}, ${CANVAS} ${versions[CANVAS]} (linux-x64-gnu), ${PDF_LIB} ${versions[PDF_LIB]} for drawing statement pages`,
  });
}

const requireFromRoot = () => createRequire(join(REPO_ROOT, 'package.json'));

/** An installed package's folder and version. */
function installed(name: string): { dir: string; version: string } {
  let pkgJson: string;
  try {
    pkgJson = requireFromRoot().resolve(`${name}/package.json`);
  } catch {
    throw new Error(
      `${name} is not installed: the drawing layer ships the canvas npm installs on linux x64 (run \`npm install\` there; infra/constructs/pdfjs-layer.ts)`,
    );
  }
  const { version } = JSON.parse(readFileSync(pkgJson, 'utf8')) as { version: string };
  return { dir: dirname(pkgJson), version };
}

/**
 * Builds a layer's directory once per kind and versions (atomically: tests run in parallel). What it holds
 * comes from the installed node_modules only: nothing is downloaded.
 */
function layerDirectory(kind: LayerKind): { dir: string; versions: Record<string, string> } {
  const pdfjs = installed(PDFJS);
  const drawing =
    kind === 'drawing'
      ? { canvas: installed(CANVAS), binary: installed(CANVAS_BINARY), pdfLib: installed(PDF_LIB) }
      : null;
  const versions: Record<string, string> = { [PDFJS]: pdfjs.version };
  if (drawing) {
    versions[CANVAS] = drawing.canvas.version;
    versions[CANVAS_BINARY] = drawing.binary.version;
    versions[PDF_LIB] = drawing.pdfLib.version;
    versions.esbuild = esbuildVersion;
  }
  const stamp = createHash('sha256')
    .update(kind)
    .update(JSON.stringify(versions))
    .update(LAYER_FILES.join())
    .update(drawing ? JSON.stringify(PDF_LIB_BUILD) : CANVAS_STAND_IN)
    .digest('hex');
  // No dots in the name: CDK keeps a source directory's "extension" in the staged asset's name.
  const dir = join(tmpdir(), `family-finance-pdfjs-${kind}-layer-${stamp.slice(0, 16)}`);
  if (existsSync(join(dir, 'nodejs', 'node_modules', PDFJS, 'package.json'))) return { dir, versions };

  const staging = mkdtempSync(join(tmpdir(), `family-finance-pdfjs-${kind}-layer-tmp-`));
  const modules = join(staging, 'nodejs', 'node_modules');
  for (const file of LAYER_FILES) {
    const from = join(pdfjs.dir, file);
    if (!existsSync(from)) continue;
    const to = join(modules, PDFJS, file);
    mkdirSync(dirname(to), { recursive: true });
    cpSync(from, to, { recursive: true });
  }
  const canvas = join(modules, '@napi-rs', 'canvas');
  if (drawing) {
    // The real canvas (CommonJS) and its native binary, which its loader requires by package name.
    cpSync(drawing.canvas.dir, canvas, { recursive: true });
    cpSync(drawing.binary.dir, join(modules, CANVAS_BINARY), { recursive: true });
    // pdf-lib as one ESM file (its own dependencies inside), which the bundle imports from the layer.
    const pdfLib = join(modules, PDF_LIB);
    buildSync({
      ...PDF_LIB_BUILD,
      stdin: { ...PDF_LIB_BUILD.stdin, resolveDir: REPO_ROOT },
      absWorkingDir: REPO_ROOT,
      outfile: join(pdfLib, 'index.mjs'),
      logLevel: 'silent',
    });
    cpSync(join(drawing.pdfLib.dir, 'LICENSE.md'), join(pdfLib, 'LICENSE.md'));
    writeFileSync(
      join(pdfLib, 'package.json'),
      `${JSON.stringify({ name: PDF_LIB, version: drawing.pdfLib.version, type: 'module', main: 'index.mjs', private: true }, null, 2)}\n`,
    );
  } else {
    mkdirSync(canvas, { recursive: true });
    writeFileSync(
      join(canvas, 'package.json'),
      `${JSON.stringify({ name: CANVAS, version: '0.0.0-stand-in', main: 'index.js', private: true }, null, 2)}\n`,
    );
    writeFileSync(join(canvas, 'index.js'), CANVAS_STAND_IN);
  }
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // built meanwhile by another process
  }
  return { dir, versions };
}
