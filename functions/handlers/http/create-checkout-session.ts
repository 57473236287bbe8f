import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { checkoutRequestSchema } from '../../contracts/subscription';
import { startCheckout } from '../../services/billing';
import { ROUTES } from '../manifest';

/**
 * POST /api/subscription/checkout (spec 1 §7 create-checkout-session): a Stripe Checkout Session for the
 * Pro plan; the browser is sent to `session_url`. 503 'Stripe not configured', 502 'Failed to create checkout
 * session', 409 when the family already has Pro.
 */
export const handler = httpHandler(
  ROUTES.CreateCheckoutSession,
  { body: checkoutRequestSchema },
  async ({ family }) => json(200, await startCheckout(services(), family)),
);
