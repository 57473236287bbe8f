import { httpHandler, json } from '../../app/http';
import { ownProfile } from '../../services/profile';
import { ROUTES } from '../manifest';

/** GET /api/profile: the caller's own profile, or null when they have not saved one (spec 1 §7). */
export const handler = httpHandler(ROUTES.GetProfile, {}, async ({ auth }) =>
  json(200, await ownProfile(auth)),
);
