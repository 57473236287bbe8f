import * as z from 'zod/mini';
import { ID_FORMATS, idString } from './ids';
import { lazy } from './lazy';
import { extractionSources, pipelineStages } from './pipeline';

/** Uploads API (spec 2 §2 File Upload, §8): shared by the handlers and the SPA. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const UPLOAD_URL_TTL_SECONDS = 300;
/**
 * The headers an upload link is signed with, which the browser sends with its PUT: the type (a PDF's here;
 * an export's link carries its own, `statementContentType`), and `If-None-Match: *`, which makes the link
 * single-use (S3 writes only where no object is yet, so a finished statement's bytes cannot be replaced
 * through its link).
 */
export const UPLOAD_PUT_HEADERS = { 'content-type': 'application/pdf', 'if-none-match': '*' } as const;

/**
 * The files a statement may be uploaded as: the bank's PDF, or its export (CSV, OFX, Quicken's QFX, QIF),
 * each PUT with its own content type (the presigned URL signs it).
 */
export const STATEMENT_FILE_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  ofx: 'application/x-ofx',
  qfx: 'application/vnd.intu.qfx',
  qif: 'application/qif',
} as const;
export type StatementFileExtension = keyof typeof STATEMENT_FILE_TYPES;
export const STATEMENT_FILE_EXTENSIONS = Object.keys(STATEMENT_FILE_TYPES) as StatementFileExtension[];
const STATEMENT_FILE_NAME = /\.(pdf|csv|ofx|qfx|qif)$/i;

/** The extension of a statement file's name ('pdf', 'csv', ...), or null when it is not one. */
export function statementFileExtension(fileName: string): StatementFileExtension | null {
  const ext = STATEMENT_FILE_NAME.exec(fileName.trim())?.[1]?.toLowerCase();
  return (ext as StatementFileExtension | undefined) ?? null;
}

/** The content type a statement file is PUT with. */
export function statementContentType(fileName: string): string {
  return STATEMENT_FILE_TYPES[statementFileExtension(fileName) ?? 'pdf'];
}

export const FILE_TYPE_MESSAGE = 'Only PDF, CSV, OFX, QFX and QIF files can be uploaded.';
const isPdfName = (fileName: unknown) => typeof fileName !== 'string' || /\.pdf\s*$/i.test(fileName);

