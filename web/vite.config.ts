import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const repo = resolve(root, '..');
const real = (path: string) => (existsSync(path) ? realpathSync(path) : path);

/**
 * What the dev server may serve: the SPA, the domain rules and API contracts it imports from ../functions, and
 * the installed packages. Nothing else under the repository (its `.data/`, with the twin's signing keys, the
 * outbox's sign-in links and the families' statements; `bin/`, `tests/`, configuration): `/@fs/` answers 403
 * for those. `.data` folders, keys and environment files are refused wherever they are.
 */
export const SERVED_DIRECTORIES = [root, resolve(repo, 'functions'), real(resolve(repo, 'node_modules'))];
export const DENIED_FILES = [
  // Vite's own defaults (a list given here replaces them)
  '.env',
  '.env.*',
  '*.{crt,pem,key,p12,pfx,cer,der}',
  '.npmrc',
  '.yarnrc.yml',
  '**/.git/**',
  // the twin's data folder (keys, outbox, database, statements), wherever it is
  '**/.data/**',
];

/**
 * The build's first script: boot.ts, an entry of its own, runs ahead of the app's entry (index.html gets it
 * first), so /config.json and a signed-in page load's first API requests start before the browser has evaluated
 * React and the app. The dev server runs main.tsx alone (it starts them itself).
 */
function bootScriptFirst(): Plugin {
  return {
    name: 'boot-script-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const boot = Object.values(ctx.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === 'boot',
        );
        const entry = html.indexOf('<script type="module"');
        if (!boot || entry < 0) throw new Error('The build has no boot chunk, or index.html no entry script');
        const tag = `<script type="module" crossorigin src="/${boot.fileName}"></script>\n    `;
        return `${html.slice(0, entry)}${tag}${html.slice(entry)}`;
      },
    },
  };
}

/** The SPA. Domain rules and API contracts are imported from ../functions (shared with the handlers). */
export default defineConfig({
  root,
  plugins: [react(), bootScriptFirst()],
  server: { fs: { strict: true, allow: SERVED_DIRECTORIES, deny: DENIED_FILES } },
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      input: { index: resolve(root, 'index.html'), boot: resolve(root, 'src/boot.ts') },
      // The domain rules and the API contracts are pure (no I/O, nothing done on import): a screen that uses
      // one export of a module does not load and run the modules behind its other exports (the merchant
      // dictionary behind the matching rules, say).
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]functions[\\/](domain|contracts)[\\/]/, sideEffects: false }],
      },
    },
  },
});
