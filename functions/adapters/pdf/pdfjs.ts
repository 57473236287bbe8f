/**
 * pdf.js (legacy build: runs on Node 20 and in Lambda on Node 22), loaded by this module alone: every other
 * module of the adapters takes pdf.js's functions from here.
 *
 * The legacy build carries core-js, which on Node 20 replaces JSON.stringify (always) and JSON.parse (whenever
 * it is given a reviver, as the AWS SDK's JSON protocol parses every DynamoDB answer) with JavaScript
 * implementations of two newer proposals (JSON.rawJSON, parse with source text), many times slower than the
 * engine's own. They would serve every module of the process: every DynamoDB call and JSON body of a
 * function that reads PDFs, of the twin's PDF process, and of the local twin, which runs every function in
 * one process. pdf.js uses neither proposal, so the engine's own are put back once it is loaded. (core-js
 * also replaces Array.prototype.push; putting the engine's own back in the twin's own process made its
 * pipeline slower as a whole, though pdf.js alone read faster, so only the twin's PDF process puts it back:
 * restoreNativePush.)
 *
 * The engine's own are taken here, before pdf.js is imported (dynamically, below): a bundle that leaves
 * packages external (a Lambda's, the twin's PDF process's) hoists every static import of a package above all
 * of its own code, so a module imported "before" pdf.js would only see core-js's.
 *
 * pdf.js is given its worker module: it runs the worker's code in this thread, with no worker thread and no
 * worker file to find at run time (in Lambda, pdf.js comes from a layer). The text layer's documents reach it
 * through a port that does not copy each message (inThreadWorker); the page drawing keeps pdf.js's own.
 */
import { inflateSync } from 'node:zlib';

const nativeParse = JSON.parse;
const nativeStringify = JSON.stringify;
const NativeDecompressionStream = globalThis.DecompressionStream;
// biome-ignore lint/suspicious/noExplicitAny: the built-in itself, whatever its declared overloads
const nativePush: (...items: any[]) => number = Array.prototype.push;

declare global {
  /** Where pdf.js looks for its worker module before starting a worker. */
  var pdfjsWorker: unknown;
}

const [pdfjs, workerModule] = await Promise.all([
  import('pdfjs-dist/legacy/build/pdf.mjs'),
  import('pdfjs-dist/legacy/build/pdf.worker.mjs'),
]);
globalThis.pdfjsWorker ??= workerModule;
restoreNativeBuiltins();

export const { getDocument, OPS, Util, VerbosityLevel } = pdfjs;

type Listener = (event: { data: unknown }) => void;

/**
 * pdf.js's worker code and its API talking in this thread without copying what they say: the same as
 * pdf.js's own in-thread "fake worker" port (one port both sides listen on, each message handed over after
 * the current task), less its `structuredClone` of every message (the operator lists and text content, and
 * their glyphs, copied once each): about a tenth less CPU reading a 12-page statement's text layer.
 *
 * What the worker code posts and then reuses is copied (the message, its `data` or `chunk` and the arrays
 * that hold directly: a page's operator list is sent and then its `fnArray` and `argsArray` emptied, a text
 * content chunk sent and then its `items` replaced); what they hold (each operation's arguments, each text
 * item, each glyph) is never changed once sent, so it is handed over as it is.
 */
class InThreadPort {
  private readonly listeners = new Set<Listener>();
  private readonly deferred = Promise.resolve();

  postMessage(message: unknown): void {
    const event = { data: copied(message, 2) };
    this.deferred.then(() => {
      for (const listener of this.listeners) listener.call(this, event);
    });
  }

  /** pdf.js ends a document's listener by aborting its `signal` (as its own port allows). */
  addEventListener(_type: string, listener: Listener, options?: { signal?: AbortSignal }): void {
    const signal = options?.signal;
    if (signal?.aborted) return;
    this.listeners.add(listener);
    signal?.addEventListener('abort', () => this.listeners.delete(listener), { once: true });
  }

  removeEventListener(_type: string, listener: Listener): void {
    this.listeners.delete(listener);
  }

  terminate(): void {
    this.listeners.clear();
  }

  /** How many listen (the worker's own, and each open document's two). */
  get listening(): number {
    return this.listeners.size;
  }
}

