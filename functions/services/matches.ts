import { type AccountItem, listAccounts } from '../adapters/dynamodb/account-repository';
import { putAudits } from '../adapters/dynamodb/audit-repository';
import {
  deleteMatchCandidate,
  deleteMatchCandidates,
  deleteMatchCandidatesOf,
  getMatchCandidate,
  listMatchCandidates,
  type MatchLegRef,
  putMatchCandidate,
  type StoredMatchCandidate,
} from '../adapters/dynamodb/match-candidate-repository';
import { listRejectedMatchIds, putRejectedMatch } from '../adapters/dynamodb/rejection-repository';
import {
  accountTransactions,
  familyTransactionsContaining,
  setClassification,
  setUserCorrection,
  type TransactionItem,
  transactionsByRef,
} from '../adapters/dynamodb/transaction-repository';
import {
  MATCH_MESSAGES_API,
  type MatchActionResponse,
  type MatchLeg,
  type MatchList,
} from '../contracts/matches';
import { NAMED_ACCOUNT_CONFIDENCE, namedAccount, withNamedAccounts } from '../domain/account-numbers';
import { addDays } from '../domain/dates';
import { effectiveFlowType, isUserCorrected } from '../domain/flow-types';
import {
  acceptMatchUpdates,
  findMatchCandidates,
  MATCH_MAX_DATE_GAP_DAYS,
  type MatchableTransaction,
  type MatchCandidate,
  matchBadgeColour,
  matchConfidenceLabel,
  matchRejectionAudits,
  matchRejectionReason,
  selectNonOverlapping,
  TRANSFER_TRIGGER_TERMS,
} from '../domain/matching';
import type { FamilyContext } from '../shared/context';
import { NotFoundError } from '../shared/errors';
import type { Ports } from '../shared/ports';
import { changesOf, rowsChanged } from './row-changes';
import { toTransaction } from './transactions';

/** The ports this service's use cases are handed (the composition root passes them). */
export type MatchesDeps = Pick<Ports, 'now'>;

/**
 * Transfers between the family's own accounts (spec 2 §2 Cross-Account Matching, §4 Match, §5 Match
 * detection, §8 Matches): the candidates stored for the matching screen, recomputed around rows that
 * landed or changed, and the family's accept and reject.
 */

type Row = TransactionItem & { account: { account_type: string | null } };

const withAccountType = (rows: readonly TransactionItem[], accounts: readonly AccountItem[]): Row[] => {
  const type = new Map(accounts.map((a) => [a.id, a.account_type]));
  return rows.map((r) => ({ ...r, account: { account_type: type.get(r.account_id) ?? null } }));
};

/** A stored candidate as the domain's selection sees it (ids, confidence, date gap). */
function asCandidate(stored: StoredMatchCandidate): MatchCandidate<MatchableTransaction> {
  const leg = (id: string, ref: StoredMatchCandidate['transaction1']) => ({
    id,
    account_id: ref?.account_id ?? '',
    transaction_date: ref?.transaction_date ?? '',
    amount: 0,
    description: '',
  });
  return {
    id: stored.id,
    transaction1: leg(stored.transaction1_id, stored.transaction1),
    transaction2: leg(stored.transaction2_id, stored.transaction2),
    confidence: stored.confidence,
    reason: stored.reason,
    date_diff: stored.date_diff,
    amount_match: stored.amount_match,
  };
}

/**
 * Rows left the family (a removed statement, deleted bad rows): their pairs go, and the other side of each
 * pair is matched again, since it may pair with another row now.
 */
export async function forgetPairsOf(
  deps: MatchesDeps,
  familyId: string,
  removedIds: ReadonlySet<string>,
): Promise<void> {
  const unpaired = (await deleteMatchCandidatesOf(familyId, removedIds))
    .flatMap((candidate) => [candidate.transaction1, candidate.transaction2])
    .filter((leg): leg is MatchLegRef => leg !== undefined && !removedIds.has(leg.id));
  await recomputeCandidates(deps, familyId, unpaired);
}

