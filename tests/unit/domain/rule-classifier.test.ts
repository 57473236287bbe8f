import { describe, expect, it } from 'vitest';
import {
  AI_RULE_TABLE,
  classifyByRules,
  hasSignificantWords,
  looksLikePersonName,
  matchLearnedPattern,
} from '../../../functions/domain/rule-classifier';
import type { LearnedPattern } from '../../../functions/domain/types';

const credit = (description: string, account_type: string | null = 'current') => ({
  description,
  amount: 100,
  signed_amount: 100,
  type: 'credit',
  account_type,
});
const debit = (description: string, account_type: string | null = 'current') => ({
  description,
  amount: 100,
  signed_amount: -100,
  type: 'debit',
  account_type,
});

describe("spec 2 §5 'Rules given to the AI' as a deterministic classifier, in priority order", () => {
  it.each([
    ['TFR followed by numbers', debit('TFR 12345678 SAVINGS'), 'tfr_reference', 'internal_transfer', 0.95],
    ['TFR glued to numbers', credit('TFR12345678'), 'tfr_reference', 'internal_transfer', 0.95],
    [
      "credit card 'Payment Received - Thank You'",
      credit('Payment Received - Thank You', 'credit'),
      'card_payment_received',
      'internal_transfer',
      0.95,
    ],
    [
      "'Transfer to' with account names",
      debit('Transfer to Joint Account'),
      'transfer_to_from',
      'internal_transfer',
      0.9,
    ],
    ["'Transfer from'", credit('TRANSFER FROM SAVINGS'), 'transfer_to_from', 'internal_transfer', 0.9],
    ['COUNTER credit', credit('COUNTER CREDIT BRANCH 123'), 'counter_credit', 'income', 0.95],
    ['salary', credit('ACME LTD SALARY'), 'salary_or_benefits', 'income', 0.95],
    ['benefits (DWP)', credit('DWP UC'), 'salary_or_benefits', 'income', 0.95],
    ['child benefit', credit('HMRC CHILD BENEFIT'), 'salary_or_benefits', 'income', 0.95],
    ['universal credit', credit('UNIVERSAL CREDIT'), 'salary_or_benefits', 'income', 0.95],
    ['pension', credit('STATE PENSION'), 'salary_or_benefits', 'income', 0.95],
    [
      'personal name (first + surname)',
      credit('FASTER PAYMENT FROM JANE SMITH'),
      'personal_name',
      'income',
      0.85,
    ],
    ['personal name (initial + surname)', credit('J SMITH'), 'personal_name', 'income', 0.85],
    ['personal name (title + surname)', credit('MR SMITH'), 'personal_name', 'income', 0.85],
    ['company payment', credit('ACME WIDGETS LTD'), 'company_payment', 'income', 0.8],
    ['company payment (PLC)', credit('BIG CORP PLC REFUND'), 'company_payment', 'income', 0.8],
    [
      'credit card merchant purchase',
      debit('ACME WIDGETS', 'credit'),
      'credit_card_purchase',
      'external_expense',
      0.95,
    ],
    [
      'known merchant on a credit card is still a purchase',
      debit('TESCO STORES', 'credit'),
      'credit_card_purchase',
      'external_expense',
      0.95,
    ],
    ['payment to a card (AMEX)', debit('AMEX 1234'), 'payment_to_card', 'internal_transfer', 0.9],
    [
      'payment to a card (BARCLAYCARD)',
      debit('BARCLAYCARD PAYMENT'),
      'payment_to_card',
      'internal_transfer',
      0.9,
    ],
    [
      'payment to a card (credit card)',
      debit('HSBC CREDIT CARD', 'savings'),
      'payment_to_card',
      'internal_transfer',
      0.9,
    ],
    [
      'known retailer',
      debit('CARD PAYMENT TO TESCO STORES 3012'),
      'known_merchant',
      'external_expense',
      0.95,
    ],
    ['known restaurant', debit('NANDOS LEEDS'), 'known_merchant', 'external_expense', 0.95],
    ['known fuel', debit('SHELL 2231'), 'known_merchant', 'external_expense', 0.95],
    [
      'known service on a savings account',
      debit('NETFLIX.COM', 'savings'),
      'known_merchant',
      'external_expense',
      0.95,
    ],
    [
      'known merchant with no direction',
      { description: 'SPOTIFY', amount: 9.99 },
      'known_merchant',
      'external_expense',
      0.95,
    ],
    ['unknown current-account debit', debit('XYZ 123'), 'unknown_current_debit', 'external_expense', 0.6],
    [
      'unknown debit, account type unknown',
      debit('XYZ 123', null),
      'unknown_current_debit',
      'external_expense',
      0.6,
    ],
    ['unknown credit', credit('XYZ 123'), 'unknown_credit', 'income', 0.6],
    [
      'refund from a known retailer is money back on spending',
      credit('AMAZON REFUND 123'),
      'refund',
      'external_expense',
      0.95,
    ],
    ['refund naming no merchant the list knows', credit('REFUND 0012345'), 'refund', 'external_expense', 0.6],
    [
      'a tax refund is still benefits income',
      credit('HMRC TAX REFUND'),
      'salary_or_benefits',
      'income',
      0.95,
    ],
  ] as const)('%s', (_name, tx, rule, flow_type, confidence) => {
    const r = classifyByRules(tx);
    expect(r?.rule).toBe(rule);
    expect(r?.flow_type).toBe(flow_type);
    expect(r?.confidence).toBe(confidence);
    expect(r?.reasoning.length).toBeGreaterThan(0);
  });

  it.each([
    ['unknown savings debit', debit('XYZ 123', 'savings')],
    ['no direction, nothing known', { description: 'XYZ 123', amount: 5 }],
    ['COUNTER money out is not income', debit('COUNTER WITHDRAWAL', 'savings')],
  ])('no rule applies: %s', (_name, tx) => {
    expect(classifyByRules(tx)).toBeNull();
  });

  it('order: TFR beats payment to a card; salary beats company and person', () => {
    expect(classifyByRules(debit('TFR 123 AMEX'))?.rule).toBe('tfr_reference');
    expect(classifyByRules(credit('ACME LTD PAYROLL'))?.rule).toBe('salary_or_benefits');
    expect(classifyByRules(credit('JOHN SMITH WAGES'))?.rule).toBe('salary_or_benefits');
    expect(classifyByRules(credit('COUNTER ACME LTD'))?.rule).toBe('counter_credit');
  });

  it('the table as given to the AI has the spec confidences in order', () => {
    expect(AI_RULE_TABLE.map((r) => r.confidence)).toEqual([
      0.95, 0.95, 0.9, 0.95, 0.85, 0.8, 0.95, 0.95, 0.9, 0.95, 0.6, 0.6,
    ]);
  });
});

