import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, LINK_INVALID_MESSAGE } from '../../web/src/auth/AuthProvider';
import { resetLinkSignIn } from '../../web/src/auth/magic-link';
import { setRuntimeConfig } from '../../web/src/auth/runtime-config';
import { useAuth } from '../../web/src/auth/useAuth';
import { useLinkSignIn } from '../../web/src/auth/useLinkSignIn';

/**
 * The SPA's auth state (spec 1 §4 Authentication): loading ≤ 3 s, forced local sign-out, refresh before expiry,
 * sign-out clearing, and the sign-in from an e-mailed link — with Amplify replaced by a recording stand-in.
 */
const amp = vi.hoisted(() => ({
  fetchAuthSession: vi.fn(),
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(),
  signUp: vi.fn(),
  listeners: [] as Array<(data: { payload: { event: string } }) => void>,
}));
vi.mock('../../web/src/auth/amplify', () => ({
  configureAmplify: () => undefined,
  amplify: () => ({
    ...amp,
    Hub: {
      listen: (_channel: string, listener: (data: { payload: { event: string } }) => void) => {
        amp.listeners.push(listener);
        return () => undefined;
      },
    },
  }),
}));

const AMPLIFY_KEY = 'CognitoIdentityServiceProvider.client.user-1.LastAuthUser';
const session = (email: string, expiresInSeconds = 3600, sub = 'user-1') => ({
  tokens: {
    idToken: {
      payload: { sub, email, exp: Math.floor(Date.now() / 1000) + expiresInSeconds },
      toString: () => `id-token-for-${email}`,
    },
  },
});
const noSession = { tokens: undefined };
const tokenFor = (email: string) =>
  `${btoa(JSON.stringify({ e: email, c: 'client', x: 9_999_999_999, n: 'n' })).replace(/=+$/, '')}.c2ln`;
const named = (name: string, message = name) => Object.assign(new Error(message), { name });

function Probe() {
  const { status, user, signOut } = useAuth();
  const link = useLinkSignIn();
  const location = useLocation();
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="user">{user ? `${user.userId} ${user.email}` : 'nobody'}</p>
      <p data-testid="link">{link.state === 'failed' ? `failed: ${link.message}` : link.state}</p>
      <p data-testid="path">{location.pathname}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign Out
      </button>
    </div>
  );
}

function renderProvider(path = '/app') {
  const client = new QueryClient();
  client.setQueryData(['subscription'], { status: 'trial' });
  const view = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Routes>
            <Route path="*" element={<Probe />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, client };
}
const text = (id: string) => screen.getByTestId(id).textContent;

beforeEach(() => {
  localStorage.clear();
  resetLinkSignIn();
  amp.listeners.length = 0;
  for (const fn of [amp.fetchAuthSession, amp.signIn, amp.confirmSignIn, amp.signOut, amp.signUp])
    fn.mockReset();
  amp.signOut.mockResolvedValue(undefined);
  window.history.replaceState(null, '', '/app');
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('spec 1 §4 authentication: states', () => {
  it('is loading, then signed in with the user from the ID token', async () => {
    localStorage.setItem(AMPLIFY_KEY, 'user-1');
    amp.fetchAuthSession.mockResolvedValue(session('ada@example.co.uk'));
    renderProvider();
    expect(text('status')).toBe('loading');
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    expect(text('user')).toBe('user-1 ada@example.co.uk');
  });

  it('starts signed in from a fresh stored session: no loading state, no wait for Amplify', async () => {
    setRuntimeConfig({ userPoolId: 'eu-west-2_x', userPoolClientId: 'client', apiBaseUrl: '/api' });
    const jwt = `h.${btoa(JSON.stringify({ sub: 'user-1', email: 'ada@example.co.uk', exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '')}.sig`;
    localStorage.setItem('CognitoIdentityServiceProvider.client.LastAuthUser', 'user-1');
    localStorage.setItem('CognitoIdentityServiceProvider.client.user-1.idToken', jwt);
    localStorage.setItem('CognitoIdentityServiceProvider.client.user-1.accessToken', jwt);
    amp.fetchAuthSession.mockReturnValue(new Promise(() => undefined));
    try {
      renderProvider();
      expect(text('status')).toBe('signedIn');
      expect(text('user')).toBe('user-1 ada@example.co.uk');
      expect(amp.fetchAuthSession).not.toHaveBeenCalled();
    } finally {
      // The other cases run without a configuration's client: Amplify answers for the session there.
      setRuntimeConfig({ userPoolId: 'eu-west-2_x', userPoolClientId: 'another-client', apiBaseUrl: '/api' });
    }
  });

  it('is signed out without a session', async () => {
    amp.fetchAuthSession.mockResolvedValue(noSession);
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedOut'));
    expect(text('user')).toBe('nobody');
  });

  it("stops loading after 3 s without an answer ('getSession timeout')", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    amp.fetchAuthSession.mockReturnValue(new Promise(() => undefined));
    renderProvider();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2999);
    });
    expect(text('status')).toBe('loading');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(text('status')).toBe('signedOut');
    expect(console.warn).toHaveBeenCalledWith('getSession timeout');
  });

  it('signs out locally when a session exists but local storage holds no auth entries', async () => {
    amp.fetchAuthSession.mockResolvedValue(session('ada@example.co.uk'));
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedOut'));
    expect(amp.signOut).toHaveBeenCalled();
  });

  it('refreshes the tokens when they expire within 90 s', async () => {
    localStorage.setItem(AMPLIFY_KEY, 'user-1');
    amp.fetchAuthSession
      .mockResolvedValueOnce(session('ada@example.co.uk', 60))
      .mockResolvedValue(session('ada@example.co.uk', 3600));
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    expect(amp.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });

  it("follows Amplify's signedOut event", async () => {
    localStorage.setItem(AMPLIFY_KEY, 'user-1');
    amp.fetchAuthSession.mockResolvedValue(session('ada@example.co.uk'));
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    act(() => {
      for (const listener of amp.listeners) listener({ payload: { event: 'signedOut' } });
    });
    expect(text('status')).toBe('signedOut');
  });
});

