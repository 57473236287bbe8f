import { CHECK_MESSAGES } from '../contracts/statement-check';
import { ServiceUnavailableError } from '../shared/errors';
import { logger } from '../shared/logger';
import type { PageImages, Ports } from '../shared/ports';
import { services } from './container';

/**
 * The composition root's part for the one function that draws statement pages (the API's pages area): the
 * pdf.js + @napi-rs/canvas adapter (functions/adapters/ocr/page-images.ts) serves the `pageImages` port,
 * unless the twin has registered its PDF process's. The adapter is loaded on first use, so that the twin's
 * API thread never loads it, and only this function's bundle carries it (container.ts is in every bundle).
 * Should the native canvas not load (a deployment without it), the family is told the pages cannot be drawn
 * and the screen shows the rows and sums alone.
 */
let loaded: Promise<PageImages> | undefined;

const pdfPageImages: PageImages = {
  async render(pdf, page) {
    loaded ??= import('../adapters/ocr/page-images').then((m) => m.pdfPageImages);
    const adapter = await loaded.catch((error: unknown) => {
      loaded = undefined;
      logger.error('the page drawing adapter did not load', { error: error as Error });
      throw new ServiceUnavailableError(CHECK_MESSAGES.noPageImages);
    });
    return adapter.render(pdf, page);
  },
};

export function drawingServices(): Ports & { pageImages: PageImages } {
  const ports = services();
  return { ...ports, pageImages: ports.pageImages ?? pdfPageImages };
}
