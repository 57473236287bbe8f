import { describe, expect, it } from 'vitest';
import {
  merchantOf,
  rollupOf,
  SPENDING_MESSAGES,
  spendingAmount,
  spendingByCategory,
  spendingDataQuality,
  spendingHints,
  summariseSpending,
  UNCATEGORIZED,
} from '../../../functions/domain/spending';

let n = 0;
const tx = (
  primary_category: string | null,
  amount: number,
  description: string,
  extra: Record<string, unknown> = {},
) => ({
  id: `t${n++}`,
  amount,
  description,
  transaction_date: '2024-05-01',
  flow_type: 'external_expense',
  user_corrected_flow_type: null,
  primary_category,
  subcategory: null,
  merchant_name: null,
  category_confidence: null,
  ...extra,
});

describe('spec 3 §3 spending by category', () => {
  const rows = [
    tx('Groceries', 50, 'TESCO STORES 1', { category_confidence: 0.9 }),
    tx('Groceries', 30, 'TESCO STORES 2', { category_confidence: 0.7 }),
    tx('Groceries', 20, 'ASDA 3'),
    tx('Transport', 100, 'SHELL 22', { subcategory: 'Fuel' }),
    tx(null, 0, 'MYSTERY'),
    tx('Groceries', 999, 'SALARY', { flow_type: 'income' }),
    tx('Groceries', 999, 'TFR', { user_corrected_flow_type: 'internal_transfer' }),
  ];

  it('aggregates total, count, percentage, average confidence and top merchants; largest first', () => {
    const result = spendingByCategory(rows);
    expect(
      result.map((c) => [c.category, c.totalAmount, c.transactionCount, c.percentage, c.averageConfidence]),
    ).toEqual([
      ['Groceries', 100, 3, 50, 0.8],
      ['Transport', 100, 1, 50, null],
      [UNCATEGORIZED, 0, 1, 0, null],
    ]);
    expect(result[0]!.topMerchants).toEqual([
      { merchant: 'Tesco', total: 80, count: 2 },
      { merchant: 'Asda', total: 20, count: 1 },
    ]);
  });

  it('can leave out uncategorised spending and group by subcategory', () => {
    expect(spendingByCategory(rows, { includeUncategorized: false }).map((c) => c.category)).toEqual([
      'Groceries',
      'Transport',
    ]);
    expect(spendingByCategory(rows, { by: 'subcategory' }).map((c) => c.category)).toEqual([
      'Fuel',
      UNCATEGORIZED,
    ]);
  });

  it('keeps the top 5 merchants', () => {
    const many = ['A1', 'B2', 'C3', 'D4', 'E5', 'F6'].map((d, i) => tx('X', 10 + i, `SHOP ${d}`));
    expect(spendingByCategory(many)[0]!.topMerchants.map((m) => m.merchant)).toEqual([
      'SHOP F6',
      'SHOP E5',
      'SHOP D4',
      'SHOP C3',
      'SHOP B2',
    ]);
  });

  it('empty input', () => {
    expect(spendingByCategory([])).toEqual([]);
  });

  it.each([
    [{ merchant_name: ' Deliveroo ', description: 'X' }, 'Deliveroo'],
    [{ merchant_name: null, description: 'CARD PAYMENT TO NETFLIX.COM' }, 'Netflix'],
    [{ merchant_name: null, description: '  CORNER   SHOP ' }, 'CORNER SHOP'],
    [{ merchant_name: null, description: '' }, 'Unknown'],
  ])('merchant of %o is %s', (t, m) => {
    expect(merchantOf(t)).toBe(m);
  });
});

describe('spec 3 §5 spend by category data quality: > 20 complete, > 5 partial', () => {
  it.each([
    [21, 'complete'],
    [20, 'partial'],
    [6, 'partial'],
    [5, 'insufficient'],
    [0, 'insufficient'],
  ])('%s transactions → %s', (count, quality) => {
    expect(spendingDataQuality(count)).toBe(quality);
  });
});

