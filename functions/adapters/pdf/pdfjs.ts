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
 * pdf.js is given its worker module: it runs the worker's code in this thread (its "fake worker"), with no
 * worker thread and no worker file to find at run time (in Lambda, pdf.js comes from a layer).
 */
const nativeParse = JSON.parse;
const nativeStringify = JSON.stringify;
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
