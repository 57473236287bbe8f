import { useContext } from 'react';
import { AuthContext, type LinkSignIn } from './auth-context';

/** The state of the sign-in from an e-mailed link, if the page was opened from one. */
export function useLinkSignIn(): LinkSignIn {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useLinkSignIn needs an <AuthProvider> above it');
  return value.linkSignIn;
}
