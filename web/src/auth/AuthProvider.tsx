import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  AuthContext,
  type AuthContextValue,
  type AuthStatus,
  type AuthUser,
  type LinkSignIn,
} from './auth-context';
import { loadAmplify, whenAmplifyLoaded } from './lazy-amplify';
import { clearSignedInFlags, hasStoredAuthEntries } from './local-state';
import { isInvalidLinkError, linkSignInFromAddress, openedFromLink } from './magic-link';
import { currentTokens, storedTokens } from './session';

/**
 * The auth state of the SPA (spec 1 §4 Authentication):
 *  - loading, then signed in or signed out; loading ends after at most 3 s even when the session never
 *    answers ('getSession timeout'), and a late answer still counts;
 *  - a session without Amplify's entries in localStorage is signed out locally (forced local sign-out);
 *  - a page opened from an e-mailed link signs in with it first (the login callback);
 *  - tokens are refreshed before they expire: every API call goes through fetchAuthSession (session.ts), and a
 *    30 s tick refreshes them 90 s before expiry while the tab is open;
 *  - sign-out clears the session, server state (subscription info, profile, family: the query cache) and the
 *    onboarding flags; if it fails, the error is logged, all local storage cleared and the browser sent to
 *    the site's origin.
 */
export const SESSION_TIMEOUT_MS = 3000;
export const REFRESH_TICK_MS = 30_000;
export const LINK_INVALID_MESSAGE = 'This sign-in link has expired or has already been used.';
export const LINK_ERROR_MESSAGE =
  "We couldn't finish signing you in. Please check your internet connection and try again.";

async function loadUser(): Promise<AuthUser | null> {
  const tokens = await currentTokens();
  if (!tokens) return null;
  if (!hasStoredAuthEntries()) {
    console.warn('Auth session without stored auth entries: signing out locally');
    await loadAmplify()
      .then((api) => api.signOut())
      .catch(() => undefined);
    return null;
  }
  return { userId: tokens.sub, email: tokens.email };
}

interface SessionState {
  status: AuthStatus;
  user: AuthUser | null;
}

/**
 * A page load with a fresh stored session (session.ts reads it as Amplify would) starts signed in, so the app's
 * first render is its screen rather than 'Loading...'; the check that follows confirms it. A page opened from
 * an e-mailed link, or without a readable session, starts loading.
 */
function initialSession(): SessionState {
  if (openedFromLink()) return { status: 'loading', user: null };
  const tokens = storedTokens();
  if (!tokens || !hasStoredAuthEntries()) return { status: 'loading', user: null };
  return { status: 'signedIn', user: { userId: tokens.sub, email: tokens.email } };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [session, setSession] = useState<SessionState>(initialSession);
  const [linkSignIn, setLinkSignIn] = useState<LinkSignIn>(() =>
    openedFromLink() ? { state: 'processing' } : { state: 'none' },
  );
  const statusRef = useRef(session.status);
  statusRef.current = session.status;

  const settle = useCallback((user: AuthUser | null) => {
    setSession((previous) =>
      user
        ? previous.user?.userId === user.userId && previous.user.email === user.email
          ? previous
          : { status: 'signedIn', user }
        : previous.status === 'signedOut'
          ? previous
          : { status: 'signedOut', user: null },
    );
  }, []);

  const check = useCallback(async () => {
    let answered = false;
    const timer = setTimeout(() => {
      if (answered) return;
      console.warn('getSession timeout');
      setSession((previous) =>
        previous.status === 'loading' ? { status: 'signedOut', user: null } : previous,
      );
    }, SESSION_TIMEOUT_MS);
    try {
      settle(await loadUser());
    } catch (error) {
      console.warn('Auth session:', (error as Error).message);
      settle(null);
    } finally {
      answered = true;
      clearTimeout(timer);
    }
  }, [settle]);

  useEffect(() => {
    let active = true;
    const follow = async (attempt: Promise<void>) => {
      setLinkSignIn({ state: 'processing' });
      try {
        await attempt;
        if (!active) return;
        setLinkSignIn({ state: 'none' });
        navigate('/app', { replace: true });
      } catch (error) {
        console.warn(
          'Sign-in from the e-mailed link failed:',
          (error as Error).name,
          (error as Error).message,
        );
        if (!active) return;
        setLinkSignIn({
          state: 'failed',
          message: isInvalidLinkError(error) ? LINK_INVALID_MESSAGE : LINK_ERROR_MESSAGE,
        });
      }
      if (active) await check();
    };
    const fromAddress = () => {
      const attempt = linkSignInFromAddress();
      return attempt ? follow(attempt) : check();
    };
    void fromAddress();
    // A link pasted into a tab already showing the app changes only the hash: no page load.
    const onHashChange = () => {
      if (openedFromLink()) void fromAddress();
    };
    window.addEventListener('hashchange', onHashChange);
    // Amplify's events, once its code has loaded (a fresh stored session does not need it to show the app).
    let stopListening: () => void = () => undefined;
    void whenAmplifyLoaded().then(({ Hub }) => {
      if (!active) return;
      stopListening = Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedOut') settle(null);
        else if (['signedIn', 'tokenRefresh', 'tokenRefresh_failure'].includes(payload.event)) void check();
      });
    });
    const tick = setInterval(() => {
      if (statusRef.current !== 'signedIn') return;
      currentTokens()
        .then((tokens) => {
          if (!tokens) settle(null);
        })
        .catch((error: Error) => console.warn('Token refresh:', error.message));
    }, REFRESH_TICK_MS);
    return () => {
      active = false;
      window.removeEventListener('hashchange', onHashChange);
      stopListening();
      clearInterval(tick);
    };
  }, [check, navigate, settle]);

  const signOut = useCallback(async () => {
    try {
      await (await loadAmplify()).signOut();
      clearSignedInFlags();
      queryClient.clear();
      settle(null);
    } catch (error) {
      console.error('Sign-out failed:', error);
      localStorage.clear();
      window.location.assign(window.location.origin);
    }
  }, [queryClient, settle]);

  const value = useMemo<AuthContextValue>(
    () => ({ status: session.status, user: session.user, signOut, linkSignIn }),
    [session, signOut, linkSignIn],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
