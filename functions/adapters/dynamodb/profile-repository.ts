import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '../../contracts/profile';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/**
 * User profiles (spec 1 §3 user_profiles), one item per user under the user's partition. Saving is an upsert
 * that sets only the fields given, so onboarding (names, phone, country, timezone) never wipes an address
 * saved on the profile screen.
 */
const FIELDS = [
  'first_name',
  'last_name',
  'display_name',
  'phone',
  'address_line_1',
  'address_line_2',
  'city',
  'postcode',
  'country',
  'date_of_birth',
  'timezone',
  'currency',
] as const satisfies ReadonlyArray<keyof Profile>;
export type ProfileFields = Partial<Pick<Profile, (typeof FIELDS)[number]>>;

function toProfile(userId: string, item: Record<string, unknown>): Profile {
  const profile: Record<string, unknown> = { user_id: userId, updated_at: item.updated_at ?? null };
  for (const f of FIELDS) profile[f] = item[f] ?? null;
  return profile as Profile;
}

export async function getProfile(userId: string): Promise<Profile | null> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.profile(userId), ConsistentRead: true }),
  );
  return out.Item ? toProfile(userId, out.Item) : null;
}

/** Upsert: set the given fields (null clears one), leave the others, stamp updated_at. Returns the profile. */
export async function saveProfile(userId: string, fields: ProfileFields, now: string): Promise<Profile> {
  const names: Record<string, string> = { '#updated': 'updated_at', '#entity': 'entity', '#user': 'user_id' };
  const values: Record<string, unknown> = { ':now': now, ':entity': 'profile', ':user': userId };
  const sets = ['#updated = :now', '#entity = :entity', '#user = :user'];
  FIELDS.forEach((f, i) => {
    if (fields[f] === undefined) return;
    names[`#f${i}`] = f;
    values[`:f${i}`] = fields[f];
    sets.push(`#f${i} = :f${i}`);
  });
  const out = await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.profile(userId),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toProfile(userId, out.Attributes ?? {});
}
