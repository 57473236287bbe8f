import { READ_FAILURE_MESSAGES, type ReadFailureReason } from './statement/types';

/**
 * Why a statement file could not be read, as codes with the family's words. The PDF checks (adapters/pdf) and
 * the reader (domain/statement) fail with these messages; the pipeline's Catch receives only the message (a
 * Lambda error carries its name and message, nothing else), so the failure step finds the code again here and
 * records it with the upload. The screen then tells "not a PDF at all" apart from a PDF it could not read.
 */
export type PdfFailureReason = 'empty' | 'not_pdf' | 'encrypted' | 'damaged' | 'too_large' | 'too_many_pages';

/** More pages than any statement has: refused before reading, so a hostile PDF cannot keep a reader busy. */
export const MAX_PDF_PAGES = 100;

export const PDF_FAILURE_MESSAGES: Record<PdfFailureReason, string> = {
  empty: 'This PDF is empty.',
  not_pdf: 'This file is not a PDF.',
  encrypted: 'This PDF is password-protected. Please upload an unprotected copy.',
  damaged: 'This PDF appears to be damaged or incomplete.',
  too_large: 'This PDF is too large. Please upload a single statement.',
  too_many_pages: `This PDF has more than ${MAX_PDF_PAGES} pages. Please upload a single statement.`,
};

export type StatementFailureReason = PdfFailureReason | ReadFailureReason;

const BY_MESSAGE = new Map<string, StatementFailureReason>([
  ...Object.entries(PDF_FAILURE_MESSAGES).map(
    ([reason, message]) => [message, reason as PdfFailureReason] as const,
  ),
  ...Object.entries(READ_FAILURE_MESSAGES).map(
    ([reason, message]) => [message, reason as ReadFailureReason] as const,
  ),
]);

/** The code of a failure message of the PDF checks or the reader; null for any other message. */
export function failureReasonOf(message: string): StatementFailureReason | null {
  return BY_MESSAGE.get(message) ?? null;
}
