import * as z from 'zod/mini';
import { calendarDate } from './dates';
import { idString } from './ids';
import { lazy } from './lazy';

/**
 * The review tools (spec 2 §2 Smart Transaction Review, Verification panel, Data Cleanup): the rows that need
 * review and the classification job, the cleanup analysis and deletion, and the verification checks. Shared
 * by the handlers and the SPA.
 */

// ── Smart Transaction Review ───────────────────────────────────────────────────────────────────────────────

/** Who classifies: Bedrock (AWS), or the twin's local stand-in. */
export const CLASSIFIERS = ['bedrock', 'local'] as const;
export type ClassifierLabel = (typeof CLASSIFIERS)[number];

/** Why a row is listed: no flow type at all, or an automatic one of 0.60 or less (a catch-all rule's, or a failed call's fallback) no classifier has reviewed. */
export const REVIEW_REASONS = ['unclassified', 'low_confidence'] as const;

export const reviewRowSchema = lazy(() =>
  z.object({
    id: z.string(),
    account_id: z.string(),
    account_name: z.nullable(z.string()),
    account_type: z.nullable(z.string()),
    transaction_date: z.string(),
    description: z.string(),
    amount: z.number(),
    signed_amount: z.nullable(z.number()),
    flow_type: z.nullable(z.string()),
    classification_confidence: z.nullable(z.number()),
    reason: z.enum(REVIEW_REASONS),
  }),
);
export type ReviewRow = z.infer<typeof reviewRowSchema>;

/** GET /api/transactions/unclassified: the tiles and up to 20 rows that need review, newest first. */
export const reviewListSchema = lazy(() =>
  z.object({
    total: z.number(),
    categorized: z.number(),
    need_review: z.number(),
    transactions: z.array(reviewRowSchema),
    /** The classifier a job would use (null: none configured). */
    classifier: z.nullable(z.enum(CLASSIFIERS)),
  }),
);
export type ReviewList = z.infer<typeof reviewListSchema>;

export const JOB_STATUSES = ['running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const classificationJobSchema = lazy(() =>
  z.object({
    id: z.string(),
    status: z.enum(JOB_STATUSES),
    classifier: z.enum(CLASSIFIERS),
    /** Rows to review in this job (processed + still to do). */
    total: z.number(),
    processed: z.number(),
    /** Rows the classifier (or a learned pattern) answered. */
    answered: z.number(),
    /** Rows that got the spec's fallback (external_expense, 0.1) because classification failed. */
    fell_back: z.number(),
    /** Catch-all rows whose rule answer was kept because classification failed. */
    kept: z.number(),
    /** The row being classified now. */
    current: z.nullable(z.object({ description: z.string(), amount: z.number() })),
    started_at: z.string(),
    updated_at: z.string(),
    finished_at: z.nullable(z.string()),
    message: z.nullable(z.string()),
  }),
);
export type ClassificationJob = z.infer<typeof classificationJobSchema>;

/** GET and POST /api/transactions/classify: the family's job (null before the first). */
export const classificationJobResponseSchema = lazy(() =>
  z.object({
    job: z.nullable(classificationJobSchema),
    /** POST only: true when a running job was joined rather than started. */
    joined: z.optional(z.boolean()),
  }),
);
export type ClassificationJobResponse = z.infer<typeof classificationJobResponseSchema>;

export const REVIEW_MESSAGES = {
  noClassifier: 'Automatic classification is not available: no classifier is configured.',
  nothingToReview: 'All transactions categorized!',
  nothingToReviewHint: 'Upload more statements to categorize additional transactions',
  jobFailed: 'Classification stopped before the end. Run it again to continue.',
} as const;

// ── Data Cleanup ───────────────────────────────────────────────────────────────────────────────────────────

export const MISSING_FIELDS = ['type', 'signed_amount'] as const;

