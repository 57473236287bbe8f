import type { IncomingMessage } from 'node:http';

/**
 * Reads a request body for the twin's gateway, holding at most `limit` bytes: API Gateway's HTTP API refuses a
 * payload over 10 MiB with 413, and so does the twin, without buffering the rest. A declared Content-Length
 * over the limit is refused before anything is read; a body that streams past it (chunked, or a lying
 * Content-Length) is refused the moment it does. Either way the answer goes out at once, and the rest of the
 * body is read and dropped (nothing is kept) so the client, still sending, receives the 413 rather than a reset
 * connection.
 */
export type BodyResult = { tooLarge: false; body: Buffer } | { tooLarge: true };

export function readLimitedBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume(); // drop whatever arrives
      resolve({ tooLarge: true });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!over) resolve({ tooLarge: false, body: Buffer.concat(chunks) });
    });
    req.on('error', (error) => {
      if (!over) reject(error);
    });
  });
}
