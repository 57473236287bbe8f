import { ulid } from 'ulid';
import { putFeedback } from '../adapters/dynamodb/feedback-repository';
import {
  FEEDBACK_LIMITS,
  FEEDBACK_MAX_BODY_BYTES,
  FEEDBACK_MESSAGES,
  type FeedbackRequest,
  type FeedbackSource,
} from '../contracts/feedback';
import { prepareFeedback, validateEmail } from '../domain/validation';
import type { AuthContext, RequestFacts } from '../shared/context';
import { ValidationError } from '../shared/errors';
import type { Ports } from '../shared/ports';
import { requireBodyAtMost, requireWithinRate } from './public-limits';

/** The ports this service's use cases are handed (the composition root passes them). */
export type FeedbackDeps = Pick<Ports, 'now'>;

/**
 * Feedback from the floating widget (spec 1 §2, §3, §5): size-limited and rate-limited per address, the
 * message required after trimming, the e-mail null when empty and checked when given, stored with source,
 * submitted_at, the browser's user agent and the page (its address without query or fragment, which may
 * hold sign-in codes). From the app, the signed-in user's id is recorded too.
 */
export async function submitFeedback(
  deps: FeedbackDeps,
  request: RequestFacts,
  body: FeedbackRequest,
  from: { source: FeedbackSource; auth: AuthContext | null },
): Promise<{ received: true }> {
  requireBodyAtMost(request, FEEDBACK_MAX_BODY_BYTES, FEEDBACK_MESSAGES.tooLarge);
  const userAgent = request.userAgent;
  const record = prepareFeedback(
    { message: body.message, email: body.email },
    {
      now: deps.now(),
      userAgent: userAgent ? userAgent.slice(0, FEEDBACK_LIMITS.userAgent) : null,
      url: pageAddress(body.url),
    },
  );
  if (!record) throw new ValidationError(FEEDBACK_MESSAGES.blank, { field: 'message' });
  if (record.contact_email) {
    const invalid = validateEmail(record.contact_email);
    if (invalid) throw new ValidationError(invalid, { field: 'email' });
  }
  await requireWithinRate(deps, 'feedback', request, FEEDBACK_MESSAGES.rateLimited);
  await putFeedback({ id: ulid(), ...record, source: from.source, user_id: from.auth?.userId ?? null });
  return { received: true };
}

/** The page's address without its query and fragment; null when it is not an http(s) address. */
export function pageAddress(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return null;
  }
}
