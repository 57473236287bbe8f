import * as z from 'zod/mini';
import { ACCOUNT_TYPES, type AccountType as DomainAccountType } from '../domain/types';
import { idString } from './ids';
import { institutionTypes, serviceTypeCodeSchema } from './institutions';
import { lazy } from './lazy';

/** Accounts API (spec 2 §3 Account, §5 account form and creation rules). Shared by the handlers and the SPA. */
/** Account types: the domain's list (functions/domain/types.ts). */
export const accountTypes = ACCOUNT_TYPES;
export type AccountType = DomainAccountType;
/** The types offered when adding an account (onboarding and Account Setup); mortgage is read-only here. */
export const selectableAccountTypes = ['current', 'savings', 'credit', 'isa', 'investment'] as const;

const text = (max: number, message: string) => z.string().check(z.trim(), z.maxLength(max, message));

/** One account as the family asked for it: a catalogue institution with services, or a typed bank name. */
export const accountRequestSchema = lazy(() =>
  z.object({
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
  }),
);
export type AccountRequest = z.infer<typeof accountRequestSchema>;
export type AccountRequestInput = z.input<typeof accountRequestSchema>;

/**
 * POST /api/accounts (Account Setup's add-account form and onboarding). A family id in the body is ignored:
 * accounts always go to the caller's family. Each request is checked before anything is written; the 400
 * messages are the domain's ACCOUNT_ERRORS (functions/domain/accounts.ts): 'Insufficient information provided
 * for account creation', 'Bank name is required for manual entry', 'Family ID is required' (no family yet),
 * 'Failed to create accounts for {bank}' (an institution that is not in the active catalogue; a 500 when
 * storing fails). The screen shows any of them as ACCOUNT_ERRORS.alert(message): 'Error creating accounts:
 * {message}'. A service linked twice is linked once (a set): a success, not an error.
 */
export const createAccountsRequestSchema = lazy(() =>
  z.object({
    accounts: z
      .array(accountRequestSchema)
      .check(
        z.minLength(1, 'Please add at least one account'),
        z.maxLength(20, 'Add at most 20 accounts at a time'),
      ),
  }),
);
export type CreateAccountsRequest = z.infer<typeof createAccountsRequestSchema>;

export const accountSchema = lazy(() =>
  z.object({
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
  }),
);
export type Account = z.infer<typeof accountSchema>;

export const accountsResponseSchema = lazy(() => z.object({ accounts: z.array(accountSchema) }));
export type AccountsResponse = z.infer<typeof accountsResponseSchema>;

export const createAccountsResponseSchema = lazy(() =>
  z.object({
    /** Every account the request stands for (including ones an earlier identical request already created). */
    accounts: z.array(accountSchema),
    created: z.number(),
  }),
);
export type CreateAccountsResponse = z.infer<typeof createAccountsResponseSchema>;

export const accountIdParamsSchema = lazy(() =>
  z.object({
    id: idString('ulid', 'Not an account id'),
  }),
);

// ── Account Setup (spec 2 §2 'Your Bank Accounts', §3 derived fields, §4 archive and restore) ─────────────

/**
 * The derived fields of spec 2 §3, on every account GET /api/accounts lists: the date of its newest
 * transaction (null without any), how many transactions it holds, and when its latest statement that loaded
 * (stage done) was uploaded (null when none has).
 */
export const accountDerivedSchema = lazy(() =>
  z.object({
    last_transaction_date: z.nullable(z.string()),
    transaction_count: z.number(),
    last_statement_upload: z.nullable(z.string()),
  }),
);
export type AccountDerived = z.infer<typeof accountDerivedSchema>;

/** An account with its derived fields: one row of 'Your Bank Accounts' (or of the archived list). */
export const accountWithSummarySchema = lazy(() => z.extend(accountSchema, accountDerivedSchema.shape));
export type AccountWithSummary = z.infer<typeof accountWithSummarySchema>;

/**
 * GET /api/accounts?status=active|archived (default active). Active accounts are oldest first (as created);
 * archived ones by archived_at, newest first (spec 2 §7). Archived accounts keep their data but are left out
 * of the family's totals, its transaction lists and every account picker.
 */
export const listAccountsQuerySchema = lazy(() =>
  z.object({
    status: z._default(z.enum(['active', 'archived'], "status is 'active' or 'archived'"), 'active'),
  }),
);
export type ListAccountsQuery = z.infer<typeof listAccountsQuerySchema>;

/** GET /api/accounts: the accounts with their derived fields. */
export const accountListResponseSchema = lazy(() =>
  z.object({ accounts: z.array(accountWithSummarySchema) }),
);
export type AccountListResponse = z.infer<typeof accountListResponseSchema>;

export const ACCOUNT_MESSAGES = {
  nicknameRequired: 'The nickname is required',
  nicknameTooLong: 'The nickname is too long',
  nothingToChange: 'Nothing to change: send the new nickname as name',
  notFound: 'Account not found',
  archived: 'This account is archived. Restore it to upload statements.',
} as const;

/**
 * PATCH /api/accounts/{id}: rename (the nickname, trimmed, 1-100 characters). Both fields are optional in the
 * body so another family's id answers 404 before the body is judged; a body without `name` answers 400
 * ACCOUNT_MESSAGES.nothingToChange.
 */
export const updateAccountRequestSchema = lazy(() =>
  z.object({
    name: z.optional(
      z
        .string(ACCOUNT_MESSAGES.nicknameRequired)
        .check(
          z.trim(),
          z.minLength(1, ACCOUNT_MESSAGES.nicknameRequired),
          z.maxLength(100, ACCOUNT_MESSAGES.nicknameTooLong),
        ),
    ),
  }),
);
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;

/**
 * The answer of PATCH /api/accounts/{id}, POST /api/accounts/{id}/archive and POST /api/accounts/{id}/restore:
 * the account as it now is. Archiving an archived account (or restoring an active one) changes nothing and
 * answers the same. The screen's failure messages ('Failed to archive account. Please try again.', 'Failed
 * to unarchive account. Please try again.', spec 2 §8) are the client's words for any non-2xx answer.
 */
export const accountResponseSchema = lazy(() => z.object({ account: accountWithSummarySchema }));
export type AccountResponse = z.infer<typeof accountResponseSchema>;
