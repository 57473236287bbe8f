import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { subscriptionInfo } from '../../services/subscription';
import { ROUTES } from '../manifest';

/**
 * GET /api/subscription (spec 1 §7 get_subscription_info): status, days left, has_access and the banner
 * flags, computed by the domain from the family's subscription; should_initialize when there is none.
 */
export const handler = httpHandler(ROUTES.GetSubscription, {}, async ({ family }) =>
  json(200, await subscriptionInfo(services(), family)),
);
