import { isCompleteTransaction } from './cleanup';
import { analyseDirections } from './flow-direction';
import { effectiveFlowType, isExpenseFlowType } from './flow-types';
import type { ConfidenceLevel, Transaction } from './types';

/**
 * Account data verification (spec 2 §2 "Verification panel", §3 "Verification check", §5 "Verification
 * levels"; spec 3 §4.2 severity per transaction).
 */

export type VerificationStatus = 'verified' | 'warning' | 'attention';

export interface VerificationCheck {
  status: VerificationStatus;
  title: string;
  description: string;
  value: string;
  details?: string[];
}

export const COMPLETENESS_VERIFIED_PERCENT = 95;
export const COMPLETENESS_WARNING_PERCENT = 85;
/** Above this internal-transfer share the check warns (spec 3 §7 uses the same 60% for its insight). */
export const INTERNAL_SHARE_WARNING = 0.6;

/** Data completeness level (spec 2 §5): 95% or more verified, 85% or more warning, else attention. */
export function completenessStatus(percent: number): VerificationStatus {
  if (percent >= COMPLETENESS_VERIFIED_PERCENT) return 'verified';
  if (percent >= COMPLETENESS_WARNING_PERCENT) return 'warning';
  return 'attention';
}

/** Classification confidence level (spec 2 §5): high verified, medium warning, otherwise attention. */
export function confidenceStatus(level: ConfidenceLevel | null | undefined): VerificationStatus {
  return level === 'high' ? 'verified' : level === 'medium' ? 'warning' : 'attention';
}

/**
 * Internal transfer share (spec 2 §5): abs internal / (abs income + abs expenses + abs internal); 0 when all
 * three are 0.
 */
export function internalTransferShare(totals: {
  income: number;
  expenses: number;
  internal: number;
}): number {
  const internal = Math.abs(totals.internal);
  const all = Math.abs(totals.income) + Math.abs(totals.expenses) + internal;
  return all === 0 ? 0 : internal / all;
}

export type TransactionSeverity = 'excellent' | 'good' | 'attention';
/** Verification severity of one transaction (spec 3 §4.2): 0.9 or more excellent, 0.7 or more good. */
export function transactionSeverity(confidence: number | null | undefined): TransactionSeverity {
  const c = typeof confidence === 'number' && Number.isFinite(confidence) ? confidence : 0;
  if (c >= 0.9) return 'excellent';
  if (c >= 0.7) return 'good';
  return 'attention';
}

const percent = (n: number) => `${(Math.round(n * 10) / 10).toFixed(1)}%`;

export type VerifiableTransaction = Pick<
  Transaction,
  'id' | 'amount' | 'description' | 'type' | 'signed_amount' | 'flow_type' | 'user_corrected_flow_type'
>;

/**
 * The verification checks over a family's transactions: data completeness, classification (direction)
 * confidence and internal transfer share.
 */
export function runVerification(transactions: readonly VerifiableTransaction[]): VerificationCheck[] {
  const total = transactions.length;
  const complete = transactions.filter(isCompleteTransaction).length;
  const completeness = total === 0 ? 0 : (complete / total) * 100;
  const directions = analyseDirections(transactions);
  let income = 0;
  let expenses = 0;
  let internal = 0;
  for (const t of transactions) {
    const flow = effectiveFlowType(t);
    const a = Math.abs(t.amount ?? 0);
    if (flow === 'income') income += a;
    else if (flow === 'internal_transfer') internal += a;
    else if (isExpenseFlowType(flow)) expenses += a;
  }
  const share = internalTransferShare({ income, expenses, internal });
  return [
    {
      status: completenessStatus(completeness),
      title: 'Data Completeness',
      description: 'Transactions with an amount above 0, a description and a type',
      value: percent(completeness),
      details: [`${complete} of ${total} transactions complete`],
    },
    {
      status: confidenceStatus(directions.confidence),
      title: 'Classification Confidence',
      description: 'How surely money in and out is known for each transaction',
      value: directions.confidence,
      details: [
        `${directions.lowConfidenceCount} low-confidence transactions`,
        ...directions.warnings.slice(0, 5),
      ],
    },
    {
      status: share > INTERNAL_SHARE_WARNING ? 'warning' : 'verified',
      title: 'Internal Transfer Share',
      description: 'Internal transfers as a share of all money moved',
      value: percent(share * 100),
    },
  ];
}

export interface VerificationSummary {
  verified: number;
  warnings: number;
  attention: number;
  banner: { title: string; tone: 'success' | 'warning' | 'danger' };
}

/**
 * Tiles and banner (spec 2 §2): 'All Systems Verified' with no warnings or issues; otherwise 'Verification
 * Issues Found' (danger) when anything needs attention, else 'Minor Warnings Detected'.
 */
export function summariseVerification(
  checks: readonly Pick<VerificationCheck, 'status'>[],
): VerificationSummary {
  const count = (s: VerificationStatus) => checks.filter((c) => c.status === s).length;
  const warnings = count('warning');
  const attention = count('attention');
  const banner =
    attention > 0
      ? { title: 'Verification Issues Found', tone: 'danger' as const }
      : warnings > 0
        ? { title: 'Minor Warnings Detected', tone: 'warning' as const }
        : { title: 'All Systems Verified', tone: 'success' as const };
  return { verified: count('verified'), warnings, attention, banner };
}
