/**
 * Family members and invitations (spec 1 §2 Invitation screen, Family Members screen; §3 family_members;
 * §4 Invitation, Members; §5 Invitation, Add member; §8 Invitation and Member errors). Pure rules shared by the
 * services and the SPA: the messages, the invitation's lifetime and the last-admin rule.
 */

/** An invitation link works for 7 days, once. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 3600 * 1000;
/** The same address is sent a new invitation at most once a minute. */
export const INVITATION_RESEND_INTERVAL_MS = 60 * 1000;
/** Invitations a family may have waiting at once. */
export const MAX_PENDING_INVITATIONS = 25;
/** The invitation screen goes to / this long after 'Welcome to the Family!' (spec 1 §9). */
export const INVITATION_REDIRECT_MS = 2000;

export const MEMBER_MESSAGES = {
  // spec 1 §8
  noToken: 'No invitation token provided',
  checkFailed: 'Failed to validate invitation',
  acceptFailed: 'Failed to accept invitation',
  // the server's refusals: clear, and never naming either e-mail address
  invalid: 'This invitation link is not valid. Ask the family admin to invite you again.',
  expired: 'This invitation has expired. Ask the family admin to invite you again.',
  used: 'This invitation has already been used.',
  wrongEmail:
    'This invitation was sent to a different e-mail address. Sign in with the address the invitation was sent to.',
  alreadyMember: 'is already a member of this family.',
  notFound: 'No such member in this family.',
  lastAdmin: 'A family needs at least one admin: make someone else admin first.',
  ownerStays: "The family's owner (who created it) can't be removed from it.",
  ownerAlwaysAdmin: "The family's owner (who created it) is always an admin.",
  rolesChanging:
    "Someone else is changing this family's admins at the same moment. Reload the list and try again.",
  mailFailed: 'The invitation e-mail could not be sent. Please try again.',
  notAMember: "You're not a member of that family.",
  resendTooSoon: (email: string) =>
    `An invitation was sent to ${email} less than a minute ago. Please wait a moment before sending it again.`,
  tooManyPending: `This family already has ${MAX_PENDING_INVITATIONS} invitations waiting. Revoke some before inviting more people.`,
} as const;

export type InvitationProblem = 'invalid' | 'expired' | 'used' | 'wrongEmail';

/**
 * Whether an invitation may be accepted by `email` at `now`: the problem to show, or null. The order matters:
 * an address other than the invited one learns nothing more than that (not whether it was used or expired).
 */
export function invitationProblem(
  invitation: { email: string; expires_at: string; used_at?: string | null } | null,
  email: string,
  now: Date,
): InvitationProblem | null {
  if (!invitation) return 'invalid';
  if (invitation.email !== email.trim().toLowerCase()) return 'wrongEmail';
  if (invitation.used_at) return 'used';
  if (Date.parse(invitation.expires_at) <= now.getTime()) return 'expired';
  return null;
}

/** When an invitation sent at `sentAt` stops working. */
export function invitationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITATION_TTL_MS);
}

/**
 * The last-admin rule: a family always keeps at least one active admin. True when the change (removing
 * `userId`, or making them a plain member) would leave none.
 */
export function wouldLeaveNoAdmin(
  members: ReadonlyArray<{ user_id: string; role: string; status: string }>,
  userId: string,
): boolean {
  const admins = members.filter((m) => m.status === 'active' && m.role === 'admin');
  return admins.length > 0 && admins.every((m) => m.user_id === userId);
}

/**
 * The family's owner is its creator: always an admin, never made a plain member or removed, by anyone (demote
 * and remove agree). The problem with changing `targetId` to `change`, or null.
 */
export function ownerProblem(
  ownerId: string | null | undefined,
  targetId: string,
  change: 'member' | 'admin' | 'remove',
): 'ownerAlwaysAdmin' | 'ownerStays' | null {
  if (!ownerId || ownerId !== targetId) return null;
  if (change === 'member') return 'ownerAlwaysAdmin';
  if (change === 'remove') return 'ownerStays';
  return null;
}

/** The add-member form (spec 1 §5): e-mail trimmed (required), name trimmed, null when empty. */
export function addMemberInput(input: { email: string; name?: string | null }): {
  email: string;
  name: string | null;
} {
  return { email: input.email.trim().toLowerCase(), name: input.name?.trim() || null };
}

/** The name a member is shown by: their profile's display name, else first and last, else the invited name. */
export function memberName(
  profile: { display_name?: string | null; first_name?: string | null; last_name?: string | null } | null,
  invitedName: string | null | undefined,
): string | null {
  const display = profile?.display_name?.trim();
  if (display) return display;
  const full = [profile?.first_name?.trim(), profile?.last_name?.trim()].filter(Boolean).join(' ');
  if (full) return full;
  return invitedName?.trim() || null;
}
