import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { listAccounts } from '../adapters/dynamodb/account-repository';
import {
  deleteInvitation,
  deleteMember,
  deletePending,
  familiesOfUser,
  getFamily,
  getInvitation,
  getMember,
  getMembership,
  getPending,
  type InvitationItem,
  leaveCurrentFamily,
  listMembers,
  listPending,
  type MembershipItem,
  markInvitationUsed,
  ownedFamilyId,
  type PendingItem,
  pendingOfEmail,
  putInvitation,
  putMemberIfAbsent,
  putPending,
  setCurrentFamily,
} from '../adapters/dynamodb/family-repository';
import { getProfile } from '../adapters/dynamodb/profile-repository';
import type { AcceptInvitationResponse, InvitationDetails } from '../contracts/members';
import { displayName } from '../domain/identity';
import {
  INVITATION_RESEND_INTERVAL_MS,
  INVITATION_TTL_DAYS,
  type InvitationProblem,
  invitationExpiry,
  invitationProblem,
  MAX_PENDING_INVITATIONS,
  MEMBER_MESSAGES,
  wouldLeaveNoAdmin,
} from '../domain/members';
import { requireConfig } from '../shared/config';
import type { AuthContext, FamilyContext } from '../shared/context';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  TooManyRequestsError,
} from '../shared/errors';
import { logger } from '../shared/logger';
import type { OutgoingMail, Ports } from '../shared/ports';
import { hashToken, normaliseEmail } from './magic-link';

/** The ports this service's use cases are handed (the composition root passes them). */
export type InvitationsDeps = Pick<Ports, 'now' | 'mailer'>;

