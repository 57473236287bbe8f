import { CLASSIFICATION_FALLBACK, validateAiResult } from '../domain/ai-result';
import { moneyDirection } from '../domain/flow-direction';
import { classifyByRules, type RuleClassification, type RuleId } from '../domain/rule-classifier';
import type { AiClassificationResult, CorrectableFlowType, LearnedPattern } from '../domain/types';
import { logger } from '../shared/logger';
import type { AiClassificationItem, AiClassifier } from '../shared/ports';

/**
 * Automatic classification of new transactions (spec 2 §4 "Transaction flow type", §5 "Rules given to the
 * AI", §7 "AI classification call", §8 Classification):
 *  1. learned family patterns, then the rule table (classifyByRules does both);
 *  2. rows with no rule, or only a catch-all rule (unknown current-account debit, unknown credit, 0.60), go
 *     to the AI when one is configured, in batches of its size, one batch after another;
 *  3. a valid AI answer is used; when the AI fails for a row, a rule answer is kept, and a row without one
 *     gets the spec's fallback (external_expense, 0.1), logged without the description.
 * Without an AI, rule answers only: rows no rule fits stay unclassified (null).
 * After AI_MAX_FAILED_BATCHES batches in a row with no answer at all (Bedrock throttled, down or timing
 * out), the remaining rows are not sent: they fall back at once, so the step ends within its time limit.
 */

export interface ClassificationRow {
  id: string;
  description: string;
  amount: number;
  signed_amount?: number | null;
  type?: string | null;
}

export interface ClassificationAccount {
  name?: string | null;
  account_type?: string | null;
  bank_name?: string | null;
}

export type ClassificationSource = 'pattern' | 'rules' | 'ai' | 'fallback';

export interface RowClassification {
  flow_type: CorrectableFlowType;
  confidence: number;
  method: 'ai_auto';
  source: ClassificationSource;
  /** Why (the rule, the model's reasoning or the fallback's); not stored with the transaction. */
  reasoning: string;
  /** The spending category the AI gave with its answer (AiClassificationResult.category). */
  category?: AiClassificationResult['category'];
}

/** Catch-all rules whose answer the AI may improve on (spec 2 §5: the two 0.60 rows of the table). */
export const AI_REVIEWED_RULES: ReadonlySet<RuleId> = new Set<RuleId>([
  'unknown_current_debit',
  'unknown_credit',
]);

/** Batches in a row without a single answer before the AI is given up for the rest of the statement. */
export const AI_MAX_FAILED_BATCHES = 2;

function fromRule(rule: RuleClassification): RowClassification {
  return {
    flow_type: rule.flow_type,
    confidence: rule.confidence,
    method: 'ai_auto',
    source: rule.rule === 'learned_pattern' ? 'pattern' : 'rules',
    reasoning: rule.reasoning,
  };
}

const FALLBACK: RowClassification = {
  flow_type: CLASSIFICATION_FALLBACK.flow_type,
  confidence: CLASSIFICATION_FALLBACK.confidence,
  method: 'ai_auto',
  source: 'fallback',
  reasoning: CLASSIFICATION_FALLBACK.reasoning,
};

function aiItem(row: ClassificationRow, account: ClassificationAccount | null): AiClassificationItem {
  const direction = moneyDirection(row);
  const amount = Number.isFinite(row.amount) ? row.amount : Math.abs(row.signed_amount ?? Number.NaN);
  return {
    description: row.description ?? '',
    amount,
    account_name: account?.name ?? null,
    account_type: account?.account_type ?? null,
    bank_name: account?.bank_name ?? null,
    direction: direction === 'unknown' ? null : direction,
  };
}

async function ask(ai: AiClassifier, items: AiClassificationItem[]): Promise<unknown[]> {
  try {
    return await ai.classify(items);
  } catch (error) {
    // The port promises not to reject; should it, the batch counts as failed rather than failing the step.
    logger.warn('AI classification failed', {
      items: items.length,
      error: error instanceof Error ? error.name : String(error),
    });
    return [];
  }
}

/** The classification of each row by id; null when nothing classified it (only possible without an AI). */
export async function classifyTransactions(
  rows: readonly ClassificationRow[],
  account: ClassificationAccount | null,
  patterns: readonly LearnedPattern[],
  ai: AiClassifier | null,
): Promise<Map<string, RowClassification | null>> {
  const out = new Map<string, RowClassification | null>();
  const forAi: Array<{ row: ClassificationRow; rule: RuleClassification | null }> = [];
  for (const row of rows) {
    const rule = classifyByRules({ ...row, account_type: account?.account_type ?? null }, patterns);
    out.set(row.id, rule ? fromRule(rule) : null);
    if (ai && (!rule || AI_REVIEWED_RULES.has(rule.rule))) forAi.push({ row, rule });
  }
  if (!ai || forAi.length === 0) return out;

  const size = Math.max(1, Math.floor(ai.batchSize) || 1);
  let failedBatches = 0;
  for (let start = 0; start < forAi.length; start += size) {
    const batch = forAi.slice(start, start + size);
    const answers =
      failedBatches >= AI_MAX_FAILED_BATCHES
        ? []
        : await ask(
            ai,
            batch.map(({ row }) => aiItem(row, account)),
          );
    const fellBack: string[] = [];
    let answered = 0;
    batch.forEach(({ row, rule }, i) => {
      const checked = answers[i] ? validateAiResult(answers[i]) : null;
      if (checked?.ok) {
        answered++;
        out.set(row.id, { ...checked.result, method: 'ai_auto', source: 'ai' });
      } else if (!rule) {
        out.set(row.id, { ...FALLBACK });
        fellBack.push(row.id);
      }
    });
    failedBatches = answered > 0 ? 0 : failedBatches + 1;
    if (fellBack.length) {
      logger.warn(CLASSIFICATION_FALLBACK.reasoning, { transactionIds: fellBack, count: fellBack.length });
    }
  }
  return out;
}
