/**
 * pdf.js's legacy build carries core-js, which on Node 20 replaces built-ins the whole process then uses:
 *  - JSON.stringify (always) and JSON.parse (whenever it is given a reviver, as the AWS SDK's JSON protocol
 *    parses every DynamoDB answer) with JavaScript implementations of two newer proposals (JSON.rawJSON,
 *    parse with source text), many times slower than the engine's own;
 *  - Array.prototype.push with a JavaScript function (for an edge case: pushing nothing onto an array whose
 *    length is read-only must throw), which every push of every array then goes through: about a third of
 *    the CPU time pdf.js spends reading a statement's text layer, and as much of the statement reader's.
 * Once pdf.js is loaded they serve every module of the process: every DynamoDB call, JSON body and array of a
 * function that reads PDFs, of the twin's PDF process (which also reads the kept text as a statement), and of
 * the local twin, which runs every function in one process. pdf.js relies on neither the proposals nor the
 * edge case, so the engine's own are put back once it is loaded.
 *
 * This module is imported, for its side effect, before pdf.js by every module that imports pdf.js (so the
 * engine's own are taken before pdf.js replaces them); each then calls restoreNativeBuiltins().
 */
const nativeParse = JSON.parse;
const nativeStringify = JSON.stringify;
// biome-ignore lint/suspicious/noExplicitAny: the built-in itself, whatever its declared overloads
const nativePush: (...items: any[]) => number = Array.prototype.push;

export function restoreNativeBuiltins(): void {
  if (JSON.parse !== nativeParse) JSON.parse = nativeParse;
  if (JSON.stringify !== nativeStringify) JSON.stringify = nativeStringify;
  if (Array.prototype.push !== nativePush)
    Object.defineProperty(Array.prototype, 'push', {
      value: nativePush,
      writable: true,
      enumerable: false,
      configurable: true,
    });
}
