import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * The twin's data folder holds what must stay the developer's own: the token signing key, the sign-in links
 * in the outbox, the families' statements and the database. Everything in it is owner-only: the folder 0700,
 * files 0600 (directories 0700). The twin's own files are written with those modes; what the emulators write
 * (LevelDB, s3rver) is covered by the process's file-creation mask, set to owner-only while the twin runs; a
 * folder left by an older twin is tightened at start.
 */
export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_DIRECTORY = 0o700;

export function ownerOnlyDataFolder(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_DIRECTORY });
  // process.umask cannot be set from a worker thread; the twin's process is the main thread.
  if (isMainThread) process.umask(0o077);
  tighten(dataDir);
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o077) !== 0) chmodSync(path, OWNER_ONLY_DIRECTORY);
    for (const name of readdirSync(path)) tighten(join(path, name));
  } else if ((stat.mode & 0o077) !== 0) {
    chmodSync(path, stat.mode & 0o700);
  }
}
