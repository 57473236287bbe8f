import { ApiError } from '../../api/client';

/**
 * The profile screen's server state: the caller's own profile (GET/PUT /api/profile), shared with the header
 * and onboarding through the family feature's query (one cache entry, so a save renames the header at once).
 */
export { useProfile, useSaveProfile } from '../family/api';

export const PROFILE_MESSAGES = {
  saved: 'Profile updated successfully!',
  saveFailed: 'Failed to save profile. Please try again.',
  loadFailed: 'Failed to load profile. Please try again.',
  notAuthenticated: 'Not authenticated',
  userNotAuthenticated: 'User not authenticated',
} as const;

/** Spec 1 §8: the server's message, else the screen's; a lapsed session reads 'Not authenticated'. */
export function profileErrorMessage(error: unknown, action: 'load' | 'save'): string {
  if (error instanceof ApiError) {
    if (error.status === 401)
      return action === 'load' ? PROFILE_MESSAGES.notAuthenticated : PROFILE_MESSAGES.userNotAuthenticated;
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return action === 'load' ? PROFILE_MESSAGES.loadFailed : PROFILE_MESSAGES.saveFailed;
}
