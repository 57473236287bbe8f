import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { eventHandler } from '../../app/http';
import { CHALLENGE, SIGN_IN_METHOD } from '../../contracts/auth';

/**
 * Cognito "define auth challenge": the custom flow's state machine (functions/contracts/auth.ts).
 *  - a new flow: one CUSTOM_CHALLENGE (the trigger that creates it asks for the auth parameters);
 *  - the last answer was right: issue tokens;
 *  - after that first challenge, a client asking for a link (alreadyHaveMagicLink 'no') gets one more
 *    CUSTOM_CHALLENGE, whose creation e-mails the link;
 *  - anything else fails the flow (a wrong, used or expired link; a non-custom challenge; too many rounds).
 */
export function defineAuthChallenge(event: DefineAuthChallengeTriggerEvent): DefineAuthChallengeTriggerEvent {
  const { session, clientMetadata } = event.request;
  const issue = () => {
    event.response.challengeName = 'CUSTOM_CHALLENGE';
    event.response.issueTokens = false;
    event.response.failAuthentication = false;
  };
  const deny = () => {
    event.response.issueTokens = false;
    event.response.failAuthentication = true;
  };
  const last = session.at(-1);
  if (!last) {
    issue();
  } else if (session.some((s) => s.challengeName !== 'CUSTOM_CHALLENGE')) {
    deny();
  } else if (last.challengeResult === true && !event.request.userNotFound) {
    event.response.issueTokens = true;
    event.response.failAuthentication = false;
  } else if (
    session.length === 1 &&
    last.challengeMetadata === CHALLENGE.provideAuthParameters &&
    clientMetadata?.signInMethod === SIGN_IN_METHOD &&
    clientMetadata.alreadyHaveMagicLink !== 'yes'
  ) {
    issue();
  } else {
    deny();
  }
  return event;
}

export const handler = eventHandler('define-auth-challenge', async (event: DefineAuthChallengeTriggerEvent) =>
  defineAuthChallenge(event),
);
