import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiRequest,
  configureApi,
  confirmPageLoadRequests,
  earlyData,
  startPageLoadRequests,
  startPageLoadRequestsBeforeConfig,
} from '../../web/src/api/client';
import {
  clearEarlyRequests,
  EARLY_MAX_AGE_MS,
  firstRequestsFor,
  storedClientId,
  storedIdToken,
} from '../../web/src/api/early';

/**
 * A page load of the signed-in app starts its first GETs with the stored ID token while the app's code loads;
 * the API client takes each answer once, for the same request made with the same token.
 */
const getIdToken = vi.hoisted(() => vi.fn<() => Promise<string | null>>());
vi.mock('../../web/src/auth/session', () => ({ getIdToken }));

const CLIENT = 'client-1';
const jwt = (exp: number, sub = 'member-1') =>
  `h.${btoa(JSON.stringify({ sub, exp })).replace(/=+$/, '')}.sig`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
/** A page load at /app asks for these first (the overview's first paint); another /app page the first two. */
const OVERVIEW_FIRST = ['/subscription', '/insights/overview', '/profile', '/family', '/statement-checks'];
const api = (paths: string[], base = '/api') => paths.map((path) => `${base}${path}`);
const anySchema = { safeParse: (value: unknown) => ({ success: true as const, data: value }) };

