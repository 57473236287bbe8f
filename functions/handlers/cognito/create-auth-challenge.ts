import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { services } from '../../app/container';
import { eventHandler } from '../../app/http';
import { CHALLENGE, SIGN_IN_METHOD } from '../../contracts/auth';
import { sendMagicLink } from '../../services/magic-link';

/**
 * Cognito "create auth challenge". The first challenge of a flow asks the client for its auth parameters
 * (PROVIDE_AUTH_PARAMETERS). When the client then asks for a link (ClientMetadata signInMethod MAGIC_LINK,
 * alreadyHaveMagicLink 'no'), the link is created and e-mailed. Known and unknown addresses (Cognito's
 * userNotFound, with user-existence errors prevented) are treated alike, so the answer never tells them apart;
 * an unknown address gets its account when the link is first used. Errors ('rate_limit', 'invalid_email')
 * reach the client as UserLambdaValidationException messages.
 */
export const handler = eventHandler(
  'create-auth-challenge',
  async (event: CreateAuthChallengeTriggerEvent) => {
    const { session, clientMetadata, userAttributes } = event.request;
    const wantsLink =
      session.length > 0 &&
      clientMetadata?.signInMethod === SIGN_IN_METHOD &&
      clientMetadata.alreadyHaveMagicLink !== 'yes';
    if (!wantsLink) {
      event.response.publicChallengeParameters = {};
      event.response.privateChallengeParameters = { challenge: CHALLENGE.provideAuthParameters };
      event.response.challengeMetadata = CHALLENGE.provideAuthParameters;
      return event;
    }
    const email = userAttributes.email ?? event.userName;
    await sendMagicLink(services(), { email, clientId: event.callerContext.clientId });
    event.response.publicChallengeParameters = {};
    event.response.privateChallengeParameters = { challenge: CHALLENGE.magicLink };
    event.response.challengeMetadata = CHALLENGE.magicLink;
    return event;
  },
);
