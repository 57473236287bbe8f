import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { SCAN_MESSAGES } from '../adapters/ocr/scan-reader';
import type { CollectResult } from '../adapters/textract/blocks';
import { PDF_FAILURE_MESSAGES } from '../domain/statement-failures';
import type { KeptTextReader, PageImages, TextLayerReading } from '../shared/ports';

/**
 * The twin's PDF thread: pdf.js reading a statement's text layer, drawing and recognising a scan's pages, and
 * drawing a page for Check Statement, run in one worker thread instead of the twin's main thread. In AWS each statement is read by its own Lambda
 * invocation; on the twin the API, the pipeline and the OCR share one process, and a long or hostile PDF read
 * in the main thread would stall every family's requests while it is read.
 *
 * The thread is started by the first PDF and kept for the next. It has its own heap ceiling
 * (`maxOldGenerationSizeMb`) and each request a deadline: a PDF that exhausts either ends the thread, its
 * requests fail with the family's words ("This file is too large to read" for a text layer, the scan message
 * for a scan), and the next PDF starts a new thread. The twin's process is never the one that runs out.
 *
 * The thread's code (./pdf-thread-worker.ts and the adapters it calls) is bundled by esbuild, as a Lambda's
 * is, into node_modules/.cache/ on first use, its packages left to Node: compiling pdf.js's 3 MB of modules
 * again in each thread would cost seconds, loading them costs about one.
 */
export type PdfThreadRequest =
  | { id: number; op: 'textLayer'; bytes: Uint8Array; options: { maxBytes?: number } }
  | { id: number; op: 'readScan'; bytes: Uint8Array }
  | {
      id: number;
      op: 'keptText';
      bytes: Uint8Array;
      options: { referenceDate: string; accountType: string | null };
    }
  | { id: number; op: 'pageImage'; bytes: Uint8Array; page: number }
  | { op: 'close' };

export type PdfThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const TOO_LARGE = {
  ok: false,
  reason: 'too_large_to_read',
  message: PDF_FAILURE_MESSAGES.too_large_to_read,
} as const satisfies TextLayerReading & Awaited<ReturnType<KeptTextReader>>;
const SCAN_FAILED: CollectResult = { ok: false, reason: 'failed', message: SCAN_MESSAGES.failed };

/** The thread ended (out of memory, past a deadline, closed) before it answered. */
class ThreadStopped extends Error {
  constructor() {
    super('The PDF thread stopped');
  }
}

