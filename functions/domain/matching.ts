import { toEpochDay } from './dates';
import { moneyDirection } from './flow-direction';
import { effectiveFlowType, isUserCorrected } from './flow-types';
import { looksLikeMerchant } from './merchants';
import { toPence } from './money';
import type { CorrectionAudit, Transaction } from './types';

/**
 * Cross-account transfer detection (spec 2 §5 "Match detection", §4 "Match", §9 constants).
 *
 * Rules from the spec:
 * - each transaction must look like a transfer (trigger words), not like a merchant, not like a statement
 *   entry, and must not be user-corrected or previously rejected;
 * - a pair is on different accounts, amounts within 1 (pound) and dates within 7 days;
 * - score: base 0.6; +0.3 exact amount; +0.2 same day, else +0.1 for exactly 1 day apart; +0.1 if either
 *   description contains TFR; +0.1 if the account types differ; +0.1 if both contain 'payment'; capped at
 *   0.95, kept at 0.6 or more, sorted highest first.
 *
 * Deliberate additions (see functions/domain/README.md):
 * - OPPOSITE DIRECTIONS: when both directions are known (signed_amount or credit/debit), a pair must move
 *   money in opposite directions; two debits of £50 are never "a transfer between them".
 * - ONE PAIR PER TRANSACTION: candidates may overlap (a transfer can resemble several others), but what is
 *   presented or accepted is a non-overlapping set chosen greedily by confidence (`selectNonOverlapping`,
 *   `detectTransfers`, `planBulkAccept`): each transaction joins at most one accepted pair.
 * - PAIR-LEVEL REJECTION: a rejection's audit reason carries the match id, so remembering it excludes that
 *   pair only; a transaction whose wrong pairing was rejected can still meet its real partner later. Audit
 *   rows without a match id fall back to the spec's per-transaction exclusion.
 *
 * Scale: transactions are sorted by date and bucketed by whole pounds; each transaction is compared only with
 * later ones in its own and the two neighbouring pound buckets within the 7-day window (binary search into
 * each bucket), never all pairs. O(n log n + k) for k compared neighbours.
 */

export const MATCH_MAX_AMOUNT_DIFFERENCE = 1;
export const MATCH_MAX_DATE_GAP_DAYS = 7;
export const MATCH_MIN_CONFIDENCE = 0.6;
export const MATCH_MAX_CONFIDENCE = 0.95;
export const MATCH_REJECTION_PREFIX = 'Cross-account match rejected:';
/** Separator of the two transaction ids in a match id (ULIDs never contain it). */
export const MATCH_ID_SEPARATOR = '_';

export type MatchableTransaction = Pick<
  Transaction,
  'id' | 'account_id' | 'transaction_date' | 'amount' | 'description'
> &
  Partial<
    Pick<
      Transaction,
      | 'signed_amount'
      | 'type'
      | 'flow_type'
      | 'user_corrected_flow_type'
      | 'classification_confidence'
      | 'account'
    >
  >;

export interface MatchCandidate<T extends MatchableTransaction = MatchableTransaction> {
  /** The two transaction ids, sorted, joined by MATCH_ID_SEPARATOR. */
  id: string;
  /** The money-out side when directions are known, else the smaller id. */
  transaction1: T;
  transaction2: T;
  confidence: number;
  reason: string;
  /** Whole days between the two dates. */
  date_diff: number;
  /** True when the amounts are equal to the penny. */
  amount_match: boolean;
}

export interface MatchOptions {
  /** Transactions excluded from matching (spec: previously rejected). */
  rejectedTransactionIds?: Iterable<string>;
  /** Pairs excluded from matching (match ids of remembered rejections). */
  rejectedMatchIds?: Iterable<string>;
}

// ── single transactions ─────────────────────────────────────────────────────────────────────────────────────

const TRANSFER_TRIGGER =
  /\b(?:transfer|tfr|trf|payment\s+(?:from|to)\b|faster\s+payment|standing\s+order|direct\s+credit|bacs\s+credit)/i;
