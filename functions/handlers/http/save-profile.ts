import { services } from '../../app/container';
import { httpHandler, json } from '../../app/http';
import { profileUpdateSchema } from '../../contracts/profile';
import { saveOwnProfile } from '../../services/profile';
import { ROUTES } from '../manifest';

/**
 * PUT /api/profile: upsert the caller's profile (spec 1 §5: names required, phone and UK postcode formats,
 * postcode normalised, empty date of birth saved as null; updated_at set). Only the fields sent change.
 */
export const handler = httpHandler(
  ROUTES.SaveProfile,
  { body: profileUpdateSchema },
  async ({ auth, body }) => json(200, await saveOwnProfile(services(), auth, body)),
);