/**
 * Invitations (spec 1 §2 Invitation screen, §4 Invitation, §7 Accept invitation, §8 Invitation errors). An
 * invitation is a random 32-byte token e-mailed as a link to /invite?token=…; only its SHA-256 is stored
 * (`INVITE#{hash}`), it works for 7 days, once, and only for the address it was sent to. Adding the same
 * address again sends a new link and the old one stops working. Pending members also join, without the link,
 * when their address first signs in (`joinPendingFamilies`, from the sign-in trigger).
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/$/, '')}/invite?token=${encodeURIComponent(token)}`;
}

/** The invitation e-mail: who invites them to which family, the link, and how long it works. */
export function invitationMail(input: {
  to: string;
  inviter: string;
  familyName: string;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const date = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(input.expiresAt);
  const subject = `${input.inviter} invited you to join ${input.familyName} on Family Finance`;
  const expiry = `The invitation works once and expires in ${INVITATION_TTL_DAYS} days (on ${date}).`;
  const text = [
    subject,
    '',
    'Family Finance shows a family its true financial position across all its accounts.',
    'Open this link to accept the invitation (sign in with this e-mail address):',
    input.link,
    '',
    expiry,
    "If you weren't expecting this, you can ignore this e-mail.",
  ].join('\n');
  const safeLink = escapeHtml(input.link);
  const html = `<!doctype html>
<html lang="en-GB">
  <body style="margin:0;padding:24px;background:#f4f7f7;font-family:Arial,Helvetica,sans-serif;color:#15302f">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
      <tr><td>
        <h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(subject)}</h1>
        <p style="margin:0 0 16px;line-height:1.5">Family Finance shows a family its true financial position across all its accounts. Sign in with this e-mail address to accept.</p>
        <p style="margin:0 0 24px"><a href="${safeLink}" style="display:inline-block;background:#0f3d3e;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold">Accept the invitation</a></p>
        <p style="margin:0 0 8px;font-size:14px;line-height:1.5">If the button does not work, copy this link into your browser:</p>
        <p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${safeLink}" style="color:#0f3d3e">${safeLink}</a></p>
        <p style="margin:0;font-size:13px;color:#4d6463;line-height:1.5">${escapeHtml(expiry)} If you weren't expecting this, you can ignore this e-mail.</p>
      </td></tr>
    </table>
  </body>
</html>`;
  return { to: input.to, subject, text, html, link: input.link };
}

async function nameOf(familyId: string, userId: string): Promise<string> {
  const [member, profile] = await Promise.all([getMember(familyId, userId), getProfile(userId)]);
  return displayName(profile, member?.email ?? null);
}

/**
 * Creates (or replaces) the pending member of `email` with a new invitation and e-mails its link. The new
 * invitation is stored before the pending member points at it, and the one it replaces is removed after.
 */
export async function inviteByEmail(
  deps: InvitationsDeps,
  caller: FamilyContext,
  input: { email: string; name: string | null },
): Promise<{ pending: PendingItem; resent: boolean }> {
  const now = deps.now();
  const family = await getFamily(caller.familyId);
  if (!family) throw new NotFoundError('No family found for this user');
  const existing = await getPending(caller.familyId, input.email);
  // Protects the invitee's inbox and the sender's reputation (an admin's double click, a script).
  if (existing && now.getTime() - Date.parse(existing.invited_at) < INVITATION_RESEND_INTERVAL_MS)
    throw new TooManyRequestsError(MEMBER_MESSAGES.resendTooSoon(input.email));
  if (!existing && (await listPending(caller.familyId)).length >= MAX_PENDING_INVITATIONS)
    throw new ConflictError(MEMBER_MESSAGES.tooManyPending);
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  const expiresAt = invitationExpiry(now);
  const pending: PendingItem = {
    id: existing?.id ?? ulid(),
    family_id: caller.familyId,
    email: input.email,
    name: input.name ?? existing?.name ?? null,
    role: 'member',
    invited_by: caller.userId,
    invited_at: now.toISOString(),
    token_hash: tokenHash,
    expires_at: expiresAt.toISOString(),
  };
  await putInvitation({
    token_hash: tokenHash,
    family_id: caller.familyId,
    email: input.email,
    pending_id: pending.id,
    invited_by: caller.userId,
    created_at: now.toISOString(),
    expires_at: pending.expires_at,
    used_at: null,
    used_by: null,
  });
  if (!(await putPending(pending, existing?.token_hash ?? null))) {
    await deleteInvitation(tokenHash);
    throw new ConflictError(
      `${input.email} was invited by someone else a moment ago. Refresh the list and try again.`,
    );
  }
  if (existing) await deleteInvitation(existing.token_hash);

  const mail = invitationMail({
    to: input.email,
    inviter: await nameOf(caller.familyId, caller.userId),
    familyName: family.name,
    link: invitationLink(requireConfig('APP_URL'), token),
    expiresAt,
  });
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    logger.error('invitation e-mail failed', { error: error as Error });
    throw new ServiceUnavailableError(MEMBER_MESSAGES.mailFailed);
  }
  logger.info(existing ? 'invitation sent again' : 'invitation sent');
  return { pending, resent: existing !== null };
}

const PROBLEM_ERRORS: Record<InvitationProblem, () => AppError> = {
  invalid: () => new NotFoundError(MEMBER_MESSAGES.invalid),
  wrongEmail: () => new ForbiddenError(MEMBER_MESSAGES.wrongEmail),
  used: () => new ConflictError(MEMBER_MESSAGES.used),
  expired: () => new AppError(MEMBER_MESSAGES.expired, 410, 'expired'),
};

interface ValidInvitation {
  invitation: InvitationItem;
  alreadyMember: boolean;
}

/**
 * The invitation behind a token, for the signed-in caller, or the refusal: not valid (unknown, tampered,
 * replaced or revoked), for another address, used (by someone else), expired. A caller who is already an
 * active member of the family (they joined when they signed up) is let through: accepting just switches to it.
 */
