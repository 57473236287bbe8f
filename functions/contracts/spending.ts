import * as z from 'zod/mini';
import { SPENDING_TYPES } from '../domain/spending';
import { calendarDate } from './dates';
import { idString } from './ids';
import { lazy } from './lazy';

/** Categories and Spend by Category (spec 3 §2.4, §3, §7). Shared by the handlers and the SPA. */

export const CATEGORY_MESSAGES = {
  month: 'Months are written YYYY-MM',
  range: 'The first month (from) is after the last month (to)',
  accounts: 'accounts is a comma-separated list of at most 50 account ids',
  type: `type is one of ${SPENDING_TYPES.join(', ')}`,
  uncategorized: 'uncategorized is true or false',
  category: 'Choose a category',
  unknownCategory: 'This category does not exist. Choose one from the list.',
  transaction: 'Each transaction is given by its id, account_id and transaction_date',
  tooMany: 'At most 500 transactions can be changed at once',
  none: 'Choose at least one transaction',
  notFound: 'Transaction not found',
} as const;

export const categorySchema = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    parent_id: z.nullable(z.string()),
    display_order: z.number(),
    color: z.string(),
    icon: z.string(),
  }),
);
export type CategoryDto = z.infer<typeof categorySchema>;
export const categoriesResponseSchema = lazy(() => z.object({ categories: z.array(categorySchema) }));
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

const month = lazy(() => z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, CATEGORY_MESSAGES.month)));

/**
 * Query of GET /api/insights/categories:
 *  from, to        whole months YYYY-MM, inclusive (default: the current month; `to` defaults to `from`)
 *  accounts        a comma-separated list of the family's account ids (default: every account not archived)
 *  type            all (refunds reduce their category) | purchases (money out) | refunds
 *  uncategorized   'false' leaves uncategorised spending out (default true)
 */
export const spendingQuerySchema = lazy(() =>
  z.object({
    from: z.optional(month),
    to: z.optional(month),
    accounts: z.optional(
      z
        .string()
        .check(
          z.maxLength(50 * 27, CATEGORY_MESSAGES.accounts),
          z.regex(/^[0-9A-Z]{26}(,[0-9A-Z]{26}){0,49}$/, CATEGORY_MESSAGES.accounts),
        ),
    ),
    type: z._default(z.enum(SPENDING_TYPES, CATEGORY_MESSAGES.type), 'all'),
    uncategorized: z.optional(z.enum(['true', 'false'], CATEGORY_MESSAGES.uncategorized)),
  }),
);
export type SpendingQuery = z.infer<typeof spendingQuerySchema>;

const spendingTransactionSchema = lazy(() =>
  z.object({
    id: z.string(),
    account_id: z.string(),
    transaction_date: z.string(),
    description: z.string(),
    merchant_name: z.nullable(z.string()),
    amount: z.number(),
  }),
);

export const spendingCategorySchema = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    color: z.string(),
    icon: z.string(),
    total: z.number(),
    count: z.number(),
    percentage: z.number(),
    average_confidence: z.nullable(z.number()),
    subcategories: z.array(
      z.object({ id: z.string(), name: z.string(), total: z.number(), count: z.number() }),
    ),
    top_merchants: z.array(z.object({ merchant: z.string(), total: z.number(), count: z.number() })),
    transactions: z.array(spendingTransactionSchema),
  }),
);
export type SpendingCategoryDto = z.infer<typeof spendingCategorySchema>;

export const spendingResponseSchema = lazy(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    accounts: z.array(z.string()),
    type: z.enum(SPENDING_TYPES),
    categories: z.array(spendingCategorySchema),
    total: z.number(),
    transaction_count: z.number(),
    average_confidence: z.nullable(z.number()),
    data_quality: z.enum(['complete', 'partial', 'insufficient']),
    latest_date: z.nullable(z.string()),
    latest_transaction_date: z.nullable(z.string()),
    last_activity_date: z.nullable(z.string()),
    hints: z.object({ stale_activity: z.boolean(), old_transactions: z.boolean() }),
  }),
);
export type SpendingResponse = z.infer<typeof spendingResponseSchema>;

