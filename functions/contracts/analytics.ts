import * as z from 'zod/mini';
import { AB_TEST_NAMES, EVENT_TYPES } from '../domain/ab-testing';
import { lazy } from './lazy';

/**
 * POST /api/events (public; spec 3 §9 Analytics tracking): a batch of landing-page events, sent with
 * navigator.sendBeacon. Nothing here can carry a person's data: the visitor is a random id made in the
 * browser (letters, digits and hyphens only, so never an e-mail address), the page is a path without its
 * query, and every other field is a number or one of a fixed set of words. The caller's address is used
 * for the rate limit only and never stored.
 */
export const ANALYTICS_LIMITS = { eventsPerBatch: 20, maxBodyBytes: 8 * 1024 } as const;

const word = lazy(() => z.string().check(z.regex(/^[a-z_]{1,40}$/i, 'Unknown value')));

export const analyticsEventSchema = lazy(() =>
  z.object({
    type: z.enum(EVENT_TYPES, 'Unknown event type'),
    path: z.optional(z.string().check(z.regex(/^\/[A-Za-z0-9/_-]{0,199}$/, 'The page must be a path'))),
    test: z.optional(z.enum(AB_TEST_NAMES as [string, ...string[]], 'Unknown A/B test')),
    variant: z.optional(word),
    /** Scroll depth mark in percent. */
    depth: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100))),
    /** Seconds on the page. */
    seconds: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(86_400))),
    /** Which call to action: hero, pricing, bottom, header. */
    cta: z.optional(word),
  }),
);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = lazy(() =>
  z.object({
    visitor_id: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'The visitor id must be a random id')),
    events: z
      .array(analyticsEventSchema)
      .check(
        z.minLength(1, 'No events'),
        z.maxLength(
          ANALYTICS_LIMITS.eventsPerBatch,
          `At most ${ANALYTICS_LIMITS.eventsPerBatch} events a request`,
        ),
      ),
  }),
);
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

export const ANALYTICS_MESSAGES = {
  tooLarge: 'Too many events in one request.',
  rateLimited: 'Too many requests. Please wait a moment before trying again.',
} as const;
