import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadRuntimeConfig,
  runtimeConfig,
  setRuntimeConfig,
  whenRuntimeConfig,
} from '../../web/src/auth/runtime-config';
import { currentTokens, getIdToken } from '../../web/src/auth/session';

/** Start-up configuration and the token every API call sends (spec 1 §4: refreshed before expiry). */
const fetchAuthSession = vi.hoisted(() => vi.fn());
vi.mock('../../web/src/auth/amplify', () => ({ amplify: () => ({ fetchAuthSession }) }));

const idToken = (exp: number) => ({
  tokens: { idToken: { payload: { sub: 's', email: 'e', exp }, toString: () => `jwt-${exp}` } },
});
const now = () => Math.floor(Date.now() / 1000);

beforeEach(() => fetchAuthSession.mockReset());

describe('spec 1 §4: the ID token for API calls', () => {
  it('is the session ID token, through fetchAuthSession', async () => {
    const exp = now() + 3600;
    fetchAuthSession.mockResolvedValue(idToken(exp));
    await expect(getIdToken()).resolves.toBe(`jwt-${exp}`);
    expect(fetchAuthSession).toHaveBeenCalledTimes(1);
  });

  it('is refreshed first when it expires within 90 s', async () => {
    const fresh = now() + 3600;
    fetchAuthSession.mockResolvedValueOnce(idToken(now() + 80)).mockResolvedValueOnce(idToken(fresh));
    await expect(getIdToken()).resolves.toBe(`jwt-${fresh}`);
    expect(fetchAuthSession).toHaveBeenLastCalledWith({ forceRefresh: true });
  });

  it('is null when nobody is signed in, or the session cannot be read', async () => {
    fetchAuthSession.mockResolvedValueOnce({ tokens: undefined });
    await expect(getIdToken()).resolves.toBeNull();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetchAuthSession.mockRejectedValueOnce(new Error('offline'));
    await expect(getIdToken()).resolves.toBeNull();
  });
});

describe('start-up: /config.json', () => {
  const respond = (body: unknown, status = 200) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('reads the user pool, app client, endpoint and API base URL', async () => {
    const config = {
      userPoolId: 'eu-west-2_x',
      userPoolClientId: 'c',
      userPoolEndpoint: 'http://localhost:3000/local/cognito',
      apiBaseUrl: '/api',
    };
    const waiting = whenRuntimeConfig();
    await expect(loadRuntimeConfig(respond(config))).resolves.toEqual(config);
    expect(runtimeConfig()).toEqual(config);
    // What needs it (the signed-in part of the app) waited for it.
    await expect(waiting).resolves.toEqual(config);
    await expect(whenRuntimeConfig()).resolves.toEqual(config);
  });

  it('fails on an error status or a configuration without the user pool', async () => {
    await expect(loadRuntimeConfig(respond({}, 404))).rejects.toThrow('/config.json answered 404');
    await expect(loadRuntimeConfig(respond({ apiBaseUrl: '/api' }))).rejects.toThrow(/lacks userPoolId/);
  });
});

describe('spec 1 §4: a fresh stored session answers without Amplify', () => {
  const CLIENT = 'client-1';
  const jwt = (exp: number) =>
    `h.${btoa(JSON.stringify({ sub: 'member-1', email: 'ada@example.co.uk', exp })).replace(/=+$/, '')}.sig`;
  const store = (token: string) => {
    localStorage.clear();
    const prefix = `CognitoIdentityServiceProvider.${CLIENT}`;
    localStorage.setItem(`${prefix}.LastAuthUser`, 'member-1');
    localStorage.setItem(`${prefix}.member-1.idToken`, token);
    localStorage.setItem(`${prefix}.member-1.accessToken`, token);
  };

  it("reads the configured client's stored tokens while they are more than 90 s from expiring", async () => {
    setRuntimeConfig({ userPoolId: 'eu-west-2_x', userPoolClientId: CLIENT, apiBaseUrl: '/api' });
    const exp = now() + 3600;
    store(jwt(exp));
    await expect(currentTokens()).resolves.toEqual({
      idToken: jwt(exp),
      sub: 'member-1',
      email: 'ada@example.co.uk',
      expiresAt: exp * 1000,
    });
    expect(fetchAuthSession).not.toHaveBeenCalled();
  });

  it("leaves a token due for refresh, or another client's, to Amplify", async () => {
    setRuntimeConfig({ userPoolId: 'eu-west-2_x', userPoolClientId: CLIENT, apiBaseUrl: '/api' });
    const fresh = now() + 3600;
    store(jwt(now() + 60));
    fetchAuthSession.mockResolvedValueOnce(idToken(now() + 60)).mockResolvedValueOnce(idToken(fresh));
    await expect(getIdToken()).resolves.toBe(`jwt-${fresh}`);
    expect(fetchAuthSession).toHaveBeenLastCalledWith({ forceRefresh: true });
    setRuntimeConfig({ userPoolId: 'eu-west-2_x', userPoolClientId: 'another-client', apiBaseUrl: '/api' });
    store(jwt(fresh));
    fetchAuthSession.mockResolvedValueOnce({ tokens: undefined });
    await expect(getIdToken()).resolves.toBeNull();
    localStorage.clear();
  });
});
