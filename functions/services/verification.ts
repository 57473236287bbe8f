import { getAccount, listAccounts } from '../adapters/dynamodb/account-repository';
import { accountTransactions } from '../adapters/dynamodb/transaction-repository';
import { listAccountUploads } from '../adapters/dynamodb/upload-repository';
import { ACCOUNT_MESSAGES } from '../contracts/accounts';
import type { VerificationCheckDto, VerificationReport } from '../contracts/review';
import { monthLabel } from '../domain/dates';
import { formatDateMedium } from '../domain/format';
import {
  reconciliationProblems,
  runVerification,
  statementGaps,
  statementOverlaps,
  summariseVerification,
} from '../domain/verification';
import type { FamilyContext } from '../shared/context';
import { NotFoundError } from '../shared/errors';
import { listMatches } from './matches';

/**
 * The Verification panel's checks (spec 2 §2, §5 Verification levels), run for real (no fake delay) and one
 * account per request, so the screen shows real progress: per account, data completeness (95% verified, 85%
 * warning), classification confidence and internal-transfer share (functions/domain/verification.ts), and,
 * beyond the spec, statement reconciliation, months with no statement between the first and the last, and
 * overlapping statements; for the family, transfers proposed but not yet reviewed. Each check that finds
 * something links to the screen that fixes it.
 */
export const FIX_LINKS = {
  cleanup: { label: 'Open Data Cleanup', to: '/app/setup/cleanup' },
  classification: { label: 'Review transactions', to: '/app/setup/classification' },
  matching: { label: 'Review transfers', to: '/app/setup/matching' },
  statements: { label: 'See the statements', to: '/app/setup/accounts' },
  upload: { label: 'Upload statements', to: '/app/setup/upload' },
} as const;

