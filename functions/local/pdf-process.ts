import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { platform } from 'node:os';
import { SCAN_MESSAGES } from '../adapters/ocr/scan-reader';
import type { CollectResult } from '../adapters/textract/blocks';
import { PDF_FAILURE_MESSAGES } from '../domain/statement-failures';
import type { KeptTextReader, PageImages, TextLayerReading } from '../shared/ports';
import { bundledCode } from './bundled-code';
import { processThreadTimes } from './thread-cpu';

/**
 * The twin's PDF process: pdf.js reading a statement's text layer, drawing and recognising a scan's pages,
 * drawing a page for Check Statement, and Parse's reading of a kept text, run in one child process of the
 * twin instead of in the process that serves the API. In AWS each statement is read by its own Lambda
 * invocation; on the twin the API, the pipeline and the OCR share one machine, and a long or hostile PDF read
 * beside the API would slow every family's requests while it is read.
 *
 * The process runs at a lower CPU priority than the twin (`priority`, a nice value: `npm start` uses 19), so
 * that while both want a core the kernel gives it to the API first; every thread of the process has it (it is
 * started through `nice`, so pdf.js, its garbage collector's threads and the OCR engine's workers all inherit
 * it). It is started by the first PDF (or at once, `warm`) and kept for the next. It has its own heap ceiling
 * (`--max-old-space-size`) and each request a deadline, reached when the request has had that long both on
 * the clock and in the process's CPU time (read from /proc on Linux; elsewhere the clock alone), so that a
 * busy API, which a lower priority lets go first, never makes a statement too large to read. A PDF past
 * either limit ends the process, its requests fail with the family's words ("This file is too large to read"
 * for a text layer, the scan message for a scan), and the next PDF starts a new process. The twin's process is
 * never the one that runs out. The process ends when the twin closes it, and by itself as soon as the twin
 * is gone (killed or crashed): no PDF process outlives its twin.
 *
 * Requests and replies cross as structured clones (`serialization: 'advanced'`): a PDF's bytes and a kept
 * text's bytes are copied once each way, never turned into JSON.
 *
 * The process's code (./pdf-process-child.ts and the adapters it calls) is bundled by esbuild, as a Lambda's
 * is, into node_modules/.cache/ on first use, its packages left to Node: compiling pdf.js's 3 MB of modules
 * again in each process would cost seconds, loading them costs about one.
 */
export type PdfProcessRequest =
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

export type PdfProcessReply =
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

/** The process ended (out of memory, past a deadline, closed) before it answered. */
class ProcessStopped extends Error {
  constructor() {
    super('The PDF process stopped');
  }
}

export class PdfProcess {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private restarts = 0;
  private readonly heapMb: number;
  private readonly priority: number;
  private readonly textLayerMs: number;
  private readonly scanMs: number;

  constructor(options: { heapMb?: number; priority?: number; textLayerMs?: number; scanMs?: number } = {}) {
    this.heapMb = options.heapMb ?? 1536;
    this.priority = Math.max(0, Math.min(19, Math.round(options.priority ?? 0)));
    // Within the Extract function's own timeout; a scan within Textract's (the pipeline polls for longer).
    this.textLayerMs = options.textLayerMs ?? 240_000;
    this.scanMs = options.scanMs ?? 15 * 60_000;
  }

  /** The text layer of a statement PDF, read in the process (functions/adapters/pdf/text-layer.ts). */
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
   * A PDF's kept text read as a statement in the process, for Parse (functions/services/pipeline/kept-text.ts).
   * A text past the process's heap or deadline is too large to read; a working file of the wrong shape fails
   * as it does in the twin's own process.
   */
  readonly keptText: KeptTextReader = async (bytes, options) => {
    try {
      return (await this.call('keptText', bytes, options, this.textLayerMs)) as Awaited<
        ReturnType<KeptTextReader>
      >;
    } catch (error) {
      if (error instanceof ProcessStopped) return TOO_LARGE;
      throw error;
    }
  };

  /** A scan drawn and recognised in the process (functions/adapters/ocr/scan-reader.ts). */
  readonly readScan = async (bytes: Uint8Array): Promise<CollectResult> => {
    try {
      return (await this.call('readScan', bytes, {}, this.scanMs)) as CollectResult;
    } catch {
      return SCAN_FAILED;
    }
  };

  /** A page drawn for Check Statement in the process (functions/adapters/ocr/page-images.ts). */
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

  /** Starts the process now (it loads pdf.js as it starts) instead of with the first PDF. */
  warm(): void {
    if (this.closed || this.child) return;
    bundledCode('pdf-process-child', 'The PDF process').then(
      (code) => {
        if (!this.closed) this.start(code);
      },
      () => undefined,
    );
  }

  /** The running process's id, if one is running (for tests and the twin's health). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * The running process's time so far (Linux: /proc's schedstat of each of its threads; null elsewhere or when
   * none runs), for the pipeline bench: its main thread's CPU (pdf.js and the reader), its other threads' (V8's
   * compilers and garbage collector's helpers, the thread pool's inflating) and the time its main thread was
   * ready to run but waiting for a core.
   */
  threadTimes(): { mainMs: number; otherMs: number; mainWaitingMs: number } | null {
    const pid = this.child?.pid;
    return pid === undefined || platform() !== 'linux' ? null : processThreadTimes(pid);
  }

