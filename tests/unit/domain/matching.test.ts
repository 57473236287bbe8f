import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptMatchUpdates,
  compareCandidates,
  detectTransfers,
  findMatchCandidates,
  findMatchCandidatesNaive,
  isMatchRejectionReason,
  isTransferCandidate,
  looksLikeStatementEntry,
  looksLikeTransfer,
  MATCH_MAX_CONFIDENCE,
  MATCH_MESSAGES,
  MATCH_MIN_CONFIDENCE,
  MATCH_SELECTION_LABELS,
  type MatchableTransaction,
  matchBadgeColour,
  matchCandidateId,
  matchConfidenceLabel,
  matchRejectionAudits,
  matchRejectionReason,
  pairCandidates,
  parseMatchRejectionReason,
  planBulkAccept,
  prepareMatchInputs,
  rememberedRejections,
  scoreTransferPair,
  selectMatchIds,
  selectNonOverlapping,
  transferIneligibility,
} from '../../../functions/domain/matching';

let seq = 0;
function tx(over: Partial<MatchableTransaction> & { accountType?: string } = {}): MatchableTransaction {
  const { accountType, ...rest } = over;
  seq++;
  return {
    id: `t${String(seq).padStart(4, '0')}`,
    account_id: 'acc-a',
    transaction_date: '2024-03-10',
    amount: 100,
    description: 'TRANSFER',
    account: { account_type: accountType ?? 'current' },
    ...rest,
  };
}

/** An out leg on account A and an in leg on account B. */
function pair(
  a: Partial<MatchableTransaction> & { accountType?: string } = {},
  b: Partial<MatchableTransaction> & { accountType?: string } = {},
): [MatchableTransaction, MatchableTransaction] {
  const out = tx({ account_id: 'acc-a', signed_amount: -(a.amount ?? 100), type: 'debit', ...a });
  const inn = tx({ account_id: 'acc-b', signed_amount: b.amount ?? 100, type: 'credit', ...b });
  return [out, inn];
}

describe('spec 2 §5 match detection: trigger words', () => {
  it.each([
    ['Transfer to savings', true],
    ['TFR 12345678', true],
    ['TFR12345678', true],
    ['TRF TO ISA', true],
    ['Payment from J Smith', true],
    ['PAYMENT TO JOINT ACCOUNT', true],
    ['Faster Payment received', true],
    ['STANDING ORDER 0001', true],
    ['Direct Credit ACME', true],
    ['BACS CREDIT HMRC', true],
    ['TESCO STORES 3012', false],
    ['SALARY ACME LTD', false],
    ['Card payment', false],
    ['ATFRX', false],
  ])('%s → %s', (description, expected) => {
    expect(looksLikeTransfer(description)).toBe(expected);
  });
});

describe('spec 2 §5 match detection: statement entry exclusion', () => {
  it.each([
    ['BALANCE BROUGHT FORWARD', true],
    ['Brought forward', true],
    ['INTEREST PAID', true],
    ['ACCOUNT CHARGES', true],
    ['Monthly fee', true],
    ['Unarranged overdraft', true],
    ['Statement', true],
    ['CREDIT BALANCE', true],
    ['Debit balance', true],
    ['Transfer to savings', false],
    ['COFFEE SHOP', false],
  ])('%s → %s', (description, expected) => {
    expect(looksLikeStatementEntry(description)).toBe(expected);
  });
});

describe('spec 2 §5 match detection: per-transaction exclusions', () => {
  it.each([
    ['transfer-like', tx({ description: 'TFR TO SAVINGS 1234' }), null],
    ['not transfer-like', tx({ description: 'COSTA COFFEE' }), 'not_transfer_like'],
    ['merchant', tx({ description: 'PAYMENT TO TESCO STORES' }), 'merchant'],
    ['merchant (streaming)', tx({ description: 'FASTER PAYMENT TO NETFLIX.COM' }), 'merchant'],
    ['bank brand is not a merchant', tx({ description: 'TRANSFER TO TESCO BANK SAVER' }), null],
    ['statement entry', tx({ description: 'TRANSFER INTEREST' }), 'statement_entry'],
    ['user corrected', tx({ user_corrected_flow_type: 'external_expense' }), 'user_corrected'],
    ['invalid date', tx({ transaction_date: '2024-02-30' }), 'invalid'],
    ['invalid amount', tx({ amount: Number.NaN, signed_amount: null }), 'invalid'],
  ])('%s', (_name, t, expected) => {
    expect(transferIneligibility(t)).toBe(expected);
  });

  it('previously rejected transactions are excluded', () => {
    const t = tx();
    expect(transferIneligibility(t, new Set([t.id]))).toBe('rejected');
    expect(isTransferCandidate(t, new Set(['other']))).toBe(true);
  });

  it('an amount falls back to |signed_amount|', () => {
    expect(isTransferCandidate(tx({ amount: Number.NaN, signed_amount: -50 }))).toBe(true);
  });
});

