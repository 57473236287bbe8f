import { flowDirection } from './flow-direction';
import { effectiveFlowType, isCorrectableFlowType, isUserCorrected } from './flow-types';
import { descriptionTokens, findMerchant, normaliseDescription } from './merchants';
import { sameAmount, toPence } from './money';
import type { CorrectableFlowType, Transaction } from './types';

/**
 * Similarity between transactions for suggestions and bulk correction (spec 2 §5 "Similarity", spec 3 §5).
 *
 * score = 1 for an exact description match (case and spacing ignored); otherwise
 *   0.8 × (shared patterns / patterns of the description with more of them)
 * + 0.6 × (shared words longer than 3 characters / words of the description with more of them)
 * + 0.2 for the same amount (equal to the penny), else + 0.1 for amounts within 10% of the larger,
 * clamped to [0, 1].
 *
 * "Patterns" (the spec leaves them undefined) are the recognisable features of a UK statement line:
 * the merchant (from the UK merchant list, e.g. `merchant:Tesco`), transfer references (TFR/TRF/TRANSFER),
 * card payments (CARD PAYMENT, CONTACTLESS, POS, VISA/VIS), direct debits (DD, DDR, DIRECT DEBIT), standing
 * orders (SO, STO, STANDING ORDER), faster payments (FP, FPI, FPO, FASTER PAYMENT), BACS/BGC credits,
 * salary (SALARY, WAGES, PAYROLL), benefits (HMRC, DWP, UNIVERSAL CREDIT, CHILD BENEFIT), cash (ATM, CASH
 * WITHDRAWAL), refunds and interest. "Words" are the normalised tokens longer than 3 characters that contain
 * no digit (reference numbers and dates would otherwise count as shared or unshared words).
 */

export const SIMILAR_LIST_THRESHOLD = 0.3;
export const BULK_MODAL_THRESHOLD = 0.5;
export const GROUP_THRESHOLD = 0.7;
export const GROUP_MIN_SIZE = 2;
export const SUGGESTION_THRESHOLD = 0.7;

export type SimilarityInput = Pick<Transaction, 'description' | 'amount'>;

const PATTERN_RULES: ReadonlyArray<readonly [string, RegExp]> = [
  ['transfer', /\b(?:TFR|TRF|TRANSFER)/],
  ['card', /\b(?:CARD PAYMENT|CONTACTLESS|POS|VISA|VIS|DEBIT CARD|CARD)\b/],
  ['direct-debit', /\b(?:DD|DDR|DIRECT DEBIT)\b/],
  ['standing-order', /\b(?:SO|STO|STANDING ORDER)\b/],
  ['faster-payment', /\b(?:FP|FPI|FPO|FASTER PAYMENTS?)\b/],
  ['bacs', /\b(?:BACS|BGC|BANK GIRO CREDIT)\b/],
  ['salary', /\b(?:SALARY|WAGES?|PAYROLL)\b/],
  ['benefit', /\b(?:HMRC|DWP|UNIVERSAL CREDIT|CHILD BENEFIT)\b/],
  ['cash', /\b(?:ATM|CASH WITHDRAWAL|CASHPOINT)\b/],
  ['refund', /\b(?:REFUND|REVERSAL)\b/],
  ['interest', /\bINTEREST\b/],
];

/** The known patterns of a description (see the module comment). */
export function descriptionPatterns(description: string): Set<string> {
  const n = normaliseDescription(description);
  const out = new Set<string>();
  const merchant = findMerchant(description);
  if (merchant) out.add(`merchant:${merchant.name}`);
  for (const [name, re] of PATTERN_RULES) if (re.test(n)) out.add(name);
  return out;
}

/** Words longer than 3 characters without digits, de-duplicated. */
export function significantWords(description: string): Set<string> {
  return new Set(descriptionTokens(description).filter((w) => w.length > 3 && !/\d/.test(w)));
}

interface Features {
  exact: string;
  patterns: Set<string>;
  words: Set<string>;
  pence: number;
}

function features(t: SimilarityInput): Features {
  const d = t.description ?? '';
  return {
    exact: d.trim().replace(/\s+/g, ' ').toUpperCase(),
    patterns: descriptionPatterns(d),
    words: significantWords(d),
    pence: Math.abs(toPence(Number.isFinite(t.amount) ? t.amount : 0)),
  };
}

function share(a: Set<string>, b: Set<string>): number {
  const larger = Math.max(a.size, b.size);
  if (larger === 0) return 0;
  let common = 0;
  for (const x of a) if (b.has(x)) common++;
  return common / larger;
}

function scoreFeatures(a: Features, b: Features): number {
  if (a.exact !== '' && a.exact === b.exact) return 1;
  let score = 0.8 * share(a.patterns, b.patterns) + 0.6 * share(a.words, b.words);
  if (sameAmount(a.pence / 100, b.pence / 100)) score += 0.2;
  else {
    const larger = Math.max(a.pence, b.pence);
    if (larger > 0 && Math.abs(a.pence - b.pence) * 10 <= larger) score += 0.1;
  }
  return Math.min(1, Math.max(0, Math.round(score * 1e6) / 1e6));
}

