import { fromPence, toPenceExact } from './amounts';
import type { AccountKind, Reconciliation, ReconciliationBreak, UnreadableCell } from './types';

/**
 * Reconciliation: the opening balance plus every signed amount must equal the closing balance to the
 * penny, and every balance the statement prints along the way (on a row, or a 'balance carried forward'
 * line) must equal the running total there. A card's balance is what is owed, so money out raises it.
 */
export interface ReconcileRow {
  signedAmount: number;
  balance: number | null;
}

/** A printed balance that is not on a transaction row, after transaction `afterRow` (-1: before them all). */
export interface BalanceCheckpoint {
  afterRow: number;
  balance: number;
  reason: string;
}

export interface ReconcileInput {
  openingBalance: number | null;
  closingBalance: number | null;
  transactions: readonly ReconcileRow[];
  checkpoints?: readonly BalanceCheckpoint[];
  accountKind?: AccountKind;
  /**
   * The statement's own totals of money in and money out (positive), where it prints them, and the interest
   * it prints apart: a savings statement's 'Paid in' may leave out the interest it prints beside it.
   */
  totals?: {
    moneyIn: number | null;
    moneyOut: number | null;
    interest?: number | null;
    /** Charges and debit interest a summary prints apart from its money out ('Fees and charges £12.00'). */
    charges?: number | null;
    /** A card's refunds its summary prints apart from the payments received ('Refunds received £24.00 CR'). */
    refunds?: number | null;
    /**
     * The table's totals rows, where it prints one at each page's foot: each page's own totals add up to the
     * statement's (a page's cumulative totals end in the statement's, the last of them).
     */
    pagesIn?: readonly number[];
    pagesOut?: readonly number[];
  };
  /** Printed figures that could not be read: reported, not checked. */
  unreadable?: readonly UnreadableCell[];
}

/** +1 when a balance is money held (it rises with money in), -1 when it is an amount owed (a card). */
export function balanceDirection(kind: AccountKind | undefined): 1 | -1 {
  return kind === 'credit_card' ? -1 : 1;
}

/** The reconciliation and how many printed balances were actually compared. */
export function reconcileDetailed(input: ReconcileInput): { reconciliation: Reconciliation; checks: number } {
  const direction = balanceDirection(input.accountKind);
  const breaks: ReconciliationBreak[] = [];
  const checkpoints = new Map<number, BalanceCheckpoint[]>();
  for (const cp of input.checkpoints ?? []) {
    checkpoints.set(cp.afterRow, [...(checkpoints.get(cp.afterRow) ?? []), cp]);
  }
  let running = input.openingBalance === null ? null : toPenceExact(input.openingBalance);
  let checks = 0;
  const check = (row: number, printed: number, reason: string) => {
    const expected = toPenceExact(printed);
    if (running !== null) {
      checks++;
      if (running !== expected) {
        breaks.push({ row, expected: fromPence(expected), actual: fromPence(running), reason });
      }
    }
    running = expected;
  };
  for (const cp of checkpoints.get(-1) ?? []) check(-1, cp.balance, cp.reason);
  let total = 0;
  input.transactions.forEach((t, i) => {
    const signed = direction * toPenceExact(t.signedAmount);
    total += signed;
    if (running !== null) running += signed;
    if (t.balance !== null) check(i, t.balance, 'running balance');
    for (const cp of checkpoints.get(i) ?? []) check(i, cp.balance, cp.reason);
  });
  const last = input.transactions.length - 1;
  if (input.closingBalance !== null) {
    const closing = toPenceExact(input.closingBalance);
    if (input.openingBalance !== null) {
      checks++;
      const sum = toPenceExact(input.openingBalance) + total;
      if (sum !== closing) {
        breaks.push({
          row: last,
          expected: fromPence(closing),
          actual: fromPence(sum),
          reason: 'closing balance: opening balance plus transactions',
        });
      }
    } else {
      check(last, input.closingBalance, 'closing balance');
    }
  }
  // The statement's own totals: Σ money in and Σ money out, each to the penny.
  const totals = [
    {
      printed: input.totals?.moneyIn ?? null,
      sign: 1,
      reason: 'money in total',
      pages: input.totals?.pagesIn,
    },
    {
      printed: input.totals?.moneyOut ?? null,
      sign: -1,
      reason: 'money out total',
      pages: input.totals?.pagesOut,
    },
  ];
  for (const { printed, sign, reason, pages } of totals) {
    if (printed === null) continue;
    const sum = input.transactions.reduce((acc, t) => {
      const pence = toPenceExact(t.signedAmount);
      return sign * pence > 0 ? acc + Math.abs(pence) : acc;
    }, 0);
    checks++;
    // Money in is what was paid in, or what was paid in and the interest printed beside it; money out what was
    // paid out, or that and the charges printed beside it.
    const apart = sign > 0 ? input.totals?.interest : input.totals?.charges;
    const accepted = [toPenceExact(printed)];
    if (apart) accepted.push(toPenceExact(printed) + toPenceExact(apart));
    const refunds = sign > 0 ? input.totals?.refunds : null;
    if (refunds) accepted.push(toPenceExact(printed) + toPenceExact(refunds));
    if (pages && pages.length > 1) accepted.push(pages.reduce((a, p) => a + toPenceExact(p), 0));
    if (!accepted.includes(sum)) {
      breaks.push({ row: last, expected: printed, actual: fromPence(sum), reason });
    }
  }
  const reconciliation: Reconciliation = { ok: checks > 0 && breaks.length === 0, breaks };
  if (input.unreadable?.length) reconciliation.unreadable = [...input.unreadable];
  return { reconciliation, checks };
}

