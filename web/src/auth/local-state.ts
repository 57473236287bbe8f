import { STORAGE_KEYS } from '../features/onboarding/keys';

/**
 * What the browser keeps about a signed-in user (spec 1 §3 local browser flags, §4 authentication), without
 * loading Amplify: the landing page and /invite use these to decide without the auth code.
 */
export const AMPLIFY_KEY_PREFIX = 'CognitoIdentityServiceProvider.';
export const PENDING_INVITE_KEY = 'pendingInviteToken';

/** Amplify keeps the session under CognitoIdentityServiceProvider.{clientId}.* keys in localStorage. */
export function hasStoredAuthEntries(storage: Storage = localStorage): boolean {
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(AMPLIFY_KEY_PREFIX)) return true;
  return false;
}

/** A signed-in user is (probably) here: the cheap check used before the auth code loads. */
export function hasStoredSession(storage: Storage = localStorage): boolean {
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(AMPLIFY_KEY_PREFIX) && key.endsWith('.LastAuthUser') && storage.getItem(key))
      return true;
  }
  return false;
}

export function clearStoredAuthEntries(storage: Storage = localStorage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(AMPLIFY_KEY_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/**
 * Sign-out clears the onboarding flags (onboardingComplete, onboardingProgress, currentFamilyId) and an
 * invitation kept for after sign-in (pendingInviteToken): the next person to sign in here is not offered it.
 */
export function clearSignedInFlags(storage: Storage = localStorage): void {
  for (const key of [STORAGE_KEYS.complete, STORAGE_KEYS.progress, STORAGE_KEYS.familyId, PENDING_INVITE_KEY])
    storage.removeItem(key);
}

/** The invitation token kept while its invitee signed in, if any. */
export function pendingInviteToken(storage: Storage = localStorage): string | null {
  return storage.getItem(PENDING_INVITE_KEY) || null;
}
