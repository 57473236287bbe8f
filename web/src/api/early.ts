import { AMPLIFY_KEY_PREFIX } from '../auth/local-state';

/**
 * A page load of the signed-in app starts its first screen's requests at once, with the ID token the browser
 * keeps (Amplify's entries in localStorage), instead of one after another behind the auth code, the session
 * check and the shell. The API client takes each answer once, and only for the same request made with the
 * same token within a few seconds; otherwise it asks again. A token that is missing, unreadable or due for
 * refresh (REFRESH_MARGIN_MS, as session.ts refreshes it) starts nothing: the requests go as usual.
 */
export const EARLY_MAX_AGE_MS = 10_000;
/** The same margin as session.ts's REFRESH_MARGIN_MS (not imported: that module is the auth code's). */
const REFRESH_MARGIN_MS = 90_000;

interface EarlyRequest {
  token: string;
  startedAt: number;
  response: Promise<Response>;
  /** The answer's body once it has arrived with a 200 (read from a copy: the response stays unread). */
  body?: unknown;
}

const early = new Map<string, EarlyRequest>();
let earlyClientId: string | null = null;

/** The `exp` of a JWT (seconds), or null when it cannot be read. */
function expiryOf(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user's ID token as Amplify keeps it, when it is not about to be refreshed (Amplify's access
 * token is kept beside it, and neither is within `marginMs` of expiring by the server's clock: Amplify's
 * stored clock drift applied); else null.
 */
export function storedIdToken(
  clientId: string,
  storage: Storage = localStorage,
  now = Date.now(),
  marginMs = REFRESH_MARGIN_MS,
): string | null {
  const prefix = `${AMPLIFY_KEY_PREFIX.replace(/\.$/, '')}.${clientId}.`;
  const user = storage.getItem(`${prefix}LastAuthUser`);
  if (!user) return null;
  const token = storage.getItem(`${prefix}${user}.idToken`);
  const access = storage.getItem(`${prefix}${user}.accessToken`);
  if (!token || !access) return null;
  const drift = Number(storage.getItem(`${prefix}${user}.clockDrift`) ?? 0) || 0;
  for (const jwt of [token, access]) {
    const exp = expiryOf(jwt);
    if (exp === null || exp * 1000 - (now + drift) < marginMs) return null;
  }
  return token;
}

/**
 * The app client whose signed-in user the browser keeps (Amplify's `CognitoIdentityServiceProvider.{client}.
 * LastAuthUser` entry), read before /config.json has named it; null when there is none, or more than one.
 */
export function storedClientId(storage: Storage = localStorage): string | null {
  const found = new Set<string>();
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(AMPLIFY_KEY_PREFIX) || !key.endsWith('.LastAuthUser') || !storage.getItem(key))
      continue;
    found.add(key.slice(AMPLIFY_KEY_PREFIX.length, -'.LastAuthUser'.length));
  }
  return found.size === 1 ? ([...found][0] ?? null) : null;
}

/** The app client the early requests were started for (their token is its signed-in user's), if any. */
export function earlyRequestsClientId(): string | null {
  return earlyClientId;
}

/**
 * The API paths a page load at `pathname` needs for its first paint: on every page the subscription (the app
 * waits for it) and the profile (the header's name); on the overview also its figures, the family's name above
 * them and the statements waiting for a check (their banner stands above the figures: arriving later, it would
 * push them down). What the overview shows further down (the accounts, the month-end forecast, Recent
 * Activity) and the family switcher's list are asked for once the figures have been painted.
 */
export function firstRequestsFor(pathname: string): string[] {
  if (!/^\/app(\/|$)/.test(pathname)) return [];
  const overview = pathname === '/app' || pathname === '/app/';
  return overview
    ? ['/subscription', '/insights/overview', '/profile', '/family', '/statement-checks']
    : ['/subscription', '/profile'];
}

/** Starts GET `urls` with `token` (each answer kept for the API client). */
export function startEarlyRequests(
  urls: readonly string[],
  token: string,
  now = Date.now(),
  clientId: string | null = null,
): void {
  earlyClientId = clientId;
  for (const url of urls) {
    const response = fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    const entry: EarlyRequest = { token, startedAt: now, response };
    // A failed early request is asked again by the client; never an unhandled rejection. Every answer's body
    // is read (from a copy) even when no screen takes it (a new user's onboarding asks for no overview): a
    // body left unread keeps the request open in the browser, and the page never goes quiet.
    response
      .then((r) =>
        r.status === 200
          ? r.clone().json()
          : r
              .clone()
              .text()
              .then(() => undefined),
      )
      .then((body: unknown) => {
        entry.body = body;
      })
      .catch(() => undefined);
    early.set(url, entry);
  }
}

/**
 * The early answer to GET `url`, already arrived, as data for a screen's first render: taken once, and only
 * while the browser still keeps the token it was asked with (the signed-in user has not changed) and within
 * EARLY_MAX_AGE_MS; otherwise undefined, and the screen asks as usual.
 */
export function takeEarlyData(url: string, now = Date.now()): unknown {
  const entry = early.get(url);
  if (entry?.body === undefined || !earlyClientId) return undefined;
  early.delete(url);
  if (now - entry.startedAt > EARLY_MAX_AGE_MS) return undefined;
  if (storedIdToken(earlyClientId, localStorage, now) !== entry.token) return undefined;
  return entry.body;
}

/**
 * The early answer to GET `url` made with `token`, taken once; null when there is none, it was made with
 * another token, or it is older than EARLY_MAX_AGE_MS.
 */
export function takeEarlyResponse(url: string, token: string, now = Date.now()): Promise<Response> | null {
  const entry = early.get(url);
  if (!entry) return null;
  early.delete(url);
  if (entry.token !== token || now - entry.startedAt > EARLY_MAX_AGE_MS) return null;
  return entry.response;
}

/**
 * The early answer to GET `url`, taken once, while the browser still keeps the token it was asked with (the
 * signed-in user has not changed) and within EARLY_MAX_AGE_MS: the client need not wait for the auth code's
 * token to take it. Null otherwise (it is left for takeEarlyResponse, which judges it by the auth code's token).
 */
export function takeEarlyResponseForStoredToken(url: string, now = Date.now()): Promise<Response> | null {
  const entry = early.get(url);
  if (!entry || !earlyClientId || now - entry.startedAt > EARLY_MAX_AGE_MS) return null;
  if (storedIdToken(earlyClientId, localStorage, now) !== entry.token) return null;
  early.delete(url);
  return entry.response;
}

/** Forgets every early request (sign-out; tests). */
export function clearEarlyRequests(): void {
  early.clear();
  earlyClientId = null;
}
