import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import '../../../functions/adapters/ocr/render';
import { extractTextLayer } from '../../../functions/adapters/pdf';
import { bundledCode } from '../../../functions/local/bundled-code';

/**
 * pdf.js's legacy build replaces JSON.parse and JSON.stringify with core-js's slower implementations of the
 * JSON.rawJSON and parse-with-source proposals; the PDF adapter puts the engine's own back once pdf.js is
 * loaded (functions/adapters/pdf/pdfjs.ts). Their behaviour in the cases core-js changes tells which is in
 * place on Node 20: as the tests run the adapter,
 * and bundled with its packages left external, as a Lambda's code and the twin's PDF process are.
 */
const builtinsNow = () => {
  const contexts: unknown[] = [];
  const parsed = JSON.parse('{"a":9007199254740993}', function (this: unknown, _key: string, value: unknown) {
    // biome-ignore lint/complexity/noArguments: the third argument is what the proposal adds
    contexts.push(arguments[2]);
    return value;
  });
  const raw = (JSON as { rawJSON?: (text: string) => unknown }).rawJSON;
  return {
    parsed,
    sourceGivenToReviver: contexts.some((c) => c !== undefined),
    rawJson: raw ? JSON.stringify({ a: raw('1') }) === '{"a":1}' : false,
  };
};
const ENGINE_OWN = {
  parsed: { a: 9007199254740992 },
  sourceGivenToReviver: false,
  rawJson: false,
};

describe('JSON once pdf.js is loaded', () => {
  it('are the engine’s own: JSON without the proposals', () => {
    expect(typeof extractTextLayer).toBe('function');
    expect(builtinsNow()).toEqual(ENGINE_OWN);
  });

  it('are the engine’s own in a bundle that leaves packages external (a Lambda’s, the twin’s PDF process)', async () => {
    const entry = `import { extractTextLayer } from ${JSON.stringify(join(import.meta.dirname, '../../../functions/adapters/pdf/text-layer.ts'))};
      const builtinsNow = ${builtinsNow.toString()};
      console.log(JSON.stringify({ loaded: typeof extractTextLayer, ...builtinsNow() }));`;
    expect(await runBundled(entry)).toEqual({ loaded: 'function', ...ENGINE_OWN });
  }, 60_000);
});

describe('Array.prototype.push in the twin’s PDF process', () => {
  it('is the engine’s own once the process puts it back, pdf.js loaded (core-js replaces it on Node 20)', async () => {
    const adapters = join(import.meta.dirname, '../../../functions/adapters/pdf');
    const entry = `import { extractTextLayer } from ${JSON.stringify(join(adapters, 'text-layer.ts'))};
      import { restoreNativePush } from ${JSON.stringify(join(adapters, 'pdfjs.ts'))};
      restoreNativePush();
      const list = [1];
      const length = list.push(2, 3);
      console.log(JSON.stringify({
        loaded: typeof extractTextLayer,
        engineOwn: Function.prototype.toString.call(Array.prototype.push).includes('[native code]'),
        enumerable: Object.keys(Array.prototype).includes('push'),
        list,
        length,
      }));`;
    expect(await runBundled(entry)).toEqual({
      loaded: 'function',
      engineOwn: true,
      enumerable: false,
      list: [1, 2, 3],
      length: 3,
    });
  }, 60_000);
});

/** Runs `entry` bundled as the twin bundles its PDF process (packages left external, as a Lambda's code is);
 * its last line of output, as JSON. */
async function runBundled(entry: string): Promise<unknown> {
  // Inside the repository, so that the bundle's package imports resolve from its node_modules.
  const dir = join(import.meta.dirname, '../../../node_modules/.cache/family-finance/builtins-check');
  mkdirSync(dir, { recursive: true });
  const source = join(dir, `builtins-${process.pid}-${Date.now()}.ts`);
  writeFileSync(source, entry);
  let file: string | undefined;
  try {
    file = await bundledCode('builtins', 'the built-ins check', { entry: source, dir });
    const { stdout } = await promisify(execFile)(process.execPath, [file], {
      env: { ...process.env, NODE_OPTIONS: undefined },
    });
    return JSON.parse(stdout.trim().split('\n').at(-1)!);
  } finally {
    rmSync(source, { force: true });
    if (file) rmSync(file, { force: true });
  }
}