/** A plain object or array copied `depth` levels down (anything else as it is). */
function copied(value: unknown, depth: number): unknown {
  if (depth < 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    // Pushed, not made by `map`, so that the copy's internal shape is the same whether or not V8 has
    // optimised this function (pdf.js's code reading it is otherwise compiled again for each shape).
    const copy: unknown[] = [];
    for (const item of value) copy.push(copied(item, depth - 1));
    return copy;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  for (const key of Object.keys(value))
    copy[key] = copied((value as Record<string, unknown>)[key], depth - 1);
  return copy;
}

let sharedWorker: InstanceType<typeof pdfjs.PDFWorker> | null = null;

/** The in-thread worker every document of this process is opened with (pdf.js keeps one per port). */
export function inThreadWorker(): InstanceType<typeof pdfjs.PDFWorker> {
  if (!sharedWorker) {
    const port = new InThreadPort();
    (workerModule.WorkerMessageHandler as { initializeFromPort(port: unknown): void }).initializeFromPort(
      port,
    );
    sharedWorker = new pdfjs.PDFWorker({ port: port as never, verbosity: VerbosityLevel.ERRORS });
  }
  return sharedWorker;
}
export type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
export type { TextItem } from 'pdfjs-dist/types/src/display/api';

/** The engine's own JSON functions, in place of core-js's. */
export function restoreNativeBuiltins(): void {
  if (JSON.parse !== nativeParse) JSON.parse = nativeParse;
  if (JSON.stringify !== nativeStringify) JSON.stringify = nativeStringify;
}

/**
 * The engine's own Array.prototype.push, in place of core-js's: on Node 20 core-js replaces it with a
 * JavaScript function (for an edge case: pushing nothing onto an array whose length is read-only must throw)
 * that every push of the process then goes through, about a fifth of the CPU time of reading a statement's
 * text layer and its kept text. Node 22 (Lambda) keeps its own, so this only matters on the twin, and only
 * its PDF process (pdf.js and the statement reader, nothing else) puts it back: in the twin's own process the
 * pipeline as a whole was measured slower with it put back.
 */
export function restoreNativePush(): void {
  if (Array.prototype.push !== nativePush)
    Object.defineProperty(Array.prototype, 'push', {
      value: nativePush,
      writable: true,
      enumerable: false,
      configurable: true,
    });
}

/** Each document's inflated streams, by where their compressed bytes lie in the document's buffer. */
const inflatedStreams = new WeakMap<ArrayBufferLike, Map<string, Uint8Array>>();
/** The largest inflated stream kept for the document's next use (a page's content stream is far smaller). */
const KEPT_INFLATED_BYTES = 1024 * 1024;

/**
 * A stream's bytes inflated (zlib format) once for each document: pdf.js inflates a page's content stream for
 * its text content and again for its operator list, each time through a DecompressionStream. The bytes it
 * inflates lie in the document's own buffer (pdf.js reads the file from it and never changes it), so where
 * they lie names them; a stream that is not a view of a longer buffer (decrypted, say) is inflated each time,
 * and so is one larger than KEPT_INFLATED_BYTES (a scan's page images, drawn once each, are not kept).
 * Damaged data throws, as the DecompressionStream errors, and pdf.js then inflates it with its own code.
 */
function inflated(bytes: Uint8Array): Uint8Array {
  let streams = inflatedStreams.get(bytes.buffer);
  const where = `${bytes.byteOffset}:${bytes.byteLength}`;
  const known = streams?.get(where);
  if (known) return known;
  const result = inflateSync(bytes);
  if (bytes.byteLength < bytes.buffer.byteLength && result.byteLength <= KEPT_INFLATED_BYTES) {
    if (!streams) {
      streams = new Map();
      inflatedStreams.set(bytes.buffer, streams);
    }
    streams.set(where, result);
  }
  return result;
}

/**
 * The runtime's DecompressionStream as pdf.js uses it for a Flate stream ('deflate': it writes the compressed
 * bytes in one chunk, closes, and reads every chunk of the result, copying them out), inflated in one call on
 * this thread, once for each document (inflated): about a tenth of the text layer's CPU went on the web
 * streams' machinery and the second inflating of each page's content stream. Every other format (brotli,
 * 'deflate-raw') is the runtime's own.
 */
class InflatingStream {
  readonly writable!: WritableStream<Uint8Array>;
  readonly readable!: ReadableStream<Uint8Array>;

  constructor(format: string) {
    if (format !== 'deflate') {
      // biome-ignore lint/correctness/noConstructorReturn: the runtime's own stream for any other format
      return new NativeDecompressionStream(format as never) as never;
    }
    // Real web streams on both sides, so that any other user of the runtime's DecompressionStream in this
    // process (a reader, pipeThrough) finds the whole interface; only the inflating is done at once.
    const chunks: Uint8Array[] = [];
    let close!: () => void;
    const closed = new Promise<void>((resolve) => {
      close = resolve;
    });
    this.writable = new WritableStream<Uint8Array>({
      write: (chunk) => {
        chunks.push(chunk);
      },
      close: () => close(),
    });
    this.readable = new ReadableStream<Uint8Array>({
      pull: async (controller) => {
        await closed;
        controller.enqueue(inflated(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
        controller.close();
      },
    });
  }
}

/** pdf.js's Flate streams inflated by InflatingStream (see there), in place of the runtime's stream. */
export function inflateOnce(): void {
  if (NativeDecompressionStream && globalThis.DecompressionStream === NativeDecompressionStream)
    globalThis.DecompressionStream = InflatingStream as unknown as typeof DecompressionStream;
}

// pdf.js looks the stream up when it inflates, so it is put in place here, once the classes above exist.
inflateOnce();
