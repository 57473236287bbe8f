import { useContext } from 'react';
import { AuthContext, type AuthStatus, type AuthUser } from './auth-context';

/** The signed-in user (spec 1 §4): 'loading' at start for at most 3 s, then 'signedIn' or 'signedOut'. */
export function useAuth(): { status: AuthStatus; user: AuthUser | null; signOut(): Promise<void> } {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an <AuthProvider> above it');
  const { status, user, signOut } = value;
  return { status, user, signOut };
}
