import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { openPortal } from '../../services/billing';
import { ROUTES } from '../manifest';

/** POST /api/subscription/portal: Stripe's Customer Portal for a family that has paid (card, cancel). */
export const handler = httpHandler(ROUTES.CreateBillingPortalSession, {}, async ({ family }) =>
  json(200, await openPortal(services(), family)),
);