describe('spec 2 §5 match detection: pair rules (amount within 1, dates within 7 days, different accounts)', () => {
  it.each([
    [0, true],
    [0.01, true],
    [0.99, true],
    [1.0, true],
    [1.01, false],
    [5, false],
  ])('amount difference %s → candidate %s', (difference, kept) => {
    const [a, b] = pair({ amount: 100 }, { amount: 100 + difference });
    expect(scoreTransferPair(a, b) !== null).toBe(kept);
  });

  it.each([
    ['2024-03-10', true],
    ['2024-03-16', true],
    ['2024-03-17', true],
    ['2024-03-18', false],
    ['2024-03-03', true],
    ['2024-03-02', false],
  ])('second date %s (first 2024-03-10) → candidate %s', (date, kept) => {
    const [a, b] = pair({}, { transaction_date: date });
    expect(scoreTransferPair(a, b) !== null).toBe(kept);
  });

  it('never pairs an account with itself', () => {
    const [a, b] = pair({}, { account_id: 'acc-a' });
    expect(scoreTransferPair(a, b)).toBeNull();
  });

  it('addition: known directions must be opposite', () => {
    const [a] = pair();
    const sameWay = tx({ account_id: 'acc-b', signed_amount: -100, type: 'debit' });
    expect(scoreTransferPair(a, sameWay)).toBeNull();
    const unknown = tx({ account_id: 'acc-b', signed_amount: null, type: null });
    expect(scoreTransferPair(a, unknown)).not.toBeNull();
    const byType = tx({ account_id: 'acc-b', signed_amount: null, type: 'credit' });
    expect(scoreTransferPair(a, byType)).not.toBeNull();
  });

  it('invalid dates never pair', () => {
    const [a, b] = pair({}, { transaction_date: 'soon' });
    expect(scoreTransferPair(a, b)).toBeNull();
  });
});

describe('spec 2 §5 match scoring: base 0.6, +0.3 exact, +0.2 same day / +0.1 one day, +0.1 TFR, +0.1 account types, +0.1 both payment, cap 0.95', () => {
  const far = '2024-03-13'; // 3 days: no date bonus
  it.each([
    ['base only (0.50 apart, 3 days)', {}, { amount: 100.5, transaction_date: far }, 0.6, false, 3],
    ['exact amount (within 0.01)', {}, { transaction_date: far }, 0.9, true, 3],
    ['one penny apart is not exact', {}, { amount: 100.01, transaction_date: far }, 0.6, false, 3],
    ['same day', {}, { amount: 100.5 }, 0.8, false, 0],
    ['exactly 1 day apart', {}, { amount: 100.5, transaction_date: '2024-03-11' }, 0.7, false, 1],
    ['2 days apart: no bonus', {}, { amount: 100.5, transaction_date: '2024-03-12' }, 0.6, false, 2],
    [
      'TFR in either description',
      { description: 'TFR 123' },
      { amount: 100.5, transaction_date: far },
      0.7,
      false,
      3,
    ],
    [
      'account types differ',
      {},
      { amount: 100.5, transaction_date: far, accountType: 'savings' },
      0.7,
      false,
      3,
    ],
    [
      'both mention payment',
      { description: 'PAYMENT TO JOINT' },
      { description: 'PAYMENT FROM J DOE', amount: 100.5, transaction_date: far },
      0.7,
      false,
      3,
    ],
    [
      'only one mentions payment',
      { description: 'PAYMENT TO JOINT' },
      { description: 'TRANSFER', amount: 100.5, transaction_date: far },
      0.6,
      false,
      3,
    ],
    ['exact + same day = 1.1, capped at 0.95', {}, {}, 0.95, true, 0],
    ['exact + 1 day = 1.0, capped at 0.95', {}, { transaction_date: '2024-03-11' }, 0.95, true, 1],
    ['0.50 apart + same day + TFR', { description: 'TFR 99' }, { amount: 100.5 }, 0.9, false, 0],
  ] as const)('%s → %s', (_name, a, b, confidence, exact, gap) => {
    const [x, y] = pair(a, b);
    const s = scoreTransferPair(x, y);
    expect(s).not.toBeNull();
    expect(s!.confidence).toBe(confidence);
    expect(s!.amount_match).toBe(exact);
    expect(s!.date_diff).toBe(gap);
    expect(s!.reason.length).toBeGreaterThan(0);
  });

  it('constants are the spec values', () => {
    expect([MATCH_MIN_CONFIDENCE, MATCH_MAX_CONFIDENCE]).toEqual([0.6, 0.95]);
  });
});

