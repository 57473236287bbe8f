import * as z from 'zod/mini';
import type { Block } from '../domain/statement/blocks';
import { pageCount, wordsFromBlocks } from '../domain/statement/geometry';
import { TRANSACTION_TYPES } from '../domain/types';
import { calendarDate } from './dates';
import { lazy } from './lazy';
import { extractionSources } from './pipeline';

/**
 * A parsed statement, as `npm run statement -- parse` prints it and as the pipeline keeps it between parse
 * and persist (the `statement.json` artefact). Read back through this schema, so a corrupt artefact fails
 * the step cleanly instead of writing odd rows.
 */
const isoDate = () => calendarDate('a date as YYYY-MM-DD');

export const statementTransactionSchema = lazy(() =>
  z.object({
    date: isoDate(),
    description: z.string().check(z.minLength(1)),
    amount: z.number().check(z.nonnegative()),
    signedAmount: z.number(),
    type: z.enum(TRANSACTION_TYPES),
    balance: z.nullable(z.number()),
    /** Card statements with two date columns: the date received / posted beside the transaction date. */
    postedDate: z.optional(isoDate()),
  }),
);
export type StatementTransaction = z.infer<typeof statementTransactionSchema>;

export const parsedStatementSchema = lazy(() =>
  z.object({
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
      /** Printed figures that could not be read (misprints): their rows are kept, the figures not checked. */
      unreadable: z.optional(
        z.array(
          z.object({
            row: z.nullable(z.number()),
            cell: z.enum([
              'amount',
              'balance',
              'opening',
              'closing',
              'money_in_total',
              'money_out_total',
              'date',
              'description',
            ]),
            text: z.string(),
            page: z.nullable(z.number()),
            reason: z.string(),
            /** The figure the statement's own arithmetic recovers for it (read, not printed legibly). */
            recovered: z.optional(z.number()),
            /** A misread date as the rows either side and the period recover it. */
            recoveredDate: z.optional(isoDate()),
          }),
        ),
      ),
    }),
    warnings: z.array(z.string()),
    /**
     * Where the year of the dates came from ('printed', 'period', 'statement_date', 'printed_date', or
     * 'reference_date': the upload date's, a guess the family should check). Absent in older artefacts.
     */
    yearSource: z.optional(
      z.enum(['printed', 'period', 'statement_date', 'printed_date', 'reference_date', 'none']),
    ),
    /** The statement date the statement prints, if any. */
    statementDate: z.optional(z.nullable(isoDate())),
    /** The currency the account is kept in (ISO 4217), as the statement's own money shows it. */
    currency: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
  }),
);
export type ParsedStatementContract = z.infer<typeof parsedStatementSchema>;

/**
 * The text of a statement between Extract (or PollTextract) and Parse, in the `blocks.json` artefact: the
 * words the reader reads (functions/domain/statement/geometry.ts `wordsFromBlocks`), each
 * [page, text, left, top, width, height] with the geometry in hundred-thousandths of the page, and a word a
 * scan's recogniser was not sure of its confidence after them (0–100, to a tenth: the reader sends a
 * description's unsure words to the family's check; a text layer's words carry none). Packed so, a
 * 12-page statement's text is a quarter of its Textract-shaped size, and integers serialise and parse several
 * times faster than fractions; 1/100,000 of a page is far finer than any distance the reader compares.
 */
const GEOMETRY_SCALE = 100_000;
const int = () => z.number().check(z.int());
export const blocksArtefactSchema = lazy(() =>
  z.object({
    source: z.enum(extractionSources),
    pages: int(),
    words: z.array(z.tuple([int(), z.string(), int(), int(), int(), int()], z.number())),
    /** What the extractor noticed (e.g. Textract read only part of the document). */
    warnings: z.array(z.string()),
  }),
);
export type BlocksArtefact = z.infer<typeof blocksArtefactSchema>;

/** Blocks (from the text layer or Textract) to the artefact. */
export function packBlocks(
  blocks: readonly Block[],
  meta: Pick<BlocksArtefact, 'source' | 'warnings'>,
): BlocksArtefact {
  const scaled = (n: number) => Math.round(n * GEOMETRY_SCALE);
  return {
    ...meta,
    pages: pageCount(blocks),
    words: wordsFromBlocks(blocks).map((w): BlocksArtefact['words'][number] => {
      const word: BlocksArtefact['words'][number] = [
        w.page,
        w.text,
        scaled(w.left),
        scaled(w.top),
        scaled(w.right - w.left),
        scaled(w.bottom - w.top),
      ];
      if (w.confidence !== undefined) word.push(Math.round(w.confidence * 10) / 10);
      return word;
    }),
  };
}

/** The artefact back to blocks for the reader: a PAGE block per page, a WORD block per word. */
export function unpackBlocks(artefact: BlocksArtefact): Block[] {
  const unscaled = (n: number) => n / GEOMETRY_SCALE;
  const blocks: Block[] = Array.from({ length: artefact.pages }, (_, i) => ({
    BlockType: 'PAGE',
    Id: `p${i + 1}`,
    Page: i + 1,
    Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 1, Height: 1 } },
  }));
  artefact.words.forEach(([page, text, left, top, width, height, confidence], i) => {
    blocks.push({
      BlockType: 'WORD',
      Id: `w${i + 1}`,
      Page: page,
      Text: text,
      ...(confidence !== undefined ? { Confidence: confidence } : {}),
      Geometry: {
        BoundingBox: {
          Left: unscaled(left),
          Top: unscaled(top),
          Width: unscaled(width),
          Height: unscaled(height),
        },
      },
    });
  });
  return blocks;
}

/** The first page of a statement's text, line by line (words ordered by their top, then left). */
export function firstPageTextOf(artefact: BlocksArtefact): string {
  // A loop, not Math.min(...words): spreading a long statement's words (over about 150,000) overflows the stack.
  let first = Number.POSITIVE_INFINITY;
  for (const [page] of artefact.words) if (page < first) first = page;
  const words = artefact.words
    .filter((w) => w[0] === first)
    .map(([, text, left, top]) => ({ text, left, line: Math.round(top / 400) }))
    .sort((a, b) => a.line - b.line || a.left - b.left);
  const lines: string[] = [];
  let current = Number.NaN;
  for (const w of words) {
    if (w.line !== current) lines.push('');
    current = w.line;
    lines[lines.length - 1] += `${lines[lines.length - 1] ? ' ' : ''}${w.text}`;
  }
  return lines.join('\n');
}
