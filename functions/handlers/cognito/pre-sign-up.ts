import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { SIGN_UP_LINK_ATTRIBUTE } from '../../contracts/auth';
import { checkMagicLink, SIGN_UP_REFUSED } from '../../services/magic-link';
import { logger } from '../../shared/logger';

/**
 * Cognito "pre sign-up". An account is created when an address first signs in: the SPA calls SignUp with the
 * link's token in ValidationData, so only someone holding a valid sign-in link for that very address (sent
 * to its inbox) can create it. The user is then confirmed and the e-mail marked verified at once (possession
 * of the inbox is proven); the link itself is used up by the sign-in that follows. Accounts made by an
 * administrator pass through unchanged.
 *
 * Every refusal is the same words (SIGN_UP_REFUSED), whatever was wrong with the link and whether or not the
 * address has an account: the trigger never looks at accounts, and Cognito runs it before it processes the
 * sign-up, so a made-up link for a known address is answered exactly as one for an unknown address (a
 * UserLambdaValidationException, "PreSignUp failed with error invalid_link: …"). Why is logged, not answered.
 */
export const handler = eventHandler('pre-sign-up', async (event: PreSignUpTriggerEvent) => {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  const email = event.request.userAttributes.email;
  const token = event.request.validationData?.[SIGN_UP_LINK_ATTRIBUTE];
  if (!email || !token) {
    logger.info('sign-up refused', { problem: 'no_link' });
    throw new Error(SIGN_UP_REFUSED);
  }
  const checked = await checkMagicLink(services(), { token, email, clientId: event.callerContext.clientId });
  if (!checked.ok) {
    logger.info('sign-up refused', { problem: checked.problem });
    throw new Error(SIGN_UP_REFUSED);
  }
  event.response.autoConfirmUser = true;
  event.response.autoVerifyEmail = true;
  return event;
});
