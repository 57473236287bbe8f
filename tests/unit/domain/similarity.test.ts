import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BULK_MODAL_THRESHOLD,
  descriptionPatterns,
  findSimilar,
  GROUP_MIN_SIZE,
  GROUP_THRESHOLD,
  groupSimilar,
  REVIEW_FLAG_MESSAGES,
  reviewFlags,
  SIMILAR_LIST_THRESHOLD,
  significantWords,
  similarity,
  smartSuggestion,
} from '../../../functions/domain/similarity';

const t = (description: string, amount = 10, extra: Record<string, unknown> = {}) => ({
  description,
  amount,
  ...extra,
});

describe('spec 2 §5 similarity: exact 1, patterns 0.8 of share, words 0.6 of share, amount +0.2 / +0.1, clamp [0, 1]', () => {
  it.each([
    ['exact description', t('TESCO STORES 3012', 10), t('tesco  stores 3012', 99), 1],
    // patterns: {merchant:Tesco} both → 0.8; words {TESCO, STORES} vs {TESCO, STORES, LEEDS} → 2/3 × 0.6 = 0.4
    [
      'merchant + words + same amount, clamped',
      t('TESCO STORES 3012', 10),
      t('TESCO STORES 9999 LEEDS', 10),
      1,
    ],
    // no patterns; words {ACME, WIDGETS} vs {ACME, GADGETS} → 1/2 × 0.6 = 0.3; amounts 10 vs 50 → 0
    ['half the words', t('ACME WIDGETS', 10), t('ACME GADGETS', 50), 0.3],
    ['half the words + same amount (within 0.01)', t('ACME WIDGETS', 10), t('ACME GADGETS', 10.004), 0.5],
    ['one penny apart is within 10%, not the same', t('ACME WIDGETS', 10), t('ACME GADGETS', 10.01), 0.4],
    ['exactly 10% apart (of the larger)', t('ACME WIDGETS', 90), t('ACME GADGETS', 100), 0.4],
    ['just over 10% apart', t('ACME WIDGETS', 89.99), t('ACME GADGETS', 100), 0.3],
    ['short words (3 characters or fewer) do not count', t('THE CAT SAT', 1), t('THE CAT RAN', 50), 0],
    ['words with digits do not count', t('REF12345 ALPHA', 1), t('REF12345 BETA', 50), 0],
    ['shared pattern only: direct debit', t('DD ALPHA', 1), t('DD BETA', 50), 0.8],
    [
      'half the patterns: transfer vs transfer + standing order',
      t('TFR ONE', 1),
      t('TFR STANDING ORDER', 50),
      0.4,
    ],
    ['nothing in common', t('ALPHA', 1), t('OMEGA', 500), 0],
    ['both amounts zero count as the same amount', t('ALPHA', 0), t('OMEGA', 0), 0.2],
  ])('%s → %s', (_name, a, b, expected) => {
    expect(similarity(a, b)).toBeCloseTo(expected, 6);
  });

  it('similarity is symmetric and within [0, 1]', () => {
    const desc = fc.constantFrom(
      'TESCO STORES 1',
      'TFR 123',
      'DD BRITISH GAS',
      'ACME LTD SALARY',
      'CARD PAYMENT TO ASDA',
      'J SMITH',
      '',
      'ATM WITHDRAWAL',
    );
    fc.assert(
      fc.property(
        desc,
        desc,
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        (d1, d2, a1, a2) => {
          const s = similarity({ description: d1, amount: a1 }, { description: d2, amount: a2 });
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(1);
          expect(similarity({ description: d2, amount: a2 }, { description: d1, amount: a1 })).toBe(s);
        },
      ),
    );
  });

  it('patterns and words are documented features', () => {
    expect([...descriptionPatterns('CARD PAYMENT TO TESCO STORES')].sort()).toEqual([
      'card',
      'merchant:Tesco',
    ]);
    expect([...descriptionPatterns('FP SALARY HMRC REFUND INTEREST ATM BACS')].sort()).toEqual([
      'bacs',
      'benefit',
      'cash',
      'faster-payment',
      'interest',
      'refund',
      'salary',
    ]);
    expect([...significantWords('Tesco tesco STORES 12 ab1cd and')]).toEqual(['TESCO', 'STORES']);
  });
});

