import './polyfills';
import { Worker } from 'node:worker_threads';
import { OcrEngine } from '../adapters/ocr/engine';
import { pdfPageImages } from '../adapters/ocr/page-images';
import { readScan } from '../adapters/ocr/scan-reader';
import { restoreNativePush } from '../adapters/pdf/pdfjs';
import { extractTextLayer } from '../adapters/pdf/text-layer';
import { keptTextOf, readKeptText } from '../services/pipeline/kept-text';
import type { TextLayerReading } from '../shared/ports';
import type { PdfProcessReply, PdfProcessRequest } from './pdf-process';

/**
 * The twin's PDF process (see ./pdf-process.ts): reads text layers and scans, and draws pages, away from the
 * twin's API, and reads a PDF's kept text as a statement for Parse. Each request is answered by id; requests
 * run concurrently (a text layer is read while a scan's pages wait on the OCR engine's own workers). `close`
 * ends the OCR engine and then this process.
 *
 * The twin alone decides when this process ends: it ignores the terminal's Ctrl-C and the signals sent to the
 * twin's whole process group (the twin closes it when it stops), and a watchdog thread ends it at once when
 * the twin has gone (killed, crashed) — even while pdf.js holds this process's own thread on a long page.
 */
// This process runs pdf.js and the statement reader alone: the engine's own push back (see pdfjs.ts).
restoreNativePush();

const send = process.send?.bind(process);
if (!send) throw new Error('pdf-process-child runs as a child process with an IPC channel');
const parentPid = process.ppid;

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => undefined);

new Worker(
  `const { workerData } = require('node:worker_threads');
   setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, 500);`,
  { eval: true, workerData: parentPid },
).unref();
// Sooner when the channel closes while this thread is free to notice.
process.on('disconnect', () => process.exit(0));

let engine: OcrEngine | null = null;
const ocr = () => {
  engine ??= new OcrEngine();
  return engine;
};

/** A text layer's blocks packed here as the kept text's bytes: only those cross to the twin's API. */
function kept(reading: TextLayerReading): TextLayerReading {
  return reading.ok && 'blocks' in reading
    ? {
        ok: true,
        kept: keptTextOf(reading.blocks),
        pages: reading.pages,
        ...(reading.unreadablePages ? { unreadablePages: reading.unreadablePages } : {}),
      }
    : reading;
}

process.on('message', (request: PdfProcessRequest) => {
  if (request.op === 'close') {
    void (engine?.close() ?? Promise.resolve()).finally(() => process.exit(0));
    return;
  }
  const work: Promise<unknown> =
    request.op === 'textLayer'
      ? extractTextLayer(request.bytes, request.options).then(kept)
      : request.op === 'keptText'
        ? Promise.resolve().then(() => readKeptText(request.bytes, request.options))
        : request.op === 'pageImage'
          ? pdfPageImages.render(request.bytes, request.page)
          : readScan(request.bytes, ocr());
  work.then(
    (value) => send({ id: request.id, ok: true, value } satisfies PdfProcessReply),
    (error: unknown) => send({ id: request.id, ok: false, error: String(error) } satisfies PdfProcessReply),
  );
});