/**
 * Recompute the candidates around `focus` (rows that landed or changed): every transfer-like family row
 * within 7 days of them (narrowed in the table by the trigger words' own words) is matched (spec 2 §5, remembered rejections left out, the family's account numbers applied), the
 * pairs that involve a focus row join the stored ones, and a non-overlapping set is kept, each transaction in
 * at most one pair, the most confident first: a better pair found now replaces a weaker stored one. Returns
 * the pairs of focus rows now stored.
 */
export async function recomputeCandidates(
  deps: MatchesDeps,
  familyId: string,
  focus: ReadonlyArray<Pick<TransactionItem, 'id' | 'transaction_date'>>,
  known: { accounts?: AccountItem[] } = {},
): Promise<number> {
  if (!focus.length) return 0;
  const dates = focus.map((r) => r.transaction_date).sort();
  const from = addDays(dates[0]!, -MATCH_MAX_DATE_GAP_DAYS);
  const to = addDays(dates.at(-1)!, MATCH_MAX_DATE_GAP_DAYS);
  const listed = known.accounts ? Promise.resolve(known.accounts) : listAccounts(familyId);
  const [rows, accounts, rejectedMatchIds, stored] = await Promise.all([
    // A pair's two rows are of two accounts (accounts are archived, never deleted): a family of one account
    // has no pair to find, so its rows are not read.
    listed.then((all) =>
      all.length < 2 ? [] : familyTransactionsContaining(familyId, { from, to }, TRANSFER_TRIGGER_TERMS),
    ),
    listed,
    listRejectedMatchIds(familyId),
    listMatchCandidates(familyId),
  ]);
  const focusIds = new Set(focus.map((r) => r.id));
  const found = withNamedAccounts(
    findMatchCandidates(withAccountType(rows, accounts), { rejectedMatchIds }).filter(
      (c) => focusIds.has(c.transaction1.id) || focusIds.has(c.transaction2.id),
    ),
    accounts,
  );
  const foundIds = new Set(found.map((c) => c.id));
  // A stored pair found again is judged by its new score; the others keep theirs.
  const chosen = selectNonOverlapping<MatchCandidate<MatchableTransaction>>([
    ...stored.filter((s) => !foundIds.has(s.id)).map(asCandidate),
    ...found,
  ]);
  const chosenIds = new Set(chosen.map((c) => c.id));
  const storedById = new Map(stored.map((s) => [s.id, s]));
  await deleteMatchCandidates(
    familyId,
    stored.filter((s) => !chosenIds.has(s.id)).map((s) => s.id),
  );
  const now = deps.now().toISOString();
  const fresh = chosen.filter((c) => foundIds.has(c.id));
  await Promise.all(
    fresh
      .filter((c) => {
        const before = storedById.get(c.id);
        return (
          !before || before.confidence !== c.confidence || before.reason !== c.reason || !before.transaction1
        );
      })
      .map((c) => putMatchCandidate(familyId, c, now)),
  );
  return fresh.length;
}

// ── the screen ─────────────────────────────────────────────────────────────────────────────────────────

function leg(row: TransactionItem, accounts: ReadonlyMap<string, AccountItem>): MatchLeg {
  const account = accounts.get(row.account_id);
  return {
    ...toTransaction(row),
    account_name: account?.name ?? null,
    account_type: account?.account_type ?? null,
    bank_name: account?.bank_name ?? null,
  };
}

const refKey = (r: { account_id: string; transaction_date: string; id: string }) =>
  `${r.account_id}#${r.transaction_date}#${r.id}`;

/** Both legs of stored candidates, by key; a candidate whose leg is gone or corrected is stale. */
async function legsOf(familyId: string, stored: readonly StoredMatchCandidate[]) {
  const refs = stored.flatMap((s) => [s.transaction1, s.transaction2].filter((r) => r !== undefined));
  const rows = await transactionsByRef(familyId, refs);
  return new Map(rows.map((r) => [refKey(r), r]));
}

