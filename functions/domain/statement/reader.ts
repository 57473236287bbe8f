import { toEpochDay } from '../dates';
import { fromPence } from './amounts';
import type { Block } from './blocks';
import { cutOffBalances, recoverMisprints } from './checks';
import { readContext } from './context';
import { statementCurrency, summaryCurrencyWarning } from './currency';
import { inOrder, type PartialDate, toIso } from './dates';
import { numericDateOrder } from './dates-in-period';
import { assemble, listedNewestFirst, type RawTransaction } from './entries';
import { type Cut, type Found, findTable } from './find-table';
import { groupRows, legibleWords, pageCount, rowText, wordsFromBlocks } from './geometry';
import { panelRows } from './layout';
import { datesInDescriptions, misreadDates } from './misread-dates';
import { weighDatesAgainstPeriod } from './period-weighs';
import {
  accountKindOf,
  balanceValue,
  CARD_PAYMENT_WORDS,
  cardPlusIsMoneyIn,
  explicitSign,
  MONEY_IN_WORDS,
  openingAndClosing,
  periodDecidesDates,
  plainSign,
  resolveDates,
  titledDirections,
  type UnreadableNote,
  type YearAnchors,
} from './readings';
import { type BalanceCheckpoint, reconcileDetailed, resolveSigns } from './reconcile';
import { removeRepeatedRuns, removeTransactions } from './repeated-runs';
import type { MoneyCell } from './rows';
import {
  type AccountKind,
  type ParsedStatement,
  READ_FAILURE_MESSAGES,
  type ReadFailureReason,
  type ReadStatementOptions,
  type ReadStatementResult,
  type StatementTransaction,
  type UnreadableCell,
  type YearSource,
} from './types';
import { twoWayNotes, unsureWordsWarning, weakWordNotes } from './weak-words';

/** Footnote markers ending a description ('... DUBLIN *', '... † ‡'). */
const TRAILING_FOOTNOTE = /(?:\s+[*\u2020\u2021]{1,3})+$/;

/**
 * The generic UK statement reader: Textract-shaped blocks in, transactions out. No bank-specific parser:
 * it finds the transaction table by its headings, reads each row against the columns, joins wrapped
 * descriptions, carries dates down, and takes opening and closing balances from the table or the summary
 * box. Then it decides each amount's direction (by column, sign, CR/DR, or, when the statement does not
 * say, by the balances) and reconciles. Expected failures are values.
 */

export function fail(reason: ReadFailureReason): ReadStatementResult {
  return { ok: false, reason, message: READ_FAILURE_MESSAGES[reason] };
}

/** Which of the candidate readings `readOnce` makes (functions/domain/statement/candidates.ts). */
export interface ReadingUnder {
  /** A card that prints the amount owed with a minus: its printed signs read as a bank's. */
  owedNegative?: boolean;
  /**
   * The table ends early (the read is null when it has no such place): the rows from there on are not read as
   * transactions, nor, for another account's table, as the statement's summary.
   */
  cut?: Cut;
  /** Told what the table finder saw (a title after rows that each print their balance). */
  probe?: Found;
  /** Whether 'TOTAL BALANCE' closes the table (default true). */
  totalCloses?: boolean;
  /**
   * Whether a card's plus marks money in (default: as the amount column's own marks suggest,
   * `cardPlusIsMoneyIn`).
   */
  plusIn?: boolean;
}

