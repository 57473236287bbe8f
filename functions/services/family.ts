import { ulid } from 'ulid';
import {
  claimFamilyOwnership,
  type FamilyItem,
  getFamily,
  putFamilyIfAbsent,
  putMemberIfAbsent,
  putMembershipIfAbsent,
  renameFamily,
} from '../adapters/dynamodb/family-repository';
import type { Family, InitialiseFamilyRequest, InitialiseFamilyResponse } from '../contracts/family';
import { defaultFamilyName } from '../domain/identity';
import type { AuthContext, FamilyContext, ReadAlong } from '../shared/context';
import { NotFoundError } from '../shared/errors';
import type { Ports } from '../shared/ports';

/** The ports this service's use cases are handed (the composition root passes them). */
export type FamilyDeps = Pick<Ports, 'now'>;

/**
 * Families (spec 1 §3, §4; spec 2 §7 "insert a family if none exists"). Initialising is idempotent: the owner
 * guard makes one family per owner, every write is a conditional put that a retry repeats harmlessly, and the
 * membership is written last so a retry after a partial failure completes the family.
 */
function toFamily(item: FamilyItem, role: Family['role']): Family {
  return { ...item, role };
}

/** `existing` is the caller's family as the middleware resolved it from their membership (null: none yet). */
export async function initialiseFamily(
  deps: FamilyDeps,
  auth: AuthContext,
  existing: FamilyContext | null,
  request: InitialiseFamilyRequest,
): Promise<InitialiseFamilyResponse> {
  const now = deps.now().toISOString();
  const requestedName = request.name?.trim() || null;

  if (existing) {
    const family = await getFamily(existing.familyId);
    if (family) {
      const owner = family.user_id === auth.userId;
      if (owner && requestedName && requestedName !== family.name) {
        await renameFamily(family.id, requestedName, now);
        family.name = requestedName;
        family.updated_at = now;
      }
      return { family_id: family.id, created: false, family: toFamily(family, existing.role) };
    }
    // A membership without its family is only left by a failed owner initialisation: fall through and repair.
  }

  const familyId = await claimFamilyOwnership(auth.userId, existing?.familyId ?? ulid(), now);
  const item: FamilyItem = {
    id: familyId,
    user_id: auth.userId,
    name: requestedName ?? defaultFamilyName(auth.email),
    created_at: now,
    updated_at: now,
  };
  const created = await putFamilyIfAbsent(item);
  await putMemberIfAbsent({
    family_id: familyId,
    user_id: auth.userId,
    email: auth.email,
    role: 'admin',
    status: 'active',
    joined_at: now,
  });
  const membership = await putMembershipIfAbsent({
    familyId,
    user_id: auth.userId,
    role: 'admin',
    created_at: now,
  });

  // A concurrent invitation acceptance may have placed the user in another family first: that one stands.
  const family = await getFamily(membership.familyId);
  if (!family) throw new NotFoundError('No family found for this user');
  if (!created && requestedName && family.user_id === auth.userId && requestedName !== family.name) {
    await renameFamily(family.id, requestedName, now);
    family.name = requestedName;
  }
  return {
    family_id: family.id,
    created: created && family.id === familyId,
    family: toFamily(family, membership.role),
  };
}

/** The caller's own family (through their membership), or 404. */
export async function ownFamily(caller: FamilyContext, along?: ReadAlong): Promise<Family> {
  const family = await getFamily(caller.familyId, along);
  if (!family) throw new NotFoundError('No family found for this user');
  return toFamily(family, caller.role);
}
