import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { apiFunctions, FUNCTIONS } from '../../functions/handlers/manifest';
import { bundledCode } from '../../functions/local/bundled-code';

const ROOT = resolve(import.meta.dirname, '../..');

/** How the twin loads a handler: by its path from the repository's root, at run time. */
const HANDLER_IMPORT = 'import(pathToFileURL(resolve(repoRoot(), spec.entry)).href)';

/**
 * Every module of the bundle keeps the location of its source file (import.meta.dirname, filename and url),
 * so what it finds beside itself (the PDF process's code, the repository's root, a package it resolves) it
 * finds as it does when run from source. The twin's handlers, which it imports by path when first invoked,
 * are in the bundle too: each entry of the manifest, imported on first use as before.
 */
const ownLocation: Plugin = {
  name: 'own-location',
  setup(bundler) {
    bundler.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      let contents = readFileSync(args.path, 'utf8');
      if (args.path === join(ROOT, 'functions', 'local', 'lambda-runtime.ts')) {
        if (!contents.includes(HANDLER_IMPORT))
          throw new Error(`${args.path} no longer imports handlers as ${HANDLER_IMPORT}`);
        const entries = new Set([...FUNCTIONS, ...apiFunctions()].map((f) => f.entry));
        const handlers = [...entries].map(
          (entry) => `${JSON.stringify(entry)}: () => import(${JSON.stringify(join(ROOT, entry))})`,
        );
        contents = `${contents.replace(HANDLER_IMPORT, `(bundledHandlers[spec.entry] ?? (() => ${HANDLER_IMPORT}))()`)}
const bundledHandlers: Record<string, () => Promise<unknown>> = {\n${handlers.join(',\n')}\n};\n`;
      }
      contents = contents
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * A script of the repository (a path from its root) as one JavaScript file that plain Node runs: its own
 * TypeScript bundled, its packages imported from node_modules as usual. A test that starts the script many
 * times starts Node on this instead of on tsx's loader, which compiles and resolves every module again each
 * time. Built once per test process, under .test-results/bundles/ with a name of its content's hash.
 */
export function scriptBundle(script: string): Promise<string> {
  return bundledCode(script, script, {
    entry: join(ROOT, script),
    dir: join(ROOT, '.test-results', 'bundles'),
    plugins: [ownLocation],
  });
}
