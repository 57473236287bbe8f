/**
 * pdf.js's legacy build carries core-js, which on Node 20 replaces JSON.stringify (always) and JSON.parse
 * (whenever it is given a reviver, as the AWS SDK's JSON protocol parses every DynamoDB answer) with
 * JavaScript implementations of two newer proposals (JSON.rawJSON, parse with source text). They are many
 * times slower than the engine's own, and once pdf.js is loaded they serve the whole process: every DynamoDB
 * call and every JSON body of a function that reads PDFs, and of the local twin, which runs every function
 * in one process. pdf.js uses neither proposal, so the engine's own are put back once it is loaded.
 *
 * This module is imported, for its side effect, before pdf.js by every module that imports pdf.js (so the
 * engine's own are taken before pdf.js replaces them); each then calls restoreNativeJson().
 */
const nativeParse = JSON.parse;
const nativeStringify = JSON.stringify;

export function restoreNativeJson(): void {
  if (JSON.parse !== nativeParse) JSON.parse = nativeParse;
  if (JSON.stringify !== nativeStringify) JSON.stringify = nativeStringify;
}
