import type { Transaction } from '../../../../../functions/contracts/transactions';
import { type FigureRow, figuresOfRows, netOf } from '../../../../../functions/domain/figures';

/**
 * The section's summary, computed from the rows loaded with the overview's definitions (functions/domain/
 * figures.ts): money in and money out leave transfers between the family's own accounts out (a refund lowers
 * money out, unclassified rows count by their direction), and the money moved between own accounts is its
 * own figure, each transfer once; net = money in − money out.
 */
export interface RowsSummary {
  count: number;
  moneyIn: number;
  moneyOut: number;
  /** Moved between the family's own accounts, each transfer once. */
  moved: number;
  net: number;
}

export function summariseRows(rows: Iterable<Transaction>): RowsSummary {
  const list = [...rows];
  const f = figuresOfRows(list satisfies FigureRow[]);
  return {
    count: list.length,
    moneyIn: f.moneyIn / 100,
    moneyOut: f.moneyOut / 100,
    moved: f.internal / 100,
    net: netOf(f) / 100,
  };
}
