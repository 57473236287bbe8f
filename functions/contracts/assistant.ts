import * as z from 'zod/mini';
import type { AssistantResult } from '../domain/assistant/queries';
import type { Insight } from '../domain/insights';

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
export const askSchema = z.object({
  question: z.string(ASSISTANT_INPUT_MESSAGES.empty).check(
    z.refine((q) => q.trim() !== '', ASSISTANT_INPUT_MESSAGES.empty),
    z.maxLength(QUESTION_MAX_CHARS, ASSISTANT_INPUT_MESSAGES.tooLong),
  ),
});
export type AskRequest = z.infer<typeof askSchema>;

/** A chat message (spec 3 §3): the loading flag lives in the browser only. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** ISO instant. */
  timestamp: string;
  /** Assistant answers: the figures and the transactions the answer rests on. */
  result?: AssistantResult | null;
  /** Assistant answers: 'model' when the model phrased it and passed the number check, else 'template'. */
  source?: 'model' | 'template' | 'message';
}

export interface AskResponse {
  question: ChatMessage;
  answer: ChatMessage;
  /** Suggested follow-up questions, a set of 3 (spec 3 §2.6). */
  follow_ups: string[];
  /** True when the answering service is reachable. */
  online: boolean;
}

/** GET /api/assistant/conversations: the caller's own last 10 messages, oldest first. */
export interface HistoryResponse {
  messages: ChatMessage[];
  follow_ups: string[];
  online: boolean;
}

/** A proactive insight with the figures it rests on and where to look (spec 3 §3 insight, §7). */
export interface AnalyticsInsight extends Insight {
  figures: Record<string, number>;
  link: string;
}

/** GET /api/insights/analytics: the Analytics & Insights page. */
export interface AnalyticsResponse {
  period: { start: string; end: string; label: string } | null;
  totals: { income: number; expenses: number; internal: number; transaction_count: number };
  insights: AnalyticsInsight[];
  examples: { spending: string[]; money_flow: string[] };
}

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
