import type { IncomingMessage, ServerResponse } from 'node:http';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** How long a request that arrives while the twin is starting may wait for it (then 503). */
export const STARTUP_WAIT_MS = 10_000;
/** How many such requests may wait at once (the rest are answered 503 at once). */
export const STARTUP_QUEUE_LIMIT = 100;
/** Seconds the 503 asks the client to wait before trying again. */
export const STARTUP_RETRY_AFTER_SECONDS = 1;

/**
 * The twin's answer to requests that arrive while it is starting: the port is bound first (so a port in use
 * is reported at once), and the emulators, the catalogue and the SPA take a few seconds more. A request in
 * that window waits (its body unread, so nothing is buffered) until the twin is ready, at most STARTUP_WAIT_MS;
 * past that, beyond STARTUP_QUEUE_LIMIT waiting requests, or when the start fails, it is answered 503 with
 * Retry-After. No request is left without an answer.
 */
export function startupGate(options: { waitMs?: number; queueLimit?: number } = {}) {
  const waitMs = options.waitMs ?? STARTUP_WAIT_MS;
  const queueLimit = options.queueLimit ?? STARTUP_QUEUE_LIMIT;
  let handler: Listener | null = null;
  let refusing = false;
  const waiting = new Map<ServerResponse, { req: IncomingMessage; timer: NodeJS.Timeout }>();

  const unavailable = (res: ServerResponse) => {
    if (res.headersSent || res.destroyed) return;
    res.writeHead(503, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'retry-after': String(STARTUP_RETRY_AFTER_SECONDS),
    });
    res.end(JSON.stringify({ message: 'Service Unavailable' }));
  };

  return {
    /** The server's request listener from the moment it listens. */
    listener(req: IncomingMessage, res: ServerResponse) {
      if (handler) return handler(req, res);
      if (refusing || waiting.size >= queueLimit) return unavailable(res);
      const timer = setTimeout(() => {
        waiting.delete(res);
        unavailable(res);
      }, waitMs);
      waiting.set(res, { req, timer });
      res.on('close', () => {
        clearTimeout(timer);
        waiting.delete(res);
      });
    },
    /** The twin is ready: the waiting requests, then every later one, go to `next`. */
    ready(next: Listener) {
      handler = next;
      for (const [res, { req, timer }] of waiting) {
        clearTimeout(timer);
        next(req, res);
      }
      waiting.clear();
    },
    /** The twin will not be ready (its start failed, or it is stopping): answer every waiting request 503. */
    refuse() {
      refusing = true;
      for (const [res, { timer }] of waiting) {
        clearTimeout(timer);
        unavailable(res);
      }
      waiting.clear();
    },
    waitingCount: () => waiting.size,
  };
}
