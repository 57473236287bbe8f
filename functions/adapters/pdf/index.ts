/** The PDF adapter: the only code that imports pdf.js. */
export {
  checkPdfBytes,
  inspectPdf,
  MAX_PDF_PAGES,
  PDF_MESSAGES,
  type PdfFailure,
  type PdfFailureReason,
  type PdfInspection,
} from './pdf-document';
export { extractTextLayer, NO_TEXT_LAYER_MESSAGE, type TextLayerResult } from './text-layer';
