import type { Transaction } from '../../../../functions/contracts/transactions';
import { effectiveFlowType, isUserCorrected } from '../../../../functions/domain/flow-types';
import { periodStats } from '../../../../functions/domain/periods';
import { type ReviewFlag, reviewFlags } from '../../../../functions/domain/similarity';
import { type TransactionSeverity, transactionSeverity } from '../../../../functions/domain/verification';

/**
 * What the Transaction Flow page shows of each row and of the rows together, from the domain's rules:
 * verification severity (spec 3 §4.2: excellent 0.9+, good 0.7+, else attention; a corrected row is the
 * family's own word, so excellent), review flags (spec 2 §5), the flow overview (periodStats: income,
 * internal, expenses with the mortgage types; mortgage activity; net flow) and the flow by account.
 */
export interface ReviewedRow {
  row: Transaction;
  severity: TransactionSeverity;
  flags: ReviewFlag[];
  corrected: boolean;
  needsAttention: boolean;
}

export function reviewRow(row: Transaction): ReviewedRow {
  const corrected = isUserCorrected(row);
  const severity = corrected ? 'excellent' : transactionSeverity(row.classification_confidence);
  const flags = reviewFlags(row);
  return {
    row,
    severity,
    flags,
    corrected,
    needsAttention: severity === 'attention' || flags.length > 0 || effectiveFlowType(row) === 'unclassified',
  };
}

const MORTGAGE = new Set(['mortgage_payment', 'mortgage_overpayment', 'mortgage_fee']);

export interface FlowOverview {
  income: number;
  internal: number;
  expenses: number;
  mortgage: number;
  netFlow: number;
  count: number;
}

export function flowOverview(rows: readonly Transaction[]): FlowOverview {
  const stats = periodStats(rows);
  let mortgage = 0;
  for (const r of rows) if (MORTGAGE.has(effectiveFlowType(r))) mortgage += Math.abs(r.amount);
  return {
    income: stats.totalIncome,
    internal: stats.totalInternalTransfers,
    expenses: stats.totalExpenses,
    mortgage: Math.round(mortgage * 100) / 100,
    netFlow: stats.netFlow,
    count: stats.transactionCount,
  };
}

export function flowByAccount(rows: readonly Transaction[]): Map<string, FlowOverview> {
  const groups = new Map<string, Transaction[]>();
  for (const r of rows) groups.set(r.account_id, [...(groups.get(r.account_id) ?? []), r]);
  return new Map([...groups].map(([id, list]) => [id, flowOverview(list)]));
}
