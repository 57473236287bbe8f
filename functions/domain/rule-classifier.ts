import { moneyDirection } from './flow-direction';
import { isCorrectableFlowType } from './flow-types';
import { descriptionTokens, findMerchant, normaliseDescription } from './merchants';
import type { CorrectableFlowType, LearnedPattern, Transaction } from './types';

/**
 * Deterministic classifier: learned family patterns first, then the rule table given to the AI (spec 2 §5
 * "Rules given to the AI", in priority order), so most lines never need a model call.
 *
 * Order (the spec's, with one change): salary/benefits is checked BEFORE personal names and company
 * payments. "ACME LTD SALARY" is both a company payment (0.80) and salary (0.95); salary is the more specific
 * and more confident reading, and the table's own order would never let it win. All three are income, so
 * only the confidence changes.
 *
 * Direction: income rules need money in, the debit rules need money out (from signed_amount, else
 * credit/debit). With no direction known, only the direction-free rules (1–3, known retailers) apply.
 */

export type RuleId =
  | 'learned_pattern'
  | 'tfr_reference'
  | 'card_payment_received'
  | 'transfer_to_from'
  | 'counter_credit'
  | 'salary_or_benefits'
  | 'personal_name'
  | 'company_payment'
  | 'refund'
  | 'credit_card_purchase'
  | 'payment_to_card'
  | 'known_merchant'
  | 'unknown_current_debit'
  | 'unknown_credit';

export interface RuleClassification {
  flow_type: CorrectableFlowType;
  confidence: number;
  reasoning: string;
  rule: RuleId;
}

export type ClassifierInput = Pick<Transaction, 'description' | 'amount' | 'signed_amount' | 'type'> & {
  account_type?: string | null;
};

/** The table as given to the AI (spec 2 §5), for prompts and documentation. */
export const AI_RULE_TABLE: ReadonlyArray<{
  pattern: string;
  flow_type: CorrectableFlowType;
  confidence: number;
}> = [
  { pattern: 'TFR followed by numbers', flow_type: 'internal_transfer', confidence: 0.95 },
  { pattern: "credit card 'Payment Received - Thank You'", flow_type: 'internal_transfer', confidence: 0.95 },
  { pattern: "'Transfer to/from' with account names", flow_type: 'internal_transfer', confidence: 0.9 },
  { pattern: 'COUNTER', flow_type: 'income', confidence: 0.95 },
  { pattern: 'personal names', flow_type: 'income', confidence: 0.85 },
  { pattern: 'company payments', flow_type: 'income', confidence: 0.8 },
  { pattern: 'salary or benefits', flow_type: 'income', confidence: 0.95 },
  { pattern: 'credit card merchant purchases', flow_type: 'external_expense', confidence: 0.95 },
  { pattern: 'payments to a card', flow_type: 'internal_transfer', confidence: 0.9 },
  {
    pattern: 'known retailers, services, restaurants, fuel',
    flow_type: 'external_expense',
    confidence: 0.95,
  },
  { pattern: 'unknown current-account debit', flow_type: 'external_expense', confidence: 0.6 },
  { pattern: 'unknown credit', flow_type: 'income', confidence: 0.6 },
];

const TFR_NUMBER = /\bTFR\s*\d/;
const PAYMENT_RECEIVED = /\bPAYMENT RECEIVED\s*(?:-\s*)?THANK YOU\b/;
const TRANSFER_TO_FROM = /\bTRANSFER (?:TO|FROM)\b/;
const COUNTER = /\bCOUNTER\b/;
/** A line that gives money back on spending (on the normalised description). */
export const REFUND_WORDS = /\b(?:REFUND|REFUNDED|RFND)\b/;
const SALARY_BENEFITS =
  /\b(?:SALARY|SALARIES|WAGES?|PAYROLL|HMRC|DWP|UNIVERSAL CREDIT|CHILD BENEFIT|TAX CREDITS?|STATE PENSION|PENSION|CARERS ALLOWANCE|MATERNITY PAY|STATUTORY SICK PAY)\b/;
const COMPANY = /\b(?:LTD|LIMITED|PLC|LLP|INC|CORP|CORPORATION|COMPANY|HOLDINGS|GROUP)\b/;
const CARD_ISSUERS =
  /\b(?:AMEX|AMERICAN EXPRESS|BARCLAYCARD|MBNA|CAPITAL ONE|CAPITALONE|VANQUIS|AQUA CARD|MARBLES|NEWDAY|CREDIT CARD|CC PAYMENT|CC REPAYMENT|CARD REPAYMENT|PARTNERSHIP CARD|TESCO BANK|SAINSBURYS BANK|M & S BANK|HSBC CARD|LLOYDS CARD|HALIFAX CARD|NATWEST CARD)\b/;

