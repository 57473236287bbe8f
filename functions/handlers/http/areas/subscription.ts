import { areaRouter } from '../../../shared/http';
import { handler as getSubscription } from '../get-subscription';
import { handler as initialiseSubscription } from '../initialise-subscription';

/** The subscription area's function: its routes (manifest area 'subscription'), dispatched on the event's routeKey. */
export const handler = areaRouter('subscription', [initialiseSubscription, getSubscription]);