const STATEMENT_ENTRY =
  /\b(?:brought\s+forward|carried\s+forward|interest|charges?|fees?|overdraft|balance|statement|(?:credit|debit)\s+balance)\b/i;
const TFR = /tfr/i;
const PAYMENT = /payment/i;

/**
 * Words every transfer-like description contains one of (the trigger words' own words), in the casings
 * statements print them: for a store that can only test "contains" (case-sensitive) to narrow what it reads
 * before looksLikeTransfer decides.
 */
export const TRANSFER_TRIGGER_TERMS: readonly string[] = (() => {
  const words = ['transfer', 'tfr', 'trf', 'payment', 'standing order', 'direct credit', 'bacs credit'];
  const title = (w: string) => w.replace(/\b\w/g, (c) => c.toUpperCase());
  const first = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  return [...new Set(words.flatMap((w) => [w.toUpperCase(), w, first(w), title(w)]))];
})();

/** Trigger words (spec 2 §5): transfer, tfr, trf, payment from/to, faster payment, standing order, direct
 * credit, bacs credit. */
export function looksLikeTransfer(description: string): boolean {
  return TRANSFER_TRIGGER.test(description);
}

/** A bank statement entry (spec 2 §5): brought forward, interest, charges, fee, overdraft, balance,
 * statement, credit/debit balance. */
export function looksLikeStatementEntry(description: string): boolean {
  return STATEMENT_ENTRY.test(description);
}

export type IneligibleReason =
  | 'invalid'
  | 'not_transfer_like'
  | 'merchant'
  | 'statement_entry'
  | 'user_corrected'
  | 'rejected';

/** Why a transaction cannot take part in a match, or null when it can (spec 2 §5 exclusions). */
export function transferIneligibility(
  tx: MatchableTransaction,
  rejectedTransactionIds?: ReadonlySet<string>,
): IneligibleReason | null {
  const d = tx.description ?? '';
  if (!looksLikeTransfer(d)) return 'not_transfer_like';
  if (isUserCorrected(tx)) return 'user_corrected';
  if (rejectedTransactionIds?.has(tx.id)) return 'rejected';
  if (looksLikeStatementEntry(d)) return 'statement_entry';
  if (looksLikeMerchant(d)) return 'merchant';
  if (Number.isNaN(toEpochDay(tx.transaction_date)) || !Number.isFinite(magnitude(tx))) return 'invalid';
  return null;
}

/** True when the transaction may be one side of a transfer match. */
export function isTransferCandidate(
  tx: MatchableTransaction,
  rejectedTransactionIds?: ReadonlySet<string>,
): boolean {
  return transferIneligibility(tx, rejectedTransactionIds) === null;
}

// ── pairs ───────────────────────────────────────────────────────────────────────────────────────────────────

/** Order-independent match id: the two ids sorted and joined. */
export function matchCandidateId(idA: string, idB: string): string {
  return idA < idB ? `${idA}${MATCH_ID_SEPARATOR}${idB}` : `${idB}${MATCH_ID_SEPARATOR}${idA}`;
}

interface Prepared<T> {
  readonly tx: T;
  readonly id: string;
  readonly account: string;
  readonly accountType: string | null;
  readonly day: number;
  readonly pence: number;
  readonly dir: 1 | -1 | 0;
  readonly tfr: boolean;
  readonly payment: boolean;
}

function magnitude(tx: MatchableTransaction): number {
  if (typeof tx.amount === 'number' && Number.isFinite(tx.amount)) return Math.abs(tx.amount);
  if (typeof tx.signed_amount === 'number' && Number.isFinite(tx.signed_amount))
    return Math.abs(tx.signed_amount);
  return Number.NaN;
}

function prepare<T extends MatchableTransaction>(tx: T): Prepared<T> {
  const direction = moneyDirection(tx);
  const d = tx.description ?? '';
  return {
    tx,
    id: tx.id,
    account: tx.account_id,
    accountType: tx.account?.account_type ?? null,
    day: toEpochDay(tx.transaction_date),
    pence: toPence(magnitude(tx)),
    dir: direction === 'in' ? 1 : direction === 'out' ? -1 : 0,
    tfr: TFR.test(d),
    payment: PAYMENT.test(d),
  };
}

