import type {
  CreateAuthChallengeTriggerEvent,
  PreSignUpTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import firstChallenge from '../../events/cognito/create-auth-challenge/first-challenge.json';
import sendLink from '../../events/cognito/create-auth-challenge/send-link.json';
import sendLinkUnknown from '../../events/cognito/create-auth-challenge/send-link-unknown-address.json';
import adminCreateUser from '../../events/cognito/pre-sign-up/admin-create-user.json';
import signUpWithLink from '../../events/cognito/pre-sign-up/sign-up-with-link.json';
import signUpWithoutLink from '../../events/cognito/pre-sign-up/sign-up-without-link.json';
import dummyAnswer from '../../events/cognito/verify-auth-challenge/dummy-answer.json';
import magicLink from '../../events/cognito/verify-auth-challenge/magic-link.json';
import { registerServices } from '../../functions/app/container';
import { functionSpec, invoke } from '../../functions/local/lambda-runtime';
import type { OutboxEntry } from '../../functions/local/outbox';
import { tokenFromLink } from '../support/cognito';
import { startTestTwin } from '../support/twin';

/**
 * The Cognito trigger handlers on their own, driven by the sample events in events/cognito/ (real Cognito
 * event shapes), against the twin's DynamoDB and outbox (spec 1 §4 login, §8 rate limit).
 */
let twin: Awaited<ReturnType<typeof startTestTwin>>;
beforeAll(async () => {
  twin = await startTestTwin();
});
afterAll(async () => {
  await twin?.stop();
});

const run = <E>(id: string, sample: unknown, patch: (e: E) => void = () => undefined) => {
  const event = structuredClone(sample) as E;
  patch(event);
  return invoke(functionSpec(id), event) as Promise<E>;
};
const mails = (to: string) => twin.outbox.list().filter((m: OutboxEntry) => m.to === to);
const ADA = 'ada.lovelace@example.co.uk';

describe('spec 1 §4 login: create auth challenge', () => {
  it('asks for the auth parameters first, sending nothing', async () => {
    const out = await run<CreateAuthChallengeTriggerEvent>('CreateAuthChallenge', firstChallenge);
    expect(out.response).toEqual({
      publicChallengeParameters: {},
      privateChallengeParameters: { challenge: 'PROVIDE_AUTH_PARAMETERS' },
      challengeMetadata: 'PROVIDE_AUTH_PARAMETERS',
    });
    expect(mails(ADA)).toHaveLength(0);
  });

  it('e-mails a link when asked, and refuses a second one inside 30 s (rate_limit)', async () => {
    const out = await run<CreateAuthChallengeTriggerEvent>('CreateAuthChallenge', sendLink);
    expect(out.response).toEqual({
      publicChallengeParameters: {},
      privateChallengeParameters: { challenge: 'MAGIC_LINK' },
      challengeMetadata: 'MAGIC_LINK',
    });
    expect(mails(ADA)).toHaveLength(1);
    await expect(run('CreateAuthChallenge', sendLink)).rejects.toThrow(/^rate_limit: /);
    expect(mails(ADA)).toHaveLength(1);
  });

  it('treats an unknown address (userNotFound) exactly like a known one', async () => {
    const out = await run<CreateAuthChallengeTriggerEvent>('CreateAuthChallenge', sendLinkUnknown);
    expect(out.response.privateChallengeParameters).toEqual({ challenge: 'MAGIC_LINK' });
    expect(mails('someone.new@example.co.uk')).toHaveLength(1);
  });
});

describe('spec 1 §4 login: verify auth challenge response and pre sign-up', () => {
  const answer = (token: string, clientId?: string) => (e: VerifyAuthChallengeResponseTriggerEvent) => {
    e.request.challengeAnswer = token;
    if (clientId) e.callerContext.clientId = clientId;
  };

  it('is a wrong answer for the dummy, a forged token and another sign-in method', async () => {
    for (const [sample, patch] of [
      [dummyAnswer, () => undefined],
      [magicLink, () => undefined],
      [magicLink, (e: VerifyAuthChallengeResponseTriggerEvent) => (e.request.clientMetadata = {})],
    ] as const) {
      const out = await run<VerifyAuthChallengeResponseTriggerEvent>('VerifyAuthChallenge', sample, patch);
      expect(out.response.answerCorrect).toBe(false);
    }
  });

  it('refuses sign-up without a link, allows it with one (confirmed, e-mail verified)', async () => {
    await expect(run('PreSignUp', signUpWithoutLink)).rejects.toThrow(/^invalid_link: /);
    const token = tokenFromLink(mails(ADA)[0]!.link!);
    const out = await run<PreSignUpTriggerEvent>('PreSignUp', signUpWithLink, (e) => {
      e.request.validationData = { magicLink: token };
    });
    expect(out.response).toMatchObject({ autoConfirmUser: true, autoVerifyEmail: true });
    const admin = await run<PreSignUpTriggerEvent>('PreSignUp', adminCreateUser);
    expect(admin.response).toEqual(adminCreateUser.response);
  });

  it('accepts the e-mailed link once, for its own app client only', async () => {
    const token = tokenFromLink(mails(ADA)[0]!.link!);
    const other = await run<VerifyAuthChallengeResponseTriggerEvent>(
      'VerifyAuthChallenge',
      magicLink,
      answer(token, 'another-app-client'),
    );
    expect(other.response.answerCorrect).toBe(false);
    const first = await run<VerifyAuthChallengeResponseTriggerEvent>(
      'VerifyAuthChallenge',
      magicLink,
      answer(token),
    );
    expect(first.response.answerCorrect).toBe(true);
    const again = await run<VerifyAuthChallengeResponseTriggerEvent>(
      'VerifyAuthChallenge',
      magicLink,
      answer(token),
    );
    expect(again.response.answerCorrect).toBe(false);
  });

  it('refuses an expired link (clock injected through the composition root)', async () => {
    registerServices({ now: () => new Date(Date.now() + 31_000) });
    await run('CreateAuthChallenge', sendLink);
    const token = tokenFromLink(mails(ADA)[0]!.link!);
    registerServices({ now: () => new Date(Date.now() + 31_000 + 15 * 60_000) });
    const out = await run<VerifyAuthChallengeResponseTriggerEvent>(
      'VerifyAuthChallenge',
      magicLink,
      answer(token),
    );
    expect(out.response.answerCorrect).toBe(false);
    registerServices({ now: () => new Date() });
  });
});
