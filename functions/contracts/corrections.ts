import * as z from 'zod/mini';
import { CORRECTABLE_FLOW_TYPES } from '../domain/types';
import { calendarDate } from './dates';
import { idString } from './ids';
import { lazy } from './lazy';
import { transactionSchema } from './transactions';

/**
 * Corrections of the flow type (spec 2 §4, §5 Correction, §7 writes; spec 3 §4.1), one API for every screen:
 * POST /api/transactions/corrections. A row is named by its id with its account and date (the three make its
 * key, so a correction reads exactly the rows it names, never a scan of the family's rows).
 */

export const CORRECTION_MESSAGES = {
  flowType: `Choose a flow type: ${CORRECTABLE_FLOW_TYPES.join(', ')}`,
  noTransactions: 'Select at least one transaction to correct',
  tooMany: 'Correct at most 500 transactions at a time',
  single: 'A single correction names exactly one transaction; use mode "bulk" for several',
  reason: 'The reason is at most 500 characters',
  transactionId: 'Not a transaction id',
  date: 'Dates are written YYYY-MM-DD',
  notFound: 'Transaction not found',
  patternNotFound: 'Pattern not found',
  patternId: 'Not a pattern id',
} as const;

/** A transaction id: the row's fingerprint (22 characters of base64url). */
export const transactionIdSchema = lazy(() => idString('pipeline', CORRECTION_MESSAGES.transactionId));

/** A row as the lists give it: id, account and date. */
export const transactionRefSchema = lazy(() =>
  z.object({
    id: transactionIdSchema,
    account_id: idString('ulid', 'Not an account id'),
    transaction_date: calendarDate(CORRECTION_MESSAGES.date),
  }),
);
export type TransactionRef = z.infer<typeof transactionRefSchema>;

/**
 * mode single: exactly one row, method user_corrected, a learned pattern at 0.8;
 * mode bulk: up to 500 rows, method user_bulk_corrected, patterns at 0.9 (rows already of the type skipped).
 */
export const correctionRequestSchema = lazy(() =>
  z.object({
    mode: z._default(z.enum(['single', 'bulk']), 'single'),
    transactions: z
      .array(transactionRefSchema)
      .check(
        z.minLength(1, CORRECTION_MESSAGES.noTransactions),
        z.maxLength(500, CORRECTION_MESSAGES.tooMany),
      ),
    flow_type: z.enum(CORRECTABLE_FLOW_TYPES, CORRECTION_MESSAGES.flowType),
    reason: z.optional(z.nullable(z.string().check(z.maxLength(500, CORRECTION_MESSAGES.reason)))),
  }),
);
export type CorrectionRequest = z.infer<typeof correctionRequestSchema>;

/**
 * What was saved: the rows as they now are (only those that changed; none when the type was unchanged), how
 * many audit rows were written and how many patterns were learned (duplicates of known ones are not counted).
 */
export const correctionResponseSchema = lazy(() =>
  z.object({
    updated: z.number(),
    transactions: z.array(transactionSchema),
    audits: z.number(),
    patterns_learned: z.number(),
  }),
);
export type CorrectionResponse = z.infer<typeof correctionResponseSchema>;

/** A learned pattern as the family sees it (spec 2 §3 patterns). */
export const patternSchema = lazy(() =>
  z.object({
    id: z.string(),
    pattern_type: z.string(),
    description_contains: z.array(z.string()),
    flow_type: z.string(),
    confidence: z.number(),
    confirmed_by_user: z.boolean(),
    created_at: z.string(),
  }),
);
export type Pattern = z.infer<typeof patternSchema>;
export const patternListSchema = lazy(() => z.object({ patterns: z.array(patternSchema) }));
export type PatternList = z.infer<typeof patternListSchema>;

export const patternIdParamsSchema = lazy(() =>
  z.object({
    id: idString('pipeline', CORRECTION_MESSAGES.patternId),
  }),
);

/** DELETE /api/patterns/{id}: the pattern forgotten. */
export const deletePatternResponseSchema = lazy(() => z.object({ deleted: z.string() }));