export interface PairScore {
  confidence: number;
  reason: string;
  date_diff: number;
  amount_match: boolean;
}

const MAX_DIFF_PENCE = MATCH_MAX_AMOUNT_DIFFERENCE * 100;

function scorePrepared(a: Prepared<unknown>, b: Prepared<unknown>): PairScore | null {
  if (a.account === b.account || a.id === b.id) return null;
  const diff = Math.abs(a.pence - b.pence);
  if (diff > MAX_DIFF_PENCE) return null;
  const gap = Math.abs(a.day - b.day);
  if (gap > MATCH_MAX_DATE_GAP_DAYS) return null;
  if (a.dir !== 0 && a.dir === b.dir) return null;

  let score = MATCH_MIN_CONFIDENCE;
  const reasons: string[] = [];
  const exact = diff === 0;
  if (exact) {
    score += 0.3;
    reasons.push('Exact amount match');
  } else {
    reasons.push(`Amounts within £1 (£${(diff / 100).toFixed(2)} apart)`);
  }
  if (gap === 0) {
    score += 0.2;
    reasons.push('same day');
  } else if (gap === 1) {
    score += 0.1;
    reasons.push('1 day apart');
  } else {
    reasons.push(`${gap} days apart`);
  }
  if (a.tfr || b.tfr) {
    score += 0.1;
    reasons.push('TFR reference');
  }
  if (a.accountType && b.accountType && a.accountType !== b.accountType) {
    score += 0.1;
    reasons.push(`different account types (${a.accountType} and ${b.accountType})`);
  }
  if (a.payment && b.payment) {
    score += 0.1;
    reasons.push('both descriptions mention payment');
  }
  const confidence = Math.min(MATCH_MAX_CONFIDENCE, Math.round(score * 100) / 100);
  if (confidence < MATCH_MIN_CONFIDENCE) return null;
  return { confidence, reason: reasons.join(', '), date_diff: gap, amount_match: exact };
}

/**
 * Pair rules and score of two transactions (spec 2 §5): null when they are on the same account, more than 1
 * apart in amount, more than 7 days apart, or (addition) move money in the same direction. Does not check
 * each transaction's own eligibility: see isTransferCandidate.
 */
export function scoreTransferPair(a: MatchableTransaction, b: MatchableTransaction): PairScore | null {
  const pa = prepare(a);
  const pb = prepare(b);
  if (Number.isNaN(pa.day) || Number.isNaN(pb.day) || Number.isNaN(pa.pence) || Number.isNaN(pb.pence))
    return null;
  return scorePrepared(pa, pb);
}

function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sort order of candidates: confidence (highest first), then smaller date gap, then id. */
export function compareCandidates(
  a: MatchCandidate<MatchableTransaction>,
  b: MatchCandidate<MatchableTransaction>,
): number {
  return b.confidence - a.confidence || a.date_diff - b.date_diff || byId(a.id, b.id);
}

function dirRank(p: Prepared<unknown>): number {
  return p.dir === -1 ? 0 : p.dir === 0 ? 1 : 2;
}

function candidate<T extends MatchableTransaction>(
  a: Prepared<T>,
  b: Prepared<T>,
  s: PairScore,
): MatchCandidate<T> {
  const aFirst = dirRank(a) - dirRank(b) || byId(a.id, b.id);
  const [first, second] = aFirst <= 0 ? [a, b] : [b, a];
  return { id: matchCandidateId(a.id, b.id), transaction1: first.tx, transaction2: second.tx, ...s };
}

/** A transaction prepared for pairing (opaque outside this module). */
export type PreparedMatchInput<T extends MatchableTransaction = MatchableTransaction> = Prepared<T>;

/**
 * The eligible transactions, prepared once for pairing (dates as day numbers, amounts in pence, directions,
 * TFR/payment flags). Exposed with pairCandidates so tests and the benchmark can time the pair search alone.
 */