export const cleanupRefSchema = lazy(() =>
  z.object({
    id: idString('pipeline', 'Not a transaction id'),
    account_id: idString('ulid', 'Not an account id'),
    transaction_date: calendarDate('transaction_date is a date, YYYY-MM-DD'),
  }),
);
export type CleanupRef = z.infer<typeof cleanupRefSchema>;

export const cleanupAnalysisSchema = lazy(() =>
  z.object({
    total_transactions: z.number(),
    bad_transactions: z.number(),
    missing_type: z.number(),
    missing_signed_amount: z.number(),
    /** Every bad row, for deletion in batches of 100. */
    bad: z.array(cleanupRefSchema),
    by_account: z.array(
      z.object({
        account_id: z.string(),
        account_name: z.nullable(z.string()),
        bank_name: z.nullable(z.string()),
        count: z.number(),
        total: z.number(),
        date_range: z.nullable(z.object({ from: z.string(), to: z.string() })),
        samples: z.array(
          z.object({
            id: z.string(),
            date: z.string(),
            description: z.string(),
            amount: z.number(),
            missing: z.array(z.enum(MISSING_FIELDS)),
          }),
        ),
        more: z.nullable(z.string()),
      }),
    ),
  }),
);
export type CleanupAnalysis = z.infer<typeof cleanupAnalysisSchema>;

export const CLEANUP_REQUEST_MESSAGES = {
  ids: 'Send between 1 and 100 transactions to delete',
} as const;

/** POST /api/transactions/cleanup: one deletion batch (spec 2 §7: 100 ids). */
export const cleanupDeleteRequestSchema = lazy(() =>
  z.object({
    transactions: z
      .array(cleanupRefSchema, { error: CLEANUP_REQUEST_MESSAGES.ids })
      .check(z.minLength(1, CLEANUP_REQUEST_MESSAGES.ids), z.maxLength(100, CLEANUP_REQUEST_MESSAGES.ids)),
  }),
);
export type CleanupDeleteRequest = z.infer<typeof cleanupDeleteRequestSchema>;

/**
 * What a batch did: rows deleted, and rows not deleted (no longer there, or no longer bad: a row that is
 * complete now is never deleted).
 */
export const cleanupDeleteResponseSchema = lazy(() =>
  z.object({
    requested: z.number(),
    deleted: z.number(),
    not_deleted: z.number(),
  }),
);
export type CleanupDeleteResponse = z.infer<typeof cleanupDeleteResponseSchema>;

// ── Verification ───────────────────────────────────────────────────────────────────────────────────────────

export const VERIFICATION_STATUSES = ['verified', 'warning', 'attention'] as const;

export const verificationCheckSchema = lazy(() =>
  z.object({
    id: z.string(),
    status: z.enum(VERIFICATION_STATUSES),
    title: z.string(),
    description: z.string(),
    value: z.string(),
    details: z.array(z.string()),
    /** The screen that fixes what the check found. */
    link: z.nullable(z.object({ label: z.string(), to: z.string() })),
    /** The account the check is about (per-account checks). */
    account_id: z.nullable(z.string()),
  }),
);
export type VerificationCheckDto = z.infer<typeof verificationCheckSchema>;

/** GET /api/transactions/verification?account=: one account's checks; without it, the family's own. */
export const verificationQuerySchema = lazy(() =>
  z.object({
    account: z.optional(idString('ulid', 'Not an account id')),
  }),
);
export type VerificationQuery = z.infer<typeof verificationQuerySchema>;

export const verificationReportSchema = lazy(() =>
  z.object({
    checks: z.array(verificationCheckSchema),
    summary: z.object({
      verified: z.number(),
      warnings: z.number(),
      attention: z.number(),
      total_accounts: z.number(),
      banner: z.object({ title: z.string(), tone: z.enum(['success', 'warning', 'danger']) }),
    }),
  }),
);
export type VerificationReport = z.infer<typeof verificationReportSchema>;
