import { Suspense } from 'react';
import { Link, Navigate } from 'react-router';
import type { AuthUser } from '../auth/auth-context';
import { pendingInviteToken } from '../auth/local-state';
import { useAuth } from '../auth/useAuth';
import { useLinkSignIn } from '../auth/useLinkSignIn';
import { FullScreenStatus } from '../components/FullScreenStatus';
import { useOnboardingStatus } from '../features/onboarding/useOnboardingStatus';
import { SubscriptionGate } from '../features/subscription/SubscriptionGate';
import { AppShell } from './AppShell';
import { preloadable } from './preloadable';
import '../features/login/login.css';
// The onboarding styles are the app's too (Account Setup's bank picker and account cards use them): loaded with
// the shell, though the wizard's code is its own chunk.
import '../features/onboarding/onboarding.css';

/**
 * /app/* (spec 1 §2 decision order):
 *  1. a sign-in from an e-mailed link in progress and no user yet: 'Processing your login...'
 *     (a link that failed: what went wrong, and the way back to /login);
 *  2. no user: to / ;
 *  3. auth or onboarding status still loading: 'Loading Family Finance...';
 *     an invitation opened while signed out (pendingInviteToken): back to it, before anything else;
 *  4. onboarding not completed: the onboarding flow;
 *  5. otherwise the app shell, once the subscription info has loaded (at most 5 s: 'Loading your account...').
 */
export const LOADING_MESSAGE = 'Loading Family Finance...';

/** Onboarding is its own chunk: a family that has finished it never loads its code. */
const Onboarding = preloadable(() => import('../features/onboarding/Onboarding').then((m) => m.Onboarding));
export const PROCESSING_MESSAGE = 'Processing your login...';

export function AppGate() {
  const { status, user } = useAuth();
  const link = useLinkSignIn();
  if (!user && link.state === 'processing') return <FullScreenStatus>{PROCESSING_MESSAGE}</FullScreenStatus>;
  if (!user && link.state === 'failed') return <LinkProblem message={link.message} />;
  if (status === 'loading') return <FullScreenStatus>{LOADING_MESSAGE}</FullScreenStatus>;
  if (!user) return <Navigate to="/" replace state={{ signedOut: true }} />;
  const invitation = pendingInviteToken();
  if (invitation) return <Navigate to={`/invite?token=${encodeURIComponent(invitation)}`} replace />;
  return <SignedInApp user={user} />;
}

function SignedInApp({ user }: { user: AuthUser }) {
  const { status } = useOnboardingStatus();
  if (status === 'loading') return <FullScreenStatus>{LOADING_MESSAGE}</FullScreenStatus>;
  if (status === 'incomplete')
    return (
      <Suspense fallback={<FullScreenStatus>{LOADING_MESSAGE}</FullScreenStatus>}>
        <Onboarding />
      </Suspense>
    );
  return (
    <SubscriptionGate userId={user.userId}>
      <AppShell user={user} />
    </SubscriptionGate>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <main className="auth-page">
      <section className="auth-card" aria-labelledby="link-problem-title">
        <p className="auth-brand">Family Finance</p>
        <h1 id="link-problem-title">We couldn't sign you in</h1>
        <div className="auth-alert danger" role="alert">
          {message}
        </div>
        <p className="auth-muted">
          Each sign-in link works once and for 15 minutes, and only the newest link sent to an address works.
        </p>
        <Link className="button primary auth-submit" to="/login">
          Send a new sign-in link
        </Link>
      </section>
    </main>
  );
}