export function prepareMatchInputs<T extends MatchableTransaction>(
  transactions: readonly T[],
  options: MatchOptions = {},
): PreparedMatchInput<T>[] {
  const rejected = new Set(options.rejectedTransactionIds ?? []);
  const out: Prepared<T>[] = [];
  for (const tx of transactions) if (transferIneligibility(tx, rejected) === null) out.push(prepare(tx));
  return out;
}

function windowed<T extends MatchableTransaction>(
  inputs: readonly PreparedMatchInput<T>[],
  emit: (p: PreparedMatchInput<T>, q: PreparedMatchInput<T>) => void,
): void {
  // By date only: ties keep input order, which changes the order pairs are found in but not which pairs
  // (the result is sorted with a full tie-break afterwards). An input's rank is its index in `items`.
  const items = [...inputs].sort(byDay);
  const buckets = new Map<number, number[]>();
  for (let rank = 0; rank < items.length; rank++) {
    const key = Math.floor(items[rank]!.pence / 100);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(rank);
    else buckets.set(key, [rank]);
  }
  for (let rank = 0; rank < items.length; rank++) {
    const p = items[rank]!;
    const pound = Math.floor(p.pence / 100);
    for (let key = pound - 1; key <= pound + 1; key++) {
      const bucket = buckets.get(key);
      if (!bucket) continue;
      // first entry ranked after p (buckets hold ranks in ascending order, hence in date order)
      let lo = 0;
      let hi = bucket.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (bucket[mid]! <= rank) lo = mid + 1;
        else hi = mid;
      }
      for (let j = lo; j < bucket.length; j++) {
        const q = items[bucket[j]!]!;
        if (q.day - p.day > MATCH_MAX_DATE_GAP_DAYS) break;
        emit(p, q);
      }
    }
  }
}

function byDay(
  x: PreparedMatchInput<MatchableTransaction>,
  y: PreparedMatchInput<MatchableTransaction>,
): number {
  return x.day - y.day;
}

function allPairs<T extends MatchableTransaction>(
  items: readonly PreparedMatchInput<T>[],
  emit: (p: PreparedMatchInput<T>, q: PreparedMatchInput<T>) => void,
): void {
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) emit(items[i]!, items[j]!);
  }
}

/**
 * Scored candidates among prepared inputs, highest confidence first. 'windowed' sorts by date and buckets by
 * whole pounds (each input meets only later inputs within 7 days in its own and the neighbouring pound
 * buckets); 'all-pairs' compares every pair (O(n²), the reference the tests and the benchmark compare with).
 */
export function pairCandidates<T extends MatchableTransaction>(
  inputs: readonly PreparedMatchInput<T>[],
  options: MatchOptions = {},
  strategy: 'windowed' | 'all-pairs' = 'windowed',
): MatchCandidate<T>[] {
  const rejectedPairs = new Set(options.rejectedMatchIds ?? []);
  const out: MatchCandidate<T>[] = [];
  const emit = (p: PreparedMatchInput<T>, q: PreparedMatchInput<T>) => {
    const s = scorePrepared(p, q);
    if (!s) return;
    const c = candidate(p, q, s);
    if (!rejectedPairs.has(c.id)) out.push(c);
  };
  if (strategy === 'windowed') windowed(inputs, emit);
  else allPairs(inputs, emit);
  return out.sort(compareCandidates);
}

/**
 * Every scored candidate pair, highest confidence first (spec 2 §5). Candidates may share a transaction; use
 * selectNonOverlapping (or detectTransfers) for what is shown or accepted.
 */
export function findMatchCandidates<T extends MatchableTransaction>(
  transactions: readonly T[],
  options: MatchOptions = {},
): MatchCandidate<T>[] {
  return pairCandidates(prepareMatchInputs(transactions, options), options, 'windowed');
}

/**
 * Reference implementation comparing every pair of eligible transactions: O(n²). Same result as
 * findMatchCandidates; kept for tests and the benchmark, never for production paths.
 */
export function findMatchCandidatesNaive<T extends MatchableTransaction>(
  transactions: readonly T[],
  options: MatchOptions = {},
): MatchCandidate<T>[] {
  return pairCandidates(prepareMatchInputs(transactions, options), options, 'all-pairs');
}

