import type { IncomingMessage } from 'node:http';

/**
 * The twin's own endpoints (/local/*: invoke a handler with any claims, read the outbox's sign-in links, the
 * Cognito stand-in) are for the developer on this machine only:
 *  - served only to loopback peers (the socket's remote address), whatever the twin is bound to;
 *  - only at the twin's own host name (localhost, 127.0.0.1 or [::1] with its port), so a page on another
 *    site cannot reach them by pointing its own name at 127.0.0.1 (DNS rebinding);
 *  - writes (anything but GET, HEAD, OPTIONS) only with a JSON body (a cross-site form or text/plain POST
 *    cannot send one without a CORS preflight, which the twin does not grant) and from the twin's own
 *    origin, or with no Origin at all (the command line: npm run invoke).
 */
export interface Refusal {
  status: number;
  message: string;
}

export function twinOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** JSON, including the AWS JSON protocol Amplify speaks to the Cognito stand-in (application/x-amz-json-1.1). */
const JSON_TYPE = /^application\/(json|x-amz-json-1\.[01]|[\w.-]+\+json)\s*(;|$)/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function checkLocalRequest(
  req: Pick<IncomingMessage, 'method' | 'headers'> & { socket: { remoteAddress?: string | undefined } },
  port: number,
): Refusal | null {
  if (!isLoopback(req.socket.remoteAddress))
    return { status: 403, message: "The twin's /local/ endpoints answer only on this machine." };
  const host = (req.headers.host ?? '').toLowerCase();
  if (!twinOrigins(port).some((origin) => origin === `http://${host}`))
    return { status: 403, message: `The twin's /local/ endpoints answer only at localhost:${port}.` };
  if (SAFE_METHODS.has((req.method ?? 'GET').toUpperCase())) return null;
  const origin = req.headers.origin;
  if (origin !== undefined && !twinOrigins(port).includes(origin))
    return { status: 403, message: "Requests from other sites to the twin's /local/ endpoints are refused." };
  if (!JSON_TYPE.test(req.headers['content-type'] ?? ''))
    return { status: 415, message: 'Send a JSON body, with Content-Type: application/json.' };
  return null;
}