/** Words that end a person's name on a statement line (references, purposes, generic words). */
const NOT_NAME_WORDS = new Set([
  'PAYMENT',
  'PAYMENTS',
  'TRANSFER',
  'TFR',
  'TRF',
  'REFUND',
  'INTEREST',
  'CREDIT',
  'DEBIT',
  'BANK',
  'CASH',
  'DEPOSIT',
  'SALARY',
  'WAGES',
  'ACCOUNT',
  'SAVINGS',
  'ONLINE',
  'MOBILE',
  'DIRECT',
  'STANDING',
  'ORDER',
  'RECEIVED',
  'THANK',
  'YOU',
  'REF',
  'REFERENCE',
  'INVOICE',
  'RENT',
  'LOAN',
  'DIVIDEND',
  'CASHBACK',
  'REWARD',
  'BONUS',
  'TAX',
  'COUNCIL',
  'INSURANCE',
  'FROM',
  'TO',
  'VIA',
  'FOR',
  'AND',
  'THE',
  'BILL',
  'GIFT',
  'FEE',
  'CHARGE',
  'CHARGES',
  'BALANCE',
  'ATM',
  'POS',
  'CARD',
  'VISA',
  'BGC',
  'BACS',
  'FP',
  'FPI',
  'SO',
  'STO',
  'DD',
  'CR',
  'DR',
  'APPLE',
  'GOOGLE',
  'PAY',
  'PAYPAL',
  'REVOLUT',
  'MONZO',
  'WISE',
  'STARLING',
  'SETTLEMENT',
  'REVERSAL',
  'ADJUSTMENT',
  'UK',
  'GBP',
  'COUNTER',
]);
const NAME_PREFIX =
  /^(?:(?:FASTER PAYMENT RECEIVED|FASTER PAYMENTS?|PAYMENT FROM|FROM|FP|FPI|BGC|BACS|BANK GIRO CREDIT|CR|CREDIT|TRANSFER FROM|MOBILE PAYMENT FROM|ONLINE PAYMENT FROM)\s+)+/;
const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'DR', 'MX']);

/**
 * True when a credit's description looks like a person's name (spec 2 §5 "personal names"): after payment
 * prefixes (FASTER PAYMENT FROM, FP, BGC, CR...), two to four alphabetic words — first name + surname,
 * initial(s) + surname, an optional title — not a company (LTD, PLC...) and not a known merchant.
 */
export function looksLikePersonName(description: string): boolean {
  const n = normaliseDescription(description).replace(NAME_PREFIX, '');
  if (COMPANY.test(n) || findMerchant(n)) return false;
  const words: string[] = [];
  for (const w of n.split(' ')) {
    if (!/^[A-Z]+$/.test(w) || NOT_NAME_WORDS.has(w)) break;
    words.push(w);
  }
  const titled = TITLES.has(words[0] ?? '');
  const core = titled ? words.slice(1) : words;
  const surname = core[core.length - 1] ?? '';
  if (surname.length < 2) return false;
  // title + one to three names ("MR SMITH"), or two to four words ("J SMITH", "JANE A SMITH")
  return titled ? core.length <= 3 : core.length >= 2 && core.length <= 4;
}

/** The rule a learned pattern matches: every term of description_contains appears in the description. */
export function matchLearnedPattern(
  description: string,
  patterns: readonly LearnedPattern[],
): LearnedPattern | null {
  const n = ` ${normaliseDescription(description)} `;
  let best: LearnedPattern | null = null;
  let bestTerms = 0;
  let bestConfidence = -1;
  for (const p of patterns) {
    const rules = p.pattern_rules;
    if (!rules || !isCorrectableFlowType(rules.flow_type)) continue;
    const terms = (rules.description_contains ?? []).map(normaliseDescription).filter(Boolean);
    if (terms.length === 0 || !terms.every((t) => n.includes(` ${t} `))) continue;
    const confidence = patternConfidence(p);
    if (terms.length > bestTerms || (terms.length === bestTerms && confidence > bestConfidence)) {
      best = p;
      bestTerms = terms.length;
      bestConfidence = confidence;
    }
  }
  return best;
}

function patternConfidence(p: LearnedPattern): number {
  const c = typeof p.pattern_rules.confidence === 'number' ? p.pattern_rules.confidence : p.confidence_score;
  return Math.min(1, Math.max(0, Number.isFinite(c) ? c : 0));
}

const hit = (
  rule: RuleId,
  flow_type: CorrectableFlowType,
  confidence: number,
  reasoning: string,
): RuleClassification => ({
  rule,
  flow_type,
  confidence,
  reasoning,
});

