import type { ParsedStatement } from './types';

/**
 * A PDF's text layer whose digits are wrong (a font whose ToUnicode map is wrong for some glyphs only: digits
 * given other digits, '12.50' read '12.38') passes every test of its words and reads as a statement, with the
 * wrong money; only its figures show it (firecrawl/pdf-inspector#118, a subset font's map "extracted
 * silently, never flagged for OCR"). Such a reading is read again from the page images, as a scan is, and
 * which of the two readings is kept is decided here, from the statement's own figures. Pure: the readings are
 * made elsewhere (the command line and the benches: functions/adapters/ocr/pdf-text.ts; the upload pipeline:
 * functions/services/pipeline/parse.ts).
 */

/** What the decision needs of a reading: a failure's reason, or the statement's figures. */
export type FiguresOfReading =
  | { ok: false; reason: string }
  | { ok: true; statement: Pick<ParsedStatement, 'reconciliation' | 'transactions'> };

/** The reading's warning when its pages were read from their images because their text's figures were wrong. */
export const MISREAD_FIGURES_WARNING =
  "The figures in the PDF's text do not add up, and read from the page images they do (its font gives the wrong digits), so the statement was read from the page images, as a scan is.";

/**
 * A reading its own figures contradict: the running balances, the opening and closing or the printed totals
 * disagree with the amounts read, or a date is read after the upload (or gives no year at all).
 */
export function contradictedByFigures(reading: FiguresOfReading): boolean {
  if (!reading.ok) return reading.reason === 'dated_after_upload' || reading.reason === 'no_year';
  const { reconciliation } = reading.statement;
  return !reconciliation.ok && reconciliation.breaks.length > 0;
}

/** A reading the statement's own figures confirm: it has rows, and every printed figure checked agrees. */
export function confirmedByFigures(reading: FiguresOfReading | null): boolean {
  return !!reading?.ok && reading.statement.reconciliation.ok && reading.statement.transactions.length > 0;
}

/**
 * Which reading of a PDF is kept: the page images' (`image`, null when they could not be read) only when the
 * text layer's reading is contradicted by its figures and the images' reading is confirmed by them; in every
 * other case the text layer's, as it was.
 */
export function keptReading(
  textLayer: FiguresOfReading,
  image: FiguresOfReading | null,
): 'text-layer' | 'image' {
  return contradictedByFigures(textLayer) && confirmedByFigures(image) ? 'image' : 'text-layer';
}
