import { toPenceExact } from './amounts';
import type { Block } from './blocks';
import { CERTAIN_CLOSING_LABEL, CLOSING_LABEL, findLabel } from './context';
import type { Found } from './find-table';
import { groupRows, legibleWords, wordsFromBlocks } from './geometry';
import { readOnce } from './reader';
import { balanceDirection } from './reconcile';
import type { AccountKind, ParsedStatement, ReadStatementOptions, ReadStatementResult } from './types';

/**
 * Stage 5's loop: the candidate readings of what a statement leaves open, each checked against every figure
 * it prints (`reader.ts` reads once under a given reading). The first reading the figures confirm is kept;
 * when none does, the first stands with its breaks, which say which printed figures disagree.
 */

export const OWED_NEGATIVE_WARNING =
  'The card statement prints its figures as a bank account does (the amount owed with a minus); they are read so.';

/**
 * Reads a statement from its text blocks. When the reading does not add up, the other readings of what the
 * statement leaves open are checked against its printed figures: the other kind of account (a card's
 * balances are amounts owed, a bank's money held) when the statement does not say which it is, and a card
 * that prints the amount owed with a minus. The first the statement's own figures confirm is kept, with a
 * warning; when none does, the first reading stands with its breaks.
 */
export function readStatement(
  blocks: readonly Block[],
  options: ReadStatementOptions = {},
): ReadStatementResult {
  const read = readUnder(blocks, options, true);
  if (!read.ok || confirmed(read) || !printsTotalBalance(blocks)) return read;
  // 'TOTAL BALANCE' closes the table (Nationwide's card) only in a reading the figures confirm: a statement
  // whose 'Total balance' is of something else (every account the customer holds) is read without it, and
  // that reading is kept when its figures confirm it. When neither is confirmed, the first stands with its
  // breaks, as any reading the figures do not confirm.
  const without = readUnder(blocks, options, false);
  return confirmed(without) ? without : read;
}

/** Whether the statement prints 'TOTAL BALANCE' anywhere (a label that may or may not be its closing). */
function printsTotalBalance(blocks: readonly Block[]): boolean {
  return groupRows(legibleWords(wordsFromBlocks(blocks))).some((r) => {
    const words = r.words.map((w) => w.text);
    return !!findLabel(words, CLOSING_LABEL) && !findLabel(words, CERTAIN_CLOSING_LABEL);
  });
}

