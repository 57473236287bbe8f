import { beforeAll, describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf/text-layer';
import {
  confirmedByFigures,
  contradictedByFigures,
  type FiguresOfReading,
  keptReading,
  type ReadStatementResult,
  readStatement,
} from '../../../functions/domain/statement';
import { generateStatement } from '../../fixtures/statements/generate';
import { generatePdfTraitStatement } from '../../fixtures/statements/pdf-traits';

/**
 * Which reading of a PDF is kept (functions/domain/statement/misread.ts): the text layer's, or its page
 * images' when the text layer's figures contradict its reading and the images' figures confirm theirs. The
 * readings here are real: a text layer whose font gives 0 and 8, 3 and 5 for each other (pdf-traits.ts
 * 'digit-swapped-tounicode'; firecrawl/pdf-inspector#118), and the same statement's right text, as the page
 * images give it.
 */
const referenceDate = '2026-01-01';
let wrongDigits: ReadStatementResult;
let rightDigits: ReadStatementResult;

async function read(pdf: Uint8Array): Promise<ReadStatementResult> {
  const text = await extractTextLayer(pdf);
  if (!text.ok) throw new Error(text.message);
  return readStatement(text.blocks, { referenceDate });
}

beforeAll(async () => {
  wrongDigits = await read(
    new Uint8Array((await generatePdfTraitStatement('digit-swapped-tounicode', 'paid-out-paid-in')).pdf),
  );
  rightDigits = await read(new Uint8Array((await generateStatement('paid-out-paid-in')).pdf));
});

const failed = (reason: string): FiguresOfReading => ({ ok: false, reason });

describe('digit-swapped-tounicode: which reading of the PDF is kept', () => {
  it('the wrong digits are contradicted by the figures, the right ones confirmed', () => {
    expect(contradictedByFigures(wrongDigits)).toBe(true);
    expect(confirmedByFigures(wrongDigits)).toBe(false);
    expect(contradictedByFigures(rightDigits)).toBe(false);
    expect(confirmedByFigures(rightDigits)).toBe(true);
  });

  it('a contradicted text layer gives way to page images the figures confirm', () => {
    expect(keptReading(wrongDigits, rightDigits)).toBe('image');
  });

  it('the text layer stands when the images are not confirmed either, or could not be read', () => {
    expect(keptReading(wrongDigits, wrongDigits)).toBe('text-layer');
    expect(keptReading(wrongDigits, null)).toBe('text-layer');
    expect(keptReading(wrongDigits, failed('no_transaction_table'))).toBe('text-layer');
  });

  it('a text layer the figures confirm is never replaced, whatever the images read', () => {
    expect(keptReading(rightDigits, rightDigits)).toBe('text-layer');
    expect(keptReading(rightDigits, wrongDigits)).toBe('text-layer');
  });

  it('a date read after the upload, or no year at all, contradicts the reading; other failures do not', () => {
    expect(keptReading(failed('dated_after_upload'), rightDigits)).toBe('image');
    expect(keptReading(failed('no_year'), rightDigits)).toBe('image');
    expect(keptReading(failed('no_transaction_table'), rightDigits)).toBe('text-layer');
    expect(keptReading(failed('too_large_to_read'), rightDigits)).toBe('text-layer');
  });

  it('a reading without rows confirms nothing', () => {
    const empty: FiguresOfReading = {
      ok: true,
      statement: { reconciliation: { ok: true, breaks: [] }, transactions: [] },
    };
    expect(confirmedByFigures(empty)).toBe(false);
    expect(keptReading(wrongDigits, empty)).toBe('text-layer');
  });
});
