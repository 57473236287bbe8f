/**
 * The local OCR stand-in for Textract (the twin and `npm run statement` only; never bundled into Lambda):
 * scanned PDFs drawn with pdf.js on @napi-rs/canvas and read by tesseract.js, as Textract-shaped blocks.
 */
export { OcrEngine } from './engine';
export { LocalTextRecognition, type ScanLocation } from './local-text-recognition';
export { type RenderedPage, renderPages, SCAN_DPI } from './render';
export { readScan, SCAN_MESSAGES, type ScanTimings } from './scan-reader';
export {
  MIN_MEAN_CONFIDENCE,
  type OcrPage,
  type RecognisedPage,
  readabilityOf,
  toTextractResponse,
} from './textract-shape';
