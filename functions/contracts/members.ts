import * as z from 'zod/mini';
import { MEMBER_MESSAGES } from '../domain/members';
import { VALIDATION_MESSAGES } from '../domain/validation';
import { memberRoles } from './family';
import { lazy } from './lazy';

/**
 * Family members and invitations API (spec 1 §3 family_members, §7 Members, Add member, Family member role,
 * Accept invitation). Shared by the handlers and the SPA.
 *
 * A member's `id` is their user id once they have joined, and the invitation's own id while they are pending;
 * the routes that act on a member (`/api/family/members/{id}`) take either.
 */
export const memberStatuses = ['active', 'pending'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

const nullableText = lazy(() => z.nullable(z.string()));

export const memberSchema = lazy(() =>
  z.object({
    id: z.string(),
    /** null while pending (no account yet). */
    user_id: nullableText,
    email: z.string(),
    /** The profile's display name, else first and last name, else the name given when invited; null if none. */
    name: nullableText,
    role: z.enum(memberRoles),
    status: z.enum(memberStatuses),
    /** When they joined; null while pending. */
    joined_at: nullableText,
    /** When the (latest) invitation was sent; null for members who never needed one (the creator). */
    invited_at: nullableText,
    /** Pending only: when the current invitation link stops working. */
    invitation_expires_at: nullableText,
    display_name: nullableText,
    first_name: nullableText,
    last_name: nullableText,
    phone: nullableText,
    /** The family's creator (never removed). */
    is_owner: z.boolean(),
    /** The caller. */
    is_you: z.boolean(),
  }),
);
export type Member = z.infer<typeof memberSchema>;

export const memberListResponseSchema = lazy(() => z.object({ members: z.array(memberSchema) }));
export type MemberListResponse = z.infer<typeof memberListResponseSchema>;

/** POST /api/family/members (spec 1 §7 add_family_member: p_email, p_name). */
export const addMemberRequestSchema = lazy(() =>
  z.object({
    email: z
      .string(VALIDATION_MESSAGES.email)
      .check(
        z.trim(),
        z.toLowerCase(),
        z.maxLength(254, VALIDATION_MESSAGES.email),
        z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, VALIDATION_MESSAGES.email),
      ),
    name: z.optional(
      z.nullable(
        z.string().check(z.trim(), z.maxLength(100, 'The name is too long (at most 100 characters)')),
      ),
    ),
  }),
);
export type AddMemberRequest = z.input<typeof addMemberRequestSchema>;

/** success and message as spec 1 §7 add_family_member answers, with the member as now listed. */
export const addMemberResponseSchema = lazy(() =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    /** true when the address already had a pending invitation: a new link replaced the old one. */
    resent: z.boolean(),
    member: memberSchema,
  }),
);
export type AddMemberResponse = z.infer<typeof addMemberResponseSchema>;

export const memberIdParamsSchema = lazy(() =>
  z.object({
    id: z
      .string({ error: MEMBER_MESSAGES.notFound })
      .check(
        z.minLength(1, MEMBER_MESSAGES.notFound),
        z.maxLength(64, MEMBER_MESSAGES.notFound),
        z.regex(/^[A-Za-z0-9_-]+$/, MEMBER_MESSAGES.notFound),
      ),
  }),
);

/** PATCH /api/family/members/{id}: make an active member admin, or a plain member again. */
export const updateMemberRequestSchema = lazy(() =>
  z.object({
    role: z.enum(memberRoles, "The role must be 'admin' or 'member'"),
  }),
);
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

export const memberResponseSchema = lazy(() => z.object({ member: memberSchema }));

export const removeMemberResponseSchema = lazy(() =>
  z.object({
    removed: z.literal(true),
    /** 'member': an active member lost access; 'invitation': a pending invitation was revoked. */
    kind: z.enum(['member', 'invitation']),
  }),
);
export type RemoveMemberResponse = z.infer<typeof removeMemberResponseSchema>;

/** An invitation token: 32 random bytes, base64url. Missing: spec 1 §8 'No invitation token provided'. */
const tokenSchema = lazy(() =>
  z
    .string({ error: MEMBER_MESSAGES.noToken })
    .check(
      z.minLength(1, MEMBER_MESSAGES.noToken),
      z.maxLength(200, MEMBER_MESSAGES.invalid),
      z.regex(/^[A-Za-z0-9_-]+$/, MEMBER_MESSAGES.invalid),
    ),
);

/** POST /api/invitations/check, /accept, /decline: the token travels in the body, never in a URL. */
export const invitationTokenRequestSchema = lazy(() =>
  z.object({ token: tokenSchema }, { error: MEMBER_MESSAGES.noToken }),
);
export type InvitationTokenRequest = z.infer<typeof invitationTokenRequestSchema>;

/** What the invitation screen shows before accepting (spec 1 §2 Invitation screen, valid state). */
export const invitationDetailsSchema = lazy(() =>
  z.object({
    family_id: z.string(),
    family_name: z.string(),
    /** The inviter's name (profile), else their e-mail's local part. */
    inviter: z.string(),
    /** The accepting (signed-in) user's e-mail: the invited one. */
    email: z.string(),
    expires_at: z.string(),
    /** The caller already belongs to this family (joined when they signed up). */
    already_member: z.boolean(),
    /** The family the caller is in now, when it is another one: accepting switches to the new family. */
    current_family: z.nullable(
      z.object({
        name: z.string(),
        /** The caller created it (it is kept, and they can switch back to it). */
        owned: z.boolean(),
        /** It holds accounts. */
        has_data: z.boolean(),
      }),
    ),
  }),
);
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

/** Spec 1 §7 accept_family_invitation: success, message, family_id, family_name. */
export const acceptInvitationResponseSchema = lazy(() =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    family_id: z.string(),
    family_name: z.string(),
  }),
);
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

export const declineInvitationResponseSchema = lazy(() =>
  z.object({
    declined: z.boolean(),
    /** The caller had joined with this address when they signed up, and left the family by declining. */
    left: z.boolean(),
  }),
);

/** GET /api/families: the families the caller belongs to (the header's switcher), the current one marked. */
export const familyMembershipSchema = lazy(() =>
  z.object({
    family_id: z.string(),
    family_name: z.string(),
    role: z.enum(memberRoles),
    owned: z.boolean(),
    current: z.boolean(),
  }),
);
export type FamilyMembership = z.infer<typeof familyMembershipSchema>;
export const familyMembershipListSchema = lazy(() => z.object({ families: z.array(familyMembershipSchema) }));
export type FamilyMembershipList = z.infer<typeof familyMembershipListSchema>;

/** POST /api/families/current: switch to another family the caller belongs to (a deliberate choice). */
export const switchFamilyRequestSchema = lazy(() =>
  z.object({
    family_id: z
      .string({ error: MEMBER_MESSAGES.notAMember })
      .check(
        z.maxLength(26, MEMBER_MESSAGES.notAMember),
        z.regex(/^[0-9A-Z]{26}$/, MEMBER_MESSAGES.notAMember),
      ),
  }),
);
