import * as z from 'zod/mini';
import { INTENT_FLOWS, INTENT_KINDS } from '../domain/assistant/intents';
import { FLOW_TYPES } from '../domain/types';
import { lazy } from './lazy';

/**
 * The Financial AI Assistant and the Analytics & Insights page (spec 3 §2.5, §2.6, §3 chat message and
 * insight, §4.3 Chat, §5 Chat, §7, §8). Shared by the handlers and the SPA.
 */
export const QUESTION_MAX_CHARS = 500;
/** History kept per family member (spec 3 §7: the last 10 messages). */
export const HISTORY_MESSAGES = 10;

export const ASSISTANT_INPUT_MESSAGES = {
  empty: 'Type a question to ask the assistant.',
  tooLong: `A question is at most ${QUESTION_MAX_CHARS} characters.`,
  rateLimited: 'You have asked a lot of questions in a short time. Please wait a minute and try again.',
} as const;

/** POST /api/assistant/messages: one question. Empty or whitespace-only is refused (spec 3 §5). */
export const askSchema = lazy(() =>
  z.object({
    question: z.string(ASSISTANT_INPUT_MESSAGES.empty).check(
      z.refine((q) => q.trim() !== '', ASSISTANT_INPUT_MESSAGES.empty),
      z.maxLength(QUESTION_MAX_CHARS, ASSISTANT_INPUT_MESSAGES.tooLong),
    ),
  }),
);
export type AskRequest = z.infer<typeof askSchema>;

/** What every view shows (the domain's stored flow types, and 'unclassified'). */
const flowSchema = lazy(() => z.enum([...FLOW_TYPES, 'unclassified']));

/** The figures of an answer and the transactions it rests on (functions/domain/assistant/queries.ts). */
export const assistantResultSchema = lazy(() =>
  z.object({
    intent: z.enum(INTENT_KINDS),
    period: z.nullable(z.object({ start: z.string(), end: z.string(), label: z.string() })),
    subject: z.optional(z.string()),
    flow: z.optional(z.enum(INTENT_FLOWS)),
    figures: z.record(z.string(), z.number()),
    breakdown: z.array(
      z.object({ label: z.string(), total: z.number(), count: z.number(), share: z.optional(z.number()) }),
    ),
    transactions: z.array(
      z.object({
        id: z.string(),
        account_id: z.string(),
        date: z.string(),
        description: z.string(),
        amount: z.number(),
        flow: flowSchema,
        category: z.string(),
        merchant: z.string(),
      }),
    ),
    transaction_count: z.number(),
  }),
);

/** A chat message (spec 3 §3): the loading flag lives in the browser only. */
export const chatMessageSchema = lazy(() =>
  z.object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    /** ISO instant. */
    timestamp: z.string(),
    /** Assistant answers: the figures and the transactions the answer rests on. */
    result: z.optional(z.nullable(assistantResultSchema)),
    /** 'model' when the model phrased it and passed the number check, 'template' otherwise, 'message' for §8. */
    source: z.optional(z.enum(['model', 'template', 'message'])),
  }),
);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const askResponseSchema = lazy(() =>
  z.object({
    question: chatMessageSchema,
    answer: chatMessageSchema,
    /** Suggested follow-up questions, a set of 3 (spec 3 §2.6). */
    follow_ups: z.array(z.string()),
    /** True when the answering service is reachable. */
    online: z.boolean(),
  }),
);
export type AskResponse = z.infer<typeof askResponseSchema>;

/** GET /api/assistant/conversations: the caller's own last 10 messages, oldest first. */
export const historyResponseSchema = lazy(() =>
  z.object({
    messages: z.array(chatMessageSchema),
    follow_ups: z.array(z.string()),
    online: z.boolean(),
  }),
);
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/** A proactive insight with the figures it rests on and where to look (spec 3 §3 insight, §7). */
export const analyticsInsightSchema = lazy(() =>
  z.object({
    id: z.string(),
    type: z.enum(['pattern', 'anomaly', 'optimization']),
    title: z.string(),
    content: z.string(),
    actionable: z.boolean(),
    figures: z.record(z.string(), z.number()),
    link: z.string(),
  }),
);
export type AnalyticsInsight = z.infer<typeof analyticsInsightSchema>;

/** GET /api/insights/analytics: the Analytics & Insights page. */
export const analyticsResponseSchema = lazy(() =>
  z.object({
    period: z.nullable(z.object({ start: z.string(), end: z.string(), label: z.string() })),
    totals: z.object({
      income: z.number(),
      expenses: z.number(),
      internal: z.number(),
      transaction_count: z.number(),
    }),
    insights: z.array(analyticsInsightSchema),
    examples: z.object({ spending: z.array(z.string()), money_flow: z.array(z.string()) }),
  }),
);
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

/** The example questions of spec 3 §2.5, as one-click prompts. */
export const EXAMPLE_QUESTIONS = {
  spending: [
    'How much did we really spend this month?',
    'What was our biggest expense category?',
    'Show me grocery spending trends',
  ],
  money_flow: [
    'How much money moves between accounts?',
    "What's our actual net income?",
    'Internal transfers vs expenses',
  ],
} as const;
