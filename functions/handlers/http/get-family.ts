import { ownFamily } from '../../services/family';
import { httpHandler, json } from '../../shared/http';

/** GET /api/family: the caller's own family (found through their membership), or 404. */
export const handler = httpHandler({}, async ({ auth }) => json(200, await ownFamily(auth)));
