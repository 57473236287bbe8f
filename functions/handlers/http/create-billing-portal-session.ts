import { openPortal } from '../../services/billing';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/** POST /api/subscription/portal: Stripe's Customer Portal for a family that has paid (card, cancel). */
export const handler = httpHandler(ROUTES.CreateBillingPortalSession, {}, async ({ family }) =>
  json(200, await openPortal(family)),
);
