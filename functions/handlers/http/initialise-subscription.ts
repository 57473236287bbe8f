import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { initialiseTrial } from '../../services/subscription';
import { ROUTES } from '../manifest';

/**
 * POST /api/subscription (spec 1 §7 initialize_user_subscription): start the family's 14-day trial on the
 * server's clock. Idempotent: a second call returns the same subscription (201 then 200).
 */
export const handler = httpHandler(ROUTES.InitialiseSubscription, {}, async ({ family }) => {
  const result = await initialiseTrial(services(), family);
  return json(result.created ? 201 : 200, result);
});
