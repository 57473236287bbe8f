import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

/** The SPA. Domain rules and API contracts are imported from ../functions (shared with the handlers). */
export default defineConfig({
  root,
  plugins: [react()],
  server: { fs: { strict: true, allow: SERVED_DIRECTORIES, deny: DENIED_FILES } },
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      // The domain rules and the API contracts are pure (no I/O, nothing done on import): a screen that uses
      // one export of a module does not load and run the modules behind its other exports (the merchant
      // dictionary behind the matching rules, say).
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]functions[\\/](domain|contracts)[\\/]/, sideEffects: false }],
      },
    },
  },
});
