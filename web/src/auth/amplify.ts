import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut, signUp } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { runtimeConfig } from './runtime-config';

/**
 * Amplify, configured once from the runtime configuration (loaded from /config.json before the first render).
 * Everything the SPA calls on Amplify goes through `amplify()`, so nothing runs unconfigured. This module is
 * only imported by code on the /login and /app routes (and lazily by the API client), so the landing page
 * does not load Amplify.
 */
let configured = false;

export function configureAmplify(): void {
  if (configured) return;
  const { userPoolId, userPoolClientId, userPoolEndpoint } = runtimeConfig();
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId,
        userPoolClientId,
        ...(userPoolEndpoint ? { userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  configured = true;
}

const api = { confirmSignIn, fetchAuthSession, signIn, signOut, signUp, Hub };
export type AmplifyApi = typeof api;

export function amplify(): AmplifyApi {
  configureAmplify();
  return api;
}
