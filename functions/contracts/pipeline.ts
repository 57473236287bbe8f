import * as z from 'zod/mini';
import { ID_FORMATS } from './ids';
import { lazy } from './lazy';

/**
 * Contracts of the statement pipeline: what the S3 trigger starts it with, and the state every task receives
 * and returns (see functions/services/pipeline/state-machine.ts). Kept small: large artefacts (text blocks, the parsed
 * statement) live in the uploads bucket under `{familyId}/{uploadId}/`, never in the execution state.
 * (zod/mini keeps Lambda bundles small; the classic API adds ~440 KB.)
 */
const nonEmpty = () => z.string().check(z.minLength(1));
/** An id the pipeline passes between its steps (taken from the object key the API issued, or Textract's). */
const pipelineId = () =>
  z
    .string()
    .check(
      z.minLength(1),
      z.maxLength(ID_FORMATS.pipeline.maxLength),
      z.regex(ID_FORMATS.pipeline.pattern, 'Not an id'),
    );
const count = () => z.optional(z.number().check(z.int(), z.nonnegative()));

export const pipelineInputSchema = lazy(() =>
  z.object({
    bucket: nonEmpty(),
    key: nonEmpty(),
    etag: z._default(z.string(), ''),
    size: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  }),
);
export type PipelineInput = z.infer<typeof pipelineInputSchema>;

export const pipelineStages = [
  'uploading',
  'reading',
  'analysing',
  'classifying',
  'matching',
  /** Read, but its reading is not confirmed by its own figures: held for the family's check (not final). */
  'needs_check',
  /**
   * A bank export the reader cannot read on its own (a CSV file of unknown columns, a QIF file whose dates
   * could be either order): waits for the family to say how (not final).
   */
  'needs_mapping',
  'done',
  'failed',
] as const;
export type PipelineStage = (typeof pipelineStages)[number];

/**
 * Where a statement's text came from: the PDF's own text layer, Textract reading a scan, or the bank's
 * export file (CSV, OFX/QFX, QIF), read as it is.
 */
export const extractionSources = ['text-layer', 'textract', 'export'] as const;
export type ExtractionSource = (typeof extractionSources)[number];

/** Whether a statement's text is ready (DONE) or Textract is still reading it (IN_PROGRESS: poll again). */
export const extractionStatuses = ['DONE', 'IN_PROGRESS'] as const;
export type ExtractionStatus = (typeof extractionStatuses)[number];

export const pipelineStateSchema = lazy(() =>
  z.extend(pipelineInputSchema, {
    familyId: pipelineId(),
    uploadId: pipelineId(),
    fileName: nonEmpty(),
    accountId: z.optional(pipelineId()),
    extraction: z.optional(
      z.object({
        status: z.enum(extractionStatuses),
        source: z.enum(extractionSources),
        jobId: z.optional(
          z
            .string()
            .check(
              z.minLength(1),
              z.maxLength(ID_FORMATS.recognitionJob.maxLength),
              z.regex(ID_FORMATS.recognitionJob.pattern, 'Not a job id'),
            ),
        ),
        blocksKey: z.optional(z.string()),
        pages: count(),
        polls: count(),
        /**
         * Pages whose text layer could not be read (a font without a usable character map): OCR reads the
         * document, and those pages' text replaces them in the text layer's kept at `blocksKey`.
         */
        unreadablePages: z.optional(z.array(z.number().check(z.int(), z.positive()))),
        /**
         * Set by Parse when the text layer's reading is contradicted by its own figures (a font that gives
         * the wrong digits): the kept text layer, while the PDF's page images are read as a scan's (their text
         * at `blocksKey` once PollTextract has it, none when they could not be read). Parse then keeps the
         * reading the figures confirm (functions/domain/statement/misread.ts); set, the text is never read
         * again a second time.
         */
        textLayerKey: z.optional(z.string()),
      }),
    ),
    statementKey: z.optional(z.string()),
    addedKey: z.optional(z.string()),
    /**
     * Set by Persist: the version of each month's roll-up (null: none) read before it wrote the month's rows,
     * so Finish can add the rows to exactly those roll-ups (services/rollups.ts addRowsToRollups).
     */
    rollupVersions: z.optional(z.record(z.string(), z.nullable(z.number()))),
    /**
     * Set by Persist with rollupVersions: the months of the rows it added whose account had no spending roll-up
     * before it wrote them, so Finish can store those roll-ups from the added rows alone
     * (services/spending-rollups.ts refreshSpending).
     */
    newSpendMonths: z.optional(z.array(z.string())),
    /**
     * Set by Persist with newSpendMonths: the years of the rows it added whose account had no spending roll-up,
     * neither the year's nor any of its months', before it wrote them, so Finish stores those years' roll-ups
     * from the months it stores, without reading them back.
     */
    newSpendYears: z.optional(z.array(z.string())),
    /**
     * Set by Persist with rollupVersions: the account's count of rows and last transaction date before it
     * wrote the rows, at their version, so Finish can add the rows to them (services/row-changes.ts); absent
     * when the account has rows but no count yet.
     */
    accountSummary: z.optional(
      z.object({ version: z.number(), count: z.number(), last: z.nullable(z.string()) }),
    ),
    counts: z.optional(
      z.object({
        parsed: count(),
        added: count(),
        duplicates: count(),
        classified: count(),
        matches: count(),
      }),
    ),
    /**
     * Set by Parse: true when it held the statement for the family's check, or an export for the family's
     * mapping of it (the execution ends there).
     */
    needsCheck: z.optional(z.boolean()),
    /** The family imported a held statement without it adding up: its rows carry the "not checked" mark. */
    unchecked: z.optional(z.boolean()),
    /**
     * Set by Parse: the account a PDF's first page or an export's fields name (sort code and number, or a
     * card's last 4 digits), which Match keeps on an account that has none yet without reading it again.
     */
    identity: z.optional(
      z.object({
        sort_code: z.nullable(z.string()),
        account_number: z.nullable(z.string()),
        card_last4: z.nullable(z.string()),
      }),
    ),
    /** Set by Extract: the SHA-256 of the file's bytes (hex), kept on the upload record by Persist. */
    fileHash: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Not a file fingerprint'))),
    /**
     * Set by Extract: a finished upload of the same account whose file had these very bytes. Persist then only
     * checks that the rows it holds are all still stored: the file is not read again.
     */
    repeatOf: z.optional(pipelineId()),
    /** Set by Persist when the repeated file's rows are all stored: nothing new, the upload is done. */
    repeated: z.optional(z.boolean()),
    /** Set by Persist when a repeated file's rows are not all stored any more: read the file in full. */
    readInFull: z.optional(z.boolean()),
    /** Set by the state machine's Catch (ResultPath $.error) before RecordFailure runs. */
    error: z.optional(z.object({ Error: z.optional(z.string()), Cause: z.optional(z.string()) })),
  }),
);
export type PipelineState = z.infer<typeof pipelineStateSchema>;

