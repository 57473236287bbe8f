import { areaRouter } from '../../../app/http';
import { handler as getProfile } from '../get-profile';
import { handler as saveProfile } from '../save-profile';

/** The profile area's function: its routes (manifest area 'profile'), dispatched on the event's routeKey. */
export const handler = areaRouter('profile', [getProfile, saveProfile]);
