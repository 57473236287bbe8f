import { areaRouter } from '../../../app/http';
import { handler as getFamily } from '../get-family';
import { handler as initialiseFamily } from '../initialise-family';

/** The family area's function: its routes (manifest area 'family'), dispatched on the event's routeKey. */
export const handler = areaRouter('family', [initialiseFamily, getFamily]);
