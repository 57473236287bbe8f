import { describe, expect, it } from 'vitest';
import { READ_FAILURE_MESSAGES } from '../../../functions/domain/statement/types';
import { failureReasonOf, PDF_FAILURE_MESSAGES } from '../../../functions/domain/statement-failures';

describe('statement failure reasons', () => {
  it('finds the code of every message the PDF checks and the reader fail with', () => {
    for (const [reason, message] of Object.entries({ ...PDF_FAILURE_MESSAGES, ...READ_FAILURE_MESSAGES }))
      expect(failureReasonOf(message)).toBe(reason);
  });

  it('has no code for any other message (a generic failure, a timeout)', () => {
    expect(failureReasonOf('PDF processing timed out. This can happen with large files.')).toBeNull();
    expect(failureReasonOf('This file is not a PDF')).toBeNull();
  });
});
