import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, serveStatic } from '../../../functions/local/static-files';

/** The twin's SPA files (web/dist served as CloudFront would), on a loopback server of their own. */
let server: Server;
let url: string;
let root: string;
let compressedDir: string;
const SCRIPT = `export const figures = [${Array.from({ length: 400 }, (_, i) => i).join(', ')}];\n`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ff-static-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'index-abc123.js'), SCRIPT);
  compressedDir = join(root, 'compressed');
  server = createServer(serveStatic(root, { compressedDir }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
});

/** The bytes as sent (fetch would undo the compression). */
function raw(path: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolveRaw, reject) => {
    get(`${url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolveRaw({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('serveStatic', () => {
  it.each(['/%', '/%ZZ', '/app/%E0%A4%A'])(
    '%s (not valid percent-encoding) is a 400, not a 500',
    async (path) => {
      const response = await fetch(`${url}${path}`);
      expect(response.status).toBe(400);
    },
  );

  it('a client route is answered with the app', async () => {
    const response = await fetch(`${url}/app/accounts`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>app</title>');
  });

  it('a hashed script is sent Brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const response = await raw('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body.length).toBeLessThan(SCRIPT.length / 2);
    expect(brotliDecompressSync(response.body).toString('utf8')).toBe(SCRIPT);
  });

  it('gzip when Brotli is not accepted, and the file as it is when neither is', async () => {
    const gzip = await raw('/assets/index-abc123.js', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(SCRIPT);
    const plain = await raw('/assets/index-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
  });

  it('keeps each compressed copy on disk by its content, and a later server of the same build sends it', async () => {
    const first = await raw('/assets/index-abc123.js', 'br');
    const kept = readdirSync(compressedDir).filter((f) => f.endsWith('.br'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^[0-9a-f]{32}\.q9\.br$/);
    // A kept copy is what a later server sends, not compressed again: a copy of other bytes (the same script at
    // Brotli's fastest quality) tells the two apart.
    const marked = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } });
    expect(marked.equals(first.body)).toBe(false);
    writeFileSync(join(compressedDir, kept[0] ?? ''), marked);
    const later = createServer(serveStatic(root, { compressedDir }));
    await new Promise<void>((r) => later.listen(0, '127.0.0.1', r));
    try {
      const address = later.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const again = await new Promise<Buffer>((resolveGet, reject) => {
        get(
          `http://127.0.0.1:${port}/assets/index-abc123.js`,
          { headers: { 'accept-encoding': 'br' } },
          (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => resolveGet(Buffer.concat(chunks)));
          },
        ).on('error', reject);
      });
      expect(brotliDecompressSync(again).toString('utf8')).toBe(SCRIPT);
      expect(again.equals(marked)).toBe(true);
    } finally {
      later.closeAllConnections();
      await new Promise((r) => later.close(r));
    }
  });

  it('a file under 1,000 bytes is sent as it is (CloudFront compresses from 1,000 bytes)', async () => {
    const response = await raw('/', 'gzip, br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString('utf8')).toContain('<title>app</title>');
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
