import { describe, expect, it } from 'vitest';
import { extractTextLayer } from '../../../functions/adapters/pdf';
import '../../../functions/adapters/ocr/render';

/**
 * pdf.js's legacy build replaces JSON.parse and JSON.stringify with core-js's slower implementations of the
 * JSON.rawJSON and parse-with-source proposals, and Array.prototype.push with core-js's JavaScript one; the
 * PDF adapter puts the engine's own back once pdf.js is loaded (native-builtins.ts). Their behaviour in the
 * cases core-js changes tells which is in place on Node 20.
 */
describe('built-ins once pdf.js is loaded', () => {
  it('JSON is the engine’s own: no source text given to a reviver, no raw JSON values', () => {
    expect(typeof extractTextLayer).toBe('function');
    const contexts: unknown[] = [];
    expect(
      JSON.parse('{"a":9007199254740993}', function (this: unknown, _key: string, value: unknown) {
        contexts.push(arguments[2]);
        return value;
      }),
    ).toEqual({ a: 9007199254740992 });
    expect(contexts.every((c) => c === undefined)).toBe(true);
    const raw = (JSON as { rawJSON?: (text: string) => unknown }).rawJSON;
    if (raw) expect(JSON.stringify({ a: raw('1') })).not.toBe('{"a":1}');
  });

  it('Array.prototype.push is the engine’s own: pushing nothing onto a read-only length does not throw', () => {
    expect(typeof extractTextLayer).toBe('function');
    const frozenLength = Object.defineProperty([] as number[], 'length', { writable: false });
    expect(() => frozenLength.push()).not.toThrow();
    expect(Object.getOwnPropertyDescriptor(Array.prototype, 'push')).toMatchObject({
      writable: true,
      enumerable: false,
      configurable: true,
    });
    const list = [1];
    expect(list.push(2, 3)).toBe(3);
    expect(list).toEqual([1, 2, 3]);
  });
});
