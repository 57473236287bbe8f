import { putAudits } from '../adapters/dynamodb/audit-repository';
import {
  deleteMatchCandidates,
  listMatchCandidates,
  type MatchLegRef,
} from '../adapters/dynamodb/match-candidate-repository';
import { deletePattern, listPatterns, savePatterns } from '../adapters/dynamodb/pattern-repository';
import {
  setUserCorrection,
  type TransactionItem,
  transactionsByRef,
} from '../adapters/dynamodb/transaction-repository';
import {
  CORRECTION_MESSAGES,
  type CorrectionRequest,
  type CorrectionResponse,
  type PatternList,
  type TransactionRef,
} from '../contracts/corrections';
import { planBulkCorrection, planCorrection } from '../domain/corrections';
import type { FamilyContext } from '../shared/context';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { Ports } from '../shared/ports';
import { recomputeCandidates } from './matches';
import { changesOf, rowsChanged } from './row-changes';
import { toTransaction } from './transactions';

/** The ports this service's use cases are handed (the composition root passes them). */
export type CorrectionsDeps = Pick<Ports, 'now'>;

/**
 * Corrections of the effective flow type (spec 2 §4, §5 Correction, §7 writes; spec 3 §4.1), the one use case
 * every screen calls: the rows are read by their keys (another family's rows are simply not found: 404),
 * planned by the domain (functions/domain/corrections.ts: nothing when the type is unchanged, single 0.8 /
 * bulk 0.9 patterns, an audit row per changed row), then written: each row's correction (conditional on the
 * row being there), the audit rows, the learned patterns (duplicates ignored), the transfer candidates of the
 * corrected rows removed and their other legs matched again, and rowsChanged last.
 */
export async function correctFlowType(
  deps: CorrectionsDeps,
  family: FamilyContext,
  request: CorrectionRequest,
): Promise<CorrectionResponse> {
  const { familyId } = family;
  if (request.mode === 'single' && request.transactions.length !== 1)
    throw new ValidationError(CORRECTION_MESSAGES.single, { field: 'transactions' });
  const rows = await requireRows(familyId, request.transactions);
  const ctx = { familyId, userId: family.userId, reason: request.reason ?? null };
  const plan =
    request.mode === 'single'
      ? planCorrection(rows[0]!, request.flow_type, ctx)
      : planBulkCorrection(rows, request.flow_type, ctx);
  if (!plan) return { updated: 0, transactions: [], audits: 0, patterns_learned: 0 };

  const byId = new Map(rows.map((r) => [r.id, r]));
  const changed: TransactionItem[] = [];
  for (let start = 0; start < plan.updates.length; start += 25) {
    const batch = plan.updates.slice(start, start + 25);
    const done = await Promise.all(
      batch.map((u) =>
        setUserCorrection(byId.get(u.id)!, {
          flow_type: u.user_corrected_flow_type,
          method: u.classification_method,
        }),
      ),
    );
    batch.forEach((u, i) => {
      if (!done[i]) return;
      const row = byId.get(u.id)!;
      changed.push({
        ...row,
        user_corrected_flow_type: u.user_corrected_flow_type,
        classification_method: u.classification_method,
      });
    });
  }
  const changedIds = new Set(changed.map((r) => r.id));
  const now = deps.now().toISOString();
  const audits = await putAudits(
    familyId,
    plan.audits.filter((a) => changedIds.has(a.transaction_id)),
    now,
  );
  const learned = changed.length ? await savePatterns(familyId, plan.patterns, now) : [];
  await rematchPartners(deps, familyId, changedIds);
  await rowsChanged(deps, familyId, changesOf(changed));
  return {
    updated: changed.length,
    transactions: changed.map(toTransaction),
    audits: audits.length,
    patterns_learned: learned.length,
  };
}

/**
 * A corrected row takes part in no match (spec 2 §5): its candidates go, and matching runs again around their
 * other legs, which may pair with another row now.
 */
async function rematchPartners(deps: CorrectionsDeps, familyId: string, changedIds: ReadonlySet<string>) {
  if (!changedIds.size) return;
  const gone = (await listMatchCandidates(familyId)).filter(
    (c) => changedIds.has(c.transaction1_id) || changedIds.has(c.transaction2_id),
  );
  if (!gone.length) return;
  await deleteMatchCandidates(
    familyId,
    gone.map((c) => c.id),
  );
  const partners = gone
    .flatMap((c) => [c.transaction1, c.transaction2])
    .filter((leg): leg is MatchLegRef => leg !== undefined && !changedIds.has(leg.id));
  const rows = await transactionsByRef(familyId, partners);
  await recomputeCandidates(deps, familyId, rows);
}

async function requireRows(familyId: string, refs: readonly TransactionRef[]): Promise<TransactionItem[]> {
  const found = await transactionsByRef(familyId, refs);
  const byKey = new Map(found.map((r) => [`${r.account_id}#${r.transaction_date}#${r.id}`, r]));
  const rows: TransactionItem[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    const key = `${ref.account_id}#${ref.transaction_date}#${ref.id}`;
    const row = byKey.get(key);
    if (!row) throw new NotFoundError(CORRECTION_MESSAGES.notFound);
    if (!seen.has(key)) rows.push(row);
    seen.add(key);
  }
  return rows;
}

/** The family's learned patterns, newest first (spec 2 §3 patterns). */
export async function familyPatterns(family: FamilyContext): Promise<PatternList> {
  const patterns = await listPatterns(family.familyId);
  return {
    patterns: patterns.map((p) => ({
      id: p.id,
      pattern_type: p.pattern_type,
      description_contains: p.pattern_rules.description_contains,
      flow_type: String(p.pattern_rules.flow_type),
      confidence: p.confidence_score,
      confirmed_by_user: p.confirmed_by_user,
      created_at: p.created_at,
    })),
  };
}

/** Forget a learned pattern: later uploads no longer apply it (rows it classified keep their type). */
export async function forgetPattern(family: FamilyContext, id: string): Promise<{ deleted: string }> {
  if (!(await deletePattern(family.familyId, id)))
    throw new NotFoundError(CORRECTION_MESSAGES.patternNotFound);
  return { deleted: id };
}
