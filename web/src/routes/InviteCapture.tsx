import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PENDING_INVITE_KEY } from '../auth/local-state';

/**
 * /invite?token=… (spec 1 §2, §4 Invitation): the token is kept as pendingInviteToken and the visitor goes to
 * /, where signing in picks the invitation up. No spinner.
 */
export function InviteCapture() {
  const [params] = useSearchParams();
  const token = params.get('token');
  useEffect(() => {
    if (token) localStorage.setItem(PENDING_INVITE_KEY, token);
  }, [token]);
  return <Navigate to="/" replace />;
}
