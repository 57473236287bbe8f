/**
 * The signed-in part of the app, loaded by App's lazy routes: the auth state (Amplify), the gate and the shell.
 * The pages a signed-in page load does not show first (sign-in, checkout return, invitation) are chunks of
 * their own, loaded when first rendered, so the app's first paint does not wait for their code. Its importers
 * render it once /config.json has been read (loadSignedIn): Amplify is configured from it.
 */
import { preloadable } from './preloadable';

export { AppGate } from './AppGate';
export { AuthArea } from './AuthArea';

export const Login = preloadable(() => import('../features/login/Login').then((m) => m.Login));
export const SubscriptionReturn = preloadable(() =>
  import('../features/subscription/SubscriptionReturnPage').then((m) => m.SubscriptionReturnPage),
);
export const InvitationArea = preloadable(() => import('./InvitationArea').then((m) => m.InvitationArea));