/** One reading of the statement, under `reading` (none: the plain reading, the whole table). */
export function readOnce(
  blocks: readonly Block[],
  options: ReadStatementOptions,
  reading: ReadingUnder = {},
): ReadStatementResult | null {
  const { owedNegative = false, cut, probe, totalCloses = true } = reading;
  const table = findTable(blocks, cut, probe, totalCloses);
  if (table === null) return null;
  if (typeof table === 'string') return fail(table);
  const { allRows, headingRows, origin, inferred, allowInteger, panels, tableRows, warnings, before } = table;
  const assembly = assemble(tableRows);
  for (const [half, row] of origin) if (assembly.used.has(half)) assembly.used.add(row);
  // What the statement says outside its table: the rows the table does not use, and the side panels
  // printed level with the table's rows and headings.
  // A line the table leaves unused is read apart from the panel beside it: a 'CR' printed under a table
  // figure, level with a panel's 'Previous balance £231.40', is not that balance's mark.
  const contextRows = allRows.filter(before).flatMap((r) => {
    const words = panels.get(r);
    if (!assembly.used.has(r) && !headingRows.has(r)) {
      if (!words) return [r];
      const inside = r.words.filter((w) => !words.includes(w));
      return [...panelRows(r, words), ...(inside.length ? [{ ...r, words: inside }] : [])];
    }
    return words ? panelRows(r, words) : [];
  });
  const context = readContext(contextRows, allowInteger, totalCloses);
  const kind = accountKindOf(context, options);
  // How printed signs read: a card that prints its figures as a bank does reads them as a bank's.
  const signKind: AccountKind = owedNegative ? 'bank' : kind;
  warnings.push(...assembly.warnings);
  if (inferred) {
    warnings.push(
      'The transaction table has no headings that could be read; its columns are taken from where the figures stand.',
    );
  }
  removeRepeatedRuns(assembly, warnings);

  // Numeric dates are read in one order for the whole statement ('01/15/2024' makes it month first).
  const order = numericDateOrder(
    [...assembly.transactions.flatMap((t) => [t.date, t.date2]), context.statementDatePrinted].filter(
      (d): d is PartialDate => d !== null,
    ),
    context.period,
    context.periodOrder,
    context.statementDate,
  );
  for (const t of assembly.transactions) {
    if (t.date) t.date = inOrder(t.date, order);
    if (t.date2) t.date2 = inOrder(t.date2, order);
  }
  const printedStatementDate = context.statementDatePrinted && inOrder(context.statementDatePrinted, order);
  if (printedStatementDate?.year)
    context.statementDate = toIso(printedStatementDate, printedStatementDate.year);

  if (listedNewestFirst(assembly.transactions)) {
    // Oldest first from here on: balances then run forwards, and checkpoints sit after the older row.
    const last = assembly.transactions.length - 1;
    assembly.transactions.reverse();
    for (const c of assembly.checkpoints) c.afterRow = last - 1 - c.afterRow;
    assembly.checkpoints.reverse();
    for (const u of assembly.unreadableLines) u.afterRow = last - 1 - u.afterRow;
    warnings.push('The statement lists transactions newest first; they are returned oldest first.');
  }

  const notes: UnreadableNote[] = context.unreadable.map((u) => ({
    anchor: null,
    cell: u.cell,
    text: u.text,
    page: null,
    reason: 'the summary figure is misprinted',
  }));
  for (const u of assembly.unreadableLines) {
    notes.push({
      anchor: assembly.transactions[u.afterRow] ?? null,
      cell: 'balance',
      text: u.cell.text,
      page: u.page,
      reason: 'the balance line is misprinted',
    });
  }

  const reference = options.referenceDate ?? null;
  // A statement cannot be dated after the day it is uploaded (a day's grace for time zones).
  const afterUpload = (date: string | null | undefined) =>
    !!date && reference !== null && toEpochDay(date) > toEpochDay(reference) + 1;
  if (afterUpload(context.statementDate) || afterUpload(context.period?.start)) {
    return fail('dated_after_upload');
  }
  const anchors: YearAnchors = {
    period: context.period,
    statementDate: context.statementDate,
    // A full date after the upload is a notice of something to come, not the statement's date.
    // Else the end of the month the statement is headed by ('February 2025', its rows 'Mon 3 Feb').
    printedDate: latest(context.datedText.filter((d) => !afterUpload(d))) ?? latest(context.monthHeadings),
    referenceDate: reference,
  };
  // Rows no date is read for (none printed on them or above them: the date column lost, its heading misread)
  // are dated 1 January only so that they can be shown: never as fact.
  const undated = assembly.transactions.filter((t) => !t.date && !t.misreadDate);
  const resolved = resolveDates(assembly.transactions, anchors);
  if (!resolved) return fail('no_year');
  let dates = resolved.dates;
  // A second date column whose dates fit the printed period where the first's do not dates the rows.
  const fits = periodDecidesDates(assembly.transactions, anchors, dates);
  if (fits.column === 'second') {
    for (const t of assembly.transactions) [t.date, t.date2] = [t.date2, t.date];
    dates = fits.dates;
    warnings.push(
      'The first date column gives dates outside the statement period; the rows are dated by the second, whose dates fit it.',
    );
  } else if (context.period) {
    // Rows the printed period contradicts: read again where the period confirms one reading, else noted.
    const weighed = weighDatesAgainstPeriod(assembly.transactions, dates, context.period, kind);
    warnings.push(...weighed.warnings);
    notes.push(...weighed.notes);
  }
  // A date the scan misread in the date column: recovered where one date fits, noted either way.
  notes.push(...misreadDates(assembly.transactions, dates, context.period, order));
  // Most rows' descriptions led by a full date while the rows are dated from another column.
  notes.push(...datesInDescriptions(assembly.transactions, dates));
  if (undated.length) {
    const first = undated[0]!;
    notes.push({
      anchor: first,
      cell: 'date',
      text: '',
      page: first.page,
      reason: `no date is read for ${undated.length === 1 ? 'a row' : `${undated.length} rows`} ("${first.parts.join(' ').trim()}"${undated.length > 1 ? ' and the rows after it' : ''}); ${undated.length === 1 ? 'it is' : 'they are'} dated ${dates[assembly.transactions.indexOf(first)]} only to be shown`,
    });
  }
  const yearSource: YearSource = assembly.transactions.length ? resolved.source : 'none';
  if (yearSource === 'reference_date') {
    warnings.push(
      `The statement does not print its year; it is taken from the day the statement was uploaded (${reference}). Please check the dates.`,
    );
  }

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
  const rawTransactions = assembly.transactions.filter(
    (t): t is RawTransaction & { cell: MoneyCell } => t.cell !== null,
  );
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

  // Directions: by column, by printed sign or CR/DR, by the column's convention, else by the balances.
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
  const postedDates = rawTransactions.some((t) => t.date2)
    ? resolveDates(
        rawTransactions.map((t) => ({ ...t, date: t.date2 ?? t.date })),
        anchors,
      )?.dates
    : null;
  const transactions: StatementTransaction[] = rawTransactions.map((t, i) => {
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

  // Words of a description the scan was not sure of: the figures cannot prove them.
  const descriptions = transactions.map((t) => t.description);
  notes.push(...weakWordNotes(rawTransactions, descriptions, allRows));
  // A payee's word read two ways on rows otherwise alike: one reading is wrong.
  const weakRows = new Set(notes.map((n) => n.anchor));
  notes.push(...twoWayNotes(rawTransactions, descriptions, allRows).filter((n) => !weakRows.has(n.anchor)));
  const unreadable: UnreadableCell[] = notes.map((n) => ({
    row: n.anchor ? assembly.transactions.indexOf(n.anchor) : n.page === null ? null : -1,
    cell: n.cell,
    text: n.text,
    page: n.page,
    reason: n.reason,
    ...(n.recovered === undefined ? {} : { recovered: n.recovered }),
    ...(n.recoveredDate === undefined ? {} : { recoveredDate: n.recoveredDate }),
  }));
  for (const u of unreadable) {
    if (u.cell === 'description') continue;
    warnings.push(
      `A ${u.cell === 'date' ? 'date' : 'figure'} could not be read${u.page ? ` on page ${u.page}` : ''}: "${u.text}" (${u.reason}).`,
    );
  }
  // A scan's unsure words are marked on their rows; one line says how many, not one a row.
  const unsure = unreadable.filter((u) => u.cell === 'description');
  if (unsure.length) warnings.push(unsureWordsWarning(new Set(unsure.map((u) => u.row)).size));

  const reconcileCheckpoints: BalanceCheckpoint[] = checkpoints.map((c) => ({
    afterRow: c.afterRow,
    balance: fromPence(balanceValue(c.cell.amount, kind, owedNegative)),
    reason: c.reason,
  }));
  if (probe)
    probe.balanceLines = reconcileCheckpoints.map((c) => ({ afterRow: c.afterRow, balance: c.balance }));
  // A table printing each payment's gross and fee beside the net (PayPal's 'Gross | Fee | Net') has a summary
  // whose money in and out are the gross payments, the fees a figure of their own: those totals say nothing
  // of the net rows, which the opening and closing check.
  const grossTotals = [...headingRows.values()].some((l) =>
    l.moneyColumns.some((c) => c.kind === 'gross' || c.kind === 'fee'),
  );
  const { reconciliation, checks } = reconcileDetailed({
    openingBalance: opening === null ? null : fromPence(opening),
    closingBalance: closing === null ? null : fromPence(closing),
    transactions,
    checkpoints: reconcileCheckpoints,
    accountKind: kind,
    totals: grossTotals
      ? { moneyIn: null, moneyOut: null }
      : {
          moneyIn: context.moneyIn
            ? context.moneyIn.amount
            : assembly.totals.moneyIn === null
              ? null
              : fromPence(assembly.totals.moneyIn),
          moneyOut: context.moneyOut
            ? context.moneyOut.amount
            : assembly.totals.moneyOut === null
              ? null
              : fromPence(assembly.totals.moneyOut),
          interest: context.interest?.amount ?? null,
          charges: context.charges?.amount ?? null,
          refunds: context.refunds?.amount ?? null,
          // Totals rows at each page's foot: only where the table's totals are the ones checked.
          ...(context.moneyIn ? {} : { pagesIn: assembly.totals.pagesIn.map(fromPence) }),
          ...(context.moneyOut ? {} : { pagesOut: assembly.totals.pagesOut.map(fromPence) }),
        },
    unreadable,
  });
  if (!checks) warnings.push('The statement prints no balances to check the transactions against.');
  if (!transactions.length) warnings.push('The transaction table has no transactions in it.');

  let period = context.period;
  if (!period && keptDates.length) {
    const sorted = [...keptDates].sort();
    period = { start: sorted[0]!, end: sorted.at(-1)! };
    warnings.push(
      'The statement period is not printed; it is taken from the first and last transaction dates.',
    );
  }

  const currencyEvidence = {
    headings: [...headingRows.keys()].filter(before).map(rowText),
    balances: tableRows.flatMap((r) => r.money.filter((m) => m.column === 'balance').map((m) => m.text)),
    amounts: rawTransactions.map((t) => t.cell.text),
    context: contextRows.map(rowText),
  };
  const currency = statementCurrency(currencyEvidence);
  const summaryCurrency = summaryCurrencyWarning(currencyEvidence);
  if (summaryCurrency) warnings.push(summaryCurrency);
  const statement: ParsedStatement = {
    institution: context.institution,
    period,
    openingBalance: opening === null ? null : fromPence(opening),
    closingBalance: closing === null ? null : fromPence(closing),
    transactions,
    reconciliation,
    warnings,
    pages: pageCount(blocks),
    accountKind: kind,
    yearSource,
    statementDate: context.statementDate,
    currency,
    ...(options.regions ? { regions: rawTransactions.map((t) => t.region) } : {}),
  };
  return { ok: true, statement };
}

/** For tests and tools: the rows the reader sees, as text (page, text). */
export function debugRows(blocks: readonly Block[]): Array<{ page: number; text: string }> {
  return groupRows(legibleWords(wordsFromBlocks(blocks))).map((r) => ({ page: r.page, text: rowText(r) }));
}

/** The latest of ISO dates, or null. */
function latest(dates: readonly string[]): string | null {
  return dates.reduce<string | null>((a, d) => (!a || d > a ? d : a), null);
}
