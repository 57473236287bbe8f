import { areaRouter } from '../../../shared/http';
import { handler as getSpending } from '../get-spending';

/** The insights area's function: its routes (manifest area 'insights'), dispatched on the event's routeKey. */
export const handler = areaRouter('insights', [getSpending]);
