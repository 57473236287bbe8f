/**
 * Upload validation and messages (spec 2 §2 File Upload, §5 "Upload", §8 "Upload", §9).
 */

export const UPLOAD_DISPLAY_LIMIT = 50;
export const UPLOAD_REFRESH_DELAY_MS = 45_000;

export const UPLOAD_MESSAGES = {
  onlyPdf: (file: string) => `Only PDF files can be uploaded. Please try again with "${file}".`,
  chooseAccount: 'Which account are these statements for?',
  noFamily: 'Something went wrong. Please refresh and try again.',
  noAccounts: 'Please add some accounts above before uploading statements.',
  timeout: 'PDF processing timed out. This can happen with large files.',
  timeoutSuggestions: [
    'Try uploading a smaller PDF with a single month of transactions',
    'Try again in a few minutes',
    'Contact support if the problem continues',
  ],
  pipelineFailed: (message: string) => `Failed to start pipeline: ${message}`,
  storageFailed: (message: string) => `Failed to upload PDF: ${message}`,
  fileFailed: (file: string, message: string) => `Failed to process ${file}: ${message}`,
  noneProcessed: 'No statements could be processed. Please make sure you are uploading PDF files.',
  batchFailed: 'Error processing files',
  uploaded: (n: number) => `${n} statement(s) uploaded successfully`,
  filesWithIssues: (m: number) => `${m} files had issues`,
  almostDone: 'Almost done! Your transactions will appear shortly.',
  allDone: 'All done! Your transactions are now loaded below.',
  cleared: 'Cleared displayed transactions (database records preserved)',
  clearButton: (n: number) => `Clear Display (${n})`,
} as const;

export interface UploadFile {
  name: string;
  type?: string | null;
}

/** A PDF by MIME type, or by the .pdf extension when the browser gives no (or a generic) type. */
export function isPdfFile(file: UploadFile): boolean {
  if (file.type === 'application/pdf') return true;
  return (!file.type || file.type === 'application/octet-stream') && /\.pdf$/i.test(file.name);
}

/**
 * The first problem with an upload, or null (spec 2 §5): every file must be a PDF (the message names the
 * first file that is not), an account must be chosen, and the family must be known.
 */
export function validateUpload(input: {
  files: readonly UploadFile[];
  accountId?: string | null;
  familyId?: string | null;
}): string | null {
  const bad = input.files.find((f) => !isPdfFile(f));
  if (bad) return UPLOAD_MESSAGES.onlyPdf(bad.name);
  if (!input.accountId) return UPLOAD_MESSAGES.chooseAccount;
  if (!input.familyId) return UPLOAD_MESSAGES.noFamily;
  return null;
}

/** True for a pipeline error that means a timeout (spec 2 §8: the text contains 504, timeout or CORS). */
export function isUploadTimeout(errorText: string): boolean {
  return /504|timeout|cors/i.test(errorText);
}

/** The message for a failed pipeline start (spec 2 §8): the timeout message, else 'Failed to start pipeline'. */
export function pipelineErrorMessage(errorText: string): string {
  return isUploadTimeout(errorText) ? UPLOAD_MESSAGES.timeout : UPLOAD_MESSAGES.pipelineFailed(errorText);
}

/**
 * The summary after a batch (spec 2 §8): no file succeeded → the 'No statements could be processed' message
 * plus the per-file failures; otherwise '{n} statement(s) uploaded successfully', '{m} files had issues' when
 * some failed, the per-file failures, then 'Almost done! ...'.
 */
export function uploadSummary(result: {
  succeeded: number;
  failures: readonly { file: string; message: string }[];
}): { ok: boolean; lines: string[] } {
  const failureLines = result.failures.map((f) => UPLOAD_MESSAGES.fileFailed(f.file, f.message));
  if (result.succeeded === 0) return { ok: false, lines: [UPLOAD_MESSAGES.noneProcessed, ...failureLines] };
  return {
    ok: true,
    lines: [
      UPLOAD_MESSAGES.uploaded(result.succeeded),
      ...(result.failures.length
        ? [UPLOAD_MESSAGES.filesWithIssues(result.failures.length), ...failureLines]
        : []),
      UPLOAD_MESSAGES.almostDone,
    ],
  };
}
