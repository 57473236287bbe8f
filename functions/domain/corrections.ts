import { effectiveFlowType, isCorrectableFlowType } from './flow-types';
import { descriptionTokens } from './merchants';
import type {
  CorrectableFlowType,
  CorrectionAudit,
  EffectiveFlowType,
  LearnedPattern,
  Transaction,
} from './types';

/**
 * User corrections (spec 2 §4 "Transaction flow type", §5 "Correction", §7 writes; spec 3 §4.1, §5, §7).
 *
 * - a flow type (income, internal_transfer, external_expense) must be chosen; the reason is optional;
 * - nothing is saved when the chosen type equals the current effective type;
 * - single: classification_method user_corrected, a pattern with confidence 0.8 and type user_correction;
 * - bulk: user_bulk_corrected, patterns with confidence 0.9 and type bulk_correction; transactions already of
 *   the chosen type are left alone;
 * - every change writes an audit row (transaction_id, original_flow_type, corrected_flow_type,
 *   user_reasoning, confidence_at_correction, created_by).
 *
 * A pattern's description_contains holds the first two significant words of the description (letters only,
 * longer than 3 characters, not generic statement words such as CARD or PAYMENT), so "TESCO STORES 2231
 * LEEDS" learns ["TESCO", "STORES"] and later matches any Tesco Stores line.
 */

export const SINGLE_PATTERN_CONFIDENCE = 0.8;
export const BULK_PATTERN_CONFIDENCE = 0.9;
const PATTERN_TERMS = 2;

export interface CorrectionContext {
  familyId: string;
  userId: string;
  reason?: string | null;
}

export interface CorrectionUpdate {
  id: string;
  user_corrected_flow_type: CorrectableFlowType;
  classification_method: 'user_corrected' | 'user_bulk_corrected';
}

export interface CorrectionPlan {
  updates: CorrectionUpdate[];
  audits: CorrectionAudit[];
  patterns: LearnedPattern[];
}

export type CorrectableTransaction = Pick<
  Transaction,
  'id' | 'description' | 'flow_type' | 'user_corrected_flow_type' | 'classification_confidence'
>;

/** Save is possible only when a flow type is chosen and differs from the current one (spec 3 §4.1). */
export function canSaveCorrection(current: EffectiveFlowType, chosen: string | null | undefined): boolean {
  return isCorrectableFlowType(chosen) && chosen !== current;
}

/** Bulk apply is disabled while working, with no type chosen, or with no selection (spec 2 §5). */
export function canApplyBulk(state: {
  working: boolean;
  flowType: string | null | undefined;
  selectedCount: number;
}): boolean {
  return !state.working && isCorrectableFlowType(state.flowType) && state.selectedCount > 0;
}

const GENERIC_WORDS = new Set([
  'CARD',
  'PAYMENT',
  'PAYMENTS',
  'DEBIT',
  'CREDIT',
  'DIRECT',
  'VISA',
  'CONTACTLESS',
  'PURCHASE',
  'TRANSFER',
  'FASTER',
  'STANDING',
  'ORDER',
  'ONLINE',
  'MOBILE',
  'BANK',
  'FROM',
  'WITH',
  'BILL',
  'RECEIVED',
  'THANK',
  'REFERENCE',
  'CASH',
  'WITHDRAWAL',
  'INTERNET',
  'BANKING',
  'APPLE',
  'GOOGLE',
]);

/** Terms a learned pattern stores for a description (see the module comment); empty when none qualify. */
export function patternTerms(description: string): string[] {
  return descriptionTokens(description)
    .filter((w) => w.length > 3 && /^[A-Z]+$/.test(w) && !GENERIC_WORDS.has(w))
    .slice(0, PATTERN_TERMS);
}

/** The pattern a correction teaches, or null when the description has no usable terms. */
export function correctionPattern(
  description: string,
  flowType: CorrectableFlowType,
  kind: 'single' | 'bulk',
  familyId: string,
): LearnedPattern | null {
  const terms = patternTerms(description);
  if (terms.length === 0) return null;
  const confidence = kind === 'single' ? SINGLE_PATTERN_CONFIDENCE : BULK_PATTERN_CONFIDENCE;
  return {
    family_id: familyId,
    pattern_type: kind === 'single' ? 'user_correction' : 'bulk_correction',
    pattern_rules: { description_contains: terms, flow_type: flowType, confidence },
    confidence_score: confidence,
    confirmed_by_user: true,
  };
}

function audit(
  tx: CorrectableTransaction,
  flowType: CorrectableFlowType,
  ctx: CorrectionContext,
): CorrectionAudit {
  const current = effectiveFlowType(tx);
  const reason = ctx.reason?.trim();
  return {
    transaction_id: tx.id,
    original_flow_type: current === 'unclassified' ? null : current,
    corrected_flow_type: flowType,
    user_reasoning: reason ? reason : null,
    confidence_at_correction:
      typeof tx.classification_confidence === 'number' ? tx.classification_confidence : null,
    created_by: ctx.userId,
  };
}

/** A single correction, or null when nothing is to be saved (no valid type, or the type is unchanged). */
export function planCorrection(
  tx: CorrectableTransaction,
  flowType: string | null | undefined,
  ctx: CorrectionContext,
): CorrectionPlan | null {
  if (!isCorrectableFlowType(flowType) || !canSaveCorrection(effectiveFlowType(tx), flowType)) return null;
  const pattern = correctionPattern(tx.description ?? '', flowType, 'single', ctx.familyId);
  return {
    updates: [{ id: tx.id, user_corrected_flow_type: flowType, classification_method: 'user_corrected' }],
    audits: [audit(tx, flowType, ctx)],
    patterns: pattern ? [pattern] : [],
  };
}

/**
 * A bulk correction of the selected transactions, or null when nothing is to be saved. Transactions already
 * of the chosen type are skipped; one pattern per distinct set of terms.
 */
export function planBulkCorrection(
  transactions: readonly CorrectableTransaction[],
  flowType: string | null | undefined,
  ctx: CorrectionContext,
): CorrectionPlan | null {
  if (!isCorrectableFlowType(flowType)) return null;
  const changing = transactions.filter((t) => effectiveFlowType(t) !== flowType);
  if (changing.length === 0) return null;
  const patterns = new Map<string, LearnedPattern>();
  for (const t of changing) {
    const p = correctionPattern(t.description ?? '', flowType, 'bulk', ctx.familyId);
    if (p) patterns.set(p.pattern_rules.description_contains.join(' '), p);
  }
  return {
    updates: changing.map((t) => ({
      id: t.id,
      user_corrected_flow_type: flowType,
      classification_method: 'user_bulk_corrected' as const,
    })),
    audits: changing.map((t) => audit(t, flowType, ctx)),
    patterns: [...patterns.values()],
  };
}
