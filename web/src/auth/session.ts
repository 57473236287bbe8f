import { storedIdToken } from '../api/early';
import { loadAmplify } from './lazy-amplify';
import { currentRuntimeConfig } from './runtime-config';

/**
 * The signed-in user's tokens, for every API call. Tokens are refreshed 90 s before they expire (spec 1 §9: a
 * 30 s tick refreshing when 3 ticks remain), so a request never leaves with a token about to lapse. While the
 * tokens Amplify keeps in localStorage for the configured app client are further than that from expiring
 * (Amplify's own clock-drift correction included), they are read from there as Amplify would read them;
 * otherwise (a refresh due, no configuration yet, nothing readable) through Amplify's fetchAuthSession, which
 * refreshes expired tokens with the refresh token. Amplify is imported lazily: a page load with fresh tokens,
 * and pages that never call the API, never load it.
 */
export const REFRESH_MARGIN_MS = 90_000;

export interface SessionTokens {
  idToken: string;
  sub: string;
  email: string;
  expiresAt: number;
}

/** The stored tokens, when they are readable and not due for refresh; null otherwise (Amplify then decides). */
export function storedTokens(storage: Storage = localStorage, now = Date.now()): SessionTokens | null {
  const clientId = currentRuntimeConfig()?.userPoolClientId;
  if (!clientId) return null;
  const idToken = storedIdToken(clientId, storage, now, REFRESH_MARGIN_MS);
  const payload = idToken ? jwtPayload(idToken) : null;
  if (!idToken || !payload || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
  return {
    idToken,
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    expiresAt: payload.exp * 1000,
  };
}

function jwtPayload(jwt: string): Record<string, unknown> | null {
  try {
    const part = jwt.split('.')[1] ?? '';
    const value: unknown = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function currentTokens(): Promise<SessionTokens | null> {
  const stored = storedTokens();
  if (stored) return stored;
  const { fetchAuthSession } = await loadAmplify();
  let session = await fetchAuthSession();
  const exp = session.tokens?.idToken?.payload.exp;
  if (exp !== undefined && exp * 1000 - Date.now() < REFRESH_MARGIN_MS) {
    session = await fetchAuthSession({ forceRefresh: true });
  }
  const idToken = session.tokens?.idToken;
  if (!idToken) return null;
  const { sub, email, exp: expiresAt } = idToken.payload;
  return {
    idToken: idToken.toString(),
    sub: typeof sub === 'string' ? sub : '',
    email: typeof email === 'string' ? email : '',
    expiresAt: (expiresAt ?? 0) * 1000,
  };
}

/** The JWT to send as `Authorization: Bearer …` to /api, or null when nobody is signed in. */
export async function getIdToken(): Promise<string | null> {
  try {
    return (await currentTokens())?.idToken ?? null;
  } catch (error) {
    console.warn('Could not read the session:', (error as Error).message);
    return null;
  }
}
