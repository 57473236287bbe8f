import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build, type Plugin } from 'esbuild';

export interface BundleOptions {
  /** The entry's path; default ./NAME.ts beside this file. */
  entry?: string;
  /** Where the bundle is kept; default node_modules/.cache/family-finance. */
  dir?: string;
  /** esbuild plugins for the build (a test's bundle of a script keeps its modules' own locations). */
  plugins?: Plugin[];
}

const ROOT = join(import.meta.dirname, '..', '..');
const built = new Map<string, Promise<string>>();

/**
 * A module of the twin's own (./NAME.ts beside this file, or `entry`) bundled by esbuild, so that it runs under
 * plain Node whatever loaded the twin (tsx, a test runner), as a Lambda's bundle does: built once per process,
 * kept (under node_modules/.cache, or `dir`) by its content's hash, its packages left to Node. Used for the
 * code that runs in a thread or a process of its own (the DynamoDB thread, the PDF process) and for the
 * scripts tests start many times. Answers the bundle's path; `what` names the code in the error when it
 * cannot be built.
 */
export function bundledCode(name: string, what: string, options: BundleOptions = {}): Promise<string> {
  const entry = options.entry ?? join(import.meta.dirname, `${name}.ts`);
  const dir = options.dir ?? join(ROOT, 'node_modules', '.cache', 'family-finance');
  const key = `${entry}\n${dir}`;
  let file = built.get(key);
  if (!file) {
    file = bundle(entry, dir, what, options.plugins ?? []);
    built.set(key, file);
    file.catch(() => built.delete(key));
  }
  return file;
}

async function bundle(entry: string, dir: string, what: string, plugins: Plugin[]): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
    plugins,
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`${what} could not be built`);
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  // Inside the repository, so that the bundle's package imports resolve from its node_modules.
  const file = join(dir, `${basename(entry).replace(/\.[cm]?tsx?$/, '')}-${hash}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return file;
}
