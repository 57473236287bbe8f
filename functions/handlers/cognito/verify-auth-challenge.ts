import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { SIGN_IN_METHOD } from '../../contracts/auth';
import { joinPendingFamilies } from '../../services/invitations';
import { redeemMagicLink } from '../../services/magic-link';
import { logger } from '../../shared/logger';

/**
 * Cognito "verify auth challenge response": the answer is right only when it is a valid, unexpired, unused
 * link token for this user's e-mail address and this app client (using it up). The dummy answer that asks for
 * a link, unknown users and any other sign-in method are wrong answers.
 *
 * A right answer is also where a newly signed-up address joins the families that invited it (spec 1 §3
 * "pending members join automatically when that e-mail signs up"): before the tokens are issued, so the
 * user's first request already finds their family. A failure there is logged and does not stop the sign-in
 * (the invitation link still works).
 */
export const handler = eventHandler(
  'verify-auth-challenge',
  async (event: VerifyAuthChallengeResponseTriggerEvent) => {
    const { challengeAnswer, clientMetadata, userAttributes, userNotFound } = event.request;
    event.response.answerCorrect = false;
    const email = userAttributes.email;
    if (userNotFound || !email || clientMetadata?.signInMethod !== SIGN_IN_METHOD) return event;
    if (typeof challengeAnswer !== 'string' || !challengeAnswer.includes('.')) return event;
    event.response.answerCorrect = await redeemMagicLink(services(), {
      token: challengeAnswer,
      email,
      clientId: event.callerContext.clientId,
    });
    const userId = userAttributes.sub;
    if (event.response.answerCorrect && userId) {
      try {
        await joinPendingFamilies(services(), { userId, email });
      } catch (error) {
        logger.error('joining pending families failed', { error: error as Error });
      }
    }
    return event;
  },
);