describe('spec 2 §5 candidates: sorted by confidence, ids order-independent', () => {
  it('sorts highest first and builds the id from the sorted ids', () => {
    const [a1, b1] = pair(
      { transaction_date: '2024-03-01' },
      { transaction_date: '2024-03-04', amount: 100.5 },
    );
    const [a2, b2] = pair(
      { transaction_date: '2024-03-20', amount: 50 },
      { transaction_date: '2024-03-20', amount: 50 },
    );
    const found = findMatchCandidates([a1, b1, a2, b2]);
    expect(found.map((c) => c.confidence)).toEqual([0.95, 0.6]);
    expect(found[0]!.id).toBe(matchCandidateId(b2.id, a2.id));
    expect(matchCandidateId('b', 'a')).toBe('a_b');
    expect(matchCandidateId('a', 'b')).toBe('a_b');
  });

  it('transaction1 is the money-out side', () => {
    const [out, inn] = pair();
    const [c] = findMatchCandidates([inn, out]);
    expect(c!.transaction1.id).toBe(out.id);
    expect(c!.transaction2.id).toBe(inn.id);
  });

  it('excludes remembered pairs and remembered transactions', () => {
    const [a, b] = pair();
    expect(findMatchCandidates([a, b], { rejectedMatchIds: [matchCandidateId(a.id, b.id)] })).toEqual([]);
    expect(findMatchCandidates([a, b], { rejectedTransactionIds: [a.id] })).toEqual([]);
    expect(findMatchCandidates([a, b], { rejectedMatchIds: ['x_y'] })).toHaveLength(1);
    expect(findMatchCandidatesNaive([a, b], { rejectedMatchIds: [matchCandidateId(a.id, b.id)] })).toEqual(
      [],
    );
  });

  it('skips a duplicated transaction id', () => {
    const a = tx({ account_id: 'acc-a', signed_amount: -100 });
    const dup = { ...a, account_id: 'acc-b', signed_amount: 100 };
    expect(findMatchCandidates([a, dup])).toEqual([]);
  });

  it('compares candidates by confidence, then date gap, then id', () => {
    const base = { transaction1: tx(), transaction2: tx(), reason: '', amount_match: true };
    const list = [
      { ...base, id: 'b', confidence: 0.9, date_diff: 1 },
      { ...base, id: 'a', confidence: 0.9, date_diff: 1 },
      { ...base, id: 'c', confidence: 0.9, date_diff: 0 },
      { ...base, id: 'd', confidence: 0.95, date_diff: 3 },
    ];
    expect([...list].sort(compareCandidates).map((c) => c.id)).toEqual(['d', 'c', 'a', 'b']);
  });
});

describe('spec 2 §5 (addition) each transaction joins at most one pair, greedy by confidence', () => {
  it('keeps the best pair for a shared transaction', () => {
    const out = tx({ account_id: 'acc-a', signed_amount: -100 });
    const best = tx({ account_id: 'acc-b', signed_amount: 100 }); // same day, exact: 0.95
    const worse = tx({ account_id: 'acc-c', signed_amount: 100, transaction_date: '2024-03-13' }); // exact, 3 days: 0.9
    const other = tx({ account_id: 'acc-d', signed_amount: -100, transaction_date: '2024-03-13' }); // pairs with worse
    const all = findMatchCandidates([out, best, worse, other]);
    expect(all.length).toBeGreaterThan(2);
    const chosen = selectNonOverlapping(all);
    expect(chosen.map((c) => c.id)).toEqual([
      matchCandidateId(out.id, best.id),
      matchCandidateId(worse.id, other.id),
    ]);
    expect(detectTransfers([out, best, worse, other])).toEqual(chosen);
  });

  it('bulk accept takes a non-overlapping set and reports the rest as skipped', () => {
    const out = tx({ account_id: 'acc-a', signed_amount: -100 });
    const b = tx({ account_id: 'acc-b', signed_amount: 100 });
    const c = tx({ account_id: 'acc-c', signed_amount: 100, transaction_date: '2024-03-12' });
    const candidates = findMatchCandidates([out, b, c]);
    const plan = planBulkAccept(candidates);
    expect(plan.accepted).toHaveLength(1);
    expect(plan.skipped).toHaveLength(1);
    expect(plan.updates.map((u) => u.id).sort()).toEqual([out.id, b.id].sort());
  });
});

