import {
  addToAdminSet,
  createAdminSet,
  deleteInvitation,
  deleteMember,
  deletePending,
  dropStaleAdmin,
  type FamilyItem,
  familiesOfUser,
  getAdminSet,
  getFamily,
  getMember,
  leaveCurrentFamily,
  listMembers,
  listPending,
  type MemberItem,
  ownedFamilyId,
  type PendingItem,
  removeFromAdminSet,
  setCurrentFamily,
  setMemberRole,
} from '../adapters/dynamodb/family-repository';
import { getProfile } from '../adapters/dynamodb/profile-repository';
import type { MemberRole } from '../contracts/family';
import type {
  AddMemberResponse,
  FamilyMembershipList,
  Member,
  MemberListResponse,
  RemoveMemberResponse,
} from '../contracts/members';
import type { Profile } from '../contracts/profile';
import {
  addMemberInput,
  MEMBER_MESSAGES,
  memberName,
  ownerProblem,
  wouldLeaveNoAdmin,
} from '../domain/members';
import type { AuthContext, FamilyContext } from '../shared/context';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors';
import { logger } from '../shared/logger';
import type { Ports } from '../shared/ports';
import { fallbackFamily, inviteByEmail } from './invitations';

/** The ports this service's use cases are handed (the composition root passes them). */
export type MembersDeps = Pick<Ports, 'now' | 'mailer'>;

/**
 * Family members (spec 1 §2 Family Members screen, §3 family_members, §4 Members, §7 Members, Add member,
 * Family member role). Roles: the family's creator is its admin; everyone else joins as a plain member and
 * an admin can make them admin. Beyond the spec, as families expect: an admin removes a member (their access
 * ends with their member row: the middleware reads it on every request), revokes a pending invitation, and
 * changes roles. The creator owns the family: always an admin, never made a member or removed (by anyone).
 * The family always keeps at least one admin, also when two admins change roles at the same moment: an admin
 * leaves only through a conditional write on the family's admin set (see `keepsAnAdmin`).
 */

/**
 * The family's admin set, made to agree with the member rows where it safely can. Every change keeps the set
 * within the admins the rows show (a promotion writes the row, then the set; a demotion or removal takes the
 * set, then the row), so an id in the set whose row is not an admin was removed another way: it is dropped.
 * A family from before the set gets one from its rows (the first of two racing requests makes it).
 */
async function adminSet(familyId: string, members: MemberItem[]): Promise<void> {
  const admins = new Set(members.filter((m) => m.role === 'admin').map((m) => m.user_id));
  let stored = await getAdminSet(familyId);
  if (!stored) {
    await createAdminSet(familyId, [...admins]);
    stored = (await getAdminSet(familyId)) ?? [];
  }
  for (const id of stored) if (!admins.has(id)) await dropStaleAdmin(familyId, id);
}

/**
 * An admin stops being one (made a member, or removed) only if another admin stays: one conditional write on
 * the set decides, so two admins demoting each other at the same moment cannot both succeed.
 */
async function keepsAnAdmin(familyId: string, members: MemberItem[], userId: string): Promise<void> {
  await adminSet(familyId, members);
  if (await removeFromAdminSet(familyId, userId)) return;
  const stored = (await getAdminSet(familyId)) ?? [];
  throw new ConflictError(
    stored.includes(userId) ? MEMBER_MESSAGES.lastAdmin : MEMBER_MESSAGES.rolesChanging,
  );
}

function activeMember(
  item: MemberItem,
  profile: Profile | null,
  family: FamilyItem | null,
  callerId: string,
): Member {
  return {
    id: item.user_id,
    user_id: item.user_id,
    email: item.email,
    name: memberName(profile, item.name),
    role: item.role,
    status: 'active',
    joined_at: item.joined_at,
    invited_at: item.invited_at ?? null,
    invitation_expires_at: null,
    display_name: profile?.display_name ?? null,
    first_name: profile?.first_name ?? null,
    last_name: profile?.last_name ?? null,
    phone: profile?.phone ?? null,
    is_owner: family?.user_id === item.user_id,
    is_you: item.user_id === callerId,
  };
}

export function pendingMember(item: PendingItem): Member {
  return {
    id: item.id,
    user_id: null,
    email: item.email,
    name: item.name,
    role: item.role,
    status: 'pending',
    joined_at: null,
    invited_at: item.invited_at,
    invitation_expires_at: item.expires_at,
    display_name: null,
    first_name: null,
    last_name: null,
    phone: null,
    is_owner: false,
    is_you: false,
  };
}

/** The family's members: active ones in the order they joined, then pending invitations, newest first. */
export async function listFamilyMembers(caller: FamilyContext): Promise<MemberListResponse> {
  const [family, members, pending] = await Promise.all([
    getFamily(caller.familyId),
    listMembers(caller.familyId),
    listPending(caller.familyId),
  ]);
  const profiles = await Promise.all(members.map((m) => getProfile(m.user_id)));
  const active = members
    .map((m, i) => activeMember(m, profiles[i] ?? null, family, caller.userId))
    .sort((a, b) => (a.joined_at ?? '').localeCompare(b.joined_at ?? '') || a.id.localeCompare(b.id));
  const invited = pending
    .map(pendingMember)
    .sort((a, b) => (b.invited_at ?? '').localeCompare(a.invited_at ?? ''));
  return { members: [...active, ...invited] };
}

/**
 * Add member (spec 1 §7 add_family_member): a pending membership and an invitation e-mail. The same address
 * again resends (a new link replaces the old one); an address that is already an active member is refused.
 */
