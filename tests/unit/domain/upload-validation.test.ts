import { describe, expect, it } from 'vitest';
import {
  isPdfFile,
  isStatementFile,
  isUploadTimeout,
  pipelineErrorMessage,
  UPLOAD_DISPLAY_LIMIT,
  UPLOAD_MESSAGES,
  UPLOAD_REFRESH_DELAY_MS,
  uploadSummary,
  validateUpload,
} from '../../../functions/domain/upload-validation';

describe('spec 2 §5 upload validation', () => {
  it.each([
    [{ name: 'a.pdf', type: 'application/pdf' }, true],
    [{ name: 'A.PDF', type: '' }, true],
    [{ name: 'a.pdf', type: 'application/octet-stream' }, true],
    [{ name: 'a.pdf', type: 'image/png' }, false],
    [{ name: 'scan.png', type: null }, false],
    [{ name: 'statement', type: 'application/pdf' }, true],
  ])('%o is a PDF: %s', (file, ok) => {
    expect(isPdfFile(file)).toBe(ok);
  });

  it.each([
    [{ name: 'a.pdf', type: 'application/pdf' }, true],
    [{ name: 'march.csv', type: 'text/csv' }, true],
    [{ name: 'march.CSV', type: 'application/vnd.ms-excel' }, true],
    [{ name: 'statement.ofx', type: '' }, true],
    [{ name: 'statement.qfx', type: 'application/octet-stream' }, true],
    [{ name: 'statement.qif', type: null }, true],
    [{ name: 'statement.csv', type: 'image/png' }, false],
    [{ name: 'b.docx', type: '' }, false],
  ])('%o is a statement file (a PDF or a bank export): %s', (file, ok) => {
    expect(isStatementFile(file)).toBe(ok);
  });

  it.each([
    [
      { files: [{ name: 'a.pdf' }, { name: 'b.docx' }], accountId: 'acc', familyId: 'fam' },
      'Only PDF, CSV, OFX, QFX and QIF files can be uploaded. Please try again with "b.docx".',
    ],
    [
      { files: [{ name: 'a.pdf' }], accountId: null, familyId: 'fam' },
      'Which account are these statements for?',
    ],
    [
      { files: [{ name: 'a.pdf' }], accountId: 'acc', familyId: '' },
      'Something went wrong. Please refresh and try again.',
    ],
    [{ files: [{ name: 'a.pdf' }], accountId: 'acc', familyId: 'fam' }, null],
  ])('%o → %s', (input, message) => {
    expect(validateUpload(input)).toBe(message);
  });
});

describe('spec 2 §8 upload messages', () => {
  it.each([
    ['Gateway 504', true],
    ['Request timeout', true],
    ['TypeError: CORS blocked', true],
    ['Bad request', false],
  ])('%s is a timeout: %s', (text, timeout) => {
    expect(isUploadTimeout(text)).toBe(timeout);
    expect(pipelineErrorMessage(text)).toBe(
      timeout
        ? 'PDF processing timed out. This can happen with large files.'
        : `Failed to start pipeline: ${text}`,
    );
  });

  it('summaries: the headline, the failures, and a tone that is green only when nothing failed', () => {
    expect(
      uploadSummary({ succeeded: 0, failures: [{ file: 'a.txt.pdf', message: 'x', notPdf: true }] }),
    ).toEqual({
      ok: false,
      tone: 'danger',
      headline: [
        'No statements could be processed. Please make sure you are uploading PDF, CSV, OFX, QFX or QIF files.',
      ],
      failureLines: ['Failed to process a.txt.pdf: x'],
      lines: [
        'No statements could be processed. Please make sure you are uploading PDF, CSV, OFX, QFX or QIF files.',
        'Failed to process a.txt.pdf: x',
      ],
    });
    expect(uploadSummary({ succeeded: 2, failures: [] })).toMatchObject({
      ok: true,
      tone: 'success',
      lines: ['2 statement(s) uploaded successfully'],
    });
    expect(uploadSummary({ succeeded: 1, failures: [{ file: 'b.pdf', message: 'x' }] })).toMatchObject({
      ok: true,
      tone: 'warning',
      lines: ['1 statement(s) uploaded successfully', '1 files had issues', 'Failed to process b.pdf: x'],
    });
  });

  it('a PDF that failed for another reason than its type is not told to upload PDF files', () => {
    const locked = {
      file: 'locked.pdf',
      message: 'This PDF is password-protected. Please upload an unprotected copy.',
    };
    expect(uploadSummary({ succeeded: 0, failures: [locked] }).headline).toEqual([
      'No statements could be processed. The reason for each file is below.',
    ]);
    expect(
      uploadSummary({ succeeded: 0, failures: [locked, { file: 'notes.pdf', message: 'x', notPdf: true }] })
        .headline,
    ).toEqual(['No statements could be processed. The reason for each file is below.']);
  });

  it('exact strings and constants', () => {
    expect(UPLOAD_MESSAGES.storageFailed('x')).toBe('Failed to upload PDF: x');
    expect(UPLOAD_MESSAGES.allDone).toBe('All done! Your transactions are now loaded below.');
    expect(UPLOAD_MESSAGES.cleared).toBe('Cleared displayed transactions (database records preserved)');
    expect(UPLOAD_MESSAGES.batchFailed).toBe('Error processing files');
    expect(UPLOAD_MESSAGES.clearButton(3)).toBe('Clear Display (3)');
    expect(UPLOAD_MESSAGES.noAccounts).toBe('Please add some accounts above before uploading statements.');
    expect(UPLOAD_MESSAGES.timeoutSuggestions).toHaveLength(3);
    expect([UPLOAD_DISPLAY_LIMIT, UPLOAD_REFRESH_DELAY_MS]).toEqual([50, 45000]);
  });
});
