import { getProfile, type ProfileFields, saveProfile } from '../adapters/dynamodb/profile-repository';
import type { Profile, ProfileUpdate } from '../contracts/profile';
import { prepareProfileForSave, validateProfile } from '../domain/validation';
import type { AuthContext } from '../shared/context';
import { ValidationError } from '../shared/errors';
import type { Ports } from '../shared/ports';

/** The ports this service's use cases are handed (the composition root passes them). */
export type ProfileDeps = Pick<Ports, 'now'>;

/** Profiles (spec 1 §3, §5, §7): the caller's own, by the user id in the verified token. */
export async function ownProfile(auth: AuthContext): Promise<Profile | null> {
  return getProfile(auth.userId);
}

/**
 * Upsert the caller's profile: the domain validates (first message wins; every field error is in
 * details.fields) and prepares it (trimmed, blanks null, postcode normalised, empty date of birth null).
 * Only the fields sent are written, with updated_at.
 */
export async function saveOwnProfile(
  deps: ProfileDeps,
  auth: AuthContext,
  update: ProfileUpdate,
): Promise<Profile> {
  const errors = validateProfile(update);
  // Onboarding's phone field has no format check (spec 1 §5); the profile screen's has.
  if (update.from_onboarding) delete errors.phone;
  const first = Object.values(errors)[0];
  if (first) throw new ValidationError(first, { fields: errors });
  const prepared = prepareProfileForSave(update);
  const fields: ProfileFields = {};
  for (const key of Object.keys(update) as Array<keyof ProfileUpdate>) {
    if (update[key] === undefined || key === 'from_onboarding') continue;
    fields[key] = key === 'currency' ? update.currency || null : prepared[key];
  }
  return saveProfile(auth.userId, fields, deps.now().toISOString());
}
