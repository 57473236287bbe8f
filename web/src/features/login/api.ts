import { requestMagicLink } from '../../auth/magic-link';

/**
 * The sign-in page's one call: ask for a sign-in link by e-mail (Cognito custom auth; the protocol is in
 * web/src/auth/magic-link.ts).
 */
export const loginApi = {
  sendMagicLink: (email: string): Promise<void> => requestMagicLink(email),
};
