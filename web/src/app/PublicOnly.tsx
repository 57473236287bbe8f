import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasStoredSession } from '../auth/local-state';

/**
 * Public pages that send a signed-in visitor to /app (spec 1 §2: / and /login). Decided from what Amplify keeps
 * in localStorage, without loading the auth code; /app checks the session for real and sends a visitor whose
 * session has lapsed back here (with state.signedOut, so they are not sent round again).
 */
export function PublicOnly({ children }: { children: ReactNode }) {
  const location = useLocation();
  const cameFromSignedOut = (location.state as { signedOut?: boolean } | null)?.signedOut === true;
  if (!cameFromSignedOut && hasStoredSession()) return <Navigate to="/app" replace />;
  return children;
}
