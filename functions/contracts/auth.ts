/**
 * Passwordless sign-in (spec 1 §4 Login, §9): the protocol between the SPA and the Cognito custom-auth
 * triggers, shared by both. It follows the signed magic-link design of aws-samples'
 * amazon-cognito-passwordless-auth:
 *
 *  request a link   InitiateAuth(CUSTOM_AUTH, USERNAME = e-mail)            -> challenge PROVIDE_AUTH_PARAMETERS
 *                   RespondToAuthChallenge(ANSWER = DUMMY_ANSWER,
 *                     ClientMetadata { signInMethod: MAGIC_LINK, alreadyHaveMagicLink: 'no' })
 *                                                                            -> link e-mailed, challenge MAGIC_LINK
 *  use the link     SignUp(e-mail, random password, ValidationData { magicLink })  (first sign-in only)
 *                   InitiateAuth(CUSTOM_AUTH, USERNAME = e-mail from the link)
 *                   RespondToAuthChallenge(ANSWER = token,
 *                     ClientMetadata { signInMethod: MAGIC_LINK, alreadyHaveMagicLink: 'yes' }) -> tokens
 */
export const SIGN_IN_METHOD = 'MAGIC_LINK';
/** The answer that asks for the sign-in parameters (here: "send me a link") instead of answering. */
export const DUMMY_ANSWER = '__dummy__';
export const CHALLENGE = {
  provideAuthParameters: 'PROVIDE_AUTH_PARAMETERS',
  magicLink: 'MAGIC_LINK',
} as const;

export interface MagicLinkClientMetadata {
  signInMethod: typeof SIGN_IN_METHOD;
  alreadyHaveMagicLink: 'yes' | 'no';
  [key: string]: string;
}

/** The SignUp validation-data attribute that carries the link's token (checked by the pre-sign-up trigger). */
export const SIGN_UP_LINK_ATTRIBUTE = 'magicLink';

/** Links land on /app with the token in the fragment (never sent to a server, never in a Referer). */
export const LINK_PATH = '/app';
export const LINK_FRAGMENT_PARAM = 'magic_link';

export const MAGIC_LINK_TTL_MINUTES = 15;
/**
 * Sign-in links one client (a network address) may ask for in a minute, whatever the addresses (each address
 * has its own limit besides, MAGIC_LINK_MIN_INTERVAL_SECONDS): a request for a link is a
 * RespondToAuthChallenge whose ClientMetadata.alreadyHaveMagicLink is anything but 'yes'. The twin's Cognito
 * counts them; in AWS a WAF rate-based rule on the user pool does (infra/stacks/auth-stack.ts).
 */
export const LINKS_PER_CLIENT_PER_MINUTE = 20;
/** Server-side minimum interval between two links for one address (and the SPA's resend countdown). */
export const MAGIC_LINK_MIN_INTERVAL_SECONDS = 30;

/** The address a link belongs to, readable without the key (the SPA needs it as the username). */
export function emailFromToken(token: string): string | null {
  const [payload] = token.split('.');
  if (!payload) return null;
  try {
    const b64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const json = JSON.parse(new TextDecoder().decode(bytes)) as { e?: unknown };
    return typeof json.e === 'string' ? json.e : null;
  } catch {
    return null;
  }
}
