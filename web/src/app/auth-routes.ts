/** One chunk for everything behind sign-in (Amplify, the shell, onboarding), loaded by App's lazy routes. */

export { Login } from '../features/login/Login';
export { SubscriptionReturnPage as SubscriptionReturn } from '../features/subscription/SubscriptionReturnPage';
export { AppGate } from './AppGate';
export { AuthArea } from './AuthArea';
export { InvitationArea } from './InvitationArea';
