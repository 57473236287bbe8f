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

/**
 * The filter a link to Transaction Flow may carry (the assistant's answers link to the rows they rest on):
 * `from` and `to` (YYYY-MM-DD, either may be left out) and `ids` (comma-separated row ids). A part that is
 * not valid is left out and named in `problem`, so the page says why it shows more than the link asked for.
 */
export interface FlowLinkFilter {
  from: string | null;
  to: string | null;
  ids: ReadonlySet<string> | null;
  problem: string | null;
}

export const FLOW_LINK_MAX_IDS = 100;
export const FLOW_LINK_MESSAGES = {
  dates: 'The link’s dates are not valid dates (YYYY-MM-DD), so they are not applied.',
  range: 'The link’s start date is after its end date, so the dates are not applied.',
  ids: `The link names transactions that are not valid (at most ${FLOW_LINK_MAX_IDS}), so every transaction in its dates is shown.`,
} as const;

const realDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

export function readFlowLink(params: URLSearchParams): FlowLinkFilter {
  let from = params.get('from')?.trim() || null;
  let to = params.get('to')?.trim() || null;
  const rawIds = params.get('ids')?.trim() || null;
  let problem: string | null = null;
  if ((from && !realDate(from)) || (to && !realDate(to))) {
    problem = FLOW_LINK_MESSAGES.dates;
    from = null;
    to = null;
  } else if (from && to && from > to) {
    problem = FLOW_LINK_MESSAGES.range;
    from = null;
    to = null;
  }
  let ids: Set<string> | null = null;
  if (rawIds) {
    const list = rawIds.split(',').map((s) => s.trim());
    if (list.length <= FLOW_LINK_MAX_IDS && list.every((s) => /^[0-9A-Za-z_-]{1,64}$/.test(s)))
      ids = new Set(list);
    else problem ??= FLOW_LINK_MESSAGES.ids;
  }
  return { from, to, ids, problem };
}

/** True when the link filters anything. */
export const isFiltered = (f: FlowLinkFilter) => Boolean(f.from || f.to || f.ids);
