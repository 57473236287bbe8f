import { CATEGORIES, UNCATEGORISED_ID } from './categories';
import { isCorrectableFlowType } from './flow-types';
import { AI_RULE_TABLE } from './rule-classifier';
import type { AiClassificationResult } from './types';

/**
 * AI classification result handling (spec 2 §5 "AI result", §7 "AI classification call", §8 Classification).
 */

export const AI_MAX_TOKENS = 1000;
export const NO_REASONING = 'No reasoning provided';
/** The result used when classification fails (spec 2 §8). */
export const CLASSIFICATION_FALLBACK: Readonly<AiClassificationResult> = Object.freeze({
  flow_type: 'external_expense',
  confidence: 0.1,
  reasoning: 'Classification failed - defaulted to external expense',
});

export type AiResultValidation = { ok: true; result: AiClassificationResult } | { ok: false; error: string };

/**
 * Validate a parsed AI result (spec 2 §5): flow_type must be income, internal_transfer or external_expense,
 * otherwise it is an error; confidence is clamped to 0..1 (a missing or non-numeric confidence counts as 0);
 * missing or blank reasoning becomes 'No reasoning provided'.
 */
export function validateAiResult(raw: unknown): AiResultValidation {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, error: 'AI result is not an object' };
  const o = raw as Record<string, unknown>;
  if (!isCorrectableFlowType(o.flow_type))
    return { ok: false, error: `Invalid flow_type: ${String(o.flow_type)}` };
  const n =
    typeof o.confidence === 'number'
      ? o.confidence
      : typeof o.confidence === 'string'
        ? Number(o.confidence)
        : Number.NaN;
  const confidence = Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0;
  const reasoning = typeof o.reasoning === 'string' && o.reasoning.trim() ? o.reasoning.trim() : NO_REASONING;
  const category = aiCategory(o.category, o.category_confidence, confidence);
  return {
    ok: true,
    result: {
      flow_type: o.flow_type,
      confidence,
      reasoning,
      ...(category === undefined ? {} : { category }),
    },
  };
}

const CATEGORY_IDS: ReadonlySet<string> = new Set(CATEGORIES.map((c) => c.id));

/**
 * The spending category of an AI answer: a seeded category id with its confidence (category_confidence,
 * clamped to 0..1; the answer's confidence when missing). Undefined when none was given ('none', empty,
 * 'uncategorised'); null when the answer names anything else (a category not in the seeded list is
 * rejected: the row stays uncategorised). A pair validated before ({ category_id, confidence }) is checked
 * the same way.
 */
export function aiCategory(
  value: unknown,
  categoryConfidence: unknown,
  answerConfidence: number,
): { category_id: string; confidence: number } | null | undefined {
  if (value === undefined || value === null) return undefined;
  // An answer validated before (an AI port's result, checked again by the caller) holds the pair.
  if (typeof value === 'object' && !Array.isArray(value) && 'category_id' in value) {
    const pair = value as { category_id: unknown; confidence?: unknown };
    return aiCategory(pair.category_id, pair.confidence, answerConfidence);
  }
  if (typeof value !== 'string') return null;
  const id = value.trim();
  if (!id || id.toLowerCase() === 'none' || id === UNCATEGORISED_ID) return undefined;
  if (!CATEGORY_IDS.has(id)) return null;
  const n = typeof categoryConfidence === 'number' ? categoryConfidence : Number.NaN;
  return { category_id: id, confidence: Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : answerConfidence };
}

/**
 * Parse the model's reply text (spec 2 §7: pure JSON with flow_type, confidence and reasoning). Surrounding
 * whitespace and a Markdown code fence are tolerated; anything else that is not JSON is an error.
 */
export function parseAiReply(text: string | null | undefined): AiResultValidation {
  if (typeof text !== 'string' || !text.trim()) return { ok: false, error: 'Empty AI reply' };
  const body = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, error: 'AI reply is not valid JSON' };
  }
  return validateAiResult(parsed);
}

/** The validated result of a reply, or the failure fallback (spec 2 §8). */
export function aiResultOrFallback(text: string | null | undefined): AiClassificationResult {
  const parsed = parseAiReply(text);
  return parsed.ok ? parsed.result : { ...CLASSIFICATION_FALLBACK };
}

export interface AiPromptInput {
  description: string;
  amount: number;
  account_name?: string | null;
  account_type?: string | null;
  bank_name?: string | null;
}

/**
 * The one user message sent to the model (spec 2 §7): the transaction's description, amount, account name,
 * account type and bank name, the rule table in priority order, and the required JSON reply.
 */
export function buildClassificationPrompt(input: AiPromptInput): string {
  const rules = AI_RULE_TABLE.map(
    (r, i) => `${i + 1}. ${r.pattern} → ${r.flow_type} (confidence ${r.confidence.toFixed(2)})`,
  ).join('\n');
  return [
    'Classify this UK bank transaction for a family finance app.',
    '',
    `Description: ${input.description}`,
    `Amount: £${input.amount.toFixed(2)}`,
    `Account name: ${input.account_name ?? 'unknown'}`,
    `Account type: ${input.account_type ?? 'unknown'}`,
    `Bank name: ${input.bank_name ?? 'unknown'}`,
    '',
    "Flow types: income, internal_transfer (money moving between the family's own accounts), external_expense.",
    'Rules, in priority order:',
    rules,
    '',
    'Reply with pure JSON only, no other text: {"flow_type": "...", "confidence": 0.0, "reasoning": "..."}',
  ].join('\n');
}
