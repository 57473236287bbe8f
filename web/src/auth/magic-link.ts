import {
  DUMMY_ANSWER,
  emailFromToken,
  LINK_FRAGMENT_PARAM,
  type MagicLinkClientMetadata,
  SIGN_IN_METHOD,
  SIGN_UP_LINK_ATTRIBUTE,
} from '../../../functions/contracts/auth';
import { loadAmplify } from './lazy-amplify';

/**
 * Passwordless sign-in with e-mailed links through Amplify's custom auth flow (the protocol is in
 * functions/contracts/auth.ts). A link works in any browser or tab: it carries the address and a single-use
 * secret; opening it signs that address in, creating the account on its first sign-in.
 */
const metadata = (alreadyHaveMagicLink: 'yes' | 'no'): MagicLinkClientMetadata => ({
  signInMethod: SIGN_IN_METHOD,
  alreadyHaveMagicLink,
});

/** "Send Magic Link". Errors are Amplify's (e.g. 'rate_limit' in a UserLambdaValidationException message). */
export async function requestMagicLink(email: string): Promise<void> {
  const { signIn, confirmSignIn } = await loadAmplify();
  const started = await signIn({
    username: email.trim().toLowerCase(),
    options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
  });
  if (started.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE')
    throw new Error(`Unexpected sign-in step ${started.nextStep.signInStep}`);
  await confirmSignIn({ challengeResponse: DUMMY_ANSWER, options: { clientMetadata: metadata('no') } });
}

/** A link that cannot sign anyone in: malformed, tampered with, expired or already used. */
export class InvalidLinkError extends Error {
  override name = 'InvalidLinkError';
}

/** Cognito refused the link (the flow failed, or pre-sign-up found the link invalid). */
export function isInvalidLinkError(error: unknown): boolean {
  const { name = '', message = '' } = (error ?? {}) as Partial<Error>;
  return (
    name === 'InvalidLinkError' ||
    name === 'NotAuthorizedException' ||
    (name === 'UserLambdaValidationException' && message.includes('invalid_link'))
  );
}

/** Cognito's SignUp needs a password: a long random one that nobody ever sees or uses. */
function unusablePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, '')}Aa1!`;
}

/**
 * Signs in with a link's token. Already signed in as that address: nothing to do (the link stays unused).
 * Signed in as someone else: they are signed out first. The custom flow answers with the token; when Cognito
 * has no user for the address yet (its first sign-in: the answer is refused without using the link up), the
 * account is created with SignUp, the token as proof (the pre-sign-up trigger checks it), and the flow runs
 * again. Returning users, the common case, make no failing call.
 */
export async function signInWithLink(token: string): Promise<void> {
  const email = emailFromToken(token);
  if (!email) throw new InvalidLinkError('The sign-in link is incomplete');
  const { fetchAuthSession, signOut } = await loadAmplify();
  const current = await fetchAuthSession().catch(() => null);
  if (current?.tokens?.idToken?.payload.email === email) return;
  if (current?.tokens) await signOut();
  try {
    await answerWithToken(email, token);
  } catch (error) {
    if ((error as Error).name !== 'NotAuthorizedException') throw error;
    const created = await createAccount(email, token);
    if (!created) throw error;
    await answerWithToken(email, token);
  }
}

async function answerWithToken(email: string, token: string): Promise<void> {
  const { signIn, confirmSignIn } = await loadAmplify();
  const started = await signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
  if (started.isSignedIn) return;
  const done = await confirmSignIn({
    challengeResponse: token,
    options: { clientMetadata: metadata('yes') },
  });
  if (!done.isSignedIn) throw new InvalidLinkError('The sign-in link was not accepted');
}

/** SignUp for the link's address; false when the account already exists (then the link itself was refused). */
async function createAccount(email: string, token: string): Promise<boolean> {
  try {
    await (await loadAmplify()).signUp({
      username: email,
      password: unusablePassword(),
      options: { userAttributes: { email }, validationData: { [SIGN_UP_LINK_ATTRIBUTE]: token } },
    });
    return true;
  } catch (error) {
    if ((error as Error).name === 'UsernameExistsException') return false;
    throw error;
  }
}

/** The token in an address like /app#magic_link=…, if any. */
export function linkTokenIn(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(LINK_FRAGMENT_PARAM) || null;
}

let current: { token: string; attempt: Promise<void>; pending: boolean } | null = null;

/**
 * The sign-in from a link in the address bar: the token is removed from the address bar and from history at
 * once (history.replaceState), then used. Started once per link: while it runs, callers get the same attempt
 * (React may run effects twice). Null when the address holds no new link and none is in progress.
 */
export function linkSignInFromAddress(): Promise<void> | null {
  const token = linkTokenIn(window.location.hash);
  if (token) {
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    if (current?.token !== token) {
      const attempt = signInWithLink(token);
      const entry = { token, attempt, pending: true };
      current = entry;
      attempt.then(
        () => {
          entry.pending = false;
        },
        () => {
          entry.pending = false;
        },
      );
    }
  }
  return current?.pending ? current.attempt : null;
}

/** True when the page holds a link to use, or a sign-in from one is still running. */
export function openedFromLink(): boolean {
  return current?.pending === true || linkTokenIn(window.location.hash) !== null;
}

/** Tests start each case from a fresh page. */
export function resetLinkSignIn(): void {
  current = null;
}
