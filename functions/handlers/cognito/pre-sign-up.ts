import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { SIGN_UP_LINK_ATTRIBUTE } from '../../contracts/auth';
import { checkMagicLink } from '../../services/magic-link';

/**
 * Cognito "pre sign-up". An account is created when an address first signs in: the SPA calls SignUp with the
 * link's token in ValidationData, so only someone holding a valid sign-in link for that very address (sent
 * to its inbox) can create it. The user is then confirmed and the e-mail marked verified at once (possession
 * of the inbox is proven); the link itself is used up by the sign-in that follows. Accounts made by an
 * administrator pass through unchanged.
 */
export const handler = eventHandler('pre-sign-up', async (event: PreSignUpTriggerEvent) => {
  if (event.triggerSource !== 'PreSignUp_SignUp') return event;
  const email = event.request.userAttributes.email;
  const token = event.request.validationData?.[SIGN_UP_LINK_ATTRIBUTE];
  if (!email || !token) throw new Error('invalid_link: signing up needs a sign-in link');
  const checked = await checkMagicLink(services(), { token, email, clientId: event.callerContext.clientId });
  if (!checked.ok) throw new Error(`invalid_link: the sign-in link is not valid (${checked.problem})`);
  event.response.autoConfirmUser = true;
  event.response.autoVerifyEmail = true;
  return event;
});
