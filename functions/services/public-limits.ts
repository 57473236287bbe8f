import { takeToken } from '../adapters/dynamodb/rate-limit-repository';
import type { RequestFacts } from '../shared/context';
import { PayloadTooLargeError, TooManyRequestsError } from '../shared/errors';
import type { Ports } from '../shared/ports';

/** The ports this service's use cases are handed (the composition root passes them). */
export type LimitsDeps = Pick<Ports, 'now'>;

/**
 * The limits of the public write routes (feedback, analytics events): a size limit on the raw body, and a
 * per-address fixed-window rate limit (the address is hashed into the counter's key, never stored).
 */
export const PUBLIC_RATE_LIMITS = {
  feedback: { limit: 5, windowSeconds: 600 },
  events: { limit: 60, windowSeconds: 60 },
} as const;

export function requireBodyAtMost(request: RequestFacts, maxBytes: number, message: string): void {
  if (request.bodyBytes > maxBytes) throw new PayloadTooLargeError(message);
}

export async function requireWithinRate(
  deps: LimitsDeps,
  bucket: keyof typeof PUBLIC_RATE_LIMITS,
  request: RequestFacts,
  message: string,
): Promise<void> {
  const ok = await takeToken({
    bucket,
    address: request.sourceIp,
    ...PUBLIC_RATE_LIMITS[bucket],
    now: deps.now(),
  });
  if (!ok) throw new TooManyRequestsError(message);
}