/**
 * Classify one transaction by learned patterns, then by the rule table; null when no rule applies (the
 * caller then asks the AI or leaves it unclassified). Rules, in the order applied:
 *  0. learned family pattern (all its terms present) → its flow type and confidence
 *  1. TFR followed by digits → internal_transfer 0.95
 *  2. 'Payment Received - Thank You' (a credit card repayment) → internal_transfer 0.95
 *  3. 'Transfer to' / 'Transfer from' → internal_transfer 0.90
 *  4. COUNTER, money in → income 0.95
 *  5. salary or benefits (SALARY, WAGES, PAYROLL, HMRC, DWP, UNIVERSAL CREDIT, CHILD BENEFIT, PENSION...),
 *     money in → income 0.95 (moved up, see the module comment)
 *  6. a person's name, money in → income 0.85
 *  7. a company (LTD, LIMITED, PLC, LLP, INC...), money in → income 0.80
 *  7a. a refund (REFUND, REFUNDED, RFND), money in → external_expense: money back on spending, 0.95 from a
 *     known UK merchant, else 0.60. Not in spec 2's table, whose last rule would make it income: the
 *     family's money in would then count the refund as earnings while Spend by Category takes it off the
 *     category it came from. As an expense whose money comes back it lowers money out and its category
 *     alike (README "Figures").
 *  8. money out of a credit card account → external_expense 0.95
 *  9. money out of another account to a card issuer (AMEX, BARCLAYCARD, MBNA, CREDIT CARD...) →
 *     internal_transfer 0.90 (plain "CARD PAYMENT" is a UK debit-card purchase, so it is not a card payment)
 * 10. a known UK merchant (retail, services, restaurants, fuel), not money in → external_expense 0.95
 * 11. money out of a current account (or an account of unknown type) → external_expense 0.60
 * 12. money in → income 0.60
 */
export function classifyByRules(
  tx: ClassifierInput,
  patterns: readonly LearnedPattern[] = [],
): RuleClassification | null {
  const description = tx.description ?? '';
  const learned = matchLearnedPattern(description, patterns);
  const learnedFlow = learned?.pattern_rules.flow_type;
  if (learned && isCorrectableFlowType(learnedFlow)) {
    return hit(
      'learned_pattern',
      learnedFlow,
      patternConfidence(learned),
      `Matches a learned family pattern (${learned.pattern_rules.description_contains.join(', ')})`,
    );
  }
  const n = normaliseDescription(description);
  const direction = moneyDirection(tx);
  const moneyIn = direction === 'in';
  const moneyOut = direction === 'out';
  const accountType = tx.account_type ?? null;

  if (TFR_NUMBER.test(n))
    return hit('tfr_reference', 'internal_transfer', 0.95, 'TFR reference followed by numbers');
  if (PAYMENT_RECEIVED.test(n))
    return hit('card_payment_received', 'internal_transfer', 0.95, 'Credit card payment received');
  if (TRANSFER_TO_FROM.test(n))
    return hit('transfer_to_from', 'internal_transfer', 0.9, 'Transfer to/from another account');
  if (moneyIn && COUNTER.test(n)) return hit('counter_credit', 'income', 0.95, 'Counter credit');
  if (moneyIn && SALARY_BENEFITS.test(n))
    return hit('salary_or_benefits', 'income', 0.95, 'Salary or benefits');
  if (moneyIn && looksLikePersonName(description))
    return hit('personal_name', 'income', 0.85, 'Payment from a person');
  if (moneyIn && COMPANY.test(n)) return hit('company_payment', 'income', 0.8, 'Payment from a company');
  if (moneyIn && REFUND_WORDS.test(n)) {
    const from = findMerchant(description);
    return from
      ? hit('refund', 'external_expense', 0.95, `Refund from a known merchant: ${from.name}`)
      : hit('refund', 'external_expense', 0.6, 'Refund: money back on spending');
  }
  if (moneyOut && accountType === 'credit')
    return hit('credit_card_purchase', 'external_expense', 0.95, 'Credit card purchase');
  if (moneyOut && CARD_ISSUERS.test(n))
    return hit('payment_to_card', 'internal_transfer', 0.9, 'Payment to a credit card');
  const merchant = moneyIn ? null : findMerchant(description);
  if (merchant) return hit('known_merchant', 'external_expense', 0.95, `Known merchant: ${merchant.name}`);
  if (moneyOut && (accountType === null || accountType === 'current')) {
    return hit('unknown_current_debit', 'external_expense', 0.6, 'Unknown current account debit');
  }
  if (moneyIn) return hit('unknown_credit', 'income', 0.6, 'Unknown credit');
  return null;
}

/** True when a description is only words the classifier treats as generic (used to skip empty patterns). */
export function hasSignificantWords(description: string): boolean {
  return descriptionTokens(description).some((w) => /^[A-Z]{4,}$/.test(w) && !NOT_NAME_WORDS.has(w));
}