export const createUploadRequestSchema = lazy(() =>
  z
    .object({
      accountId: z
        .string({ error: 'Which account are these statements for?' })
        .check(
          z.minLength(1, 'Which account are these statements for?'),
          z.maxLength(ID_FORMATS.ulid.maxLength, 'Not an account id'),
          z.regex(ID_FORMATS.ulid.pattern, 'Not an account id'),
        ),
      fileName: z
        .string({ error: 'A file name is required' })
        .check(
          z.trim(),
          z.minLength(1, 'A file name is required'),
          z.maxLength(255, 'The file name is too long'),
          z.regex(STATEMENT_FILE_NAME, FILE_TYPE_MESSAGE),
        ),
      size: z.number({ error: 'The file size is required' }).check(z.int()),
    })
    .check(
      z.superRefine((request, ctx) => {
        const what = isPdfName(request.fileName) ? 'This PDF' : 'This file';
        if (request.size <= 0) ctx.addIssue({ code: 'custom', path: ['size'], message: `${what} is empty.` });
        else if (request.size > MAX_UPLOAD_BYTES)
          ctx.addIssue({
            code: 'custom',
            path: ['size'],
            message: `${what} is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
          });
      }),
    ),
);
export type CreateUploadRequest = z.infer<typeof createUploadRequestSchema>;

export const reconciliationSchema = lazy(() =>
  z.object({
    ok: z.boolean(),
    breaks: z.array(
      z.object({ row: z.number(), expected: z.number(), actual: z.number(), reason: z.string() }),
    ),
  }),
);

const counts = lazy(() =>
  z.object({
    parsed: z.optional(z.number()),
    added: z.optional(z.number()),
    duplicates: z.optional(z.number()),
    classified: z.optional(z.number()),
    matches: z.optional(z.number()),
  }),
);

export const uploadSchema = lazy(() =>
  z.object({
    uploadId: z.string(),
    accountId: z.string(),
    fileName: z.string(),
    size: z.number(),
    stage: z.enum(pipelineStages),
    message: z.nullable(z.string()),
    /** Why a failed upload failed, as a code (e.g. 'not_pdf', 'encrypted', 'no_transaction_table'). */
    reason: z.optional(z.nullable(z.string())),
    counts,
    reconciliation: z.nullable(reconciliationSchema),
    institution: z.nullable(z.string()),
    period: z.nullable(z.object({ start: z.string(), end: z.string() })),
    /** What the family should know about a read statement (e.g. a balance that does not match). */
    warnings: z._default(z.array(z.string()), []),
    /** Extraction metrics: pages read, and whether from the PDF's text layer or by Textract (a scan). */
    pages: z.optional(z.number()),
    source: z.optional(z.enum(extractionSources)),
    /** Imported by the family without adding up ('Import anyway'): its figures are not checked. */
    notChecked: z.optional(z.boolean()),
    /** Why the statement waits for the family's check (stage 'needs_check'), as codes. */
    checkReasons: z.optional(z.array(z.string())),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Upload = z.infer<typeof uploadSchema>;

export const createUploadResponseSchema = lazy(() =>
  z.object({
    upload: uploadSchema,
    put: z.object({
      url: z.string(),
      headers: z.record(z.string(), z.string()),
      expiresInSeconds: z.number(),
    }),
  }),
);
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

export const uploadIdParamsSchema = lazy(() =>
  z.object({
    id: idString('ulid', 'Not an upload id'),
  }),
);

// ── An account's statements, and a wrong upload undone (spec 2 §4 Account and Upload) ────────────────────

/**
 * GET /api/accounts/{id}/statements: every statement uploaded to the account, newest first, each as
 * GET /api/uploads/{id} shows it: fileName, period, counts.added (rows it added) and counts.duplicates (rows
 * skipped as already held), reconciliation (ok, and its breaks with their reasons), warnings, message, stage
 * and createdAt (the upload date).
 */
export const statementListSchema = lazy(() => z.object({ statements: z.array(uploadSchema) }));
export type StatementList = z.infer<typeof statementListSchema>;

export const REMOVE_STATEMENT_MESSAGES = {
  inProgress: 'This statement is still being read. Please wait until it has finished, then remove it.',
} as const;

/**
 * DELETE /api/uploads/{id} ('Remove this statement'): deletes the rows this upload added that no other upload
 * also holds, and the statement's record; rows another upload holds too stay. Works for done, warned and
 * failed uploads (and one that never finished uploading); one still being read answers 409
 * REMOVE_STATEMENT_MESSAGES.inProgress. The account's derived fields and the transfer candidates of removed
 * rows follow.
 *  removed  rows deleted
 *  kept     rows of this statement kept because another upload holds them too
 */
export const removeStatementResponseSchema = lazy(() =>
  z.object({
    upload_id: z.string(),
    account_id: z.string(),
    removed: z.number(),
    kept: z.number(),
  }),
);
export type RemoveStatementResponse = z.infer<typeof removeStatementResponseSchema>;

/**
 * GET /api/uploads/{id}/removal: what 'Remove this statement' would do, read before the family confirms.
 *  removes  rows that would be deleted (only this statement holds them)
 *  shared   rows of this statement that another statement also holds: they stay
 */
export const statementRemovalSchema = lazy(() =>
  z.object({
    upload_id: z.string(),
    removes: z.number(),
    shared: z.number(),
  }),
);
export type StatementRemoval = z.infer<typeof statementRemovalSchema>;