describe('spec 3 §9 spending hints: stale activity after 14 days, old transactions after 30', () => {
  const now = new Date('2024-05-31T12:00:00Z');
  it.each([
    ['2024-05-17', '2024-05-01', false, false],
    ['2024-05-16', '2024-04-30', true, true],
    [null, null, false, false],
  ])(
    'activity %s, latest %s → %s / %s',
    (lastActivityDate, latestTransactionDate, staleActivity, oldTransactions) => {
      expect(spendingHints({ lastActivityDate, latestTransactionDate }, now)).toEqual({
        staleActivity,
        oldTransactions,
      });
    },
  );
  it('messages', () => {
    expect(SPENDING_MESSAGES.loadFailedTitle).toBe('Unable to Load Spending Data');
    expect(SPENDING_MESSAGES.empty).toBe('No Spending Data');
  });
});

describe('spend by category: shares of the total shown', () => {
  const categories = [
    { id: 'housing', name: 'Housing', parent_id: null, display_order: 1, color: '#000', icon: 'home' },
    { id: 'groceries', name: 'Groceries', parent_id: null, display_order: 2, color: '#000', icon: 'cart' },
    { id: 'shopping', name: 'Shopping', parent_id: null, display_order: 3, color: '#000', icon: 'bag' },
  ];
  const spend = (id: string, category: string, signed: number, description = 'PAYMENT') => ({
    id,
    account_id: 'a',
    amount: Math.abs(signed),
    signed_amount: signed,
    type: signed < 0 ? ('debit' as const) : ('credit' as const),
    description,
    transaction_date: '2025-10-10',
    flow_type: 'external_expense',
    user_corrected_flow_type: null,
    category_id: category,
    subcategory_id: null,
    merchant_name: null,
    category_confidence: 0.9,
  });

  it('a category of refunds only lowers the total, and every share is of that total', () => {
    const summary = summariseSpending(
      [
        rollupOf('2025-10', 'a', [
          spend('1', 'housing', -950),
          spend('2', 'groceries', -278.34),
          // a refund whose purchase was in an earlier month: this category nets −29.99
          spend('3', 'shopping', 29.99, 'REFUND ARGOS'),
        ]),
      ],
      categories,
    );
    expect(summary.total).toBe(1198.35);
    const housing = summary.categories.find((c) => c.id === 'housing')!;
    // 950 of the 1,198.35 shown, not of 1,228.34 (the total before the refund)
    expect(housing.percentage).toBe(79.3);
    expect(summary.categories.find((c) => c.id === 'groceries')!.percentage).toBe(23.2);
    expect(summary.categories.find((c) => c.id === 'shopping')!.percentage).toBe(0);
  });
});

describe('a refund is money back on spending, one definition on every screen', () => {
  const line = (description: string, signed: number, flow: string | null) => ({
    description,
    amount: Math.abs(signed),
    signed_amount: signed,
    type: signed < 0 ? ('debit' as const) : ('credit' as const),
    flow_type: flow,
    user_corrected_flow_type: null,
  });

  it('a spending row counts by its direction: money out adds, money back takes off', () => {
    expect(spendingAmount(line('TESCO STORES', -20, 'external_expense'))).toBe(20);
    expect(spendingAmount(line('REFUND ARGOS', 12.5, 'external_expense'))).toBe(-12.5);
  });

  it("money in the family's figures count as income is not less spending, whatever its words", () => {
    // the overview counts these as money in: Spend by Category must not also take them off spending
    expect(spendingAmount(line('HMRC TAX REFUND', 240, 'income'))).toBeNull();
    expect(spendingAmount(line('REFUND ARGOS', 12.5, 'income'))).toBeNull();
    expect(spendingAmount(line('REFUND ARGOS', 12.5, 'internal_transfer'))).toBeNull();
  });
});
