import { z } from 'zod';
import { pipelineStages } from './pipeline';

/** Uploads API (spec 2 §2 File Upload, §8): shared by the handlers and the SPA. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const UPLOAD_URL_TTL_SECONDS = 300;

export const createUploadRequestSchema = z.object({
  accountId: z.string().min(1, 'Which account are these statements for?'),
  fileName: z
    .string()
    .trim()
    .min(1, 'A file name is required')
    .max(255)
    .refine((name) => /\.pdf$/i.test(name), { message: 'Only PDF files can be uploaded.' }),
  size: z
    .number()
    .int()
    .positive('This PDF is empty.')
    .max(MAX_UPLOAD_BYTES, `This PDF is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`),
  contentType: z.literal('application/pdf', { message: 'Only PDF files can be uploaded.' }).default('application/pdf'),
});
export type CreateUploadRequest = z.infer<typeof createUploadRequestSchema>;

export const reconciliationSchema = z.object({
  ok: z.boolean(),
  breaks: z.array(z.object({ row: z.number(), expected: z.number(), actual: z.number(), reason: z.string() })),
});

export const uploadSchema = z.object({
  uploadId: z.string(),
  accountId: z.string(),
  fileName: z.string(),
  size: z.number(),
  stage: z.enum(pipelineStages),
  message: z.string().nullable(),
  counts: z
    .object({
      parsed: z.number().optional(),
      added: z.number().optional(),
      duplicates: z.number().optional(),
      classified: z.number().optional(),
      matches: z.number().optional(),
    })
    .default({}),
  reconciliation: reconciliationSchema.nullable(),
  institution: z.string().nullable().default(null),
  period: z.object({ start: z.string(), end: z.string() }).nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Upload = z.infer<typeof uploadSchema>;

export const createUploadResponseSchema = z.object({
  upload: uploadSchema,
  put: z.object({ url: z.string().url(), headers: z.record(z.string(), z.string()), expiresInSeconds: z.number() }),
});
export type CreateUploadResponse = z.infer<typeof createUploadResponseSchema>;

export const uploadIdParamsSchema = z.object({ id: z.string().regex(/^[0-9A-Z]{26}$/, 'Not an upload id') });
