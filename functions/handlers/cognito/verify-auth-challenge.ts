import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { SIGN_IN_METHOD } from '../../contracts/auth';
import { redeemMagicLink } from '../../services/magic-link';
import { eventHandler } from '../../shared/http';

/**
 * Cognito "verify auth challenge response": the answer is right only when it is a valid, unexpired, unused
 * link token for this user's e-mail address and this app client (using it up). The dummy answer that asks for
 * a link, unknown users and any other sign-in method are wrong answers.
 */
export const handler = eventHandler(
  'verify-auth-challenge',
  async (event: VerifyAuthChallengeResponseTriggerEvent) => {
    const { challengeAnswer, clientMetadata, userAttributes, userNotFound } = event.request;
    event.response.answerCorrect = false;
    const email = userAttributes.email;
    if (userNotFound || !email || clientMetadata?.signInMethod !== SIGN_IN_METHOD) return event;
    if (typeof challengeAnswer !== 'string' || !challengeAnswer.includes('.')) return event;
    event.response.answerCorrect = await redeemMagicLink({
      token: challengeAnswer,
      email,
      clientId: event.callerContext.clientId,
    });
    return event;
  },
);
