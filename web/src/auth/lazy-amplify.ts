import type { AmplifyApi } from './amplify';

/**
 * Amplify's code (about 130 KB) loads when something needs it: a sign-in, a sign-out, a token to refresh, or a
 * session the browser's stored tokens cannot answer for (session.ts). A signed-in page load with a fresh token
 * shows its first screen without it. What listens to Amplify's events (the auth state) starts listening once
 * it has loaded: until then nothing has happened that would send one.
 */
let loading: Promise<AmplifyApi> | null = null;
let announce: ((api: AmplifyApi) => void) | null = null;
const loaded = new Promise<AmplifyApi>((resolve) => {
  announce = resolve;
});

/** Amplify, configured from the runtime configuration: loaded (once) now. */
export function loadAmplify(): Promise<AmplifyApi> {
  if (!loading) {
    const attempt = import('./amplify').then((m) => m.amplify());
    loading = attempt;
    attempt.then(
      (api) => announce?.(api),
      () => {
        if (loading === attempt) loading = null;
      },
    );
  }
  return loading;
}

/** Amplify once something has loaded it (never loads it itself). */
export function whenAmplifyLoaded(): Promise<AmplifyApi> {
  return loaded;
}