async function validInvitation(
  deps: InvitationsDeps,
  auth: AuthContext,
  token: string,
): Promise<ValidInvitation> {
  const tokenHash = hashToken(token);
  const invitation = await getInvitation(tokenHash);
  const email = normaliseEmail(auth.email);
  if (invitation && invitation.email === email) {
    const member = await getMember(invitation.family_id, auth.userId);
    if (member) return { invitation, alreadyMember: true };
  }
  const now = deps.now();
  // Used by this very caller: an acceptance that stopped half-way, resumed.
  const usedBySelf = invitation?.used_by === auth.userId;
  const problem = invitationProblem(usedBySelf ? { ...invitation!, used_at: null } : invitation, email, now);
  if (problem) throw PROBLEM_ERRORS[problem]();
  // The pending member goes when the acceptance completes: a link used by this caller whose pending member
  // is gone was accepted before (and they have since been removed); a replaced or revoked one is not valid.
  const pending = await getPending(invitation!.family_id, invitation!.email);
  if (pending?.token_hash !== tokenHash) throw usedBySelf ? PROBLEM_ERRORS.used() : PROBLEM_ERRORS.invalid();
  return { invitation: invitation!, alreadyMember: false };
}

/** What the invitation screen shows before the caller decides (spec 1 §2, valid state). */
export async function checkInvitation(
  deps: InvitationsDeps,
  auth: AuthContext,
  current: FamilyContext | null,
  token: string,
): Promise<InvitationDetails> {
  const { invitation, alreadyMember } = await validInvitation(deps, auth, token);
  const family = await getFamily(invitation.family_id);
  if (!family) throw PROBLEM_ERRORS.invalid();
  let currentFamily: InvitationDetails['current_family'] = null;
  if (current && current.familyId !== family.id) {
    const own = await getFamily(current.familyId);
    if (own)
      currentFamily = {
        name: own.name,
        owned: own.user_id === auth.userId,
        has_data: (await listAccounts(own.id)).length > 0,
      };
  }
  return {
    family_id: family.id,
    family_name: family.name,
    inviter: await nameOf(family.id, invitation.invited_by),
    email: invitation.email,
    expires_at: invitation.expires_at,
    already_member: alreadyMember,
    current_family: currentFamily,
  };
}

/**
 * Accept invitation (spec 1 §7 accept_family_invitation): the caller becomes an active member and the family
 * their current one. The invitation is used up first (exactly once), then the member row, then the current
 * family; a retry by the same caller after a failure part-way completes the rest. A family the caller had
 * (their own, with its data) is kept: they can switch back to it.
 */
export async function acceptInvitation(
  deps: InvitationsDeps,
  auth: AuthContext,
  token: string,
): Promise<AcceptInvitationResponse> {
  const { invitation, alreadyMember } = await validInvitation(deps, auth, token);
  const family = await getFamily(invitation.family_id);
  if (!family) throw PROBLEM_ERRORS.invalid();
  const now = deps.now().toISOString();
  const pending = await getPending(family.id, invitation.email);

  if (!alreadyMember && invitation.used_by !== auth.userId) {
    if (!(await markInvitationUsed(invitation.token_hash, auth.userId, now))) {
      const again = await getInvitation(invitation.token_hash);
      if (!again) throw PROBLEM_ERRORS.invalid();
      if (again.used_by !== auth.userId) throw PROBLEM_ERRORS.used();
    }
  }
  const role = pending?.token_hash === invitation.token_hash ? pending.role : 'member';
  await putMemberIfAbsent({
    family_id: family.id,
    user_id: auth.userId,
    email: invitation.email,
    role,
    status: 'active',
    joined_at: now,
    name: pending?.name ?? null,
    invited_at: invitation.created_at,
    invited_by: invitation.invited_by,
  });
  const member = await getMember(family.id, auth.userId);
  await setCurrentFamily({
    familyId: family.id,
    user_id: auth.userId,
    role: member?.role ?? role,
    created_at: now,
  });
  if (alreadyMember) await markInvitationUsed(invitation.token_hash, auth.userId, now);
  await deletePending(family.id, invitation.email, invitation.token_hash);
  logger.info('invitation accepted', { alreadyMember });
  return {
    success: true,
    message: alreadyMember ? `You're already a member of ${family.name}.` : `Welcome to ${family.name}!`,
    family_id: family.id,
    family_name: family.name,
  };
}

