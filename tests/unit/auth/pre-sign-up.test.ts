import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import signUpWithLink from '../../../events/cognito/pre-sign-up/sign-up-with-link.json';
import signUpWithoutLink from '../../../events/cognito/pre-sign-up/sign-up-without-link.json';
import { clearRegisteredServices, registerServices } from '../../../functions/app/container';
import { handler } from '../../../functions/handlers/cognito/pre-sign-up';
import { functionSpec, lambdaContext } from '../../../functions/local/lambda-runtime';
import { SIGN_UP_REFUSED, signToken } from '../../../functions/services/magic-link';

/**
 * The AWS pre sign-up trigger, on Cognito's documented PreSignUp_SignUp event (events/cognito/pre-sign-up:
 * `request.userAttributes`, `request.validationData`, `callerContext.clientId`): whatever is wrong with the
 * link, and whoever the address is, the refusal is the same words, so that Cognito answers a made-up link for
 * an address with an account exactly as for one without (UserLambdaValidationException, "PreSignUp failed
 * with error …"). None of these links reaches the link store: each is refused on its own bytes.
 */
const KEY = 'a-test-signing-key-of-some-length-0123456789';
const KNOWN = 'ada.lovelace@example.co.uk';
const UNKNOWN = 'nobody.yet@example.co.uk';
const CLIENT = signUpWithLink.callerContext.clientId;

beforeAll(() => registerServices({ secrets: { magicLinkKey: async () => KEY } }));
afterAll(() => clearRegisteredServices());

const signUp = async (email: string, link: string | null) => {
  const event = structuredClone(link ? signUpWithLink : signUpWithoutLink) as PreSignUpTriggerEvent;
  event.request.userAttributes.email = email;
  event.request.validationData = link ? { magicLink: link } : undefined;
  try {
    await handler(event as never, lambdaContext(functionSpec('PreSignUp'), Date.now() + 5000));
    return 'allowed';
  } catch (error) {
    return (error as Error).message;
  }
};

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const LINKS: Record<string, (email: string) => string | null> = {
  none: () => null,
  'made up': () => 'made.up',
  malformed: () => 'not-a-token',
  'signed with another key': (e) => signToken('another-key', { e, c: CLIENT, x: inAnHour(), n: 'n' }),
  expired: (e) => signToken(KEY, { e, c: CLIENT, x: Math.floor(Date.now() / 1000) - 60, n: 'n' }),
  "another address's": () => signToken(KEY, { e: 'grace@example.co.uk', c: CLIENT, x: inAnHour(), n: 'n' }),
  "another app client's": (e) => signToken(KEY, { e, c: 'another-client', x: inAnHour(), n: 'n' }),
};

describe('sign-up in AWS answers every bad link alike, for known and unknown addresses', () => {
  it.each(Object.keys(LINKS))('a link that is %s: the one refusal, for both addresses', async (kind) => {
    const make = LINKS[kind]!;
    const known = await signUp(KNOWN, make(KNOWN));
    const unknown = await signUp(UNKNOWN, make(UNKNOWN));
    expect(known).toBe(SIGN_UP_REFUSED);
    expect(unknown).toBe(known);
  });

  it('the refusal names no problem and no address (the SPA reads it as an invalid link)', () => {
    expect(SIGN_UP_REFUSED).toMatch(/^invalid_link: /);
    expect(SIGN_UP_REFUSED).not.toMatch(/expired|used|signature|client|@/);
  });
});
