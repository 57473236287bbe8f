import { ownProfile } from '../../services/profile';
import { httpHandler, json } from '../../shared/http';

/** GET /api/profile: the caller's own profile, or null when they have not saved one (spec 1 §7). */
export const handler = httpHandler({}, async ({ auth }) => json(200, await ownProfile(auth)));
