import { takeToken } from '../adapters/dynamodb/rate-limit-repository';
import { services } from '../shared/container';
import { PayloadTooLargeError, TooManyRequestsError } from '../shared/errors';
import type { HttpEvent } from '../shared/http';

/**
 * The limits of the public write routes (feedback, analytics events): a size limit on the raw body, and a
 * per-address fixed-window rate limit (the address is hashed into the counter's key, never stored).
 */
export const PUBLIC_RATE_LIMITS = {
  feedback: { limit: 5, windowSeconds: 600 },
  events: { limit: 60, windowSeconds: 60 },
} as const;

export function requireBodyAtMost(event: HttpEvent, maxBytes: number, message: string): void {
  const body = event.body ?? '';
  const bytes = event.isBase64Encoded ? Math.floor((body.length * 3) / 4) : Buffer.byteLength(body);
  if (bytes > maxBytes) throw new PayloadTooLargeError(message);
}

/** The caller's address as API Gateway saw it (the twin fills the same field). */
export function callerAddress(event: HttpEvent): string {
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

export async function requireWithinRate(
  bucket: keyof typeof PUBLIC_RATE_LIMITS,
  event: HttpEvent,
  message: string,
): Promise<void> {
  const ok = await takeToken({
    bucket,
    address: callerAddress(event),
    ...PUBLIC_RATE_LIMITS[bucket],
    now: services().now(),
  });
  if (!ok) throw new TooManyRequestsError(message);
}
