import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const built = new Map<string, Promise<string>>();

/**
 * A module of the twin's own (./NAME.ts beside this file) bundled by esbuild, so that it runs under plain Node
 * whatever loaded the twin (tsx, a test runner), as a Lambda's bundle does: built once per process, kept under
 * node_modules/.cache by its content's hash, its packages left to Node. Used for the code that runs in a thread
 * or a process of its own (the DynamoDB thread, the PDF process). Answers the bundle's path; `what` names the
 * code in the error when it cannot be built.
 */
export function bundledCode(name: string, what: string): Promise<string> {
  let file = built.get(name);
  if (!file) {
    file = bundle(name, what);
    built.set(name, file);
    file.catch(() => built.delete(name));
  }
  return file;
}

async function bundle(name: string, what: string): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, `${name}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`${what} could not be built`);
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  // Inside the repository, so that the bundle's package imports resolve from its node_modules.
  const dir = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'family-finance');
  const file = join(dir, `${name}-${hash}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return file;
}