const report = (checks: VerificationCheckDto[], totalAccounts: number): VerificationReport => {
  const summary = summariseVerification(checks);
  return {
    checks,
    summary: {
      verified: summary.verified,
      warnings: summary.warnings,
      attention: summary.attention,
      total_accounts: totalAccounts,
      banner: summary.banner,
    },
  };
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The family's own checks (transfers proposed, not reviewed), with the number of active accounts. */
export async function verifyFamily(family: FamilyContext): Promise<VerificationReport> {
  // What Cross-Account Matching lists (stale proposals, whose rows went or were corrected, are dropped there).
  const [accounts, proposals] = await Promise.all([listAccounts(family.familyId), listMatches(family)]);
  const pending = proposals.matches.length;
  const check: VerificationCheckDto = {
    id: 'transfer-proposals',
    status: pending ? 'warning' : 'verified',
    title: 'Transfers To Review',
    description: 'Transfers between your own accounts that were proposed but not yet accepted or rejected',
    value: String(pending),
    details: pending ? [`${plural(pending, 'proposed transfer')} waiting for your review`] : [],
    link: pending ? FIX_LINKS.matching : null,
    account_id: null,
  };
  return report([check], accounts.filter((a) => !a.is_archived).length);
}

/** One account's checks. 404 for an account that is not the family's. */
export async function verifyAccount(family: FamilyContext, accountId: string): Promise<VerificationReport> {
  const { familyId } = family;
  const account = await getAccount(familyId, accountId);
  if (!account) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  const [rows, uploads] = await Promise.all([
    accountTransactions(familyId, accountId),
    listAccountUploads(familyId, accountId),
  ]);
  const name = account.name;
  const [completeness, confidence, share] = runVerification(rows);
  const checks: VerificationCheckDto[] = [];
  const base = { account_id: accountId, details: [] as string[], link: null };
  if (completeness)
    checks.push({
      ...base,
      ...completeness,
      id: `${accountId}:completeness`,
      title: `${name}: ${completeness.title}`,
      details: rows.length ? (completeness.details ?? []) : ['No transactions yet'],
      link: completeness.status === 'verified' ? null : rows.length ? FIX_LINKS.cleanup : FIX_LINKS.upload,
    });
  if (confidence && rows.length)
    checks.push({
      ...base,
      ...confidence,
      id: `${accountId}:confidence`,
      title: `${name}: ${confidence.title}`,
      details: confidence.details ?? [],
      link: confidence.status === 'verified' ? null : FIX_LINKS.classification,
    });
  if (share && rows.length)
    checks.push({
      ...base,
      ...share,
      id: `${accountId}:internal-share`,
      title: `${name}: ${share.title}`,
      details: share.details ?? [],
      link: share.status === 'verified' ? null : FIX_LINKS.matching,
    });

  // Statements held for the family's check, and those imported without adding up ('Import anyway').
  const waiting = uploads.filter((u) => u.stage === 'needs_check');
  const unchecked = uploads.filter((u) => u.stage === 'done' && u.notChecked);
  if (waiting.length || unchecked.length)
    checks.push({
      ...base,
      id: `${accountId}:unchecked`,
      status: unchecked.length ? 'attention' : 'warning',
      title: `${name}: Statements Not Checked`,
      description: 'Statements whose own figures do not confirm what was read',
      value: `${waiting.length + unchecked.length}`,
      details: [
        ...waiting.map((u) => `${u.fileName} needs your check; its transactions are not in your figures yet`),
        ...unchecked.map((u) => `${u.fileName} was imported without adding up (not checked)`),
      ],
      link: waiting.length
        ? { label: 'Check the statement', to: `/app/setup/upload/check/${waiting[0]!.uploadId}` }
        : FIX_LINKS.statements,
    });

  // Bank exports waiting for the family to say how to read them (their columns, or their date order).
  const toMap = uploads.filter((u) => u.stage === 'needs_mapping');
  if (toMap.length)
    checks.push({
      ...base,
      id: `${accountId}:unmapped`,
      status: 'warning',
      title: `${name}: Exports Waiting for Their Columns`,
      description: 'Bank exports the product cannot read until you say which column is which',
      value: `${toMap.length}`,
      details: toMap.map(
        (u) =>
          `${u.fileName} waits for its columns to be mapped; its transactions are not in your figures yet`,
      ),
      link: { label: 'Map the columns', to: `/app/setup/upload/map/${toMap[0]!.uploadId}` },
    });

  const statements = uploads
    .filter((u) => u.stage === 'done')
    .map((u) => ({
      uploadId: u.uploadId,
      fileName: u.fileName,
      period: u.period ?? null,
      reconciliation: u.reconciliation ?? null,
    }));
  if (statements.length) {
    const broken = reconciliationProblems(statements);
    checks.push({
      ...base,
      id: `${accountId}:reconciliation`,
      status: broken.length ? 'attention' : 'verified',
      title: `${name}: Statement Reconciliation`,
      description: 'Each statement’s balances follow from its transactions',
      value: `${statements.length - broken.length} of ${statements.length}`,
      details: broken.flatMap((b) => [`${b.fileName} does not add up`, ...b.where.map((w) => `  ${w}`)]),
      link: broken.length ? FIX_LINKS.statements : null,
    });
    const gaps = statementGaps(statements.flatMap((s) => (s.period ? [s.period] : [])));
    checks.push({
      ...base,
      id: `${accountId}:gaps`,
      status: gaps.length ? 'warning' : 'verified',
      title: `${name}: Statement Gaps`,
      description: 'Every month between the first and the last statement has a statement',
      value: gaps.length ? plural(gaps.length, 'month') + ' missing' : 'None',
      details: gaps.map((m) => `No statement for ${monthLabel(m)}`),
      link: gaps.length ? FIX_LINKS.upload : null,
    });
    const overlaps = statementOverlaps(statements);
    checks.push({
      ...base,
      id: `${accountId}:overlaps`,
      status: overlaps.length ? 'warning' : 'verified',
      title: `${name}: Overlapping Statements`,
      description: 'No two statements cover the same days (shared rows are stored once either way)',
      value: overlaps.length ? plural(overlaps.length, 'overlap') : 'None',
      details: overlaps.map(
        (o) =>
          `${o.first} and ${o.second} both cover ${formatDateMedium(o.from)} to ${formatDateMedium(o.to)} (${plural(o.days, 'day')})`,
      ),
      link: overlaps.length ? FIX_LINKS.statements : null,
    });
  }
  return report(checks, 1);
}