describe('spec 2 §5 badge colours and labels', () => {
  it.each([
    [0.95, 'success', 'Excellent'],
    [0.949, 'success', 'High'],
    [0.9, 'success', 'High'],
    [0.899, 'info', 'Good'],
    [0.8, 'info', 'Good'],
    [0.79, 'warning', 'Medium'],
    [0.7, 'warning', 'Medium'],
    [0.69, 'danger', 'Low'],
    [0.6, 'danger', 'Low'],
  ])('%s → %s, %s', (confidence, colour, label) => {
    expect(matchBadgeColour(confidence)).toBe(colour);
    expect(matchConfidenceLabel(confidence)).toBe(label);
  });
});

describe('spec 2 §2 selection helpers: High (90%+), Low (<70%), Excellent (95%+), all', () => {
  const list = [0.95, 0.9, 0.89, 0.7, 0.69, 0.6].map((confidence, i) => ({ id: `m${i}`, confidence }));
  it.each([
    ['high', ['m0', 'm1']],
    ['low', ['m4', 'm5']],
    ['excellent', ['m0']],
    ['all', ['m0', 'm1', 'm2', 'm3', 'm4', 'm5']],
  ] as const)('%s', (selection, ids) => {
    expect(selectMatchIds(list, selection)).toEqual(ids);
  });
  it('labels', () => {
    expect(MATCH_SELECTION_LABELS).toEqual({
      high: 'High (90%+)',
      low: 'Low (<70%)',
      excellent: 'Excellent (95%+)',
      all: 'All',
    });
  });
});

describe('spec 2 §4 accepting a match: internal_transfer on each side not already corrected', () => {
  it.each([
    [null, null, 2],
    ['income', null, 1],
    ['income', 'external_expense', 0],
  ])('corrections %s / %s → %s updates', (c1, c2, n) => {
    const [a, b] = pair({ user_corrected_flow_type: c1 }, { user_corrected_flow_type: c2 });
    const updates = acceptMatchUpdates({ transaction1: a, transaction2: b });
    expect(updates).toHaveLength(n);
    for (const u of updates) expect(u.user_corrected_flow_type).toBe('internal_transfer');
  });
});

describe("spec 2 §4 rejecting a match: remembered, flow unchanged, audit reason starts 'Cross-account match rejected:'", () => {
  it('builds, recognises and parses the reason', () => {
    const reason = matchRejectionReason('a_b', '  not mine ');
    expect(reason).toBe('Cross-account match rejected: [a_b] not mine');
    expect(isMatchRejectionReason(reason)).toBe(true);
    expect(parseMatchRejectionReason(reason)).toEqual({ matchId: 'a_b', note: 'not mine' });
    expect(parseMatchRejectionReason(matchRejectionReason('a_b'))).toEqual({ matchId: 'a_b', note: null });
  });

  it.each([
    ['Cross-account match rejected: different people', { matchId: null, note: 'different people' }],
    ['Cross-account match rejected:', { matchId: null, note: null }],
    ['Wrong type', null],
    [null, null],
    [undefined, null],
  ])('parses %s', (text, expected) => {
    expect(parseMatchRejectionReason(text)).toEqual(expected);
  });

  it('writes one audit row per transaction with the flow type unchanged', () => {
    const [a, b] = pair({ flow_type: 'internal_transfer' }, { flow_type: null });
    const rows = matchRejectionAudits(
      { id: 'x', transaction1: a, transaction2: b, confidence: 0.8 },
      'user-1',
      'no',
    );
    expect(rows).toEqual([
      {
        transaction_id: a.id,
        original_flow_type: 'internal_transfer',
        corrected_flow_type: 'internal_transfer',
        user_reasoning: 'Cross-account match rejected: [x] no',
        confidence_at_correction: 0.8,
        created_by: 'user-1',
      },
      {
        transaction_id: b.id,
        original_flow_type: null,
        corrected_flow_type: null,
        user_reasoning: 'Cross-account match rejected: [x] no',
        confidence_at_correction: 0.8,
        created_by: 'user-1',
      },
    ]);
  });

  it('remembers pairs by id, and transactions for reasons without an id', () => {
    const r = rememberedRejections([
      { transaction_id: 't1', user_reasoning: 'Cross-account match rejected: [t1_t2]' },
      { transaction_id: 't2', user_reasoning: 'Cross-account match rejected: [t1_t2]' },
      { transaction_id: 't3', user_reasoning: 'Cross-account match rejected: legacy row' },
      { transaction_id: 't4', user_reasoning: 'Some other correction' },
      { transaction_id: 't5', user_reasoning: null },
    ]);
    expect([...r.rejectedMatchIds]).toEqual(['t1_t2']);
    expect([...r.rejectedTransactionIds]).toEqual(['t3']);
  });
});