function legsFor(stored: StoredMatchCandidate, rows: ReadonlyMap<string, TransactionItem>) {
  if (!stored.transaction1 || !stored.transaction2) return null;
  const a = rows.get(refKey(stored.transaction1));
  const b = rows.get(refKey(stored.transaction2));
  return a && b ? ([a, b] as const) : null;
}

/**
 * The proposed transfers (spec 2 §2): each with both legs (row, account name and type), confidence, badge
 * colour and label, reason; highest confidence first, each transaction in one pair. Candidates whose rows
 * are gone or were corrected since are removed rather than shown.
 */
export async function listMatches(family: FamilyContext): Promise<MatchList> {
  const { familyId } = family;
  const [stored, accounts] = await Promise.all([listMatchCandidates(familyId), listAccounts(familyId)]);
  const rows = await legsOf(familyId, stored);
  const byAccount = new Map(accounts.map((a) => [a.id, a]));
  const stale: string[] = [];
  const live: Array<{ stored: StoredMatchCandidate; a: TransactionItem; b: TransactionItem }> = [];
  for (const s of stored) {
    const legs = legsFor(s, rows);
    if (!legs || legs.some((r) => isUserCorrected(r))) stale.push(s.id);
    else live.push({ stored: s, a: legs[0], b: legs[1] });
  }
  if (stale.length) await deleteMatchCandidates(familyId, stale);
  const shown = new Set(selectNonOverlapping(live.map((l) => asCandidate(l.stored))).map((c) => c.id));
  const matches = live
    .filter((l) => shown.has(l.stored.id))
    .map(({ stored: s, a, b }) => ({
      id: s.id,
      confidence: s.confidence,
      badge: matchBadgeColour(s.confidence),
      label: matchConfidenceLabel(s.confidence),
      reason: s.reason,
      date_diff: s.date_diff,
      amount_match: s.amount_match,
      created_at: s.created_at,
      transaction1: leg(a, byAccount),
      transaction2: leg(b, byAccount),
    }))
    .sort((x, y) => y.confidence - x.confidence || x.date_diff - y.date_diff || (x.id < y.id ? -1 : 1));
  return { matches };
}

async function requireLiveMatch(familyId: string, id: string) {
  const stored = await getMatchCandidate(familyId, id);
  if (!stored) throw new NotFoundError(MATCH_MESSAGES_API.notFound);
  const legs = legsFor(stored, await legsOf(familyId, [stored]));
  if (!legs) {
    await deleteMatchCandidate(familyId, id);
    throw new NotFoundError(MATCH_MESSAGES_API.notFound);
  }
  return { stored, legs };
}

/**
 * Accept (spec 2 §4): each leg not already corrected becomes internal_transfer (user_corrected), with an audit
 * row ('Cross-account match accepted: [id]'); the match and any other candidate of its legs go; rowsChanged.
 */
