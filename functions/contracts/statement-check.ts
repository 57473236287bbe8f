import * as z from 'zod/mini';
import { isIsoDate } from '../domain/dates';
import { CHECK_REASONS } from '../domain/statement-check';
import { idString } from './ids';
import { lazy } from './lazy';
import { uploadSchema } from './uploads';

/**
 * The statement check (Check Statement screen): a statement whose reading its own figures do not confirm
 * waits in 'needs_check' with its rows kept apart (held in the check, never written as transaction rows) until
 * the family imports it. Shared by the handlers and the SPA.
 *
 *  GET  /api/statement-checks                  the family's statements waiting for a check (member)
 *  GET  /api/uploads/{id}/check                the check: rows, sums, where they break, edits (member)
 *  POST /api/uploads/{id}/check/edits          one edit; answers the check run again (member)
 *  POST /api/uploads/{id}/check/import         Import (when it adds up) or Import anyway (admin)
 *  POST /api/uploads/{id}/check/discard        Discard the statement (admin)
 */
const isoDate = (message: string) =>
  z.string({ error: message }).check(z.refine((s) => isIsoDate(s), message));
const amount = () =>
  z.number({ error: 'Enter the amount in pounds and pence.' }).check(
    z.refine((n) => Number.isFinite(n) && Math.abs(n) < 100_000_000, 'Enter the amount in pounds and pence.'),
    z.refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Enter the amount to the penny.'),
  );
const description = () =>
  z
    .string({ error: 'A description is required.' })
    .check(
      z.trim(),
      z.minLength(1, 'A description is required.'),
      z.maxLength(200, 'The description is too long.'),
    );
const rowId = () => z.string().check(z.regex(/^[ra][0-9A-Za-z]{1,40}$/, 'Not a row of this statement'));
const DATE_MESSAGE = 'Enter the date as a real day, e.g. 2025-03-14.';

export const checkEditRequestSchema = lazy(() =>
  z.discriminatedUnion('op', [
    z.object({
      op: z.literal('edit_row'),
      row: rowId(),
      date: z.optional(isoDate(DATE_MESSAGE)),
      signedAmount: z.optional(amount()),
      description: z.optional(description()),
    }),
    z.object({
      op: z.literal('add_row'),
      after: z.nullable(rowId()),
      date: isoDate(DATE_MESSAGE),
      description: description(),
      signedAmount: amount(),
    }),
    z.object({ op: z.literal('exclude_row'), row: rowId(), excluded: z.boolean() }),
    z.object({
      op: z.literal('set_year'),
      year: z
        .number({ error: 'Enter the year, e.g. 2025.' })
        .check(
          z.int('Enter the year, e.g. 2025.'),
          z.gte(2000, 'Enter a year from 2000.'),
          z.lte(2100, 'Enter the year, e.g. 2025.'),
        ),
    }),
    z.object({ op: z.literal('swap_in_out') }),
    z.object({ op: z.literal('move_account'), accountId: idString('ulid', 'Not an account id') }),
  ]),
);
export type CheckEditRequest = z.infer<typeof checkEditRequestSchema>;

const pageBox = lazy(() =>
  z.object({
    page: z.number(),
    left: z.number(),
    top: z.number(),
    right: z.number(),
    bottom: z.number(),
  }),
);
/** Where a row was read on its page: its lines, its amount and its balance (0..1 of the page, top-left origin). */
export const rowRegionSchema = lazy(() =>
  z.object({
    row: pageBox,
    amount: z.nullable(pageBox),
    balance: z.nullable(pageBox),
  }),
);

export const checkRowSchema = lazy(() =>
  z.object({
    id: z.string(),
    date: z.string(),
    description: z.string(),
    signedAmount: z.number(),
    balance: z.nullable(z.number()),
    excluded: z.boolean(),
    edited: z.boolean(),
    added: z.boolean(),
    region: z.optional(z.nullable(rowRegionSchema)),
  }),
);

export const checkBreakSchema = lazy(() =>
  z.object({
    rowId: z.nullable(z.string()),
    printed: z.number(),
    computed: z.number(),
    difference: z.number(),
    reason: z.enum(['running balance', 'closing balance']),
  }),
);

/** Each edit as kept: what changed, who made it and when. */
export const checkEditRecordSchema = lazy(() =>
  z.object({
    edit: z.record(z.string(), z.unknown()),
    summary: z.string(),
    by: z.string(),
    at: z.string(),
  }),
);

export const CHECK_OUTCOMES = ['imported', 'imported_unchecked', 'discarded'] as const;
export type CheckOutcome = (typeof CHECK_OUTCOMES)[number];

