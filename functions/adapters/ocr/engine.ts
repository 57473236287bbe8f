import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { createScheduler, createWorker, OEM, type Page, PSM, type Scheduler } from 'tesseract.js';
import { SCAN_DPI } from './render';
import { pgmAsTiff } from './tiff';

/**
 * The OCR engine of the local stand-in: tesseract.js (WebAssembly Tesseract in worker threads) with the
 * English LSTM model from the npm package @tesseract.js-data/eng. Nothing is downloaded at run time: the
 * model is read from the package's files and never cached elsewhere.
 *
 * Each page is cut into `strips` strips (one per core, at most two; scan-reader.ts, strips.ts), and the words
 * read depend on where a page is cut, so the strips are fixed by the cores alone. The pool has one worker
 * more than the strips (three on two cores): with two, the scan's last strips ran one per worker in turn,
 * and a short last page (a small lower strip) left one worker idle while the other read its upper strip;
 * a third worker starts the next strip while the two before it are still read, so the cores share the last
 * strips instead. The pool is started on the first page and reused for every page of every scan; `close()`
 * ends the worker threads (the twin calls it when it stops).
 */
const modelDir = join(
  dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

export class OcrEngine {
  private scheduler: Promise<Scheduler> | null = null;
  private isClosed = false;
  /** Rejects when the engine is closed: pages still queued or being read then fail instead of waiting. */
  private readonly closing: Promise<never>;
  private signalClosed: (error: Error) => void = () => undefined;
  /** Worker threads recognising strips (and bands read again) as they come. */
  readonly workers: number;
  /** Strips each page is cut into: what the words read depend on, unlike the number of workers. */
  readonly strips: number;

  /** `workers` alone (tests, benches) gives as many strips as workers, as before there were more workers. */
  constructor(options: { workers?: number; strips?: number } = {}) {
    this.strips = Math.max(1, options.strips ?? options.workers ?? Math.min(2, availableParallelism()));
    this.workers = Math.max(1, options.workers ?? (this.strips > 1 ? this.strips + 1 : 1));
    this.closing = new Promise<never>((_, reject) => {
      this.signalClosed = reject;
    });
    this.closing.catch(() => undefined);
  }

  /** True once close() has been called: nothing more is recognised. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** True once the workers have been started (health reports it). */
  get started(): boolean {
    return this.scheduler !== null;
  }

  private start(): Promise<Scheduler> {
    this.scheduler ??= (async () => {
      const scheduler = createScheduler();
      try {
        const workers = await Promise.all(
          Array.from({ length: this.workers }, () =>
            createWorker('eng', OEM.LSTM_ONLY, {
              langPath: modelDir,
              gzip: true,
              cacheMethod: 'none',
              logger: () => undefined,
              errorHandler: () => undefined,
            }),
          ),
        );
        for (const worker of workers) {
          // The page read as one block of text lines: a statement is rows across the page, and the lines are
          // split at column gaps afterwards (textract-shape.ts). It keeps a minus sign with its figure (sparse
          // text loses some) and costs about 15 % less CPU a page than automatic page segmentation, which
          // looks for columns and regions first, with the same words on every generated layout.
          await worker.setParameters({
            tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
            user_defined_dpi: String(SCAN_DPI),
          });
          scheduler.addWorker(worker);
        }
      } catch (error) {
        await scheduler.terminate().catch(() => undefined);
        throw error;
      }
      return scheduler;
    })();
    return this.scheduler;
  }

  /** Words, lines and their boxes (pixels of the image) of one page image (a grey PGM goes as a TIFF). */
  async recognise(image: Buffer): Promise<Page> {
    if (this.isClosed) throw new Error('The OCR engine has been closed');
    const scheduler = await Promise.race([this.start(), this.closing]);
    const job = scheduler.addJob('recognize', pgmAsTiff(image), {}, { blocks: true, text: false });
    const { data } = await Promise.race([job, this.closing]);
    return data;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.signalClosed(new Error('The OCR engine has been closed'));
    const scheduler = this.scheduler;
    this.scheduler = null;
    if (scheduler) await (await scheduler.catch(() => null))?.terminate();
  }
}
