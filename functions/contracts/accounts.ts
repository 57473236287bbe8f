import * as z from 'zod/mini';
import { ACCOUNT_TYPES, type AccountType as DomainAccountType } from '../domain/types';
import { idString } from './ids';
import { institutionTypes, serviceTypeCodeSchema } from './institutions';

/** Accounts API (spec 2 §3 Account, §5 account form and creation rules). Shared by the handlers and the SPA. */
/** Account types: the domain's list (functions/domain/types.ts). */
export const accountTypes = ACCOUNT_TYPES;
export type AccountType = DomainAccountType;
/** The types offered when adding an account (onboarding and Account Setup); mortgage is read-only here. */
export const selectableAccountTypes = ['current', 'savings', 'credit', 'isa', 'investment'] as const;

const text = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));

/** One account as the family asked for it: a catalogue institution with services, or a typed bank name. */
export const accountRequestSchema = z.object({
  /**
   * Optional ULID the client chose for this request (one per onboarding card). The created accounts' ids are
   * derived from it, so sending the same request again creates nothing twice.
   */
  client_id: z.optional(idString('clientUlid', 'Not a request id')),
  name: z.optional(z.nullable(text(100, 'The account name is too long'))),
  bank_name: z.optional(z.nullable(text(100, 'The bank name is too long'))),
  account_type: z._default(z.enum(accountTypes, 'Choose an account type'), 'current'),
  institution_id: z.optional(z.nullable(idString('slug', 'Not an institution id'))),
  services: z._default(z.array(serviceTypeCodeSchema).check(z.maxLength(20)), []),
});
export type AccountRequest = z.infer<typeof accountRequestSchema>;
export type AccountRequestInput = z.input<typeof accountRequestSchema>;

/** POST /api/accounts. A family id in the body is ignored: accounts always go to the caller's family. */
export const createAccountsRequestSchema = z.object({
  accounts: z
    .array(accountRequestSchema)
    .check(
      z.minLength(1, 'Please add at least one account'),
      z.maxLength(20, 'Add at most 20 accounts at a time'),
    ),
});
export type CreateAccountsRequest = z.infer<typeof createAccountsRequestSchema>;

export const accountSchema = z.object({
  id: z.string(),
  family_id: z.string(),
  name: z.string(),
  bank_name: z.nullable(z.string()),
  account_type: z.enum(accountTypes),
  institution_id: z.nullable(z.string()),
  detected_institution_id: z.nullable(z.string()),
  is_active: z.boolean(),
  is_archived: z.boolean(),
  archived_at: z.nullable(z.string()),
  created_at: z.string(),
  /** accounts_with_services: the linked service codes and the institution's display name and type. */
  services: z.array(serviceTypeCodeSchema),
  institution_display_name: z.nullable(z.string()),
  institution_type: z.nullable(z.enum(institutionTypes)),
});
export type Account = z.infer<typeof accountSchema>;

export const accountsResponseSchema = z.object({ accounts: z.array(accountSchema) });
export type AccountsResponse = z.infer<typeof accountsResponseSchema>;

export const createAccountsResponseSchema = z.object({
  /** Every account the request stands for (including ones an earlier identical request already created). */
  accounts: z.array(accountSchema),
  created: z.number(),
});
export type CreateAccountsResponse = z.infer<typeof createAccountsResponseSchema>;

export const accountIdParamsSchema = z.object({
  id: idString('ulid', 'Not an account id'),
});