/**
 * Decline: the invitation is removed (its link stops working) and the family no longer lists the address as
 * pending. Someone who already joined with it when they signed up, and declines now, leaves the family (their
 * "no" is heard; the creator and a last admin never leave this way). Declining a link that is no longer valid
 * changes nothing and is no error.
 */
export async function declineInvitation(
  deps: InvitationsDeps,
  auth: AuthContext,
  token: string,
): Promise<{ declined: boolean; left: boolean }> {
  const tokenHash = hashToken(token);
  const invitation = await getInvitation(tokenHash);
  if (!invitation) return { declined: false, left: false };
  if (invitation.email !== normaliseEmail(auth.email)) throw PROBLEM_ERRORS.wrongEmail();
  if (invitation.used_at) return { declined: false, left: false };
  let left = false;
  const member = await getMember(invitation.family_id, auth.userId);
  if (member) {
    const [family, members] = await Promise.all([
      getFamily(invitation.family_id),
      listMembers(invitation.family_id),
    ]);
    if (family?.user_id !== auth.userId && !wouldLeaveNoAdmin(members, auth.userId)) {
      await deleteMember(invitation.family_id, auth.userId);
      await leaveCurrentFamily(
        auth.userId,
        invitation.family_id,
        await fallbackFamily(deps, auth.userId, invitation.family_id),
      );
      left = true;
    }
  }
  await deletePending(invitation.family_id, invitation.email, tokenHash);
  await deleteInvitation(tokenHash);
  logger.info('invitation declined', { left });
  return { declined: true, left };
}

/** Where a user who leaves `leaving` lands: the family they own, if they are still in it; else none. */
export async function fallbackFamily(
  deps: InvitationsDeps,
  userId: string,
  leaving: string,
): Promise<MembershipItem | null> {
  const now = deps.now().toISOString();
  const owned = await ownedFamilyId(userId);
  if (owned && owned !== leaving) {
    const member = await getMember(owned, userId);
    if (member) return { familyId: owned, user_id: userId, role: member.role, created_at: now };
  }
  // Else another family they still belong to (joined by invitation), if any.
  const other = (await familiesOfUser(userId)).find((f) => f.familyId !== leaving);
  return other ? { familyId: other.familyId, user_id: userId, role: other.role, created_at: now } : null;
}

/**
 * Pending members join when their address signs up (spec 1 §3, §4 Members): at sign-in, a user who is in no
 * family yet becomes an active member of every family that invited their address, the most recent one
 * current. Their invitation links keep working for them (accepting then only switches to that family).
 */
export async function joinPendingFamilies(
  deps: InvitationsDeps,
  input: { userId: string; email: string },
): Promise<number> {
  const email = normaliseEmail(input.email);
  const current = await getMembership(input.userId);
  if (current && (await getMember(current.familyId, input.userId))) return 0;
  const pendings = (await pendingOfEmail(email)).sort((a, b) => b.invited_at.localeCompare(a.invited_at));
  if (pendings.length === 0) return 0;
  const now = deps.now().toISOString();
  let joined: PendingItem | null = null;
  for (const pending of pendings) {
    if (!(await getFamily(pending.family_id))) continue;
    await putMemberIfAbsent({
      family_id: pending.family_id,
      user_id: input.userId,
      email,
      role: pending.role,
      status: 'active',
      joined_at: now,
      name: pending.name,
      invited_at: pending.invited_at,
      invited_by: pending.invited_by,
    });
    joined ??= pending;
  }
  if (!joined) return 0;
  await setCurrentFamily({
    familyId: joined.family_id,
    user_id: input.userId,
    role: joined.role,
    created_at: now,
  });
  for (const pending of pendings) await deletePending(pending.family_id, email, pending.token_hash);
  logger.info('pending memberships joined', { families: pendings.length });
  return pendings.length;
}