/**
 * A non-overlapping set of candidates: greedy by confidence (then smaller date gap, then id), each
 * transaction in at most one pair. Returned in that order.
 */
export function selectNonOverlapping<C extends MatchCandidate<MatchableTransaction>>(
  candidates: readonly C[],
): C[] {
  const used = new Set<string>();
  const chosen: C[] = [];
  for (const c of [...candidates].sort(compareCandidates)) {
    if (used.has(c.transaction1.id) || used.has(c.transaction2.id)) continue;
    used.add(c.transaction1.id);
    used.add(c.transaction2.id);
    chosen.push(c);
  }
  return chosen;
}

/** What the matching screen and the pipeline present: findMatchCandidates, then selectNonOverlapping. */
export function detectTransfers<T extends MatchableTransaction>(
  transactions: readonly T[],
  options: MatchOptions = {},
): MatchCandidate<T>[] {
  return selectNonOverlapping(findMatchCandidates(transactions, options));
}

// ── badges and selection helpers ────────────────────────────────────────────────────────────────────────────

const EPS = 1e-9;
export type BadgeColour = 'success' | 'info' | 'warning' | 'danger';
export type MatchConfidenceLabel = 'Excellent' | 'High' | 'Good' | 'Medium' | 'Low';

/** Badge colour (spec 2 §5): 0.9 and above success, 0.8 info, 0.7 warning, below that danger. */
export function matchBadgeColour(confidence: number): BadgeColour {
  if (confidence >= 0.9 - EPS) return 'success';
  if (confidence >= 0.8 - EPS) return 'info';
  if (confidence >= 0.7 - EPS) return 'warning';
  return 'danger';
}

/** Label (spec 2 §5): Excellent (0.95+), High (0.9), Good (0.8), Medium (0.7), Low. */
export function matchConfidenceLabel(confidence: number): MatchConfidenceLabel {
  if (confidence >= 0.95 - EPS) return 'Excellent';
  if (confidence >= 0.9 - EPS) return 'High';
  if (confidence >= 0.8 - EPS) return 'Good';
  if (confidence >= 0.7 - EPS) return 'Medium';
  return 'Low';
}

export type MatchSelection = 'high' | 'low' | 'excellent' | 'all';
/** Selection helpers of the matching screen (spec 2 §2). */
export const MATCH_SELECTION_LABELS: Record<MatchSelection, string> = {
  high: 'High (90%+)',
  low: 'Low (<70%)',
  excellent: 'Excellent (95%+)',
  all: 'All',
};

/** Ids of the candidates a selection helper picks (spec 2 §2): 90%+, under 70%, 95%+, or all. */
export function selectMatchIds(
  candidates: readonly Pick<MatchCandidate, 'id' | 'confidence'>[],
  selection: MatchSelection,
): string[] {
  const keep = (c: number) =>
    selection === 'high'
      ? c >= 0.9 - EPS
      : selection === 'low'
        ? c < 0.7 - EPS
        : selection === 'excellent'
          ? c >= 0.95 - EPS
          : true;
  return candidates.filter((c) => keep(c.confidence)).map((c) => c.id);
}

// ── accept and reject ───────────────────────────────────────────────────────────────────────────────────────

export interface MatchAcceptUpdate {
  id: string;
  user_corrected_flow_type: 'internal_transfer';
}

/**
 * Accepting a match (spec 2 §4): user_corrected_flow_type becomes internal_transfer on each of the two
 * transactions that is not already corrected.
 */
export function acceptMatchUpdates(
  candidate: Pick<MatchCandidate, 'transaction1' | 'transaction2'>,
): MatchAcceptUpdate[] {
  return [candidate.transaction1, candidate.transaction2]
    .filter((t) => !isUserCorrected(t))
    .map((t) => ({ id: t.id, user_corrected_flow_type: 'internal_transfer' as const }));
}

/**
 * Accepting several matches at once: only a non-overlapping set is accepted (each transaction joins at most
 * one accepted pair); the others are returned as skipped.
 */
