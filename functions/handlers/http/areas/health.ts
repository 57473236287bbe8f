import { areaRouter } from '../../../app/http';
import { handler as health } from '../health';

/** The health area's function: its routes (manifest area 'health'), dispatched on the event's routeKey. */
export const handler = areaRouter('health', [health]);
