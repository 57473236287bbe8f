import { describe, expect, it } from 'vitest';
import { SCAN_MESSAGES } from '../../../functions/adapters/ocr/scan-reader';
import { NO_TEXT_LAYER_MESSAGE } from '../../../functions/adapters/pdf/text-layer';
import { MISREAD_FIGURES_WARNING } from '../../../functions/domain/statement/misread';
import { READ_FAILURE_MESSAGES } from '../../../functions/domain/statement/types';
import { PDF_FAILURE_MESSAGES } from '../../../functions/domain/statement-failures';
import { UPLOAD_MESSAGES } from '../../../functions/domain/upload-validation';
import { EXTRACTION_MESSAGES, MESSAGES } from '../../../functions/services/pipeline/messages';

/** Every message a family reads about an upload, as text (functions called with sample values). */
function texts(catalogue: Record<string, unknown>): string[] {
  return Object.values(catalogue).flatMap((value) =>
    typeof value === 'string'
      ? [value]
      : typeof value === 'function'
        ? [String((value as (...a: string[]) => unknown)('a.pdf', 'Barclays'))]
        : Array.isArray(value)
          ? value.map(String)
          : [],
  );
}

describe("the family's messages about statements speak of the family's files, not of our machinery", () => {
  const all = [
    NO_TEXT_LAYER_MESSAGE,
    ...texts(SCAN_MESSAGES),
    ...texts(PDF_FAILURE_MESSAGES),
    ...texts(READ_FAILURE_MESSAGES),
    ...texts(UPLOAD_MESSAGES),
    ...texts(MESSAGES),
    ...texts(EXTRACTION_MESSAGES),
    MISREAD_FIGURES_WARNING,
  ];

  it.each(all)('%s', (message) => {
    expect(message).not.toMatch(
      /textract|tesseract|bedrock|aws|amazon|lambda|dynamo|s3\b|ocr|pdf\.js|locally|twin|in the cloud|step functions/i,
    );
  });
});
