import type { PageImages } from '../../shared/ports';
import { renderPages } from './render';

/** Drawn at 110 dpi: an A4 page is about 900 × 1,290 px, sharp enough to read its rows beside the table. */
export const PAGE_IMAGE_DPI = 110;

/**
 * A statement's page as a PNG for Check Statement, drawn by the same pdf.js + @napi-rs/canvas renderer the OCR
 * stand-in reads scans with (./render.ts): a text page by pdf.js, a scanned page's JPEG decoded natively.
 * The twin runs it in its PDF process (functions/local/pdf-process.ts); in AWS the pages area's function runs
 * it, with pdf.js and the native canvas from its layer (infra/constructs/pdfjs-layer.ts).
 */
export const pdfPageImages: PageImages = {
  async render(pdf, page) {
    const pages = renderPages(pdf, { dpi: PAGE_IMAGE_DPI, page });
    try {
      const next = await pages.next();
      if (next.done) return null;
      const { width, height, image } = next.value;
      return { pages: next.value.pages, width, height, png: image };
    } finally {
      await pages.return(null);
    }
  },
};