export function planBulkAccept<C extends MatchCandidate<MatchableTransaction>>(
  candidates: readonly C[],
): { accepted: C[]; skipped: C[]; updates: MatchAcceptUpdate[] } {
  const accepted = selectNonOverlapping(candidates);
  const chosen = new Set(accepted.map((c) => c.id));
  return {
    accepted,
    skipped: candidates.filter((c) => !chosen.has(c.id)),
    updates: accepted.flatMap(acceptMatchUpdates),
  };
}

/** The audit reason of a rejection: 'Cross-account match rejected: [matchId]' plus an optional note. */
export function matchRejectionReason(matchId: string, note?: string | null): string {
  const extra = note?.trim();
  return `${MATCH_REJECTION_PREFIX} [${matchId}]${extra ? ` ${extra}` : ''}`;
}

/** True when an audit reason records a rejected match (spec 2 §4: it starts with the prefix). */
export function isMatchRejectionReason(reason: string | null | undefined): reason is string {
  return typeof reason === 'string' && reason.startsWith(MATCH_REJECTION_PREFIX);
}

/** The match id and note of a rejection reason; null when the text is not a rejection. */
export function parseMatchRejectionReason(
  reason: string | null | undefined,
): { matchId: string | null; note: string | null } | null {
  if (!isMatchRejectionReason(reason)) return null;
  const rest = reason.slice(MATCH_REJECTION_PREFIX.length).trim();
  const m = /^\[([^\]]+)\]\s*([\s\S]*)$/.exec(rest);
  if (m) return { matchId: m[1]!, note: m[2] ? m[2] : null };
  return { matchId: null, note: rest || null };
}

/**
 * The audit rows a rejection writes (spec 2 §4): one per transaction, flow type unchanged, reason starting
 * with 'Cross-account match rejected:'.
 */
export function matchRejectionAudits(
  candidate: Pick<MatchCandidate, 'id' | 'transaction1' | 'transaction2' | 'confidence'>,
  createdBy: string,
  note?: string | null,
): CorrectionAudit[] {
  const reason = matchRejectionReason(candidate.id, note);
  return [candidate.transaction1, candidate.transaction2].map((t) => {
    const flow = effectiveFlowType(t);
    const current = flow === 'unclassified' ? null : flow;
    return {
      transaction_id: t.id,
      original_flow_type: current,
      corrected_flow_type: current,
      user_reasoning: reason,
      confidence_at_correction: candidate.confidence,
      created_by: createdBy,
    };
  });
}

/**
 * Remembered rejections from audit rows (spec 2 §4, §7): rows whose reason starts with the prefix. Reasons
 * that carry a match id exclude that pair; older reasons without one exclude the transaction (spec rule).
 */
export function rememberedRejections(
  rows: readonly { transaction_id: string; user_reasoning: string | null | undefined }[],
): { rejectedMatchIds: Set<string>; rejectedTransactionIds: Set<string> } {
  const rejectedMatchIds = new Set<string>();
  const rejectedTransactionIds = new Set<string>();
  for (const row of rows) {
    const parsed = parseMatchRejectionReason(row.user_reasoning);
    if (!parsed) continue;
    if (parsed.matchId) rejectedMatchIds.add(parsed.matchId);
    else rejectedTransactionIds.add(row.transaction_id);
  }
  return { rejectedMatchIds, rejectedTransactionIds };
}

// ── messages (spec 2 §2, §8 Matches) ────────────────────────────────────────────────────────────────────────

export const MATCH_MESSAGES = {
  empty: 'No potential cross-account transfers detected',
  title: 'Cross-Account Transfer Detection',
  saveRejectionFailed: (message: string) => `Failed to save rejection: ${message}`,
  processFailed: (message: string) => `Failed to process match: ${message}`,
  bulkPartial: (processed: number, failed: number) =>
    `Processed ${processed} matches successfully. ${failed} matches failed - please retry those individually.`,
  bulkFailed: (message: string) => `Bulk processing failed: ${message}`,
} as const;
