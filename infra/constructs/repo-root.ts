import { resolve } from 'node:path';

/** The repository root: NodejsFunction's project root, and where web/dist and node_modules live. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
