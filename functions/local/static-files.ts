import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

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

/**
 * Serves the built SPA (web/dist) as CloudFront does: files as they are, hashed assets cached for a year,
 * and any path without a file extension answered with index.html (client routes).
 */
export function serveStatic(root: string) {
  const base = resolve(root);
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
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    createReadStream(file).pipe(res);
  };
}
