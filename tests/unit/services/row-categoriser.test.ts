import { describe, expect, it, vi } from 'vitest';
import { type CategoryRule, categoryRuleIndex, merchantKey } from '../../../functions/domain/category-rules';
import {
  type Categorisable,
  categoryOfRow,
  rowCategoriser,
} from '../../../functions/services/row-categories';

/**
 * Persist categorises thousands of rows under one family's rules (functions/services/row-categories.ts): a
 * statement repeats its merchants, so each description is categorised once, and every row gets what
 * `categoryOfRow` gives it.
 */
const calls = vi.hoisted(() => ({ categorise: 0 }));
vi.mock('../../../functions/domain/category-rules', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../functions/domain/category-rules')>();
  return {
    ...original,
    categorise: (...args: Parameters<typeof original.categorise>) => {
      calls.categorise++;
      return original.categorise(...args);
    },
  };
});

const row = (description: string, signedAmount: number, flow: string | null): Categorisable => ({
  description,
  amount: Math.abs(signedAmount),
  signed_amount: signedAmount,
  type: signedAmount < 0 ? 'debit' : 'credit',
  flow_type: flow as Categorisable['flow_type'],
  user_corrected_flow_type: null,
});

// A month of a current account: the same shops and direct debits again and again, a salary and a transfer.
const ROWS: Categorisable[] = Array.from(
  { length: 60 },
  (_, i) =>
    [
      row('TESCO STORES 2041', -23.4, 'external_expense'),
      row('DD BRITISH GAS', -87, 'external_expense'),
      row('AMAZON.CO.UK', 12.99, 'external_expense'), // a refund
      row('ACME LTD SALARY', 2500, 'external_income'),
      row('TFR FROM 87654321 SAVINGS', 200, 'internal_transfer'),
      row('JOHN SMITH', -40, 'external_expense'),
    ][i % 6]!,
);

describe('rowCategoriser: the rows of a statement under one family’s rules', () => {
  it('gives every row what categoryOfRow gives it, with and without learned rules', () => {
    const learned = categoryRuleIndex([
      {
        merchant_key: merchantKey(categoryOfRow(ROWS[0]!, new Map())?.merchant_name ?? ''),
        category_id: 'eating_out',
        confidence: 0.95,
        learned_from: 'single',
      },
    ]);
    expect(categoryOfRow(ROWS[0]!, learned)?.category_source).toBe('learned');
    for (const rules of [new Map<string, CategoryRule>(), learned]) {
      const categoryOf = rowCategoriser(rules);
      expect(ROWS.map((r) => categoryOf(r))).toEqual(ROWS.map((r) => categoryOfRow(r, rules)));
    }
  });

  it('categorises each description once, and each answer is the row’s own object', () => {
    const categoryOf = rowCategoriser(new Map());
    calls.categorise = 0;
    const answers = ROWS.map((r) => categoryOf(r));
    // Four descriptions count as spending (the salary and the transfer are not categorised at all).
    expect(calls.categorise).toBe(4);
    expect(answers[0]).not.toBe(answers[6]);
    expect(answers[0]).toEqual(answers[6]);
    expect(answers[3]).toBeNull();
  });
});