export async function addFamilyMember(
  deps: MembersDeps,
  caller: FamilyContext,
  request: { email: string; name?: string | null },
): Promise<AddMemberResponse> {
  const input = addMemberInput(request);
  const members = await listMembers(caller.familyId);
  if (members.some((m) => m.email === input.email))
    throw new ConflictError(`${input.email} ${MEMBER_MESSAGES.alreadyMember}`);
  const { pending, resent } = await inviteByEmail(deps, caller, input);
  return {
    success: true,
    message: resent ? `Invitation sent again to ${input.email}` : `Invitation sent to ${input.email}`,
    resent,
    member: pendingMember(pending),
  };
}

async function findPendingById(familyId: string, id: string): Promise<PendingItem | null> {
  return (await listPending(familyId)).find((p) => p.id === id) ?? null;
}

/** PATCH role: make an active member admin, or a plain member again (never the family's last admin). */
export async function changeMemberRole(caller: FamilyContext, id: string, role: MemberRole): Promise<Member> {
  const [family, members] = await Promise.all([getFamily(caller.familyId), listMembers(caller.familyId)]);
  const target = members.find((m) => m.user_id === id);
  if (!target) {
    if (await findPendingById(caller.familyId, id))
      throw new ConflictError(
        'Only members who have joined can be made admin: this invitation is still pending.',
      );
    throw new NotFoundError(MEMBER_MESSAGES.notFound);
  }
  const owner = ownerProblem(family?.user_id, id, role);
  if (owner) throw new ConflictError(MEMBER_MESSAGES[owner]);
  if (role === 'member' && wouldLeaveNoAdmin(members, id)) throw new ConflictError(MEMBER_MESSAGES.lastAdmin);
  if (target.role !== role) {
    // Demotion: the set first (the deciding write), then the row. Promotion: the row first, then the set.
    if (role === 'member') await keepsAnAdmin(caller.familyId, members, id);
    if (!(await setMemberRole(caller.familyId, id, role))) throw new NotFoundError(MEMBER_MESSAGES.notFound);
    if (role === 'admin' && !(await addToAdminSet(caller.familyId, id)))
      await adminSet(caller.familyId, await listMembers(caller.familyId));
  }
  logger.info('member role changed', { role });
  return activeMember({ ...target, role }, await getProfile(id), family, caller.userId);
}

/**
 * DELETE: remove an active member (their access ends at once) or revoke a pending invitation (its link stops
 * working). The creator is never removed, nor the last admin.
 */
export async function removeFamilyMember(
  deps: MembersDeps,
  caller: FamilyContext,
  id: string,
): Promise<RemoveMemberResponse> {
  const [family, members] = await Promise.all([getFamily(caller.familyId), listMembers(caller.familyId)]);
  const target = members.find((m) => m.user_id === id);
  if (!target) {
    const pending = await findPendingById(caller.familyId, id);
    if (!pending) throw new NotFoundError(MEMBER_MESSAGES.notFound);
    await deletePending(caller.familyId, pending.email);
    await deleteInvitation(pending.token_hash);
    logger.info('invitation revoked');
    return { removed: true, kind: 'invitation' };
  }
  const owner = ownerProblem(family?.user_id, id, 'remove');
  if (owner) throw new ConflictError(MEMBER_MESSAGES[owner]);
  if (wouldLeaveNoAdmin(members, id)) throw new ConflictError(MEMBER_MESSAGES.lastAdmin);
  if (target.role === 'admin') await keepsAnAdmin(caller.familyId, members, id);
  // The member row first: from this write on, the middleware refuses them this family.
  await deleteMember(caller.familyId, id);
  await leaveCurrentFamily(id, caller.familyId, await fallbackFamily(deps, id, caller.familyId));
  logger.info('member removed');
  return { removed: true, kind: 'member' };
}

/** The families the caller belongs to (the header's switcher), the current one marked. */
export async function familiesOf(
  auth: AuthContext,
  current: FamilyContext | null,
): Promise<FamilyMembershipList> {
  const [memberships, owned] = await Promise.all([familiesOfUser(auth.userId), ownedFamilyId(auth.userId)]);
  // The creator's own row predates the index on older data: their owned family is always listed.
  if (owned && !memberships.some((m) => m.familyId === owned)) {
    const member = await getMember(owned, auth.userId);
    if (member) memberships.push({ familyId: owned, role: member.role });
  }
  const families = await Promise.all(memberships.map((m) => getFamily(m.familyId)));
  return {
    families: memberships
      .map((m, i) => ({ m, family: families[i] }))
      .filter((e): e is { m: (typeof memberships)[number]; family: FamilyItem } => Boolean(e.family))
      .map(({ m, family }) => ({
        family_id: family.id,
        family_name: family.name,
        role: m.role,
        owned: family.user_id === auth.userId,
        current: current?.familyId === family.id,
      }))
      .sort((a, b) => Number(b.owned) - Number(a.owned) || a.family_name.localeCompare(b.family_name)),
  };
}

/** Switches the caller's current family to another one they are an active member of. */
export async function switchFamily(
  deps: MembersDeps,
  auth: AuthContext,
  familyId: string,
): Promise<FamilyMembershipList> {
  const member = await getMember(familyId, auth.userId);
  // A choice among the caller's own families: any other id is a wrong choice (it says nothing of that family).
  if (!member) throw new ValidationError(MEMBER_MESSAGES.notAMember);
  const now = deps.now().toISOString();
  await setCurrentFamily({ familyId, user_id: auth.userId, role: member.role, created_at: now });
  logger.info('current family switched');
  return familiesOf(auth, { ...auth, familyId, role: member.role });
}
