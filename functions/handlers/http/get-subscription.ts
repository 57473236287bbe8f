import { subscriptionInfo } from '../../services/subscription';
import { httpHandler, json } from '../../shared/http';

/**
 * GET /api/subscription (spec 1 §7 get_subscription_info): status, days left, has_access and the banner
 * flags, computed by the domain from the family's subscription; should_initialize when there is none.
 */
export const handler = httpHandler({}, async ({ auth }) => json(200, await subscriptionInfo(auth)));