/**
 * What RecordFailure receives: the state of whichever step failed, with the Catch's `error`. When Register
 * failed that is only the pipeline's input (no familyId or uploadId yet: they come from the key).
 */
export const pipelineFailureSchema = lazy(() =>
  z.extend(z.partial(pipelineStateSchema), {
    bucket: nonEmpty(),
    key: nonEmpty(),
  }),
);
export type PipelineFailure = z.infer<typeof pipelineFailureSchema>;

/** Object keys of uploaded statements: `{familyId}/{uploadId}_{filename}` (spec 2 §7); PDFs and exports. */
const UPLOAD_KEY = /^([A-Za-z0-9-]{6,64})\/([0-9A-Z]{26})_([A-Za-z0-9._-]{1,120}\.(?:pdf|csv|ofx|qfx|qif))$/;

export function uploadObjectKey(familyId: string, uploadId: string, fileName: string): string {
  return `${familyId}/${uploadId}_${safeFileName(fileName)}`;
}

export function parseUploadObjectKey(
  key: string,
): { familyId: string; uploadId: string; fileName: string } | null {
  const match = UPLOAD_KEY.exec(key);
  if (!match) return null;
  return { familyId: match[1]!, uploadId: match[2]!, fileName: match[3]! };
}

/**
 * A file name safe in an object key and a header: letters, digits, dot, dash, underscore; ends in its own
 * statement extension (.pdf, .csv, .ofx, .qfx, .qif; lower case), else .pdf.
 */
export function safeFileName(fileName: string): string {
  const extension = /\.(pdf|csv|ofx|qfx|qif)\s*$/i.exec(fileName)?.[1]?.toLowerCase() ?? 'pdf';
  const base = fileName
    .normalize('NFKD')
    .replace(/\.(pdf|csv|ofx|qfx|qif)\s*$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return `${base || 'statement'}.${extension}`;
}

/**
 * The pipeline's working files for one upload: the extracted text, the parsed statement, every row the
 * statement holds (written before Persist writes any, so a failure can always undo them) and the rows this
 * upload added (what Classify and Match work on).
 */
export const ARTEFACTS = [
  'blocks.json',
  /** The page images' text of a text layer read again because its figures contradicted it. */
  'image-blocks.json',
  'statement.json',
  'rows.json',
  'added.json',
] as const;
export type ArtefactName = (typeof ARTEFACTS)[number];

/**
 * Where a statement held for the family's check keeps its reading as the reader gave it: not a working file
 * (kept after the upload ends, so the reader's mistakes can be studied).
 */
export function checkReadingKey(familyId: string, uploadId: string): string {
  return `${familyId}/${uploadId}/reading.json`;
}

/** Where the pipeline keeps its working files for one upload. */
export function artefactKey(familyId: string, uploadId: string, name: ArtefactName): string {
  return `${familyId}/${uploadId}/${name}`;
}
