import { ulid } from 'ulid';
import { putEvents, type StoredEvent } from '../adapters/dynamodb/analytics-repository';
import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES, type AnalyticsBatch } from '../contracts/analytics';
import { isVariant } from '../domain/ab-testing';
import type { RequestFacts } from '../shared/context';
import { ValidationError } from '../shared/errors';
import type { Ports } from '../shared/ports';
import { requireBodyAtMost, requireWithinRate } from './public-limits';

/** The ports this service's use cases are handed (the composition root passes them). */
export type AnalyticsDeps = Pick<Ports, 'now'>;

/**
 * Landing analytics (spec 3 §9): a batch of events from one random visitor id, size- and rate-limited,
 * stored with the server's time and nothing about the caller (no address, no user agent, no e-mail).
 */
export async function recordEvents(
  deps: AnalyticsDeps,
  request: RequestFacts,
  batch: AnalyticsBatch,
): Promise<void> {
  requireBodyAtMost(request, ANALYTICS_LIMITS.maxBodyBytes, ANALYTICS_MESSAGES.tooLarge);
  for (const e of batch.events) {
    if (e.type === 'ab_view' && !(e.test && e.variant))
      throw new ValidationError('An A/B view names its test and variant');
    if (e.test && e.variant !== undefined && !isVariant(e.test as never, e.variant))
      throw new ValidationError(`Unknown variant for ${e.test}`);
  }
  await requireWithinRate(deps, 'events', request, ANALYTICS_MESSAGES.rateLimited);
  const at = deps.now().toISOString();
  const stored: StoredEvent[] = batch.events.map((e) => ({
    ...e,
    id: ulid(),
    visitor_id: batch.visitor_id,
    at,
  }));
  await putEvents(stored);
}
