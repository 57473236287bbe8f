import { READ_FAILURE_MESSAGES, type ReadFailureReason } from './statement/types';

/**
 * Why a statement file could not be read, as codes with the family's words. The PDF checks (adapters/pdf) and
 * the reader (domain/statement) fail with these messages; the pipeline's Catch receives only the message (a
 * Lambda error carries its name and message, nothing else), so the failure step finds the code again here and
 * records it with the upload. The screen then tells "not a PDF at all" apart from a PDF it could not read.
 */
export type PdfFailureReason =
  | 'empty'
  | 'not_pdf'
  | 'encrypted'
  | 'damaged'
  | 'too_large'
  | 'too_many_pages'
  | 'too_large_to_read';

/** More pages than any statement has: refused before reading, so a hostile PDF cannot keep a reader busy. */
export const MAX_PDF_PAGES = 100;

/**
 * What reading one PDF may cost, on the twin and in Lambda alike, checked before the work it bounds: a small
 * file can describe enormous pages or inflate to gigabytes (a "flate bomb"), and drawing or decoding it would
 * stall the reader and exhaust its memory. Bank statements are far inside every figure.
 */
export const PDF_LIMITS = {
  pages: MAX_PDF_PAGES,
  /** A page's longer side, in points (1/72 in): 2,000 pt is 70.6 cm; A4 is 595 × 842, US legal 612 × 1,008. */
  pageSidePoints: 2_000,
  /** Bytes one compressed stream may inflate to (a statement page's content or scan is a few MB at most). */
  inflatedBytesPerStream: 64 * 1024 * 1024,
  /** Bytes all of a document's compressed streams may inflate to together. */
  inflatedBytesPerDocument: 256 * 1024 * 1024,
  /** Pixels one embedded image may have to be decoded (pdf.js skips larger ones): a 600 dpi A4 scan is 35 M. */
  imagePixels: 40_000_000,
  /** Pixels a page is drawn with for recognition: A4 at 300 dpi is 8.7 M; a larger page is drawn smaller. */
  ocrPixelsPerPage: 12_000_000,
  /** How long reading one page's text layer may take. */
  msPerPage: 15_000,
} as const;

export const PDF_FAILURE_MESSAGES: Record<PdfFailureReason, string> = {
  empty: 'This PDF is empty.',
  not_pdf: 'This file is not a PDF.',
  encrypted: 'This PDF is password-protected. Please upload an unprotected copy.',
  damaged: 'This PDF appears to be damaged or incomplete.',
  too_large: 'This PDF is too large. Please upload a single statement.',
  too_many_pages: `This PDF has more than ${MAX_PDF_PAGES} pages. Please upload a single statement.`,
  too_large_to_read:
    'This file is too large to read: its pages or their contents are far bigger than a bank statement. Please upload the statement PDF from your bank.',
};

export type StatementFailureReason = PdfFailureReason | ReadFailureReason | 'other_currency';

const BY_MESSAGE = new Map<string, StatementFailureReason>([
  ...Object.entries(PDF_FAILURE_MESSAGES).map(
    ([reason, message]) => [message, reason as PdfFailureReason] as const,
  ),
  ...Object.entries(READ_FAILURE_MESSAGES).map(
    ([reason, message]) => [message, reason as ReadFailureReason] as const,
  ),
]);

/** A statement of an account kept in another currency (statement/currency.ts otherCurrencyMessage). */
const OTHER_CURRENCY =
  /^This statement is in .+\. We can only load statements of accounts kept in pounds sterling/;

/** The code of a failure message of the PDF checks or the reader; null for any other message. */
export function failureReasonOf(message: string): StatementFailureReason | null {
  return BY_MESSAGE.get(message) ?? (OTHER_CURRENCY.test(message) ? 'other_currency' : null);
}
