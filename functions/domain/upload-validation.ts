/**
 * Upload validation and messages (spec 2 §2 File Upload, §5 "Upload", §8 "Upload", §9).
 */

export const UPLOAD_DISPLAY_LIMIT = 50;
export const UPLOAD_REFRESH_DELAY_MS = 45_000;

export const UPLOAD_MESSAGES = {
  /** Spec 2 §5's 'Only PDF files...', widened to the bank exports the product also reads. */
  onlyPdf: (file: string) =>
    `Only PDF, CSV, OFX, QFX and QIF files can be uploaded. Please try again with "${file}".`,
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
  noneProcessed:
    'No statements could be processed. Please make sure you are uploading PDF, CSV, OFX, QFX or QIF files.',
  /** No file succeeded, and not (only) because of the file type: the reasons follow, file by file. */
  noneRead: 'No statements could be processed. The reason for each file is below.',
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

/** The content types browsers give bank exports (or none, or a generic one: then the name decides). */
const EXPORT_TYPES = new Set([
  'text/csv',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
  'application/x-ofx',
  'application/ofx',
  'application/vnd.intu.qfx',
  'application/x-qfx',
  'application/qif',
  'application/x-qif',
  'text/plain',
  'text/xml',
  'application/xml',
]);

/** A statement the product reads: a PDF, or a bank's export (.csv, .ofx, .qfx, .qif) by its name. */
export function isStatementFile(file: UploadFile): boolean {
  if (isPdfFile(file)) return true;
  if (!/\.(csv|ofx|qfx|qif)$/i.test(file.name)) return false;
  return !file.type || file.type === 'application/octet-stream' || EXPORT_TYPES.has(file.type);
}

/** The file input's accept list: PDFs and the exports. */
export const STATEMENT_FILE_ACCEPT = 'application/pdf,.pdf,.csv,text/csv,.ofx,application/x-ofx,.qfx,.qif';

/**
 * The first problem with an upload, or null (spec 2 §5): every file must be a PDF or a bank's export (the message names the
 * first file that is not), an account must be chosen, and the family must be known.
 */
export function validateUpload(input: {
  files: readonly UploadFile[];
  accountId?: string | null;
  familyId?: string | null;
}): string | null {
  const bad = input.files.find((f) => !isStatementFile(f));
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

/** A file of a batch that failed: its name, the family's message, and whether it failed for not being a PDF. */
export interface UploadFailure {
  file: string;
  message: string;
  notPdf?: boolean;
}

/** How a batch's summary looks: green only when every file was read, amber when some failed, red when all did. */
export type SummaryTone = 'success' | 'warning' | 'danger';

export interface UploadSummary {
  ok: boolean;
  tone: SummaryTone;
  /** The headline: the outcome, then how many files had issues. */
  headline: string[];
  /** 'Failed to process {file}: {message}', one per failed file. */
  failureLines: string[];
  /** The headline and the failures, in the order shown. */
  lines: string[];
}

/**
 * The summary after a batch (spec 2 §8). No file succeeded: 'No statements could be processed. Please make sure
 * you are uploading PDF files.' when every file failed for not being a PDF; when any failed for another reason
 * (password-protected, damaged, no transactions ...) that advice would mislead, so the headline says the reasons
 * follow. Otherwise '{n} statement(s) uploaded successfully', '{m} files had issues' when some failed, and the
 * per-file failures. The tone is green only when nothing failed.
 */
export function uploadSummary(result: {
  succeeded: number;
  failures: readonly UploadFailure[];
}): UploadSummary {
  const failureLines = result.failures.map((f) => UPLOAD_MESSAGES.fileFailed(f.file, f.message));
  const summary = (ok: boolean, tone: SummaryTone, headline: string[]): UploadSummary => ({
    ok,
    tone,
    headline,
    failureLines,
    lines: [...headline, ...failureLines],
  });
  if (result.succeeded === 0) {
    const onlyType = result.failures.length > 0 && result.failures.every((f) => f.notPdf);
    return summary(false, 'danger', [onlyType ? UPLOAD_MESSAGES.noneProcessed : UPLOAD_MESSAGES.noneRead]);
  }
  const issues = result.failures.length;
  return summary(true, issues ? 'warning' : 'success', [
    UPLOAD_MESSAGES.uploaded(result.succeeded),
    ...(issues ? [UPLOAD_MESSAGES.filesWithIssues(issues)] : []),
  ]);
}
