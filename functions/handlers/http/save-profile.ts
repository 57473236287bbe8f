import { profileUpdateSchema } from '../../contracts/profile';
import { saveOwnProfile } from '../../services/profile';
import { httpHandler, json } from '../../shared/http';
import { ROUTES } from '../manifest';

/**
 * PUT /api/profile: upsert the caller's profile (spec 1 §5: names required, phone and UK postcode formats,
 * postcode normalised, empty date of birth saved as null; updated_at set). Only the fields sent change.
 */
export const handler = httpHandler(
  ROUTES.SaveProfile,
  { body: profileUpdateSchema },
  async ({ auth, body }) => json(200, await saveOwnProfile(auth, body)),
);