/** Similarity of two transactions in [0, 1] (spec 2 §5). */
export function similarity(a: SimilarityInput, b: SimilarityInput): number {
  return scoreFeatures(features(a), features(b));
}

export interface SimilarMatch<T> {
  transaction: T;
  score: number;
}

/**
 * Transactions similar to `target` (not itself, by id when present), highest score first. The default
 * threshold lists at 0.3 (spec 2 §5); the bulk modal passes BULK_MODAL_THRESHOLD (0.5).
 */
export function findSimilar<T extends SimilarityInput & { id?: string }>(
  target: SimilarityInput & { id?: string },
  candidates: readonly T[],
  threshold: number = SIMILAR_LIST_THRESHOLD,
): SimilarMatch<T>[] {
  const f = features(target);
  const out: SimilarMatch<T>[] = [];
  for (const c of candidates) {
    if (c === target || (target.id !== undefined && c.id === target.id)) continue;
    const score = scoreFeatures(f, features(c));
    if (score >= threshold) out.push({ transaction: c, score });
  }
  return out.sort((x, y) => y.score - x.score);
}

/**
 * Groups of similar transactions (spec 2 §5): each group's members score 0.7 or more against the group's
 * first member, and a group needs at least 2 transactions. Greedy in input order; a transaction is in at
 * most one group.
 */
export function groupSimilar<T extends SimilarityInput>(transactions: readonly T[]): T[][] {
  const fs = transactions.map(features);
  const taken = new Array<boolean>(transactions.length).fill(false);
  const groups: T[][] = [];
  for (let i = 0; i < transactions.length; i++) {
    if (taken[i]) continue;
    const members = [i];
    for (let j = i + 1; j < transactions.length; j++) {
      if (!taken[j] && scoreFeatures(fs[i]!, fs[j]!) >= GROUP_THRESHOLD) members.push(j);
    }
    if (members.length >= GROUP_MIN_SIZE) {
      for (const k of members) taken[k] = true;
      groups.push(members.map((k) => transactions[k]!));
    }
  }
  return groups;
}

export interface SmartSuggestion {
  flow_type: CorrectableFlowType;
  /** Share of the similar corrected transactions that carry this correction. */
  confidence: number;
  basedOn: number;
}

/**
 * Smart suggestion (spec 2 §5): among user-corrected transactions scoring 0.7 or more against `target`, the
 * most common correction, with confidence equal to its share. Ties go to the higher total similarity, then
 * to the flow type name. Null when there is no such transaction.
 */
export function smartSuggestion(
  target: SimilarityInput & { id?: string },
  history: readonly (SimilarityInput & Pick<Transaction, 'user_corrected_flow_type'> & { id?: string })[],
): SmartSuggestion | null {
  type Corrected = (typeof history)[number] & { user_corrected_flow_type: CorrectableFlowType };
  const corrected = history.filter(
    (t): t is Corrected => isUserCorrected(t) && isCorrectableFlowType(t.user_corrected_flow_type),
  );
  const similar = findSimilar(target, corrected, SUGGESTION_THRESHOLD);
  if (similar.length === 0) return null;
  const tally = new Map<CorrectableFlowType, { count: number; weight: number }>();
  for (const s of similar) {
    const type = s.transaction.user_corrected_flow_type;
    const entry = tally.get(type) ?? { count: 0, weight: 0 };
    entry.count++;
    entry.weight += s.score;
    tally.set(type, entry);
  }
  const [best] = [...tally.entries()].sort(
    ([ta, a], [tb, b]) => b.count - a.count || b.weight - a.weight || (ta < tb ? -1 : 1),
  );
  const [flow_type, { count }] = best!;
  return { flow_type, confidence: Math.round((count / similar.length) * 1e4) / 1e4, basedOn: similar.length };
}

export type ReviewFlag = 'zero_amount' | 'expense_money_in' | 'missing_type';
export const REVIEW_FLAG_MESSAGES: Record<ReviewFlag, string> = {
  zero_amount: 'Zero amount',
  expense_money_in: 'External expense shows as money in',
  missing_type: 'Missing type (debit/credit)',
};

/**
 * Review flags (spec 2 §5, spec 3 §5): zero amount; external_expense that shows as money in; missing type
 * (neither debit nor credit).
 */
export function reviewFlags(
  tx: Pick<Transaction, 'amount' | 'signed_amount' | 'type' | 'flow_type' | 'user_corrected_flow_type'>,
): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  if (toPence(tx.amount ?? 0) === 0) flags.push('zero_amount');
  if (effectiveFlowType(tx) === 'external_expense' && flowDirection(tx).signedAmount > 0)
    flags.push('expense_money_in');
  if (tx.type !== 'credit' && tx.type !== 'debit') flags.push('missing_type');
  return flags;
}
