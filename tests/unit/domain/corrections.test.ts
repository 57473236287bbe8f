import { describe, expect, it } from 'vitest';
import {
  BULK_PATTERN_CONFIDENCE,
  canApplyBulk,
  canSaveCorrection,
  correctionPattern,
  patternTerms,
  planBulkCorrection,
  planCorrection,
  SINGLE_PATTERN_CONFIDENCE,
} from '../../../functions/domain/corrections';

const ctx = { familyId: 'fam-1', userId: 'user-1', reason: '  it is my salary ' };
const tx = (
  id: string,
  description: string,
  flow_type: string | null,
  extra: Record<string, unknown> = {},
) => ({
  id,
  description,
  flow_type,
  user_corrected_flow_type: null,
  classification_confidence: 0.6,
  ...extra,
});

describe('spec 2 §5 / spec 3 §4.1 correction: a type must be chosen and differ from the current one', () => {
  it.each([
    ['unclassified', 'income', true],
    ['income', 'income', false],
    ['external_expense', 'internal_transfer', true],
    ['income', null, false],
    ['income', '', false],
    ['income', 'mortgage_fee', false],
  ])('current %s, chosen %s → save %s', (current, chosen, ok) => {
    expect(canSaveCorrection(current as never, chosen)).toBe(ok);
  });
});

describe('spec 2 §5 bulk apply is disabled while working, without a type, without a selection', () => {
  it.each([
    [false, 'income', 3, true],
    [true, 'income', 3, false],
    [false, null, 3, false],
    [false, 'income', 0, false],
    [false, 'income', 1, true],
  ])('working %s, type %s, selected %s → %s', (working, flowType, selectedCount, ok) => {
    expect(canApplyBulk({ working, flowType, selectedCount })).toBe(ok);
  });
});

describe('spec 2 §4, §7 single correction: user_corrected, pattern 0.8 user_correction, audit row', () => {
  it('plans the update, the audit row and the pattern', () => {
    const plan = planCorrection(tx('t1', 'ACME WIDGETS SALARY 0324', 'external_expense'), 'income', ctx);
    expect(plan).toEqual({
      updates: [{ id: 't1', user_corrected_flow_type: 'income', classification_method: 'user_corrected' }],
      audits: [
        {
          transaction_id: 't1',
          original_flow_type: 'external_expense',
          corrected_flow_type: 'income',
          user_reasoning: 'it is my salary',
          confidence_at_correction: 0.6,
          created_by: 'user-1',
        },
      ],
      patterns: [
        {
          family_id: 'fam-1',
          pattern_type: 'user_correction',
          pattern_rules: { description_contains: ['ACME', 'WIDGETS'], flow_type: 'income', confidence: 0.8 },
          confidence_score: 0.8,
          confirmed_by_user: true,
        },
      ],
    });
    expect(SINGLE_PATTERN_CONFIDENCE).toBe(0.8);
  });

  it('saves nothing when the type is unchanged (against the effective type)', () => {
    expect(planCorrection(tx('t1', 'X', 'income'), 'income', ctx)).toBeNull();
    expect(
      planCorrection(
        tx('t1', 'X', 'income', { user_corrected_flow_type: 'external_expense' }),
        'external_expense',
        ctx,
      ),
    ).toBeNull();
    expect(planCorrection(tx('t1', 'X', 'income'), null, ctx)).toBeNull();
  });

  it('an unclassified original is recorded as null; no reason, no confidence, no usable terms', () => {
    const plan = planCorrection(
      tx('t1', 'DD 1234', null, { classification_confidence: null }),
      'external_expense',
      { familyId: 'f', userId: 'u' },
    );
    expect(plan?.audits[0]).toMatchObject({
      original_flow_type: null,
      user_reasoning: null,
      confidence_at_correction: null,
    });
    expect(plan?.patterns).toEqual([]);
  });
});

describe('spec 2 §4, §7 bulk correction: user_bulk_corrected, pattern 0.9 bulk_correction', () => {
  it('skips transactions already of the type and learns one pattern per distinct terms', () => {
    const plan = planBulkCorrection(
      [
        tx('t1', 'TESCO STORES 1', 'income'),
        tx('t2', 'TESCO STORES 2', 'income'),
        tx('t3', 'ASDA SUPERSTORE', null),
        tx('t4', 'ALREADY', 'external_expense'),
      ],
      'external_expense',
      ctx,
    );
    expect(plan?.updates.map((u) => [u.id, u.classification_method])).toEqual([
      ['t1', 'user_bulk_corrected'],
      ['t2', 'user_bulk_corrected'],
      ['t3', 'user_bulk_corrected'],
    ]);
    expect(plan?.audits).toHaveLength(3);
    expect(
      plan?.patterns.map((p) => [p.pattern_type, p.pattern_rules.description_contains, p.confidence_score]),
    ).toEqual([
      ['bulk_correction', ['TESCO', 'STORES'], 0.9],
      ['bulk_correction', ['ASDA', 'SUPERSTORE'], 0.9],
    ]);
    expect(BULK_PATTERN_CONFIDENCE).toBe(0.9);
  });

  it('is null when nothing changes or no valid type', () => {
    expect(planBulkCorrection([tx('t1', 'X', 'income')], 'income', ctx)).toBeNull();
    expect(planBulkCorrection([tx('t1', 'X', 'income')], 'unclassified', ctx)).toBeNull();
    expect(planBulkCorrection([], 'income', ctx)).toBeNull();
  });
});

describe('spec 2 §3 patterns: learned pattern terms are the first two significant words', () => {
  it.each([
    ['CARD PAYMENT TO TESCO STORES 2231 LEEDS', ['TESCO', 'STORES']],
    ['Netflix.com', ['NETFLIX']],
    ['DD 1234 BT', []],
    ['', []],
  ])('%s → %o', (description, terms) => {
    expect(patternTerms(description)).toEqual(terms);
  });

  it('no terms, no pattern', () => {
    expect(correctionPattern('1234', 'income', 'single', 'f')).toBeNull();
    expect(correctionPattern('ACME', 'income', 'bulk', 'f')?.pattern_type).toBe('bulk_correction');
  });
});
