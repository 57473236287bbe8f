import * as z from 'zod/mini';
import { MATCH_MESSAGES } from '../domain/matching';
import { lazy } from './lazy';
import { transactionSchema } from './transactions';

/**
 * Cross-Account Matching (spec 2 §2, §4 Match, §5 Match detection, §8 Matches): GET /api/matches,
 * POST /api/matches/{id}/accept, POST /api/matches/{id}/reject. The screen's messages are the domain's
 * (functions/domain/matching.ts MATCH_MESSAGES); a bulk accept or reject is one call per match, counted by
 * the screen ('Processed {n} matches successfully. {m} matches failed - please retry those individually.').
 */
export const MATCH_MESSAGES_API = {
  ...MATCH_MESSAGES,
  notFound: 'Match not found',
  matchId: 'Not a match id',
  note: 'The note is at most 500 characters',
} as const;

/** A match id: the two transaction ids joined by '_'. */
export const matchIdParamsSchema = lazy(() =>
  z.object({
    id: z
      .string({ error: MATCH_MESSAGES_API.matchId })
      .check(
        z.maxLength(64, MATCH_MESSAGES_API.matchId),
        z.regex(/^[A-Za-z0-9_-]+$/, MATCH_MESSAGES_API.matchId),
      ),
  }),
);

/** One leg: the row with its account's nickname, type and bank. */
export const matchLegSchema = lazy(() =>
  z.extend(transactionSchema, {
    account_name: z.nullable(z.string()),
    account_type: z.nullable(z.string()),
    bank_name: z.nullable(z.string()),
  }),
);
export type MatchLeg = z.infer<typeof matchLegSchema>;

export const matchSchema = lazy(() =>
  z.object({
    id: z.string(),
    confidence: z.number(),
    /** Spec 2 §5: 0.9+ success, 0.8 info, 0.7 warning, else danger. */
    badge: z.enum(['success', 'info', 'warning', 'danger']),
    /** Spec 2 §5: Excellent (0.95+), High (0.9), Good (0.8), Medium (0.7), Low. */
    label: z.enum(['Excellent', 'High', 'Good', 'Medium', 'Low']),
    reason: z.string(),
    date_diff: z.number(),
    amount_match: z.boolean(),
    created_at: z.string(),
    /** The money-out side when directions are known. */
    transaction1: matchLegSchema,
    transaction2: matchLegSchema,
  }),
);
export type Match = z.infer<typeof matchSchema>;
export const matchListSchema = lazy(() => z.object({ matches: z.array(matchSchema) }));
export type MatchList = z.infer<typeof matchListSchema>;

/** POST /api/matches/{id}/reject: an optional note, kept after the audit reason's prefix and the pair's id. */
export const rejectMatchRequestSchema = lazy(() =>
  z.optional(
    z.object({ note: z.optional(z.nullable(z.string().check(z.maxLength(500, MATCH_MESSAGES_API.note)))) }),
  ),
);

/** What an accept changed (the legs now internal_transfer) or a reject left (none). */
export const matchActionResponseSchema = lazy(() =>
  z.object({
    id: z.string(),
    transactions: z.array(transactionSchema),
  }),
);
export type MatchActionResponse = z.infer<typeof matchActionResponseSchema>;
