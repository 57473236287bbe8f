import { isCorrectableFlowType } from './flow-types';
import { findMerchant } from './merchants';
import { classifyByRules, matchLearnedPattern } from './rule-classifier';
import { findSimilar, type SimilarityInput, SUGGESTION_THRESHOLD } from './similarity';
import type { AiClassificationResult, CorrectableFlowType, LearnedPattern } from './types';

/**
 * The LOCAL stand-in for the AI classifier (the twin has no Bedrock): a deterministic classifier that answers
 * only from evidence it can name, and says which. Its confidence is the strength of that evidence, never a
 * made-up figure:
 *
 *  1. similarity to the family's own corrected rows (spec 2 §5 smart suggestion: rows scoring 0.7 or more):
 *     the most common correction, confidence = its share × the mean similarity of the rows that agree,
 *     capped at 0.95 (a resemblance is never certainty);
 *  2. the family's learned patterns (every term present): the pattern's own confidence (0.8 single, 0.9 bulk);
 *  3. the UK merchant dictionary (functions/domain/merchants.ts), money not coming in: external_expense at the
 *     rule table's 0.95 for known retailers;
 *  4. the rule table given to the AI (spec 2 §5), with the rule's own confidence (catch-alls 0.60).
 *
 * The strongest evidence wins (ties in that order). With none, the answer is null: the caller treats it as a
 * failed call and uses the spec's fallback. Every reasoning starts with 'Local classifier:'.
 */

export const LOCAL_CLASSIFIER_PREFIX = 'Local classifier:';
export const LOCAL_SIMILARITY_CAP = 0.95;

export interface LocalClassifierItem {
  description: string;
  amount: number;
  account_type?: string | null;
  direction?: 'in' | 'out' | null;
}

export interface CorrectedRow extends SimilarityInput {
  id?: string;
  user_corrected_flow_type: string | null;
}

export interface LocalEvidence {
  patterns: readonly LearnedPattern[];
  corrected: readonly CorrectedRow[];
}

const round = (n: number) => Math.round(n * 1e4) / 1e4;

function fromCorrections(
  item: LocalClassifierItem,
  corrected: readonly CorrectedRow[],
): AiClassificationResult | null {
  const usable = corrected.filter(
    (t): t is CorrectedRow & { user_corrected_flow_type: CorrectableFlowType } =>
      isCorrectableFlowType(t.user_corrected_flow_type),
  );
  const similar = findSimilar(item, usable, SUGGESTION_THRESHOLD);
  if (similar.length === 0) return null;
  const tally = new Map<CorrectableFlowType, { count: number; score: number }>();
  for (const s of similar) {
    const type = s.transaction.user_corrected_flow_type;
    const entry = tally.get(type) ?? { count: 0, score: 0 };
    entry.count++;
    entry.score += s.score;
    tally.set(type, entry);
  }
  const [best] = [...tally.entries()].sort(
    ([ta, a], [tb, b]) => b.count - a.count || b.score - a.score || (ta < tb ? -1 : 1),
  );
  const [flow_type, { count, score }] = best!;
  const share = count / similar.length;
  const confidence = round(Math.min(LOCAL_SIMILARITY_CAP, share * (score / count)));
  return {
    flow_type,
    confidence,
    reasoning: `${LOCAL_CLASSIFIER_PREFIX} like ${count} of ${similar.length} similar transactions you corrected`,
  };
}

/** The local classifier's answer for one transaction, or null when it has no evidence. */
export function classifyLocally(
  item: LocalClassifierItem,
  evidence: LocalEvidence,
): AiClassificationResult | null {
  const answers: AiClassificationResult[] = [];
  const similar = fromCorrections(item, evidence.corrected);
  if (similar) answers.push(similar);

  const pattern = matchLearnedPattern(item.description, evidence.patterns);
  if (pattern && isCorrectableFlowType(pattern.pattern_rules.flow_type)) {
    const c = Number(pattern.pattern_rules.confidence ?? pattern.confidence_score);
    answers.push({
      flow_type: pattern.pattern_rules.flow_type,
      confidence: Number.isFinite(c) ? Math.min(1, Math.max(0, c)) : 0,
      reasoning: `${LOCAL_CLASSIFIER_PREFIX} matches your learned pattern (${pattern.pattern_rules.description_contains.join(', ')})`,
    });
  }

  const merchant = item.direction === 'in' ? null : findMerchant(item.description);
  if (merchant) {
    answers.push({
      flow_type: 'external_expense',
      confidence: 0.95,
      reasoning: `${LOCAL_CLASSIFIER_PREFIX} known merchant ${merchant.name}`,
    });
  }

  const amount = Math.abs(Number.isFinite(item.amount) ? item.amount : 0);
  const rule = classifyByRules({
    description: item.description,
    amount,
    signed_amount: item.direction === 'in' ? amount : item.direction === 'out' ? -amount : null,
    type: item.direction === 'in' ? 'credit' : item.direction === 'out' ? 'debit' : null,
    account_type: item.account_type ?? null,
  });
  if (rule && rule.rule !== 'learned_pattern') {
    answers.push({
      flow_type: rule.flow_type,
      confidence: rule.confidence,
      reasoning: `${LOCAL_CLASSIFIER_PREFIX} rule "${rule.reasoning}"`,
    });
  }
  let best: AiClassificationResult | null = null;
  for (const a of answers) if (!best || a.confidence > best.confidence) best = a;
  return best;
}
