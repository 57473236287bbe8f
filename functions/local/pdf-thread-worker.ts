import './polyfills';
import { parentPort } from 'node:worker_threads';
import { OcrEngine } from '../adapters/ocr/engine';
import { pdfPageImages } from '../adapters/ocr/page-images';
import { readScan } from '../adapters/ocr/scan-reader';
import { extractTextLayer } from '../adapters/pdf/text-layer';
import { keptTextOf, readKeptText } from '../services/pipeline/kept-text';
import type { TextLayerReading } from '../shared/ports';
import type { PdfThreadReply, PdfThreadRequest } from './pdf-thread';

/**
 * The twin's PDF thread (see ./pdf-thread.ts): reads text layers and scans, and draws pages, off the twin's main thread, and reads a PDF's kept text as a statement for Parse. Each
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

/** A text layer's blocks packed here as the kept text's bytes: only those cross to the API's thread. */
function kept(reading: TextLayerReading): TextLayerReading {
  return reading.ok && 'blocks' in reading
    ? { ok: true, kept: keptTextOf(reading.blocks), pages: reading.pages }
    : reading;
}

port.on('message', (request: PdfThreadRequest) => {
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
    (value) => {
      // The kept text's bytes are moved, not copied, to the API's thread.
      const moved = value && typeof value === 'object' && 'kept' in value ? [value.kept as Uint8Array] : [];
      port.postMessage(
        { id: request.id, ok: true, value } satisfies PdfThreadReply,
        moved.map((b) => b.buffer as ArrayBuffer),
      );
    },
    (error: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: String(error) } satisfies PdfThreadReply),
  );
});
