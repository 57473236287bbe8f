import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import linkAnswered from '../../../events/cognito/define-auth-challenge/link-answered.json';
import linkRequested from '../../../events/cognito/define-auth-challenge/link-requested.json';
import newFlow from '../../../events/cognito/define-auth-challenge/new-flow.json';
import userNotFound from '../../../events/cognito/define-auth-challenge/user-not-found.json';
import wrongLink from '../../../events/cognito/define-auth-challenge/wrong-link.json';
import { defineAuthChallenge, handler } from '../../../functions/handlers/cognito/define-auth-challenge';
import { functionSpec, lambdaContext } from '../../../functions/local/lambda-runtime';

/** The custom flow's state machine (spec 1 §4 login; functions/contracts/auth.ts), driven by sample events. */
const copy = (sample: unknown) => structuredClone(sample) as DefineAuthChallengeTriggerEvent;
const run = (sample: unknown) => defineAuthChallenge(copy(sample)).response;

describe('spec 1 §4 login: define auth challenge', () => {
  it('starts a flow with one custom challenge', () => {
    expect(run(newFlow)).toEqual({
      challengeName: 'CUSTOM_CHALLENGE',
      issueTokens: false,
      failAuthentication: false,
    });
  });

  it('issues a second custom challenge (the e-mailed link) when the client asks for a link', () => {
    expect(run(linkRequested)).toEqual({
      challengeName: 'CUSTOM_CHALLENGE',
      issueTokens: false,
      failAuthentication: false,
    });
  });

  it('issues tokens after a right answer', () => {
    expect(run(linkAnswered)).toMatchObject({ issueTokens: true, failAuthentication: false });
  });

  it('fails the flow after a wrong link', () => {
    expect(run(wrongLink)).toEqual({ challengeName: null, issueTokens: false, failAuthentication: true });
  });

  it('never issues tokens for an unknown user', () => {
    expect(run(userNotFound)).toMatchObject({ issueTokens: false, failAuthentication: true });
  });

  it('fails a flow that asks for a second link or goes on after the link was sent', () => {
    const again = copy(linkRequested);
    again.request.session = [
      ...again.request.session,
      { challengeName: 'CUSTOM_CHALLENGE', challengeResult: false, challengeMetadata: 'MAGIC_LINK' },
    ];
    expect(defineAuthChallenge(again).response.failAuthentication).toBe(true);
  });

  it('fails a flow with any non-custom challenge in it', () => {
    const srp = copy(linkAnswered);
    srp.request.session = [{ challengeName: 'PASSWORD_VERIFIER', challengeResult: true }];
    expect(defineAuthChallenge(srp).response.failAuthentication).toBe(true);
  });

  it('fails when asked for a link without the magic-link sign-in method', () => {
    const other = copy(linkRequested);
    other.request.clientMetadata = { signInMethod: 'SMS_OTP' };
    expect(defineAuthChallenge(other).response.failAuthentication).toBe(true);
  });

  it('runs as a Lambda handler (middy, logger) returning the event', async () => {
    const spec = functionSpec('DefineAuthChallenge');
    const out = (await handler(structuredClone(newFlow) as never, lambdaContext(spec, Date.now() + 5000))) as
      | DefineAuthChallengeTriggerEvent
      | undefined;
    expect(out?.response.challengeName).toBe('CUSTOM_CHALLENGE');
    expect(out?.userName).toBe(newFlow.userName);
  });
});
