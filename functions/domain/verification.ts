import { isCompleteTransaction } from './cleanup';
import { toEpochDay } from './dates';
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

// ── Statement checks (beyond the spec) ─────────────────────────────────────────────────────────────────────

export interface StatementSpan {
  uploadId: string;
  fileName: string;
  period: { start: string; end: string } | null;
  reconciliation: {
    ok: boolean;
    breaks: ReadonlyArray<{ row: number; expected: number; actual: number; reason: string }>;
  } | null;
}

/** Statements whose balances do not add up, each with where (the rows that break, first five). */
export function reconciliationProblems(
  statements: readonly StatementSpan[],
): Array<{ fileName: string; uploadId: string; where: string[] }> {
  return statements
    .filter((s) => s.reconciliation && !s.reconciliation.ok)
    .map((s) => ({
      fileName: s.fileName,
      uploadId: s.uploadId,
      where: (s.reconciliation?.breaks ?? [])
        .slice(0, 5)
        .map(
          (b) =>
            `row ${b.row}: expected balance ${b.expected.toFixed(2)}, statement shows ${b.actual.toFixed(2)} (${b.reason})`,
        ),
    }));
}

const monthOf = (date: string) => date.slice(0, 7);
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Months (YYYY-MM) with no statement between an account's first and last statement: a month counts as
 * covered when any statement's period has a day in it.
 */
export function statementGaps(periods: ReadonlyArray<{ start: string; end: string }>): string[] {
  const valid = periods.filter((p) => !Number.isNaN(toEpochDay(p.start)) && !Number.isNaN(toEpochDay(p.end)));
  if (valid.length === 0) return [];
  const covered = new Set<string>();
  for (const p of valid) {
    for (let m = monthOf(p.start); m <= monthOf(p.end); m = nextMonth(m)) covered.add(m);
  }
  const first = valid.map((p) => monthOf(p.start)).sort()[0]!;
  const last = valid
    .map((p) => monthOf(p.end))
    .sort()
    .at(-1)!;
  const gaps: string[] = [];
  for (let m = first; m <= last; m = nextMonth(m)) if (!covered.has(m)) gaps.push(m);
  return gaps;
}

/** Pairs of one account's statements whose periods share days: the two files and the shared days. */
export function statementOverlaps(
  statements: readonly StatementSpan[],
): Array<{ first: string; second: string; from: string; to: string; days: number }> {
  const dated = statements
    .filter((s): s is StatementSpan & { period: { start: string; end: string } } => s.period !== null)
    .sort((a, b) => (a.period.start < b.period.start ? -1 : a.period.start > b.period.start ? 1 : 0));
  const out: Array<{ first: string; second: string; from: string; to: string; days: number }> = [];
  for (let i = 0; i < dated.length; i++) {
    for (let j = i + 1; j < dated.length; j++) {
      const a = dated[i]!;
      const b = dated[j]!;
      if (b.period.start > a.period.end) break;
      const from = b.period.start;
      const to = a.period.end < b.period.end ? a.period.end : b.period.end;
      out.push({
        first: a.fileName,
        second: b.fileName,
        from,
        to,
        days: toEpochDay(to) - toEpochDay(from) + 1,
      });
    }
  }
  return out;
}
