import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** Text types CloudFront compresses (its list includes these), from 1,000 bytes up (as CloudFront does). */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.webmanifest',
  '.txt',
  '.map',
]);
const MIN_COMPRESSED_BYTES = 1000;

type Encoding = 'br' | 'gzip';

/** The encoding to answer with: Brotli when the browser accepts it, else gzip, else none (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

const COMPRESSED_DIR = join(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  '.cache',
  'family-finance',
  'web',
);

/**
 * Serves the built SPA (web/dist) as CloudFront does: hashed assets cached for a year, any path without a file
 * extension answered with index.html (client routes), and text files compressed (Brotli or gzip, as the
 * browser accepts: CloudFront's CachingOptimized policy) once per file version, kept in memory. Brotli at this
 * quality costs seconds of CPU over the app's scripts, so each compressed copy is also kept on disk (under
 * `compressedDir`, named by its content's hash): a later twin serving the same build reads it back.
 */
export function serveStatic(root: string, options: { compressedDir?: string } = {}) {
  const base = resolve(root);
  const dir = options.compressedDir ?? COMPRESSED_DIR;
  const compressed = new Map<string, { version: string; body: Buffer }>();
  const compress = (raw: Buffer, encoding: Encoding): Buffer =>
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : gzipSync(raw, { level: 9 });
  const compressedBody = (file: string, encoding: Encoding, version: string): Buffer => {
    const key = `${encoding}:${file}`;
    const kept = compressed.get(key);
    if (kept?.version === version) return kept.body;
    const raw = readFileSync(file);
    const onDisk = join(dir, `${createHash('sha256').update(raw).digest('hex').slice(0, 32)}.q9.${encoding}`);
    let body: Buffer;
    try {
      body = readFileSync(onDisk);
    } catch {
      body = compress(raw, encoding);
      try {
        mkdirSync(dir, { recursive: true });
        const partial = `${onDisk}.${process.pid}.partial`;
        writeFileSync(partial, body);
        renameSync(partial, onDisk);
      } catch {
        // Not kept on disk (a read-only folder): kept in memory for this twin only.
      }
    }
    compressed.set(key, { version, body });
    return body;
  };
  return function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://local');
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      // Not valid percent-encoding (`%`, `%ZZ`): a bad request, as CloudFront answers it, never a 500.
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Request');
      return;
    }
    let path = normalize(decoded);
    if (path.includes('\0')) path = '/';
    let file = join(base, path);
    if (!file.startsWith(base)) file = join(base, 'index.html');
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      if (extname(path)) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      file = join(base, 'index.html');
    }
    const immutable = file.includes(`${join(base, 'assets')}`);
    const headers: Record<string, string | number> = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    };
    const stat = statSync(file);
    const encoding =
      COMPRESSIBLE.has(extname(file)) && stat.size >= MIN_COMPRESSED_BYTES
        ? chooseEncoding(req.headers['accept-encoding'])
        : null;
    if (COMPRESSIBLE.has(extname(file))) headers.vary = 'Accept-Encoding';
    if (encoding) {
      const body = compressedBody(file, encoding, `${stat.mtimeMs}:${stat.size}`);
      res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': stat.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  };
}
