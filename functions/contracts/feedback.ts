import * as z from 'zod/mini';
import { lazy } from './lazy';

/**
 * Feedback (spec 1 §2 Feedback widget, §3 Feedback, §5): a message (non-blank after trimming), an optional
 * contact e-mail (null when empty, checked when given) and the page it was sent from. The server adds
 * source, submitted_at and user_agent; in the app, the signed-in user. Sizes are bounded here so a body
 * can never be large (POST /api/feedback is public).
 */
export const FEEDBACK_LIMITS = { message: 2000, email: 254, url: 500, userAgent: 400 } as const;
/** A whole request body: the fields above with room for JSON quoting. */
export const FEEDBACK_MAX_BODY_BYTES = 8 * 1024;

export const feedbackRequestSchema = lazy(() =>
  z.object({
    message: z
      .string('Please enter your feedback')
      .check(
        z.maxLength(
          FEEDBACK_LIMITS.message,
          `Please keep your feedback under ${FEEDBACK_LIMITS.message} characters`,
        ),
      ),
    email: z.optional(
      z.nullable(z.string().check(z.maxLength(FEEDBACK_LIMITS.email, 'Please enter a valid email address'))),
    ),
    url: z.optional(
      z.nullable(z.string().check(z.maxLength(FEEDBACK_LIMITS.url, 'The page address is too long'))),
    ),
  }),
);
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackResponseSchema = lazy(() => z.object({ received: z.literal(true) }));

export const FEEDBACK_MESSAGES = {
  blank: 'Please enter your feedback',
  tooLarge: 'This feedback is too long to send.',
  rateLimited: 'Too many requests. Please wait a moment before trying again.',
} as const;

/** Where a piece of feedback was sent from: the landing page (spec 1 §3) or the signed-in app. */
export type FeedbackSource = 'landing_page' | 'app';
