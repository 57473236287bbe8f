import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { receiveWebhook } from '../../services/billing';
import { ROUTES } from '../manifest';

/**
 * POST /api/webhooks/stripe (public; Stripe calls it): the raw body and its Stripe-Signature go to the stripe
 * library's check before anything is read. 400 on a bad or missing signature; 200 for every verified event
 * (applied, a replay, out of order, or not ours), so Stripe retries only what failed.
 */
export const handler = httpHandler(ROUTES.StripeWebhook, {}, async ({ event, headers }) => {
  const raw = event.body ?? '';
  const body = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  return json(200, await receiveWebhook(services(), body, headers['stripe-signature']));
});
