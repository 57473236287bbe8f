import { fromPence } from './amounts';
import { cutOffBalances, recoverMisprints } from './checks';
import type { StatementContext } from './context';
import type { Assembly, Checkpoint, RawTransaction } from './entries';
import type { FoundTable } from './find-table';
import {
  balanceValue,
  CARD_PAYMENT_WORDS,
  cardPlusIsMoneyIn,
  explicitSign,
  MONEY_IN_WORDS,
  openingAndClosing,
  plainSign,
  resolveDates,
  titledDirections,
  type UnreadableNote,
  type YearAnchors,
} from './readings';
import { resolveSigns, type SignRow } from './reconcile';
import { removeTransactions } from './repeated-runs';
import type { MoneyCell } from './rows';
import type { AccountKind, StatementTransaction } from './types';

/**
 * `readOnce`'s amounts (stage 4's candidate readings of the figures, with stage 5's recovery of misprints):
 * the opening and closing, misprinted amounts recovered from the balances or dropped, each amount's direction
 * (by column, printed sign, the column's convention, a section's title, else the balances), and the
 * transactions as the reading returns them.
 */

/** Footnote markers ending a description ('... DUBLIN *', '... † ‡'). */
const TRAILING_FOOTNOTE = /(?:\s+[*\u2020\u2021]{1,3})+$/;

/** A row the reading keeps: one with an amount. */
export type KeptRow = RawTransaction & { cell: MoneyCell };

/** How one reading reads the statement's figures. */
export interface AmountsReading {
  kind: AccountKind;
  /** The kind whose sign convention printed amounts follow (a card printing as a bank does: 'bank'). */
  signKind: AccountKind;
  owedNegative: boolean;
  /** Whether a card's plus marks money in (undefined: as the amount column's own marks suggest). */
  plusIn: boolean | undefined;
}

/** The figures one reading keeps: the opening and closing (pence), the rows with an amount, the balance lines. */
export interface KeptFigures {
  opening: number | null;
  closing: number | null;
  /** A card marking its money in with a plus. */
  plusIn: boolean;
  rawTransactions: KeptRow[];
  /** Each kept row's date (ISO). */
  keptDates: string[];
  /** The balance lines between rows (the opening's and closing's left out). */
  checkpoints: Checkpoint[];
}

/**
 * The opening and closing, misprinted amounts recovered where the balances need exactly one figure (the
 * rest dropped, each with a note), misprinted balances noted.
 */
export function keptFigures(
  assembly: Assembly,
  context: StatementContext,
  reading: AmountsReading,
  dates: readonly string[],
  warnings: string[],
  notes: UnreadableNote[],
): KeptFigures {
  const { kind, signKind, owedNegative } = reading;
  const { opening, closing, openingCp, closingCp } = openingAndClosing(
    assembly,
    context,
    kind,
    dates,
    warnings,
    owedNegative,
  );

  // A card marking its money in with a plus ('+£50.00') and its purchases plain.
  const plusIn =
    signKind === 'credit_card' &&
    (reading.plusIn ??
      cardPlusIsMoneyIn(assembly.transactions.flatMap((t) => (t.cell?.column === 'amount' ? [t.cell] : []))));
  const unreadableDrop = recoverMisprints(
    assembly,
    { kind, signKind, owedNegative, opening, closing, plusIn },
    notes,
  );
  const keptDates = dates.filter((_, i) => !unreadableDrop.has(assembly.transactions[i]!));
  removeTransactions(assembly, unreadableDrop);
  const rawTransactions = assembly.transactions.filter((t): t is KeptRow => t.cell !== null);
  for (const t of rawTransactions) {
    if (t.unreadableBalance) {
      notes.push({
        anchor: t,
        cell: 'balance',
        text: t.unreadableBalance.text,
        page: t.page,
        reason: 'the balance is misprinted',
      });
    }
  }
  const checkpoints = assembly.checkpoints.filter((c) => c !== openingCp && c !== closingCp);
  return { opening, closing, plusIn, rawTransactions, keptDates, checkpoints };
}

/** Each kept row's direction and balance as the reading decides them. */
export interface Directions {
  signRows: SignRow[];
  signs: Array<1 | -1>;
  /** The balance lines' balances (pence), by the row they follow. */
  checkpointPence: Map<number, number>;
}

