import { areaRouter } from '../../../app/http';
import { handler as createBillingPortalSession } from '../create-billing-portal-session';
import { handler as createCheckoutSession } from '../create-checkout-session';
import { handler as dismissNotification } from '../dismiss-notification';
import { handler as getSubscription } from '../get-subscription';
import { handler as initialiseSubscription } from '../initialise-subscription';
import { handler as stripeWebhook } from '../stripe-webhook';

/**
 * The subscription area's function (the billing function): its routes (manifest area 'subscription'),
 * dispatched on the event's routeKey. The only function that reads the Stripe secret or bundles stripe.
 */
export const handler = areaRouter('subscription', [
  initialiseSubscription,
  getSubscription,
  dismissNotification,
  createCheckoutSession,
  createBillingPortalSession,
  stripeWebhook,
]);
