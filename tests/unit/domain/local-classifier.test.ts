import { describe, expect, it } from 'vitest';
import { classifyLocally, LOCAL_CLASSIFIER_PREFIX } from '../../../functions/domain/local-classifier';
import type { LearnedPattern } from '../../../functions/domain/types';

const none = { patterns: [], corrected: [] };
const pattern = (terms: string[], flow: string, confidence: number): LearnedPattern => ({
  family_id: 'f',
  pattern_type: 'user_correction',
  pattern_rules: { description_contains: terms, flow_type: flow, confidence },
  confidence_score: confidence,
  confirmed_by_user: true,
});

describe('the local stand-in classifier', () => {
  it('answers a known merchant from the dictionary, not for money coming in', () => {
    expect(
      classifyLocally({ description: 'SAINSBURYS S/MKTS 0123', amount: 40, direction: 'out' }, none),
    ).toMatchObject({
      flow_type: 'external_expense',
      confidence: 0.95,
    });
    const refund = classifyLocally(
      { description: 'SAINSBURYS S/MKTS 0123', amount: 40, direction: 'in' },
      none,
    );
    expect(refund?.reasoning).not.toMatch(/merchant/);
  });

  it("takes the confidence of the family's learned pattern", () => {
    const answer = classifyLocally(
      { description: 'NURSERY FEES LITTLE STARS', amount: 400, direction: 'out', account_type: 'savings' },
      { patterns: [pattern(['NURSERY', 'FEES'], 'internal_transfer', 0.8)], corrected: [] },
    );
    expect(answer).toMatchObject({ flow_type: 'internal_transfer', confidence: 0.8 });
    expect(answer?.reasoning.startsWith(LOCAL_CLASSIFIER_PREFIX)).toBe(true);
  });

  it('follows similar corrected rows, its confidence their agreement times their similarity', () => {
    const corrected = [
      { description: 'POCKET MONEY TO SAM', amount: 10, user_corrected_flow_type: 'internal_transfer' },
      { description: 'POCKET MONEY TO SAM', amount: 10, user_corrected_flow_type: 'internal_transfer' },
      { description: 'POCKET MONEY TO SAM', amount: 10, user_corrected_flow_type: 'external_expense' },
    ];
    const answer = classifyLocally(
      { description: 'POCKET MONEY TO SAM', amount: 10, direction: null },
      { patterns: [], corrected },
    );
    expect(answer?.flow_type).toBe('internal_transfer');
    // 2 of 3 agree, each an exact match (similarity 1): 0.6667
    expect(answer?.confidence).toBeCloseTo(0.6667, 4);
    expect(answer?.reasoning).toContain('2 of 3');
  });

  it('uses the rule table with its own confidence, catch-alls included', () => {
    expect(
      classifyLocally(
        { description: 'QWERTY 22', amount: 5, direction: 'out', account_type: 'current' },
        none,
      ),
    ).toMatchObject({ flow_type: 'external_expense', confidence: 0.6 });
  });

  it('has no answer without evidence (the caller falls back)', () => {
    expect(classifyLocally({ description: 'ZZ 00912', amount: 5, direction: null }, none)).toBeNull();
    expect(
      classifyLocally(
        { description: 'QWERTY 22', amount: 5, direction: 'out', account_type: 'savings' },
        none,
      ),
    ).toBeNull();
  });
});
