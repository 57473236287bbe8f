import { createContext } from 'react';

/** The auth state shared by the SPA (spec 1 §4 Authentication: loading, signed in, signed out). */
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';
export interface AuthUser {
  userId: string;
  email: string;
}
/** The sign-in from an e-mailed link (spec 1 §2 /app step 1: a login callback in progress). */
export type LinkSignIn = { state: 'none' } | { state: 'processing' } | { state: 'failed'; message: string };

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  signOut(): Promise<void>;
  linkSignIn: LinkSignIn;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