/**
 * Directions: by column, by printed sign or CR/DR, by the column's convention, else by the balances (a
 * section's title, else the description, when the balances cannot decide: with a warning). Balances printed
 * with their leading digits cut off are noted.
 */
export function directions(
  figures: KeptFigures,
  reading: AmountsReading,
  /** The statement's rows, those before the place the table was cut, and its heading rows. */
  { allRows, before, headingRows }: Pick<FoundTable, 'allRows' | 'before' | 'headingRows'>,
  warnings: string[],
  notes: UnreadableNote[],
): Directions {
  const { kind, signKind, owedNegative } = reading;
  const { opening, closing, plusIn, rawTransactions, checkpoints } = figures;
  const amountCells = rawTransactions.filter((t) => t.cell.column === 'amount').map((t) => t.cell);
  const plain = plainSign(amountCells, signKind, plusIn);
  // A bank statement's section titles ('Payments in', 'Direct debits') say what the description would guess.
  const titled =
    kind === 'bank'
      ? titledDirections(allRows.filter(before), rawTransactions, (r) => headingRows.has(r))
      : rawTransactions.map(() => null);
  const signRows = rawTransactions.map((t, i) => {
    const text = t.parts.join(' ');
    let sign: 1 | -1 | null;
    const cardPayment = kind === 'credit_card' && CARD_PAYMENT_WORDS.test(text);
    if (t.cell.column === 'out') sign = -1;
    else if (t.cell.column === 'in') sign = 1;
    // A card payment printed as a plain figure beside marked refunds is not a purchase by convention: the
    // balances decide it.
    else sign = explicitSign(t.cell.amount, signKind, plusIn) ?? (cardPayment ? null : plain);
    return {
      pence: t.cell.amount.pence,
      sign,
      guess: titled[i] ?? ((cardPayment || MONEY_IN_WORDS.test(text) ? 1 : -1) as 1 | -1),
      titled: titled[i] !== null,
      balance: t.balance ? balanceValue(t.balance.amount, kind, owedNegative) : null,
    };
  });
  const checkpointPence = new Map(
    checkpoints.map((c) => [c.afterRow, balanceValue(c.cell.amount, kind, owedNegative)]),
  );
  const { signs, guessed } = resolveSigns(signRows, {
    openingPence: opening,
    closingPence: closing,
    checkpoints: checkpointPence,
    accountKind: kind,
  });
  if (guessed) {
    warnings.push(
      `The direction of ${guessed} transaction${guessed === 1 ? '' : 's'} is not printed and could not be worked out from the balances; it was guessed from the description.`,
    );
  }

  cutOffBalances(rawTransactions, signRows, signs, opening, kind, checkpointPence, notes);
  return { signRows, signs, checkpointPence };
}

/**
 * The transactions the reading returns: each kept row with its date, description (footnote markers cut off),
 * signed amount, balance, and the posted date where a second date column prints one.
 */
export function transactionsOf(
  figures: KeptFigures,
  { signRows, signs }: Directions,
  anchors: YearAnchors,
  warnings: string[],
): StatementTransaction[] {
  const { rawTransactions, keptDates } = figures;
  const postedDates = rawTransactions.some((t) => t.date2)
    ? resolveDates(
        rawTransactions.map((t) => ({ ...t, date: t.date2 ?? t.date })),
        anchors,
      )?.dates
    : null;
  return rawTransactions.map((t, i) => {
    const sign = signs[i]!;
    const pence = t.cell.amount.pence;
    // A footnote marker after the description ('POS RYANAIR DUBLIN *'), its note under the table, is not
    // part of it.
    let description = t.parts.join(' ').replace(/\s+/g, ' ').trim().replace(TRAILING_FOOTNOTE, '');
    if (!description) {
      description = sign > 0 ? 'Money in' : 'Money out';
      warnings.push(`A transaction on ${keptDates[i]} has no description.`);
    }
    const transaction: StatementTransaction = {
      date: keptDates[i]!,
      description,
      amount: fromPence(pence),
      signedAmount: fromPence(sign * pence),
      type: sign > 0 ? 'credit' : 'debit',
      balance: signRows[i]!.balance === null ? null : fromPence(signRows[i]!.balance!),
    };
    if (t.date2 && postedDates?.[i]) transaction.postedDate = postedDates[i];
    return transaction;
  });
}
