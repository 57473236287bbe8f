import { fromPence } from './amounts';
import type { Assembly, RawTransaction } from './entries';
import {
  balanceValue,
  CARD_PAYMENT_WORDS,
  digitsAgree,
  digitsOf,
  explicitSign,
  plainSign,
  type UnreadableNote,
} from './readings';
import { balanceDirection } from './reconcile';
import type { MoneyCell } from './rows';
import type { AccountKind } from './types';

/**
 * Stage 5, checks: the chosen reading held against the figures the statement prints. A misprinted amount
 * is recovered only where the printed balances need exactly one figure (and then noted as recovered); a
 * printed balance with its leading digits cut off is noted as unreadable, not a break. The reconciliation
 * itself (`reconcile.ts`) then compares every running balance, balance line, opening, closing and total.
 */

/** How the figures of the statement read: the kind of account, how printed signs read, the balances. */
export interface FigureReading {
  kind: AccountKind;
  /** The kind whose sign convention printed amounts follow (a card printing as a bank does: 'bank'). */
  signKind: AccountKind;
  owedNegative: boolean;
  /** A card that marks its money in with a plus (`cardPlusIsMoneyIn`). */
  plusIn?: boolean;
  /** Pence, as balances read (owed for a card). */
  opening: number | null;
  closing: number | null;
}

/**
 * Misprinted amounts: each is read from the balances either side when both are printed, or (the only one
 * left) as the figure the opening and closing need when its digits agree; the rest are returned, to be
 * dropped, each with a note.
 */
export function recoverMisprints(
  assembly: Assembly,
  reading: FigureReading,
  notes: UnreadableNote[],
): Set<RawTransaction> {
  const { kind, signKind, owedNegative, opening, closing, plusIn = false } = reading;
  // A misprinted amount is read from the balances either side of it when both are printed; otherwise the
  // transaction cannot be counted and the reconciliation says so.
  const previousBalance = (i: number): number | null => {
    const before = i === 0 ? opening : null;
    const cp = [...assembly.checkpoints].reverse().find((c) => c.afterRow === i - 1);
    if (cp) return balanceValue(cp.cell.amount, kind, owedNegative);
    const t = assembly.transactions[i - 1];
    return t?.balance ? balanceValue(t.balance.amount, kind, owedNegative) : before;
  };
  const unreadableDrop = new Set<RawTransaction>();
  const recover = (t: RawTransaction, delta: number) => {
    const misprint = t.unreadableAmount!;
    const pence = Math.abs(delta);
    const column = misprint.column === 'balance' ? 'amount' : misprint.column;
    t.cell = {
      amount: {
        pence,
        amount: pence / 100,
        marker: column === 'amount' ? (delta < 0 ? '-' : '+') : null,
        negative: column === 'amount' && delta < 0,
      },
      text: misprint.text,
      left: misprint.left,
      right: misprint.right,
      // `delta` is signed as every row is (money out, a card's purchase, below zero), so a card's recovered
      // purchase is money out and its recovered payment money in.
      column: column === 'amount' && kind === 'credit_card' ? (delta < 0 ? 'out' : 'in') : column,
    };
  };
  assembly.transactions.forEach((t, i) => {
    if (t.cell || !t.unreadableAmount) return;
    const before = previousBalance(i);
    const after = t.balance ? balanceValue(t.balance.amount, kind, owedNegative) : null;
    if (before !== null && after !== null) {
      const delta = (after - before) * balanceDirection(kind);
      recover(t, delta);
      notes.push({
        anchor: t,
        cell: 'amount',
        text: t.unreadableAmount.text,
        page: t.page,
        reason: 'the amount is misprinted; it is read from the balances either side',
        recovered: fromPence(Math.abs(delta)),
      });
    } else {
      unreadableDrop.add(t);
    }
  });
  // One misprinted amount that the opening and closing balances need exactly, its printed digits agreeing
  // ('120 00' where they need 120.00), is read as that figure; otherwise the row cannot be counted.
  const lone = unreadableDrop.size === 1 ? [...unreadableDrop][0]! : null;
  if (lone && opening !== null && closing !== null) {
    let known: number | null = 0;
    for (const t of assembly.transactions) {
      if (t === lone || known === null) continue;
      const sign = !t.cell
        ? null
        : t.cell.column === 'out'
          ? -1
          : t.cell.column === 'in'
            ? 1
            : (explicitSign(t.cell.amount, signKind, plusIn) ??
              (kind === 'credit_card' && CARD_PAYMENT_WORDS.test(t.parts.join(' '))
                ? null
                : plainSign(
                    assembly.transactions.flatMap((x) => (x.cell?.column === 'amount' ? [x.cell] : [])),
                    kind,
                    plusIn,
                  )));
      known = sign === null ? null : known + sign * t.cell!.amount.pence;
    }
    const needed = known === null ? null : (closing - opening) * balanceDirection(kind) - known;
    const column = lone.unreadableAmount!.column;
    const sideAgrees =
      needed !== null &&
      needed !== 0 &&
      (column === 'out' ? needed < 0 : column === 'in' ? needed > 0 : true);
    if (needed !== null && sideAgrees && digitsAgree(lone.unreadableAmount!.text, Math.abs(needed))) {
      recover(lone, needed);
      unreadableDrop.delete(lone);
      notes.push({
        anchor: lone,
        cell: 'amount',
        text: lone.unreadableAmount!.text,
        page: lone.page,
        reason:
          'the amount is misprinted; it is the figure the opening and closing balances need, and its digits agree',
        recovered: fromPence(Math.abs(needed)),
      });
    }
  }
  assembly.transactions.forEach((t, i) => {
    if (!unreadableDrop.has(t)) return;
    notes.push({
      anchor: assembly.transactions[i - 1] ?? null,
      cell: 'amount',
      text: t.unreadableAmount!.text,
      page: t.page,
      reason: `the amount of "${t.parts.join(' ').trim()}" is misprinted and not printed elsewhere; the transaction is not counted`,
    });
  });
  return unreadableDrop;
}

/** Notes (and clears) printed balances that are the running balance with their leading digits cut off. */
export function cutOffBalances(
  rawTransactions: ReadonlyArray<RawTransaction & { cell: MoneyCell }>,
  signRows: Array<{ balance: number | null }>,
  signs: readonly number[],
  opening: number | null,
  kind: AccountKind,
  checkpointPence: ReadonlyMap<number, number>,
  notes: UnreadableNote[],
): void {
  // A printed balance whose figure is the running balance with its leading digits cut off ('3978.53' for
  // 73,978.53: a column too narrow for the figure) is unreadable, not a break.
  {
    const direction = balanceDirection(kind);
    let running = opening;
    rawTransactions.forEach((t, i) => {
      if (running !== null) running += direction * signs[i]! * t.cell.amount.pence;
      const printed = signRows[i]!.balance;
      if (printed !== null && running !== null && printed !== running) {
        const full = digitsOf(running);
        const shown = digitsOf(printed);
        if (
          Math.sign(printed) === Math.sign(running) &&
          Math.abs(running) >= 100_000 &&
          shown.length >= 3 &&
          full.length > shown.length &&
          full.endsWith(shown)
        ) {
          notes.push({
            anchor: t,
            cell: 'balance',
            text: t.balance!.text,
            page: t.page,
            reason: `the balance has its leading digits cut off (the running balance is ${fromPence(running).toFixed(2)})`,
          });
          signRows[i]!.balance = null;
          return;
        }
      }
      if (printed !== null) running = printed;
      const cp = checkpointPence.get(i);
      if (cp !== undefined) running = cp;
    });
  }
}