describe('spec 1 §4 authentication: sign-out', () => {
  it('clears the session, the subscription info and the onboarding flags', async () => {
    localStorage.setItem(AMPLIFY_KEY, 'user-1');
    for (const key of ['onboardingComplete', 'onboardingProgress', 'currentFamilyId', 'welcomeTourCompleted'])
      localStorage.setItem(key, 'x');
    amp.fetchAuthSession.mockResolvedValue(session('ada@example.co.uk'));
    const { client } = renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    await act(async () => screen.getByRole('button', { name: 'Sign Out' }).click());
    expect(amp.signOut).toHaveBeenCalled();
    expect(text('status')).toBe('signedOut');
    for (const key of ['onboardingComplete', 'onboardingProgress', 'currentFamilyId'])
      expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('welcomeTourCompleted')).toBe('x');
    expect(client.getQueryData(['subscription'])).toBeUndefined();
  });

  it('on failure logs it, clears all local storage and goes to the origin', async () => {
    localStorage.setItem(AMPLIFY_KEY, 'user-1');
    localStorage.setItem('welcomeTourCompleted', 'x');
    amp.fetchAuthSession.mockResolvedValue(session('ada@example.co.uk'));
    amp.signOut.mockRejectedValue(named('NetworkError'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProvider();
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      origin: 'http://ff.test',
      hash: '',
      assign,
    } as never);
    await act(async () => screen.getByRole('button', { name: 'Sign Out' }).click());
    expect(errors).toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith('http://ff.test');
  });
});

describe('spec 1 §2 step 1 / §4: the login callback from an e-mailed link', () => {
  const email = 'ada@example.co.uk';
  const token = tokenFor(email);
  const signedInAfter = () => {
    amp.fetchAuthSession.mockResolvedValueOnce(noSession).mockImplementation(async () => {
      localStorage.setItem(AMPLIFY_KEY, 'user-1');
      return session(email);
    });
  };

  beforeEach(() => {
    window.history.replaceState(null, '', `/app#magic_link=${token}`);
    amp.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' },
    });
  });

  it('removes the secret from the address at once, answers with it and ends signed in on /app', async () => {
    signedInAfter();
    amp.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    renderProvider('/app');
    expect(text('link')).toBe('processing');
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/app');
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    expect(text('link')).toBe('none');
    expect(amp.signIn).toHaveBeenCalledWith({
      username: email,
      options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
    });
    expect(amp.confirmSignIn).toHaveBeenCalledWith({
      challengeResponse: token,
      options: { clientMetadata: { signInMethod: 'MAGIC_LINK', alreadyHaveMagicLink: 'yes' } },
    });
    expect(amp.signUp).not.toHaveBeenCalled();
  });

  it("creates the account on an address's first sign-in (SignUp with the link as proof), then signs in", async () => {
    signedInAfter();
    amp.confirmSignIn
      .mockRejectedValueOnce(named('NotAuthorizedException', 'Incorrect username or password.'))
      .mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    amp.signUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    renderProvider('/app');
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    expect(amp.signUp).toHaveBeenCalledWith(
      expect.objectContaining({
        username: email,
        password: expect.stringMatching(/^[\w-]{20,}Aa1!$/),
        options: { userAttributes: { email }, validationData: { magicLink: token } },
      }),
    );
    expect(amp.confirmSignIn).toHaveBeenCalledTimes(2);
  });

  it('says the link has expired or been used when Cognito refuses it', async () => {
    amp.fetchAuthSession.mockResolvedValue(noSession);
    amp.confirmSignIn.mockRejectedValue(named('NotAuthorizedException', 'Incorrect username or password.'));
    amp.signUp.mockRejectedValue(named('UsernameExistsException'));
    renderProvider('/app');
    await waitFor(() => expect(text('link')).toBe(`failed: ${LINK_INVALID_MESSAGE}`));
    expect(text('status')).toBe('signedOut');
  });

  it('keeps a user already signed in as that address, without using the link', async () => {
    localStorage.setItem(AMPLIFY_KEY, 'user-1');
    amp.fetchAuthSession.mockResolvedValue(session(email));
    renderProvider('/app');
    await waitFor(() => expect(text('status')).toBe('signedIn'));
    expect(text('link')).toBe('none');
    expect(amp.signIn).not.toHaveBeenCalled();
    expect(amp.signOut).not.toHaveBeenCalled();
  });

  it('signs another user out first', async () => {
    amp.fetchAuthSession
      .mockResolvedValueOnce(session('eve@example.com', 3600, 'user-2'))
      .mockImplementation(async () => {
        localStorage.setItem(AMPLIFY_KEY, 'user-1');
        return session(email);
      });
    amp.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    renderProvider('/app');
    await waitFor(() => expect(text('user')).toBe(`user-1 ${email}`));
    expect(amp.signOut).toHaveBeenCalledTimes(1);
  });
});
