import { expect } from 'vitest';
import { readStatement } from '../../../functions/domain/statement';
import type { Block } from '../../../functions/domain/statement/blocks';
import type { StatementTruth } from '../../fixtures/statements/generate';

/**
 * The statement read from `blocks` is its ground truth exactly: every row's date, description, signed amount
 * and balance, the opening and closing balances, and a reconciliation without a break.
 */
export function expectRows(blocks: Block[], truth: StatementTruth, referenceDate?: string) {
  const result = readStatement(blocks, referenceDate ? { referenceDate } : undefined);
  if (!result.ok) throw new Error(result.message);
  const { statement } = result;
  const row = (t: { date: string; description: string; signedAmount: number; balance: number | null }) => [
    t.date,
    t.description,
    t.signedAmount,
    t.balance,
  ];
  expect(statement.transactions.map(row)).toEqual(truth.transactions.map(row));
  expect([statement.openingBalance, statement.closingBalance]).toEqual([
    truth.openingBalance,
    truth.closingBalance,
  ]);
  expect(statement.reconciliation).toEqual({ ok: true, breaks: [] });
}