function store(token: string, user = 'member-1') {
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, user);
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.${user}.idToken`, token);
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.${user}.accessToken`, token);
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  clearEarlyRequests();
  configureApi({ baseUrl: '/api' });
  fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify({ url }), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the first requests of a page load', () => {
  it('the overview starts the subscription, the profile, its figures and what stands above them; another /app page the subscription and the profile', () => {
    expect(firstRequestsFor('/app')).toEqual(OVERVIEW_FIRST);
    expect(firstRequestsFor('/app/')).toEqual(OVERVIEW_FIRST);
    // Asked for once the figures have been painted: the accounts, the bills, the family switcher's list.
    for (const later of ['/accounts', '/bills', '/families', '/transactions'])
      expect(firstRequestsFor('/app')).not.toContain(later);
    expect(firstRequestsFor('/app/spending')).toEqual(['/subscription', '/profile']);
    expect(firstRequestsFor('/')).toEqual([]);
    expect(firstRequestsFor('/login')).toEqual([]);
    expect(firstRequestsFor('/application')).toEqual([]);
  });

  it('use the stored ID token only while it is not due for refresh (90 s before expiry)', () => {
    const token = jwt(inAnHour());
    store(token);
    expect(storedIdToken(CLIENT)).toBe(token);
    store(jwt(Math.floor(Date.now() / 1000) + 60));
    expect(storedIdToken(CLIENT)).toBeNull();
    store('not-a-jwt');
    expect(storedIdToken(CLIENT)).toBeNull();
    localStorage.clear();
    expect(storedIdToken(CLIENT)).toBeNull();
  });

  it("need Amplify's access token beside it, and judge expiry by the server's clock (Amplify's stored drift)", () => {
    const token = jwt(inAnHour());
    store(token);
    localStorage.removeItem(`CognitoIdentityServiceProvider.${CLIENT}.member-1.accessToken`);
    expect(storedIdToken(CLIENT)).toBeNull();
    store(token);
    // This device's clock is 59 minutes behind the server's: the token has under a minute left.
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.member-1.clockDrift`, String(59 * 60_000));
    expect(storedIdToken(CLIENT)).toBeNull();
    localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.member-1.clockDrift`, '-60000');
    expect(storedIdToken(CLIENT)).toBe(token);
  });

  it('start nothing without a usable stored token', () => {
    startPageLoadRequests(CLIENT, '/app');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the client takes the early answer once, for the same GET and token, then asks the API itself', async () => {
    const token = jwt(inAnHour());
    store(token);
    startPageLoadRequests(CLIENT, '/app');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(api(OVERVIEW_FIRST));
    expect(fetchMock.mock.calls[1]?.[1]).toMatchObject({ headers: { authorization: `Bearer ${token}` } });

    getIdToken.mockResolvedValue(token);
    await expect(apiRequest('/insights/overview', anySchema)).resolves.toEqual({
      url: '/api/insights/overview',
    });
    expect(fetchMock).toHaveBeenCalledTimes(5);
    // Taken once: the next load asks again.
    await apiRequest('/insights/overview', anySchema);
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('an answer started with another token, or too long ago, is not used', async () => {
    store(jwt(inAnHour(), 'member-1'));
    startPageLoadRequests(CLIENT, '/app');
    // Another person has signed in since.
    store(jwt(inAnHour(), 'member-2'), 'member-2');
    getIdToken.mockResolvedValue(jwt(inAnHour(), 'member-2'));
    await apiRequest('/subscription', anySchema);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(fetchMock.mock.calls[5]?.[1]).toMatchObject({
      headers: { authorization: `Bearer ${jwt(inAnHour(), 'member-2')}` },
    });

    clearEarlyRequests();
    const token = jwt(inAnHour());
    store(token);
    vi.useFakeTimers({ now: Date.now(), toFake: ['Date'] });
    try {
      startPageLoadRequests(CLIENT, '/app/spending');
      vi.setSystemTime(Date.now() + EARLY_MAX_AGE_MS + 1);
      getIdToken.mockResolvedValue(token);
      const before = fetchMock.mock.calls.length;
      await apiRequest('/subscription', anySchema);
      expect(fetchMock.mock.calls.length).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the client takes the early answer while the browser keeps its token, without waiting for the auth code's", async () => {
    store(jwt(inAnHour()));
    startPageLoadRequests(CLIENT, '/app');
    // The auth code is still loading: its token never comes in this test.
    getIdToken.mockReturnValue(new Promise<string | null>(() => undefined));
    await expect(apiRequest('/profile', anySchema)).resolves.toEqual({ url: '/api/profile' });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('an early request that failed to arrive is asked again', async () => {
    const token = jwt(inAnHour());
    store(token);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    startPageLoadRequests(CLIENT, '/app/spending');
    getIdToken.mockResolvedValue(token);
    await expect(apiRequest('/subscription', anySchema)).resolves.toEqual({ url: '/api/subscription' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('an answer already arrived is data for the first render, once, while the same token is kept', async () => {
    const token = jwt(inAnHour());
    store(token);
    startPageLoadRequests(CLIENT, '/app');
    await vi.waitFor(() =>
      expect(earlyData('/insights/overview', anySchema)).toEqual({ url: '/api/insights/overview' }),
    );
    expect(earlyData('/insights/overview', anySchema)).toBeUndefined();

    // Another person signed in meanwhile: their screen asks for its own.
    clearEarlyRequests();
    startPageLoadRequests(CLIENT, '/app');
    // Both answers are here (the overview's, started after the subscription's, has arrived).
    await vi.waitFor(() => expect(earlyData('/insights/overview', anySchema)).toBeDefined());
    store(jwt(inAnHour(), 'member-2'), 'member-2');
    expect(earlyData('/subscription', anySchema)).toBeUndefined();
  });

  it('start before /config.json, for the one app client whose signed-in user the browser keeps', async () => {
    expect(storedClientId()).toBeNull();
    const token = jwt(inAnHour());
    store(token);
    expect(storedClientId()).toBe(CLIENT);
    startPageLoadRequestsBeforeConfig('/app');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(api(OVERVIEW_FIRST));
    // The configuration names the same client and address: the answers stand, nothing is asked twice.
    configureApi({ baseUrl: '/api/' });
    confirmPageLoadRequests(CLIENT, '/app');
    expect(fetchMock).toHaveBeenCalledTimes(5);
    await vi.waitFor(() =>
      expect(earlyData('/insights/overview', anySchema)).toEqual({ url: '/api/insights/overview' }),
    );

    // Two clients' users kept: which one the page is for waits for the configuration.
    clearEarlyRequests();
    localStorage.setItem('CognitoIdentityServiceProvider.client-2.LastAuthUser', 'member-1');
    expect(storedClientId()).toBeNull();
    startPageLoadRequestsBeforeConfig('/app');
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('asked again when the configuration names another API address or app client', async () => {
    const token = jwt(inAnHour());
    store(token);
    startPageLoadRequestsBeforeConfig('/app');
    configureApi({ baseUrl: 'https://api.example.co.uk/v1' });
    confirmPageLoadRequests(CLIENT, '/app');
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      ...api(OVERVIEW_FIRST),
      ...api(OVERVIEW_FIRST, 'https://api.example.co.uk/v1'),
    ]);
    await vi.waitFor(() =>
      expect(earlyData('/insights/overview', anySchema)).toEqual({
        url: 'https://api.example.co.uk/v1/insights/overview',
      }),
    );

    // Another client: its own user's token (none stored here), so nothing early is used.
    clearEarlyRequests();
    configureApi({ baseUrl: '/api' });
    startPageLoadRequestsBeforeConfig('/app');
    confirmPageLoadRequests('client-other', '/app');
    expect(fetchMock).toHaveBeenCalledTimes(15);
    expect(earlyData('/insights/overview', anySchema)).toBeUndefined();
    getIdToken.mockResolvedValue(token);
    await apiRequest('/subscription', anySchema);
    expect(fetchMock).toHaveBeenCalledTimes(16);
  });
});
