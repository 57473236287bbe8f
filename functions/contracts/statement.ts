import * as z from 'zod/mini';

/**
 * A parsed statement, as `npm run statement -- parse` prints it and as the pipeline keeps it between parse
 * and persist (the `statement.json` artefact). Read back through this schema, so a corrupt artefact fails
 * the step cleanly instead of writing odd rows.
 */
const isoDate = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'));

export const statementTransactionSchema = z.object({
  date: isoDate(),
  description: z.string().check(z.minLength(1)),
  amount: z.number().check(z.nonnegative()),
  signedAmount: z.number(),
  type: z.enum(['credit', 'debit']),
  balance: z.nullable(z.number()),
});
export type StatementTransaction = z.infer<typeof statementTransactionSchema>;

export const parsedStatementSchema = z.object({
  institution: z.nullable(z.string()),
  period: z.nullable(z.object({ start: isoDate(), end: isoDate() })),
  openingBalance: z.nullable(z.number()),
  closingBalance: z.nullable(z.number()),
  transactions: z.array(statementTransactionSchema),
  reconciliation: z.object({
    ok: z.boolean(),
    breaks: z.array(
      z.object({ row: z.number(), expected: z.number(), actual: z.number(), reason: z.string() }),
    ),
  }),
  warnings: z.array(z.string()),
});
export type ParsedStatementContract = z.infer<typeof parsedStatementSchema>;

/**
 * The text of a statement between Extract (or PollTextract) and Parse: Textract-shaped blocks
 * (functions/domain/statement/blocks.ts) in the `blocks.json` artefact, from the PDF's text layer or Textract.
 */
const boundingBox = z.object({ Left: z.number(), Top: z.number(), Width: z.number(), Height: z.number() });
export const blockSchema = z.object({
  BlockType: z.enum(['PAGE', 'LINE', 'WORD']),
  Id: z.string(),
  Text: z.optional(z.string()),
  Page: z.optional(z.number()),
  Confidence: z.optional(z.number()),
  Geometry: z.object({ BoundingBox: boundingBox }),
  Relationships: z.optional(z.array(z.object({ Type: z.literal('CHILD'), Ids: z.array(z.string()) }))),
});

export const blocksArtefactSchema = z.object({
  source: z.enum(['text-layer', 'textract']),
  blocks: z.array(blockSchema),
  /** What the extractor noticed (e.g. Textract read only part of the document). */
  warnings: z.array(z.string()),
});
export type BlocksArtefact = z.infer<typeof blocksArtefactSchema>;