const transactionRef = lazy(() =>
  z.object({
    id: z
      .string({ error: CATEGORY_MESSAGES.transaction })
      .check(
        z.maxLength(64, CATEGORY_MESSAGES.transaction),
        z.regex(/^[A-Za-z0-9_-]{1,64}$/, CATEGORY_MESSAGES.transaction),
      ),
    account_id: idString('ulid', CATEGORY_MESSAGES.transaction),
    transaction_date: calendarDate(CATEGORY_MESSAGES.transaction),
  }),
);
const categoryId = lazy(() =>
  z
    .string({ error: CATEGORY_MESSAGES.category })
    .check(
      z.minLength(1, CATEGORY_MESSAGES.category),
      z.maxLength(64, CATEGORY_MESSAGES.unknownCategory),
      z.regex(/^[a-z_.]+$/, CATEGORY_MESSAGES.unknownCategory),
    ),
);

/**
 * Body of PATCH /api/transactions/{id}/category: the row's account and date (with the id, its key) and the
 * category. A row that cannot be found by them (either missing) is not found, before the category is judged.
 */
export const singleCategoryChangeSchema = lazy(() =>
  z.object({
    account_id: z.optional(idString('ulid', CATEGORY_MESSAGES.transaction)),
    transaction_date: z.optional(transactionRef.shape.transaction_date),
    category_id: z.optional(categoryId),
  }),
);
export type SingleCategoryChange = z.infer<typeof singleCategoryChangeSchema>;
export const transactionIdParamsSchema = lazy(() => z.object({ id: transactionRef.shape.id }));

/**
 * GET /api/transactions/{id}/category/similar?account_id=&transaction_date=: the family's rows already imported
 * that are identical or similar to this one (spec 2 §5 similarity, the bulk modal's 0.5 and above), for a
 * category change to offer "Apply to N similar transactions". Spending rows only (what has a category). As
 * with PATCH …/category, a row not found by id, account and date (or without them) is not found.
 */
export const similarRowsQuerySchema = lazy(() =>
  z.object({
    account_id: z.optional(idString('ulid', CATEGORY_MESSAGES.transaction)),
    transaction_date: z.optional(calendarDate(CATEGORY_MESSAGES.transaction)),
  }),
);
export const similarRowsResponseSchema = lazy(() =>
  z.object({
    transactions: z.array(
      // A row as Spend by Category lists it (its amount a purchase positive, a refund negative), and:
      z.extend(spendingTransactionSchema, {
        /** The row's category now (its subcategory where it has one). */
        category_id: z.nullable(z.string()),
        score: z.number(),
      }),
    ),
  }),
);
export type SimilarRowsResponse = z.infer<typeof similarRowsResponseSchema>;

/** Body of POST /api/transactions/categories (bulk): up to 500 rows and the category. */
export const bulkCategoryChangeSchema = lazy(() =>
  z.object({
    transactions: z
      .array(transactionRef)
      .check(z.minLength(1, CATEGORY_MESSAGES.none), z.maxLength(500, CATEGORY_MESSAGES.tooMany)),
    category_id: categoryId,
  }),
);
export interface CategoryChangeRequest {
  transactions: Array<z.infer<typeof transactionRef>>;
  category_id: string;
}

export const categoryChangeResultSchema = lazy(() =>
  z.object({
    updated: z.number(),
    unchanged: z.number(),
    learned_merchants: z.number(),
    transactions: z.array(
      z.object({
        id: z.string(),
        account_id: z.string(),
        transaction_date: z.string(),
        category_id: z.nullable(z.string()),
        subcategory_id: z.nullable(z.string()),
        primary_category: z.nullable(z.string()),
        subcategory: z.nullable(z.string()),
        merchant_name: z.nullable(z.string()),
        category_confidence: z.nullable(z.number()),
      }),
    ),
  }),
);
export type CategoryChangeResult = z.infer<typeof categoryChangeResultSchema>;
