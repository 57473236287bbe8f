import * as z from 'zod/mini';
import { lazy } from './lazy';

/** Family API (spec 1 §3 families, §7 initialize_user_family / own family). Shared by handlers and the SPA. */
export const memberRoles = ['admin', 'member'] as const;
export type MemberRole = (typeof memberRoles)[number];

export const familySchema = lazy(() =>
  z.object({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    /** The caller's role in this family. */
    role: z.enum(memberRoles),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type Family = z.infer<typeof familySchema>;

/**
 * POST /api/family. The body is optional; without a name the family is called "{e-mail local part}'s Family".
 * Any family id in the body is ignored: the family is always the caller's own.
 */
export const initialiseFamilyRequestSchema = lazy(() =>
  z._default(
    z.object({
      name: z.optional(
        z.nullable(z.string().check(z.trim(), z.maxLength(100, 'The family name is too long'))),
      ),
    }),
    {},
  ),
);
export type InitialiseFamilyRequest = z.infer<typeof initialiseFamilyRequestSchema>;

export const initialiseFamilyResponseSchema = lazy(() =>
  z.object({
    family_id: z.string(),
    /** false when the caller already had a family (initialising is idempotent). */
    created: z.boolean(),
    family: familySchema,
  }),
);
export type InitialiseFamilyResponse = z.infer<typeof initialiseFamilyResponseSchema>;
