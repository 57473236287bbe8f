import { startPageLoadRequestsBeforeConfig } from '../api/client';
import { hasStoredSession } from '../auth/local-state';
import { loadRuntimeConfig, type RuntimeConfig } from '../auth/runtime-config';

export interface PageLoad {
  /** /config.json, being read. */
  config: Promise<RuntimeConfig>;
  /** A signed-in user is (probably) here: the browser keeps Amplify's session entries. */
  signedIn: boolean;
}

let started: PageLoad | null = null;

/**
 * What a page load waits on goes out first, once: /config.json and, under /app with a stored session, the
 * page's first API requests (early.ts). The build runs this from a small script of its own (boot.ts) that the
 * page runs before the app's code has been evaluated; main.tsx takes what it started (or starts it, in the
 * dev server).
 */
export function startPageLoad(): PageLoad {
  if (started) return started;
  const config = loadRuntimeConfig();
  // Whoever reads the configuration later handles its failure; never an unhandled rejection meanwhile.
  config.catch(() => undefined);
  const signedIn = hasStoredSession();
  if (signedIn) startPageLoadRequestsBeforeConfig();
  started = { config, signedIn };
  return started;
}