describe('spec 2 §5 listing thresholds: 0.3 listed, 0.5 bulk modal, groups 0.7 with at least 2', () => {
  const target = { id: 'x', ...t('ACME WIDGETS', 10) };
  const list = [
    target,
    { id: 'a', ...t('ACME GADGETS', 50) }, // 0.3
    { id: 'b', ...t('ACME GADGETS', 10) }, // 0.5
    { id: 'c', ...t('ACME GADGETS', 10.5) }, // 0.4
    { id: 'd', ...t('OMEGA', 10) }, // 0.2
  ];
  it('lists at 0.3 or more, highest first, never the target itself', () => {
    expect(findSimilar(target, list).map((m) => m.transaction.id)).toEqual(['b', 'c', 'a']);
    expect(SIMILAR_LIST_THRESHOLD).toBe(0.3);
  });
  it('the bulk modal lists at 0.5 or more', () => {
    expect(findSimilar(target, list, BULK_MODAL_THRESHOLD).map((m) => m.transaction.id)).toEqual(['b']);
  });
  it('skips the same object when there is no id', () => {
    const anon = t('ACME WIDGETS', 10);
    expect(findSimilar(anon, [anon, t('ACME WIDGETS', 10)])).toHaveLength(1);
  });

  it('groups need 0.7 or more and at least 2 transactions', () => {
    expect([GROUP_THRESHOLD, GROUP_MIN_SIZE]).toEqual([0.7, 2]);
    const rows = [
      t('TESCO STORES 1', 5),
      t('ACME WIDGETS', 10),
      t('TESCO STORES 2', 7),
      t('ACME GADGETS', 10), // 0.5 with ACME WIDGETS: not grouped
      t('TESCO STORES 3', 100),
      t('LONE', 1),
    ];
    const groups = groupSimilar(rows);
    expect(groups.map((g) => g.map((r) => r.description))).toEqual([
      ['TESCO STORES 1', 'TESCO STORES 2', 'TESCO STORES 3'],
    ]);
  });
});

describe('spec 2 §5 smart suggestion: most common correction among ≥ 0.7 similar corrected, confidence = its share', () => {
  const target = { id: 'x', ...t('TESCO STORES 1', 10) };
  it('picks the majority with its share', () => {
    const history = [
      { id: 'a', ...t('TESCO STORES 2', 10), user_corrected_flow_type: 'external_expense' },
      { id: 'b', ...t('TESCO STORES 3', 11), user_corrected_flow_type: 'external_expense' },
      { id: 'c', ...t('TESCO STORES 4', 10), user_corrected_flow_type: 'internal_transfer' },
      { id: 'd', ...t('TESCO STORES 5', 10), user_corrected_flow_type: null },
      { id: 'e', ...t('OMEGA', 10), user_corrected_flow_type: 'income' },
    ];
    expect(smartSuggestion(target, history)).toEqual({
      flow_type: 'external_expense',
      confidence: 0.6667,
      basedOn: 3,
    });
  });
  it('breaks ties by total similarity', () => {
    const history = [
      { id: 'a', ...t('TESCO STORES 2', 10), user_corrected_flow_type: 'income' },
      { id: 'b', ...t('TESCO STORES 3', 500), user_corrected_flow_type: 'external_expense' },
    ];
    // both score 1 (clamped): tie on weight too → flow type name order
    expect(smartSuggestion(target, history)?.flow_type).toBe('external_expense');
    const history2 = [
      { id: 'a', ...t('ACME WIDGETS 2', 10.5), user_corrected_flow_type: 'income' }, // 0.6 + 0.1
      { id: 'b', ...t('ACME WIDGETS 3', 10), user_corrected_flow_type: 'internal_transfer' }, // 0.6 + 0.2
    ];
    expect(smartSuggestion({ id: 'x', ...t('ACME WIDGETS 1', 10) }, history2)).toEqual({
      flow_type: 'internal_transfer',
      confidence: 0.5,
      basedOn: 2,
    });
  });
  it('is null without similar corrected transactions', () => {
    expect(
      smartSuggestion(target, [{ id: 'e', ...t('OMEGA', 1), user_corrected_flow_type: 'income' }]),
    ).toBeNull();
    expect(
      smartSuggestion(target, [
        { id: 'e', ...t('TESCO STORES', 10), user_corrected_flow_type: 'mortgage_fee' },
      ]),
    ).toBeNull();
  });
});

describe('spec 2 §5 review flags: zero amount, external_expense as money in, missing type', () => {
  it.each([
    [{ amount: 0, type: 'debit', flow_type: 'external_expense' }, ['zero_amount']],
    [{ amount: 0.004, type: 'debit' }, ['zero_amount']],
    [{ amount: 0.01, type: 'debit' }, []],
    [{ amount: 5, signed_amount: 5, type: 'credit', flow_type: 'external_expense' }, ['expense_money_in']],
    [
      {
        amount: 5,
        signed_amount: 5,
        type: 'credit',
        user_corrected_flow_type: 'income',
        flow_type: 'external_expense',
      },
      [],
    ],
    [{ amount: 5, signed_amount: -5, type: 'debit', flow_type: 'external_expense' }, []],
    [{ amount: 5, signed_amount: 5, flow_type: 'external_expense' }, ['expense_money_in', 'missing_type']],
    [{ amount: 5, type: null }, ['missing_type']],
  ])('%o → %o', (tx, flags) => {
    expect(reviewFlags(tx)).toEqual(flags);
  });
  it('has messages', () => {
    expect(REVIEW_FLAG_MESSAGES.missing_type).toBe('Missing type (debit/credit)');
  });
});