/** Reconciles a statement's transactions against its printed balances (ok needs at least one check). */
export function reconcile(input: ReconcileInput): Reconciliation {
  return reconcileDetailed(input).reconciliation;
}

export interface SignRow {
  /** Magnitude in pence. */
  pence: number;
  /** +1 money in, -1 money out, null when the statement does not say. */
  sign: 1 | -1 | null;
  /** What to assume when the balances cannot decide (from the section's title, else the description). */
  guess: 1 | -1;
  /** The guess is the direction the section's title names ('Payments in', 'Direct debits'), not a guess. */
  titled?: boolean;
  /** Printed balance on this row in pence (as printed: owed for a card). */
  balance: number | null;
}

const MAX_BRUTE_FORCE = 16;

/** Signs s (±1) for `values` with Σ s·v = target, closest to `guesses`; null when none adds up. */
function solveSigns(
  values: readonly number[],
  guesses: ReadonlyArray<1 | -1>,
  target: number,
): Array<1 | -1> | null {
  const k = values.length;
  if (k > MAX_BRUTE_FORCE) return null;
  let best: Array<1 | -1> | null = null;
  let bestMisses = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < 1 << k; mask++) {
    let sum = 0;
    let misses = 0;
    for (let i = 0; i < k; i++) {
      const s = mask & (1 << i) ? 1 : -1;
      sum += s * values[i]!;
      if (s !== guesses[i]) misses++;
    }
    if (sum === target && misses < bestMisses) {
      bestMisses = misses;
      best = values.map((_, i) => (mask & (1 << i) ? 1 : -1));
    }
  }
  return best;
}

/**
 * Decides the direction of rows the statement leaves ambiguous (a single amount column without signs or
 * CR/DR) from the balances: between two known balances the ambiguous rows' signs must make the difference.
 * Rows that no balance decides keep their guess; `guessed` counts those no section's title directs.
 */
export function resolveSigns(
  rows: readonly SignRow[],
  options: {
    openingPence: number | null;
    closingPence: number | null;
    checkpoints?: ReadonlyMap<number, number>;
    accountKind?: AccountKind;
  },
): { signs: Array<1 | -1>; guessed: number } {
  const direction = balanceDirection(options.accountKind);
  const signs: Array<1 | -1> = rows.map((r) => r.sign ?? r.guess);
  let guessed = 0;
  let start = options.openingPence;
  let group: number[] = [];
  let known = 0;
  const settle = (target: number | null) => {
    if (!group.length) return;
    const solution =
      start !== null && target !== null
        ? solveSigns(
            group.map((i) => rows[i]!.pence),
            group.map((i) => rows[i]!.guess),
            direction * (target - start - known),
          )
        : null;
    if (solution) {
      group.forEach((i, k) => {
        signs[i] = solution[k]!;
      });
    } else {
      guessed += group.filter((i) => !rows[i]!.titled).length;
    }
    group = [];
  };
  rows.forEach((row, i) => {
    if (row.sign === null) group.push(i);
    else known += direction * row.sign * row.pence;
    const target = row.balance ?? options.checkpoints?.get(i) ?? null;
    if (target !== null) {
      settle(target);
      start = target;
      known = 0;
    }
  });
  settle(options.closingPence);
  return { signs, guessed };
}