export async function acceptMatch(
  deps: MatchesDeps,
  family: FamilyContext,
  id: string,
): Promise<MatchActionResponse> {
  const { familyId } = family;
  const { stored, legs } = await requireLiveMatch(familyId, id);
  const [a, b] = legs;
  const updates = acceptMatchUpdates({ transaction1: a, transaction2: b });
  const changed: TransactionItem[] = [];
  for (const u of updates) {
    const row = u.id === a.id ? a : b;
    const ok = await setUserCorrection(row, {
      flow_type: u.user_corrected_flow_type,
      method: 'user_corrected',
    });
    if (ok)
      changed.push({
        ...row,
        user_corrected_flow_type: u.user_corrected_flow_type,
        classification_method: 'user_corrected',
      });
  }
  const now = deps.now().toISOString();
  await putAudits(
    familyId,
    changed.map((row) => {
      const before = row.id === a.id ? a : b;
      const original = before.user_corrected_flow_type ?? before.flow_type ?? null;
      return {
        transaction_id: row.id,
        original_flow_type: original,
        corrected_flow_type: 'internal_transfer',
        user_reasoning: `Cross-account match accepted: [${stored.id}]`,
        confidence_at_correction: stored.confidence,
        created_by: family.userId,
      };
    }),
    now,
  );
  const legIds = new Set([a.id, b.id]);
  const others = (await listMatchCandidates(familyId)).filter(
    (c) => legIds.has(c.transaction1_id) || legIds.has(c.transaction2_id),
  );
  await deleteMatchCandidates(
    familyId,
    others.map((c) => c.id),
  );
  await rowsChanged(deps, familyId, changesOf(changed));
  return { id: stored.id, transactions: changed.map(toTransaction) };
}

/**
 * Reject (spec 2 §4): the flow types stay; an audit row per leg whose reason starts 'Cross-account match
 * rejected:' (with the pair's id, so only this pair is never proposed again); the pair is remembered and
 * removed, and matching runs again around its legs, which may now meet their real partners.
 */
export async function rejectMatch(
  deps: MatchesDeps,
  family: FamilyContext,
  id: string,
  note?: string | null,
): Promise<MatchActionResponse> {
  const { familyId } = family;
  const { stored, legs } = await requireLiveMatch(familyId, id);
  const [a, b] = legs;
  const now = deps.now().toISOString();
  const candidate = { id: stored.id, transaction1: a, transaction2: b, confidence: stored.confidence };
  await putAudits(familyId, matchRejectionAudits(candidate, family.userId, note), now);
  await putRejectedMatch(
    familyId,
    {
      match_id: stored.id,
      transaction_ids: [a.id, b.id],
      rejected_by: family.userId,
      reason: matchRejectionReason(stored.id, note),
    },
    now,
  );
  await deleteMatchCandidate(familyId, stored.id);
  await recomputeCandidates(deps, familyId, [a, b]);
  return { id: stored.id, transactions: [] };
}

/**
 * When the family's account gets its numbers (from its statement's heading, or typed by the family), the
 * family's rows on its other accounts that name it and are not internal transfers yet (nor corrected by the
 * family) become internal transfers (0.95), reported to rowsChanged, and matching runs again around them.
 */
export async function relabelRowsNaming(
  deps: MatchesDeps,
  familyId: string,
  account: AccountItem,
  accounts: readonly AccountItem[],
): Promise<TransactionItem[]> {
  // Only the other accounts' rows can name it: a family's first account reads none.
  const others = accounts.filter((other) => other.id !== account.id);
  const gsiOrder = (row: TransactionItem) => `${row.transaction_date}#${row.account_id}#${row.id}`;
  const rows = (await Promise.all(others.map((other) => accountTransactions(familyId, other.id))))
    .flat()
    .sort((a, b) => (gsiOrder(a) < gsiOrder(b) ? 1 : gsiOrder(a) > gsiOrder(b) ? -1 : 0)); // newest first
  const naming = rows.filter(
    (row) =>
      row.account_id !== account.id &&
      !isUserCorrected(row) &&
      effectiveFlowType(row) !== 'internal_transfer' &&
      namedAccount(row.description, accounts, row.account_id)?.id === account.id,
  );
  for (let start = 0; start < naming.length; start += 25)
    await Promise.all(
      naming.slice(start, start + 25).map((row) =>
        setClassification(row, {
          flow_type: 'internal_transfer',
          confidence: NAMED_ACCOUNT_CONFIDENCE,
          method: 'ai_auto',
        }),
      ),
    );
  if (naming.length) {
    await rowsChanged(deps, familyId, changesOf(naming));
    await recomputeCandidates(deps, familyId, naming, { accounts: [...accounts] });
  }
  return naming;
}
