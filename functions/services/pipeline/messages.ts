import type { PipelineState } from '../../contracts/pipeline';
import { MAX_UPLOAD_BYTES } from '../../contracts/uploads';

/**
 * What the family reads about a statement's upload (GET /api/uploads/{id}): the pipeline's own messages, and
 * the message of a failure. Expected problems (not a PDF, no table, ...) are StatementErrors whose message is
 * shown as it is; anything else gets the generic message.
 */
export const MESSAGES = {
  done: 'All done! Your transactions are now loaded below.',
  failedGeneric:
    'We could not process this statement. Please try again, or upload the PDF downloaded from your bank.',
  noTransactions: 'We could not find any transactions in this statement.',
  tooLarge: `This PDF is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please upload a single statement.`,
  empty: 'This PDF is empty.',
  /** An export (CSV, OFX/QFX, QIF) with no bytes, or one over the size limit. */
  emptyFile: 'This file is empty.',
  fileTooLarge: `This file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Please upload a single statement.`,
  notStarted: 'This upload was not started from the app.',
  /** The object was written again (another file to the same upload link) after the upload was claimed. */
  replaced: 'This statement was replaced while we were reading it. Please upload it again.',
  cardOnBankAccount: (accountType: string) =>
    `This looks like a credit card statement, but it was uploaded to a ${accountType} account. Please check you chose the right account.`,
  bankOnCardAccount:
    'This looks like a bank account statement, but it was uploaded to a credit card account. Please check you chose the right account.',
  otherBank: (statementBank: string, accountBank: string) =>
    `This statement looks like it is from ${statementBank}, but the account is with ${accountBank}. Please check you chose the right account.`,
} as const;

/** Messages of reading a scanned statement (Extract → Wait → PollTextract). */
export const EXTRACTION_MESSAGES = {
  /** Textract has been reading for longer than the pipeline waits. */
  textractTimeout: 'Reading this scanned statement took too long. Please try again later.',
  /** A text layer that cannot be read (a font without a usable character map), and no OCR to read its image. */
  unreadableText:
    "We could not read the text in this statement's PDF. Please upload the PDF downloaded from your bank.",
} as const;

/** The family-facing message of a caught error: a StatementError's own words, else a generic one. */
export function failureMessage(error: PipelineState['error']): string {
  if (!error) return MESSAGES.failedGeneric;
  let message = error.Cause ?? '';
  try {
    // In AWS the Cause is the Lambda error as JSON: {"errorType": ..., "errorMessage": ...}.
    const parsed = JSON.parse(message) as { errorMessage?: string; errorType?: string };
    if (parsed.errorType === 'StatementError' && parsed.errorMessage) return parsed.errorMessage;
    if (parsed.errorMessage) message = '';
  } catch {
    // The twin passes the message itself.
  }
  return error.Error === 'StatementError' && message ? message : MESSAGES.failedGeneric;
}
