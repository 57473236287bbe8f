import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

/** The SPA. Domain rules and API contracts are imported from ../functions (shared with the handlers). */
export default defineConfig({
  root,
  plugins: [react()],
  server: { fs: { allow: [resolve(root, '..')] } },
  build: {
    outDir: resolve(root, 'dist'),
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
});
