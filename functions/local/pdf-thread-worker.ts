import './polyfills';
import { parentPort } from 'node:worker_threads';
import { OcrEngine } from '../adapters/ocr/engine';
import { localPageImages } from '../adapters/ocr/page-images';
import { readScan } from '../adapters/ocr/scan-reader';
import { extractTextLayer } from '../adapters/pdf/text-layer';
import type { PdfThreadReply, PdfThreadRequest } from './pdf-thread';

/**
 * The twin's PDF thread (see ./pdf-thread.ts): reads text layers and scans, and draws pages, off the twin's main thread. Each
 * request is answered by id; requests run concurrently (a text layer is read while a scan's pages wait on
 * the OCR engine's own workers). `close` ends the OCR engine and then this thread.
 */
const port = parentPort;
if (!port) throw new Error('pdf-thread-worker runs as a worker thread');

let engine: OcrEngine | null = null;
const ocr = () => {
  engine ??= new OcrEngine();
  return engine;
};

port.on('message', (request: PdfThreadRequest) => {
  if (request.op === 'close') {
    void (engine?.close() ?? Promise.resolve()).finally(() => process.exit(0));
    return;
  }
  const work =
    request.op === 'textLayer'
      ? extractTextLayer(request.bytes, request.options)
      : request.op === 'pageImage'
        ? localPageImages.render(request.bytes, request.page)
        : readScan(request.bytes, ocr());
  work.then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies PdfThreadReply),
    (error: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: String(error) } satisfies PdfThreadReply),
  );
});