export class PdfThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private restarts = 0;
  private readonly heapMb: number;
  private readonly textLayerMs: number;
  private readonly scanMs: number;

  constructor(options: { heapMb?: number; textLayerMs?: number; scanMs?: number } = {}) {
    this.heapMb = options.heapMb ?? 1536;
    // Within the Extract function's own timeout; a scan within Textract's (the pipeline polls for longer).
    this.textLayerMs = options.textLayerMs ?? 240_000;
    this.scanMs = options.scanMs ?? 15 * 60_000;
  }

  /** The text layer of a statement PDF, read in the thread (functions/adapters/pdf/text-layer.ts). */
  readonly textLayer = async (
    bytes: Uint8Array,
    options: { maxBytes?: number; deadlineMs?: number },
  ): Promise<TextLayerReading> => {
    const { deadlineMs = this.textLayerMs, ...read } = options;
    try {
      return (await this.call('textLayer', bytes, read, deadlineMs)) as TextLayerReading;
    } catch {
      return TOO_LARGE;
    }
  };

  /**
   * A PDF's kept text read as a statement in the thread, for Parse (functions/services/pipeline/kept-text.ts).
   * A text past the thread's heap or deadline is too large to read; a working file of the wrong shape fails
   * as it does in process.
   */
  readonly keptText: KeptTextReader = async (bytes, options) => {
    try {
      return (await this.call('keptText', bytes, options, this.textLayerMs)) as Awaited<
        ReturnType<KeptTextReader>
      >;
    } catch (error) {
      if (error instanceof ThreadStopped) return TOO_LARGE;
      throw error;
    }
  };

  /** A scan drawn and recognised in the thread (functions/adapters/ocr/scan-reader.ts). */
  readonly readScan = async (bytes: Uint8Array): Promise<CollectResult> => {
    try {
      return (await this.call('readScan', bytes, {}, this.scanMs)) as CollectResult;
    } catch {
      return SCAN_FAILED;
    }
  };

  /** A page drawn for Check Statement in the thread (functions/adapters/ocr/page-images.ts). */
  readonly pageImages: PageImages = {
    render: async (pdf, page) => {
      try {
        return (await this.call('pageImage', pdf, { page }, this.textLayerMs)) as Awaited<
          ReturnType<PageImages['render']>
        >;
      } catch {
        return null;
      }
    },
  };

  /** Starts the thread now (it loads pdf.js as it starts) instead of with the first PDF. */
  warm(): void {
    if (this.closed || this.worker) return;
    threadCode().then(
      (code) => {
        if (!this.closed) this.start(code);
      },
      () => undefined,
    );
  }

  /** For the twin's health. */
  describe(): string {
    const state = this.worker ? 'running' : 'started by the first PDF';
    const restarted = this.restarts ? `, restarted ${this.restarts} time(s) after a PDF past its limits` : '';
    return `PDF thread ${state} (${this.pending.size} PDF(s) being read${restarted})`;
  }

  /** Ends the thread (and the OCR engine in it); PDFs still being read fail. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ op: 'close' } satisfies PdfThreadRequest);
    const timer = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(timer);
  }

  private async call(
    op: 'textLayer' | 'readScan' | 'pageImage' | 'keptText',
    bytes: Uint8Array,
    options: { maxBytes?: number; page?: number; referenceDate?: string; accountType?: string | null },
    deadlineMs: number,
  ): Promise<unknown> {
    if (this.closed) throw new Error('The PDF thread has been closed');
    const worker = this.start(await threadCode());
    if (this.closed) throw new Error('The PDF thread has been closed');
    const id = this.nextId++;
    // A copy is moved to the thread: the caller keeps its bytes.
    const copy = bytes.slice();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // Past its deadline the thread is busy with this PDF for good: end it (with what it was reading).
        void worker.terminate();
      }, deadlineMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      const request: PdfThreadRequest =
        op === 'textLayer'
          ? { id, op, bytes: copy, options: { maxBytes: options.maxBytes } }
          : op === 'keptText'
            ? {
                id,
                op,
                bytes: copy,
                options: {
                  referenceDate: options.referenceDate ?? '',
                  accountType: options.accountType ?? null,
                },
              }
            : op === 'pageImage'
              ? { id, op, bytes: copy, page: options.page ?? 1 }
              : { id, op, bytes: copy };
      worker.postMessage(request, [copy.buffer]);
    });
  }

  private start(code: string): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(code, {
      // Plain JavaScript: none of the parent's flags (a TypeScript loader, a test runner's, a debugger's).
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
    });
    worker.unref();
    worker.on('message', (reply: PdfThreadReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      clearTimeout(pending.timer);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new Error(reply.error));
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY), terminated past a deadline, or failed to load.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      if (!this.closed) this.restarts++;
      for (const [id, pending] of this.pending) {
        clearTimeout(pending.timer);
        pending.reject(new ThreadStopped());
        this.pending.delete(id);
      }
    });
    this.worker = worker;
    return worker;
  }
}

let bundled: Promise<string> | null = null;

/** The thread's bundled code: built once per process, kept under a name of its content's hash. */
function threadCode(): Promise<string> {
  bundled ??= (async () => {
    const result = await build({
      entryPoints: [join(import.meta.dirname, 'pdf-thread-worker.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.contents;
    if (!code) throw new Error('The PDF thread could not be built');
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
    // Inside the repository, so that the thread's package imports resolve from its node_modules.
    const dir = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'family-finance');
    const file = join(dir, `pdf-thread-${hash}.mjs`);
    if (!existsSync(file)) {
      mkdirSync(dir, { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, code);
      renameSync(partial, file);
    }
    return file;
  })();
  bundled.catch(() => {
    bundled = null;
  });
  return bundled;
}
