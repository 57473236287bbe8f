import { ulid } from 'ulid';
import { putEvents, type StoredEvent } from '../adapters/dynamodb/analytics-repository';
import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES, type AnalyticsBatch } from '../contracts/analytics';
import { isVariant } from '../domain/ab-testing';
import { services } from '../shared/container';
import { ValidationError } from '../shared/errors';
import type { HttpEvent } from '../shared/http';
import { requireBodyAtMost, requireWithinRate } from './public-limits';

/**
 * Landing analytics (spec 3 §9): a batch of events from one random visitor id, size- and rate-limited,
 * stored with the server's time and nothing about the caller (no address, no user agent, no e-mail).
 */
export async function recordEvents(event: HttpEvent, batch: AnalyticsBatch): Promise<void> {
  requireBodyAtMost(event, ANALYTICS_LIMITS.maxBodyBytes, ANALYTICS_MESSAGES.tooLarge);
  for (const e of batch.events) {
    if (e.type === 'ab_view' && !(e.test && e.variant))
      throw new ValidationError('An A/B view names its test and variant');
    if (e.test && e.variant !== undefined && !isVariant(e.test as never, e.variant))
      throw new ValidationError(`Unknown variant for ${e.test}`);
  }
  await requireWithinRate('events', event, ANALYTICS_MESSAGES.rateLimited);
  const at = services().now().toISOString();
  const stored: StoredEvent[] = batch.events.map((e) => ({
    ...e,
    id: ulid(),
    visitor_id: batch.visitor_id,
    at,
  }));
  await putEvents(stored);
}