describe('spec 2 §8 match messages', () => {
  it.each([
    [MATCH_MESSAGES.saveRejectionFailed('boom'), 'Failed to save rejection: boom'],
    [MATCH_MESSAGES.processFailed('boom'), 'Failed to process match: boom'],
    [
      MATCH_MESSAGES.bulkPartial(3, 2),
      'Processed 3 matches successfully. 2 matches failed - please retry those individually.',
    ],
    [MATCH_MESSAGES.bulkFailed('boom'), 'Bulk processing failed: boom'],
    [MATCH_MESSAGES.empty, 'No potential cross-account transfers detected'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

// ── properties ──────────────────────────────────────────────────────────────────────────────────────────────

const DESCRIPTIONS = [
  'TFR TO SAVINGS 1234',
  'TRANSFER FROM CURRENT',
  'PAYMENT TO JOINT',
  'PAYMENT FROM J DOE',
  'STANDING ORDER ISA',
  'FASTER PAYMENT',
  'TESCO STORES',
  'INTEREST',
];
const arbTransactions = fc
  .array(
    fc.record({
      account: fc.constantFrom('acc-a', 'acc-b', 'acc-c'),
      type: fc.constantFrom('current', 'savings', 'credit', null),
      day: fc.integer({ min: 1, max: 28 }),
      pounds: fc.constantFrom(10, 10.5, 11, 11.01, 50, 50.99, 100),
      sign: fc.constantFrom(1, -1, 0),
      description: fc.constantFrom(...DESCRIPTIONS),
    }),
    { maxLength: 40 },
  )
  .map((rows) =>
    rows.map(
      (r, i): MatchableTransaction => ({
        id: `p${String(i).padStart(3, '0')}`,
        account_id: r.account,
        transaction_date: `2024-02-${String(r.day).padStart(2, '0')}`,
        amount: r.pounds,
        signed_amount: r.sign === 0 ? null : r.sign * r.pounds,
        description: r.description,
        account: { account_type: r.type },
      }),
    ),
  );

const summary = (list: ReturnType<typeof findMatchCandidates>) =>
  list.map((c) => `${c.id}:${c.confidence}:${c.transaction1.id}>${c.transaction2.id}`);

describe('properties of matching (spec 2 §5)', () => {
  it('is symmetric: reversing or rotating the input gives the same pairs', () => {
    fc.assert(
      fc.property(arbTransactions, fc.nat(), (list, k) => {
        const expected = summary(findMatchCandidates(list));
        expect(summary(findMatchCandidates([...list].reverse()))).toEqual(expected);
        const r = list.length ? k % list.length : 0;
        expect(summary(findMatchCandidates([...list.slice(r), ...list.slice(0, r)]))).toEqual(expected);
      }),
    );
  });

  it('never pairs an account with itself and scores stay within [0.6, 0.95]', () => {
    fc.assert(
      fc.property(arbTransactions, (list) => {
        for (const c of findMatchCandidates(list)) {
          expect(c.transaction1.account_id).not.toBe(c.transaction2.account_id);
          expect(c.confidence).toBeGreaterThanOrEqual(0.6);
          expect(c.confidence).toBeLessThanOrEqual(0.95);
        }
      }),
    );
  });

  it('finds exactly what the all-pairs reference finds', () => {
    fc.assert(
      fc.property(arbTransactions, (list) => {
        expect(summary(findMatchCandidates(list))).toEqual(summary(findMatchCandidatesNaive(list)));
        const prepared = prepareMatchInputs(list);
        expect(summary(pairCandidates(prepared))).toEqual(summary(pairCandidates(prepared, {}, 'all-pairs')));
      }),
    );
  });

  it('the presented set uses each transaction at most once', () => {
    fc.assert(
      fc.property(arbTransactions, (list) => {
        const ids = detectTransfers(list).flatMap((c) => [c.transaction1.id, c.transaction2.id]);
        expect(new Set(ids).size).toBe(ids.length);
      }),
    );
  });
});