describe('spec 2 §5 personal names: two capitalised words, initial + surname, not a company or merchant', () => {
  it.each([
    ['JANE SMITH', true],
    ['Jane Smith', true],
    ['J SMITH', true],
    ['MRS J A SMITH', true],
    ['FP J SMITH REF 1234', true],
    ['BGC JOHN SMITH RENT', true],
    ['Faster Payment Received JOHN SMITH', true],
    ['MR SMITH', true],
    ['SMITH', false],
    ['J S', false],
    ['INTEREST PAID', false],
    ['ACME WIDGETS LTD', false],
    ['TESCO STORES', false],
    ['A B C D E', false],
    ['12345', false],
  ])('%s → %s', (description, expected) => {
    expect(looksLikePersonName(description)).toBe(expected);
  });
});

const pattern = (
  terms: string[],
  flow_type: string,
  confidence: number,
  extra: Partial<LearnedPattern> = {},
): LearnedPattern => ({
  family_id: 'f1',
  pattern_type: 'user_correction',
  pattern_rules: { description_contains: terms, flow_type, confidence },
  confidence_score: confidence,
  confirmed_by_user: true,
  ...extra,
});

describe('spec 2 §3 learned family patterns are applied before the table', () => {
  it('a pattern beats the table', () => {
    const r = classifyByRules(debit('TESCO STORES 3012'), [
      pattern(['TESCO', 'STORES'], 'internal_transfer', 0.8),
    ]);
    expect(r).toMatchObject({ rule: 'learned_pattern', flow_type: 'internal_transfer', confidence: 0.8 });
  });

  it.each([
    [['TESCO'], 'TESCO STORES', true],
    [['tesco', 'stores'], 'Tesco Stores 12', true],
    [['TESCO', 'EXTRA'], 'TESCO STORES', false],
    [['TES'], 'TESCO STORES', false],
    [[], 'TESCO STORES', false],
  ])('terms %o in %s → %s', (terms, description, matches) => {
    expect(matchLearnedPattern(description, [pattern(terms, 'income', 0.9)]) !== null).toBe(matches);
  });

  it('prefers more terms, then higher confidence; ignores invalid flow types; clamps confidence', () => {
    const broad = pattern(['TESCO'], 'income', 0.99);
    const specific = pattern(['TESCO', 'STORES'], 'external_expense', 0.8);
    const invalid = pattern(['TESCO', 'STORES', 'LEEDS'], 'mortgage_fee', 0.9);
    expect(matchLearnedPattern('TESCO STORES LEEDS', [broad, specific, invalid])).toBe(specific);
    const low = pattern(['TESCO'], 'income', 0.5);
    expect(matchLearnedPattern('TESCO', [low, broad])).toBe(broad);
    const odd = pattern(['ACME'], 'income', Number.NaN, { confidence_score: 0.7 });
    expect(classifyByRules(credit('ACME'), [odd])?.confidence).toBe(0);
    const over = pattern(['ACME'], 'income', 4);
    expect(classifyByRules(credit('ACME'), [over])?.confidence).toBe(1);
    const scoreOnly = {
      ...pattern(['ACME'], 'income', 0),
      pattern_rules: { description_contains: ['ACME'], flow_type: 'income' },
    } as unknown as LearnedPattern;
    expect(classifyByRules(credit('ACME'), [scoreOnly])?.confidence).toBe(0);
  });

  it('significant words helper', () => {
    expect(hasSignificantWords('TESCO STORES')).toBe(true);
    expect(hasSignificantWords('CARD PAYMENT 1234')).toBe(false);
  });
});