/** The candidate readings, with or without 'TOTAL BALANCE' as a closing label (`totalCloses`). */
function readUnder(
  blocks: readonly Block[],
  options: ReadStatementOptions,
  totalCloses: boolean,
): ReadStatementResult {
  const found: Found = { titleAfterBalances: false };
  const first = readOnce(blocks, options, { probe: found, totalCloses })!;
  if (!first.ok) return first;
  const kind = first.statement.accountKind;
  if (first.statement.reconciliation.ok) {
    // A table whose every row prints its running balance, then rows without one under a title standing
    // apart: those rows are not the account's (charges to come), even when no closing balance tells.
    if (found.titleAfterBalances) {
      const titled = readOnce(blocks, options, { cut: { title: true, account: null }, totalCloses });
      if (confirmed(titled)) return titled;
      // What stands under the title may be a table of other balances (a pot's or a saver's, 'Balance on
      // 31/07/2025' over each), not this account's summary: read apart, the running balances decide.
      const apart = readOnce(blocks, options, {
        cut: { title: true, account: null, apart: true },
        totalCloses,
      });
      if (confirmed(apart)) return apart;
    }
    // A card whose every balance reads as in credit adds up just as well with every sign turned over: it
    // prints its figures as a bank does (the amount owed with a minus). That reading is kept when it adds up.
    const s = first.statement;
    const balances = [s.openingBalance, s.closingBalance, ...s.transactions.map((t) => t.balance)].filter(
      (b): b is number => b !== null,
    );
    if (kind === 'credit_card' && balances.some((b) => b < 0) && balances.every((b) => b <= 0)) {
      const flipped = readOnce(
        blocks,
        { ...options, accountKind: 'credit_card' },
        { owedNegative: true, totalCloses },
      );
      if (flipped?.ok && flipped.statement.reconciliation.ok) {
        flipped.statement.warnings.push(OWED_NEGATIVE_WARNING);
        return flipped;
      }
    }
    return first;
  }
  // A card printing a plus on some amounts and no other mark: the plus is first taken as the table's own marks
  // suggest (money in, as app-issued cards print payments and refunds), and the other way (a purchase, the
  // payments plain) is kept when the statement's figures confirm that instead. Tried before reading the
  // statement as another kind of account: with every balance positive, a bank's reading with every sign
  // turned over adds up as well, so the statement's own wording (a card) decides.
  if (kind === 'credit_card') {
    for (const plusIn of [true, false]) {
      const result = readOnce(blocks, { ...options, accountKind: 'credit_card' }, { plusIn, totalCloses });
      if (confirmed(result)) return result;
    }
  }
  const alternatives: Array<{ kind: AccountKind; owedNegative: boolean; warning: string }> = [];
  if (!options.accountKind && kind === 'credit_card') {
    alternatives.push({
      kind: 'bank',
      owedNegative: false,
      warning: 'The balances add up only as money held: the statement is read as a bank account statement.',
    });
  }
  if (!options.accountKind && kind === 'bank') {
    alternatives.push({
      kind: 'credit_card',
      owedNegative: false,
      warning: 'The balances add up only as amounts owed: the statement is read as a credit card statement.',
    });
  }
  if (!options.accountKind || options.accountKind === 'credit_card') {
    alternatives.push({
      kind: 'credit_card',
      owedNegative: true,
      warning: OWED_NEGATIVE_WARNING,
    });
  }
  // The table may end at a title before its last rows ('Notice of charges': charges to come, printed in
  // the table's columns): that reading is kept when the statement's figures confirm it and not the whole.
  const readings: Array<{ kind?: AccountKind; owedNegative: boolean; warning: string | null }> = [
    { owedNegative: false, warning: null },
    ...alternatives,
  ];
  for (const title of [false, true]) {
    for (const reading of readings) {
      if (!title && !reading.warning) continue;
      const result = readOnce(blocks, reading.kind ? { ...options, accountKind: reading.kind } : options, {
        owedNegative: reading.owedNegative,
        cut: title ? { title, account: null } : undefined,
        totalCloses,
      });
      if (confirmed(result)) {
        if (reading.warning) result.statement.warnings.push(reading.warning);
        return result;
      }
    }
  }
  // Another account's statement may follow the account's own in one PDF (a savings pot's, under its own
  // headings and balances): the first account whose figures add up is read, the latest place it may end first.
  for (let account = 0; ; account++) {
    const probe: Found = { titleAfterBalances: false };
    const whole = readOnce(blocks, options, { cut: { title: false, account }, probe, totalCloses });
    if (!whole) break;
    // The rows cut off are another account's only where their balances do not go on from this one's: a page
    // whose balances continue the account (its rows read wrong, so the whole did not add up) is no other
    // account, and dropping it would leave a page of money read as nothing.
    if (confirmed(whole) && continuesAfter(first.statement, found, whole.statement)) continue;
    // As for the whole table: rows without a balance under a title, every row above printing one, go.
    if (confirmed(whole) && !probe.titleAfterBalances) return whole;
    const titled = readOnce(blocks, options, { cut: { title: true, account }, totalCloses });
    if (confirmed(titled)) return titled;
    if (confirmed(whole)) return whole;
  }
  return first;
}

/**
 * Whether the rows the whole table reads after those of `cut` go on from `cut`'s closing balance (the same
 * account, read on): that closing printed again where the cut falls (carried forward, then brought forward),
 * or the first balance printed after it, less the amounts up to it. `found`: what the whole reading told.
 */
function continuesAfter(whole: ParsedStatement, found: Found, cut: ParsedStatement): boolean {
  const kept = cut.transactions.length;
  if (cut.closingBalance === null || whole.transactions.length <= kept) return false;
  const same = cut.transactions.every((t, i) => {
    const w = whole.transactions[i]!;
    return w.date === t.date && w.amount === t.amount;
  });
  if (!same) return false;
  // Carried forward and brought forward: the closing printed twice where the cut falls.
  const closing = toPenceExact(cut.closingBalance);
  const again = (found.balanceLines ?? []).filter(
    (b) => b.afterRow === kept - 1 && toPenceExact(b.balance) === closing,
  );
  if (again.length >= 2) return true;
  const direction = balanceDirection(whole.accountKind);
  let moved = 0;
  for (const t of whole.transactions.slice(kept)) {
    moved += direction * toPenceExact(t.signedAmount);
    if (t.balance !== null) return toPenceExact(t.balance) - moved === toPenceExact(cut.closingBalance);
  }
  return false;
}

const confirmed = (result: ReadStatementResult | null): result is ReadStatementResult & { ok: true } =>
  !!result?.ok && result.statement.reconciliation.ok && result.statement.transactions.length > 0;
