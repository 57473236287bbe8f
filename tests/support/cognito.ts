import { randomBytes } from 'node:crypto';
import {
  DUMMY_ANSWER,
  emailFromToken,
  LINK_FRAGMENT_PARAM,
  SIGN_IN_METHOD,
  SIGN_UP_LINK_ATTRIBUTE,
} from '../../functions/contracts/auth';
import { LOCAL_CLIENT_ID } from '../../functions/local/jwt';

/**
 * A minimal Cognito user-pool client speaking the JSON API to the twin's /local/cognito, making the calls
 * Amplify makes in the SPA (web/src/auth/magic-link.ts), for integration tests.
 */
export interface CognitoResult<T = Record<string, unknown>> {
  status: number;
  body: T & { __type?: string; message?: string };
}
export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: string;
}
interface ChallengeOrTokens {
  ChallengeName?: string;
  Session?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: AuthenticationResult;
}

export function cognitoClient(url: string) {
  async function call<T = ChallengeOrTokens>(op: string, input: Record<string, unknown>) {
    const response = await fetch(`${url}/local/cognito`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${op}`,
      },
      body: JSON.stringify(input),
    });
    return { status: response.status, body: (await response.json()) as CognitoResult<T>['body'] };
  }
  const initiate = (username: string) =>
    call('InitiateAuth', {
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: LOCAL_CLIENT_ID,
      AuthParameters: { USERNAME: username },
    });
  const respond = (session: string, username: string, answer: string, alreadyHaveMagicLink: string) =>
    call('RespondToAuthChallenge', {
      ClientId: LOCAL_CLIENT_ID,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: session,
      ChallengeResponses: { USERNAME: username, ANSWER: answer },
      ClientMetadata: { signInMethod: SIGN_IN_METHOD, alreadyHaveMagicLink },
    });

  return {
    call,
    initiate,
    respond,
    /** "Send Magic Link": the two calls, with both raw answers (for comparing known and unknown addresses). */
    async requestLink(email: string) {
      const first = await initiate(email);
      if (first.status !== 200) return { first, second: first };
      const second = await respond(
        first.body.Session ?? '',
        first.body.ChallengeParameters?.USERNAME ?? email,
        DUMMY_ANSWER,
        'no',
      );
      return { first, second };
    },
    /**
     * Opening the link, as web/src/auth/magic-link.ts does: the custom flow answering with the token; when that
     * is refused, SignUp with the token as proof (first sign-in) and, if the account was created, the flow again.
     */
    async signInWithToken(token: string) {
      const email = emailFromToken(token) ?? 'nobody@example.com';
      const answer = async () => {
        const first = await initiate(email);
        if (first.status !== 200) return first;
        return respond(
          first.body.Session ?? '',
          first.body.ChallengeParameters?.USERNAME ?? email,
          token,
          'yes',
        );
      };
      const attempt = await answer();
      if (attempt.status === 200 || attempt.body.__type !== 'NotAuthorizedException')
        return { signUp: null, result: attempt };
      const signUp = await call('SignUp', {
        ClientId: LOCAL_CLIENT_ID,
        Username: email,
        Password: `${randomBytes(24).toString('base64url')}Aa1!`,
        UserAttributes: [{ Name: 'email', Value: email }],
        ValidationData: [{ Name: SIGN_UP_LINK_ATTRIBUTE, Value: token }],
      });
      return { signUp, result: signUp.status === 200 ? await answer() : attempt };
    },
  };
}

export function tokenFromLink(link: string): string {
  const fragment = new URL(link).hash.replace(/^#/, '');
  return new URLSearchParams(fragment).get(LINK_FRAGMENT_PARAM) ?? '';
}
