import * as z from 'zod/mini';
import { FLOW_TYPES, TRANSACTION_TYPES } from '../domain/types';
import { calendarDate } from './dates';
import { idString } from './ids';
import { lazy } from './lazy';

/** Transactions as the API returns them (spec 2 §3 field names). Shared by the handlers and the SPA. */
/** The stored flow types: the domain's list (functions/domain/types.ts). */
export const flowTypes = FLOW_TYPES;

export const transactionSchema = lazy(() =>
  z.object({
    id: z.string(),
    account_id: z.string(),
    transaction_date: z.string(),
    description: z.string(),
    amount: z.number(),
    signed_amount: z.nullable(z.number()),
    type: z.nullable(z.enum(TRANSACTION_TYPES)),
    balance: z.nullable(z.number()),
    flow_type: z.nullable(z.string()),
    user_corrected_flow_type: z.nullable(z.string()),
    classification_confidence: z.nullable(z.number()),
    classification_method: z.nullable(z.string()),
    created_at: z.string(),
    // The category fields (spec 2 §3): set on rows that count as spending; absent on rows stored before.
    category_id: z.optional(z.nullable(z.string())),
    subcategory_id: z.optional(z.nullable(z.string())),
    primary_category: z.optional(z.nullable(z.string())),
    subcategory: z.optional(z.nullable(z.string())),
    merchant_name: z.optional(z.nullable(z.string())),
    category_confidence: z.optional(z.nullable(z.number())),
    /** From a statement the family imported without it adding up ('Import anyway'): not checked. */
    not_checked: z.optional(z.boolean()),
  }),
);
export type Transaction = z.infer<typeof transactionSchema>;

export const accountTransactionsParamsSchema = lazy(() =>
  z.object({
    id: idString('ulid', 'Not an account id'),
  }),
);
/** The rows of a page alone (the upload screen's latest 50 reads only these of a transactionPageSchema). */
export const transactionListSchema = lazy(() => z.object({ transactions: z.array(transactionSchema) }));

// ── Every row reachable: pages of transactions (spec 2 §2 'Transactions by Account', §7 reads) ─────────────

/** The effective flow type to filter by (the family's correction, else the automatic one), or unclassified. */
export const flowTypeFilters = [...flowTypes, 'unclassified'] as const;
export type FlowTypeFilter = (typeof flowTypeFilters)[number];

export const TRANSACTION_PAGE_MESSAGES = {
  date: 'Dates are written YYYY-MM-DD',
  range: 'The start date (from) is after the end date (to)',
  cursor: 'This page cursor is not valid for this list. Start again from the first page.',
  accounts: 'accounts is a comma-separated list of at most 50 account ids',
} as const;

const isoDate = lazy(() => calendarDate(TRANSACTION_PAGE_MESSAGES.date));

/**
 * Query of GET /api/accounts/{id}/transactions and GET /api/transactions:
 *  limit      rows per page, 1-500 (default 50: the upload screen's latest 50, spec 2 §9)
 *  cursor     the next_cursor of the previous page, as given (opaque; only valid with the same filters)
 *  from, to   an inclusive date range, YYYY-MM-DD (either may be left out)
 *  flow_type  the effective flow type, or 'unclassified'
 */
export const transactionPageQuerySchema = lazy(() =>
  z.object({
    limit: z._default(
      z.coerce
        .number()
        .check(z.int('limit must be a whole number'), z.minimum(1), z.maximum(500, 'limit is at most 500')),
      50,
    ),
    cursor: z.optional(z.string().check(z.maxLength(1000, TRANSACTION_PAGE_MESSAGES.cursor))),
    from: z.optional(isoDate),
    to: z.optional(isoDate),
    flow_type: z.optional(z.enum(flowTypeFilters, `flow_type is one of ${flowTypeFilters.join(', ')}`)),
  }),
);
export type TransactionPageQuery = z.infer<typeof transactionPageQuerySchema>;

/**
 * Query of GET /api/transactions: the page query, plus `accounts`, a comma-separated list of the family's
 * account ids (default: every account that is not archived; an archived account's rows come only when named).
 */
export const familyTransactionsQuerySchema = lazy(() =>
  z.extend(transactionPageQuerySchema, {
    accounts: z.optional(
      z
        .string()
        .check(
          z.maxLength(50 * 27, TRANSACTION_PAGE_MESSAGES.accounts),
          z.regex(/^[0-9A-Z]{26}(,[0-9A-Z]{26}){0,49}$/, TRANSACTION_PAGE_MESSAGES.accounts),
        ),
    ),
  }),
);
export type FamilyTransactionsQuery = z.infer<typeof familyTransactionsQuerySchema>;

/**
 * One page, newest first. Rows of one date keep their statement's order, latest first (the reverse of the
 * printed order of a statement printed oldest first), so each row's balance follows from the one below it;
 * across accounts (GET /api/transactions) one date's rows are grouped by account.
 *  next_cursor  pass it as `cursor` for the next page; null on the last page. Paging is by key (no offset):
 *               every row comes exactly once however deep the page.
 *  total        how many rows match the filters in all pages; on the first page only (null when a cursor
 *               was given: keep the first page's).
 */
export const transactionPageSchema = lazy(() =>
  z.object({
    transactions: z.array(transactionSchema),
    next_cursor: z.nullable(z.string()),
    total: z.nullable(z.number()),
  }),
);
export type TransactionPage = z.infer<typeof transactionPageSchema>;

/**
 * GET /api/accounts/{id}/transactions/csv?from&to&flow_type: the account's rows (newest first, as listed) as
 * text/csv with the spec's columns (functions/domain/csv.ts), as an attachment named by account and date
 * (content-disposition: attachment; filename="joint-current-2026-01-31.csv").
 */
export const transactionsCsvQuerySchema = lazy(() =>
  z.object({
    from: z.optional(isoDate),
    to: z.optional(isoDate),
    flow_type: z.optional(z.enum(flowTypeFilters, `flow_type is one of ${flowTypeFilters.join(', ')}`)),
  }),
);
export type TransactionsCsvQuery = z.infer<typeof transactionsCsvQuerySchema>;
