import { z } from 'zod';

/**
 * Contracts of the statement pipeline: what the S3 trigger starts it with, and the state every task receives
 * and returns (see infra/shared/statement-pipeline.ts). Kept small: large artefacts (text blocks, the parsed
 * statement) live in the uploads bucket under `{familyId}/{uploadId}/`, never in the execution state.
 */
export const pipelineInputSchema = z.object({
  bucket: z.string().min(1),
  key: z.string().min(1),
  etag: z.string().default(''),
  size: z.number().int().nonnegative().default(0),
});
export type PipelineInput = z.infer<typeof pipelineInputSchema>;

export const pipelineStages = [
  'uploading',
  'reading',
  'analysing',
  'classifying',
  'matching',
  'done',
  'failed',
] as const;
export type PipelineStage = (typeof pipelineStages)[number];

export const pipelineStateSchema = pipelineInputSchema.extend({
  familyId: z.string().min(1),
  uploadId: z.string().min(1),
  fileName: z.string().min(1),
  accountId: z.string().optional(),
  extraction: z
    .object({
      status: z.enum(['DONE', 'IN_PROGRESS']),
      source: z.enum(['text-layer', 'textract']),
      jobId: z.string().optional(),
      blocksKey: z.string().optional(),
      pages: z.number().int().nonnegative().optional(),
      polls: z.number().int().nonnegative().optional(),
    })
    .optional(),
  statementKey: z.string().optional(),
  counts: z
    .object({
      parsed: z.number().int().nonnegative().default(0),
      added: z.number().int().nonnegative().default(0),
      duplicates: z.number().int().nonnegative().default(0),
      classified: z.number().int().nonnegative().default(0),
      matches: z.number().int().nonnegative().default(0),
    })
    .partial()
    .optional(),
  /** Set by the state machine's Catch (ResultPath $.error) before RecordFailure runs. */
  error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
});
export type PipelineState = z.infer<typeof pipelineStateSchema>;

/** Object keys of uploaded statements: `{familyId}/{uploadId}_{filename}` (spec 2 §7). */
const UPLOAD_KEY = /^([A-Za-z0-9-]{6,64})\/([0-9A-Z]{26})_([A-Za-z0-9._-]{1,120}\.pdf)$/;

export function uploadObjectKey(familyId: string, uploadId: string, fileName: string): string {
  return `${familyId}/${uploadId}_${safeFileName(fileName)}`;
}

export function parseUploadObjectKey(key: string): { familyId: string; uploadId: string; fileName: string } | null {
  const match = UPLOAD_KEY.exec(key);
  if (!match) return null;
  return { familyId: match[1]!, uploadId: match[2]!, fileName: match[3]! };
}

/** A file name safe in an object key and a header: letters, digits, dot, dash, underscore; ends in .pdf. */
export function safeFileName(fileName: string): string {
  const base = fileName
    .normalize('NFKD')
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return `${base || 'statement'}.pdf`;
}

/** Where the pipeline keeps its working files for one upload. */
export function artefactKey(familyId: string, uploadId: string, name: 'blocks.json' | 'statement.json'): string {
  return `${familyId}/${uploadId}/${name}`;
}