  /** For the twin's health. */
  describe(): string {
    const state = this.child ? `running (nice ${this.priority})` : 'started by the first PDF';
    const restarted = this.restarts ? `, restarted ${this.restarts} time(s) after a PDF past its limits` : '';
    return `PDF process ${state} (${this.pending.size} PDF(s) being read${restarted})`;
  }

  /** Ends the process (and the OCR engine in it); PDFs still being read fail. */
  async close(): Promise<void> {
    this.closed = true;
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (child.exitCode === null && child.signalCode === null) {
      child.send({ op: 'close' } satisfies PdfProcessRequest, (error) => {
        if (error) child.kill('SIGKILL');
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  }

  private async call(
    op: 'textLayer' | 'readScan' | 'pageImage' | 'keptText',
    bytes: Uint8Array,
    options: { maxBytes?: number; page?: number; referenceDate?: string; accountType?: string | null },
    deadlineMs: number,
  ): Promise<unknown> {
    if (this.closed) throw new Error('The PDF process has been closed');
    const child = this.start(await bundledCode('pdf-process-child', 'The PDF process'));
    if (this.closed) throw new Error('The PDF process has been closed');
    const id = this.nextId++;
    const request: PdfProcessRequest =
      op === 'textLayer'
        ? { id, op, bytes, options: { maxBytes: options.maxBytes } }
        : op === 'keptText'
          ? {
              id,
              op,
              bytes,
              options: {
                referenceDate: options.referenceDate ?? '',
                accountType: options.accountType ?? null,
              },
            }
          : op === 'pageImage'
            ? { id, op, bytes, page: options.page ?? 1 }
            : { id, op, bytes };
    return new Promise((resolve, reject) => {
      // Past its deadline the process is busy with this PDF for good: end it (with what it was reading).
      const cpuAtStart = cpuMsOf(child.pid);
      const check = () => {
        const now = cpuMsOf(child.pid);
        const used = cpuAtStart === null || now === null ? deadlineMs : now - cpuAtStart;
        if (used >= deadlineMs) {
          child.kill('SIGKILL');
          return;
        }
        // The clock's deadline has passed; the CPU's is at least this far off.
        pending.timer = setTimeout(check, Math.max(10, deadlineMs - used));
        pending.timer.unref();
      };
      const pending: Pending = { resolve, reject, timer: setTimeout(check, deadlineMs) };
      pending.timer.unref();
      this.pending.set(id, pending);
      // A copy crosses to the process (a structured clone): the caller keeps its bytes.
      child.send(request, (error) => {
        if (error) child.kill('SIGKILL');
      });
    });
  }

  private start(code: string): ChildProcess {
    if (this.child) return this.child;
    const node = [process.execPath, `--max-old-space-size=${this.heapMb}`, code];
    // Through `nice` (where there is one), so that every thread of the process starts at its priority.
    const niced = this.priority > 0 && platform() !== 'win32';
    const child = spawn(
      niced ? 'nice' : node[0]!,
      niced ? ['-n', String(this.priority), ...node] : node.slice(1),
      {
        // Plain JavaScript: none of the parent's flags (a TypeScript loader, a test runner's, a debugger's).
        env: { ...process.env, NODE_OPTIONS: undefined },
        stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
        serialization: 'advanced',
      },
    );
    // The twin does not wait for its PDF process to stop on its own.
    child.unref();
    child.channel?.unref();
    const stderr = child.stderr as (NodeJS.ReadableStream & { unref?: () => void }) | null;
    stderr?.unref?.();
    // Its own messages pass through; V8's report of a heap past the ceiling does not (the family's message
    // says it, and the restart count in the twin's health).
    let outOfMemory = false;
    stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (/Last few GCs|FATAL ERROR/.test(text)) outOfMemory = true;
      if (!outOfMemory) process.stderr.write(text);
    });
    child.on('message', (reply: PdfProcessReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      clearTimeout(pending.timer);
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new Error(reply.error));
    });
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      if (this.child === child) this.child = null;
      if (!this.closed) this.restarts++;
      for (const [id, pending] of this.pending) {
        clearTimeout(pending.timer);
        pending.reject(new ProcessStopped());
        this.pending.delete(id);
      }
    };
    // Failed to start (no `nice`, no node): its requests fail as those of a process that stopped.
    child.on('error', () => {
      if (child.pid === undefined) end();
    });
    child.on('exit', end);
    this.child = child;
    return child;
  }
}

/** The CPU time (user and system, every thread) a process has had, from /proc on Linux; null elsewhere. */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined || platform() !== 'linux') return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15 (clock ticks).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * (1000 / CLOCK_TICKS) : null;
  } catch {
    return null;
  }
}
/** Linux's USER_HZ, the unit of /proc's CPU times, on every architecture Node runs on. */
const CLOCK_TICKS = 100;
