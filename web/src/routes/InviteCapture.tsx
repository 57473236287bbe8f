import { lazy, Suspense } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { hasStoredSession, PENDING_INVITE_KEY } from '../auth/local-state';
import { loadSignedIn } from '../auth/runtime-config';
import { FullScreenStatus } from '../components/FullScreenStatus';

const InvitationArea = lazy(() =>
  loadSignedIn(() => import('../app/auth-routes')).then((m) => ({ default: m.InvitationArea })),
);

/**
 * /invite?token=… (spec 1 §2, §4 Invitation). Signed out (decided without loading the auth code): the token is
 * kept as pendingInviteToken and the visitor goes to /, and after signing in they are brought back to the
 * invitation. Signed in: the invitation screen, 'Validating invitation...' until it is ready (no other
 * loading screen).
 */
export function InviteCapture() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!hasStoredSession()) {
    if (token) localStorage.setItem(PENDING_INVITE_KEY, token);
    return <Navigate to="/" replace />;
  }
  return (
    <Suspense fallback={<FullScreenStatus>Validating invitation...</FullScreenStatus>}>
      <InvitationArea />
    </Suspense>
  );
}