export const statementCheckSchema = lazy(() =>
  z.object({
    upload: uploadSchema,
    /** Why the statement waits (as read): the codes and what the family reads. */
    reasons: z.array(z.object({ code: z.enum(CHECK_REASONS), text: z.string() })),
    /** What is still open after the family's edits. */
    open: z.array(z.object({ code: z.enum(CHECK_REASONS), text: z.string() })),
    accountId: z.string(),
    accountKind: z.enum(['bank', 'credit_card']),
    institution: z.nullable(z.string()),
    period: z.nullable(z.object({ start: z.string(), end: z.string() })),
    /** The account the statement's heading names. */
    named: z.object({
      sort_code: z.nullable(z.string()),
      account_number: z.nullable(z.string()),
      card_last4: z.nullable(z.string()),
    }),
    rows: z.array(checkRowSchema),
    sums: z.object({
      opening: z.nullable(z.number()),
      moneyIn: z.number(),
      moneyOut: z.number(),
      computedClosing: z.nullable(z.number()),
      closing: z.nullable(z.number()),
      balances: z.array(
        z.object({
          rowId: z.string(),
          printed: z.number(),
          computed: z.nullable(z.number()),
          ok: z.boolean(),
        }),
      ),
    }),
    breaks: z.array(checkBreakSchema),
    addsUp: z.boolean(),
    canImport: z.boolean(),
    unreadable: z.array(
      z.object({ row: z.nullable(z.number()), cell: z.string(), text: z.string(), reason: z.string() }),
    ),
    /** The reading as the reader gave it (its own reconciliation and warnings), kept unchanged. */
    original: z.object({
      rows: z.number(),
      reconciliation: z.object({
        ok: z.boolean(),
        breaks: z.array(
          z.object({ row: z.number(), expected: z.number(), actual: z.number(), reason: z.string() }),
        ),
      }),
      warnings: z.array(z.string()),
    }),
    edits: z.array(checkEditRecordSchema),
    outcome: z.nullable(z.enum(CHECK_OUTCOMES)),
    /** Whether the caller may Import or Discard (the family's admin). */
    canDecide: z.boolean(),
    /** How many of the statement's pages can be drawn (GET …/check/pages/{page}); 0 for an export file. */
    pages: z.optional(z.number()),
  }),
);
export type StatementCheck = z.infer<typeof statementCheckSchema>;

/** GET /api/uploads/{id}/check/pages/{page}: one page of the statement drawn as an image. */
export const checkPageParamsSchema = lazy(() =>
  z.object({
    id: idString('ulid', 'Not an upload id'),
    page: z.coerce
      .number({ error: 'Not a page of this statement' })
      .check(
        z.int('Not a page of this statement'),
        z.gte(1, 'Not a page of this statement'),
        z.lte(100, 'Not a page of this statement'),
      ),
  }),
);
export const checkPageSchema = lazy(() =>
  z.object({
    page: z.number(),
    pages: z.number(),
    /** The drawn page's size in pixels. */
    width: z.number(),
    height: z.number(),
    /** The page as a PNG data URL (the app's images come from itself or data: URLs). */
    image: z.string(),
  }),
);
export type CheckPage = z.infer<typeof checkPageSchema>;

export const importCheckRequestSchema = lazy(() => z.object({ anyway: z._default(z.boolean(), false) }));
export type ImportCheckRequest = z.infer<typeof importCheckRequestSchema>;

export const CHECK_MESSAGES = {
  notWaiting: 'This statement is not waiting for a check.',
  doesNotAddUp:
    'This statement does not add up yet. Fix the rows until it does, or choose Import anyway to add it marked as not checked.',
  stillOpen: 'Please confirm the account and the year first, or choose Import anyway.',
  noRows: 'This statement has no transactions to import.',
  otherFamilyAccount: 'Account not found',
  noSuchRow: 'That row is not on this statement.',
  busy: 'Another statement of this account is being added. Please try again in a moment.',
  noPage: 'That page is not on this statement.',
  noPageImages: "The statement's pages cannot be drawn here. Its rows and sums are all on this screen.",
} as const;

export const statementChecksListSchema = lazy(() => z.object({ statements: z.array(uploadSchema) }));
export type StatementChecksList = z.infer<typeof statementChecksListSchema>;

export const discardCheckResponseSchema = lazy(() =>
  z.object({ upload_id: z.string(), discarded: z.literal(true) }),
);
export type DiscardCheckResponse = z.infer<typeof discardCheckResponseSchema>;
