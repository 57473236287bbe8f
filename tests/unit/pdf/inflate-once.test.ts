import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import '../../../functions/adapters/pdf/pdfjs';

/**
 * The DecompressionStream pdf.js inflates its Flate streams with once pdf.js is loaded
 * (functions/adapters/pdf/pdfjs.ts, InflatingStream): used as pdf.js uses it (one chunk written, the writer
 * closed, every chunk read), it gives what zlib gives, fails on damaged data as the runtime's stream fails
 * (pdf.js then inflates with its own code), inflates the same bytes of one buffer once, and leaves every
 * other format to the runtime's own stream.
 */
async function inflateAsPdfjsDoes(bytes: Uint8Array, format = 'deflate'): Promise<Uint8Array> {
  const { readable, writable } = new DecompressionStream(format as CompressionFormat);
  const writer = writable.getWriter();
  await writer.ready;
  writer
    .write(bytes as Uint8Array<ArrayBuffer>)
    .then(async () => {
      await writer.ready;
      await writer.close();
    })
    .catch(() => undefined);
  const chunks: Uint8Array[] = [];
  for await (const chunk of readable as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

const text = new TextEncoder().encode('BT /F1 9 Tf 72 700 Td (Card payment) Tj ET\n'.repeat(200));

describe('inflating pdf.js streams', () => {
  it('gives what zlib gives, for a stream alone and for one inside a file', async () => {
    const compressed = deflateSync(text);
    expect(await inflateAsPdfjsDoes(compressed)).toEqual(text);
    const file = new Uint8Array(compressed.length + 20);
    file.set(compressed, 10);
    const view = file.subarray(10, 10 + compressed.length);
    expect(await inflateAsPdfjsDoes(view)).toEqual(text);
    // The same bytes of the file again (the page's operator list after its text content).
    expect(await inflateAsPdfjsDoes(file.subarray(10, 10 + compressed.length))).toEqual(text);
  });

  it('fails on damaged data, as the runtime stream does', async () => {
    const damaged = new Uint8Array(deflateSync(text));
    damaged.fill(0xff, 20, 40);
    await expect(inflateAsPdfjsDoes(damaged)).rejects.toThrow();
    await expect(inflateAsPdfjsDoes(deflateSync(text).subarray(0, 30))).rejects.toThrow();
  });

  it('serves the whole web-streams interface to any other user in the process (pipeThrough, a reader)', async () => {
    const piped = new Blob([deflateSync(text)]).stream().pipeThrough(new DecompressionStream('deflate'));
    expect(new Uint8Array(await new Response(piped).arrayBuffer())).toEqual(text);
  });

  it('leaves other formats to the runtime', async () => {
    const stream = new DecompressionStream('gzip');
    expect(stream.readable).toBeInstanceOf(ReadableStream);
    expect(await inflateAsPdfjsDoes(gzipSync(text), 'gzip')).toEqual(text);
  });
});
