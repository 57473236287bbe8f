import * as z from 'zod/mini';
import type { CsvMapping } from '../domain/exports/mapping';
import { mappingProblem } from '../domain/exports/mapping';
import { lazy } from './lazy';
import { uploadSchema } from './uploads';

/**
 * The column-mapping step of a bank export (File Upload): a CSV file whose columns the reader cannot tell,
 * or a QIF file whose dates could be day-first or month-first, waits in 'needs_mapping' until the family says
 * how to read it. Shared by the handlers and the SPA.
 *
 *  GET  /api/uploads/{id}/mapping   the file's columns and first rows, and a first guess (member)
 *  POST /api/uploads/{id}/mapping   read it this way, remember it for the account, import it (admin)
 */
const MAX_COLUMNS = 200;
/** More description columns than a file has parts to describe a payment would be a mistake. */
const MAX_DETAILS = 5;
const column = (name: string) =>
  z
    .number({ error: `Choose the column that holds the ${name}.` })
    .check(
      z.int(`Choose the column that holds the ${name}.`),
      z.gte(0, `Choose the column that holds the ${name}.`),
      z.lt(MAX_COLUMNS, `Choose the column that holds the ${name}.`),
    );

export const DATE_FORMAT_LABELS = {
  dmy: 'Day first (31/01/2025)',
  mdy: 'Month first (01/31/2025)',
  ymd: 'Year first (2025-01-31)',
} as const;

export const AMOUNT_KIND_LABELS = {
  one: 'One column, in and out',
  split: 'Two columns, out and in',
  marked: 'One column, and a column saying in or out (DR/CR)',
} as const;

export const DECIMAL_LABELS = {
  point: 'Point (1,234.56)',
  comma: 'Comma (1.234,56)',
} as const;

export const SIGN_LABELS = {
  in_positive: 'Money in is positive, money out negative',
  out_positive: 'Money out is positive, money in negative',
} as const;

export const csvMappingSchema = lazy(() =>
  z
    .object({
      date: column('date'),
      description: column('description'),
      details: z.optional(z.array(column('description')).check(z.maxLength(MAX_DETAILS))),
      amountKind: z.enum(['one', 'split', 'marked'], { error: 'Choose how the amounts are written.' }),
      amount: z.nullable(column('amount')),
      moneyOut: z.nullable(column('money out')),
      moneyIn: z.nullable(column('money in')),
      direction: z.optional(z.nullable(column('money in or out'))),
      balance: z.nullable(column('balance')),
      dateFormat: z.enum(['dmy', 'mdy', 'ymd'], { error: 'Choose how the dates are written.' }),
      sign: z.enum(['in_positive', 'out_positive'], { error: 'Choose which way the amounts are signed.' }),
      decimal: z.optional(z.enum(['point', 'comma'], { error: 'Choose how the amounts write their pence.' })),
    })
    .check(
      z.superRefine((mapping, ctx) => {
        const problem = mappingProblem(mapping, MAX_COLUMNS);
        if (problem) ctx.issues.push({ code: 'custom', message: problem, input: mapping });
      }),
    ),
);

// The contract and the domain's mapping are one shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _same: Same<z.infer<typeof csvMappingSchema>, CsvMapping> = true;
void _same;

/** What the family is asked: the columns of a CSV file, or only the date order of a QIF file. */
export const mappingKinds = ['csv', 'qif'] as const;
export type MappingKind = (typeof mappingKinds)[number];

export const mappingRequestSchema = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('csv'), mapping: csvMappingSchema }),
    z.object({
      kind: z.literal('qif'),
      dateOrder: z.enum(['dmy', 'mdy'], { error: 'Choose how the dates are written.' }),
    }),
  ]),
);
export type MappingRequest = z.infer<typeof mappingRequestSchema>;

export const exportMappingSchema = lazy(() =>
  z.object({
    upload: uploadSchema,
    kind: z.enum(mappingKinds),
    /** The column names (the header's, or 'Column 1', 'Column 2'… for a file without one). */
    columns: z.array(z.string()),
    /** The first data rows as the file writes them, with their line numbers. */
    rows: z.array(z.object({ cells: z.array(z.string()), line: z.number() })),
    /** How many data rows the file has in all. */
    rowCount: z.number(),
    suggested: csvMappingSchema,
    /** Whether this member may confirm it (the family's admin). */
    canDecide: z.boolean(),
  }),
);
export type ExportMapping = z.infer<typeof exportMappingSchema>;

export const MAPPING_MESSAGES = {
  waiting: 'We need you to tell us how to read this file.',
  notWaiting: 'This file is not waiting to be mapped.',
  csvWaiting:
    'We could not tell which columns of this CSV file hold the dates and amounts. Tell us once, and we will remember it for this account.',
  qifWaiting:
    'The dates in this file could be day-first or month-first. Tell us which, and we will remember it for this account.',
} as const;

/** Rows sent for the preview. */
export const MAPPING_PREVIEW_ROWS = 10;
