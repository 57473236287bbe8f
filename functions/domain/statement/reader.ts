import { fromPence } from './amounts';
import type { Block } from './blocks';
import { statementCurrency, summaryCurrencyWarning } from './currency';
import type { Cut, Found } from './find-table';
import { groupRows, legibleWords, pageCount, rowText, wordsFromBlocks } from './geometry';
import { directions, keptFigures, transactionsOf } from './reader-amounts';
import { checkReading, misprintNotes } from './reader-checks';
import { dateEntries, orderEntries } from './reader-dates';
import { readEntries } from './reader-table';
import {
  type AccountKind,
  type ParsedStatement,
  READ_FAILURE_MESSAGES,
  type ReadFailureReason,
  type ReadStatementOptions,
  type ReadStatementResult,
} from './types';

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

/**
 * One reading of the statement, under `reading` (none: the plain reading, the whole table), in the order a
 * newcomer reads it: the table and its entries (`reader-table.ts`), their dates (`reader-dates.ts`), the
 * amounts and their directions (`reader-amounts.ts`), the checks against the statement's own figures
 * (`reader-checks.ts`), then the statement as returned.
 */
export function readOnce(
  blocks: readonly Block[],
  options: ReadStatementOptions,
  reading: ReadingUnder = {},
): ReadStatementResult | null {
  const { owedNegative = false, cut, probe, totalCloses = true } = reading;
  // Stages 1 to 3: the table found, its rows read and joined into entries; what the statement says outside it.
  const table = readEntries(blocks, options, cut, probe, totalCloses);
  if (table === null) return null;
  if (typeof table === 'string') return fail(table);
  const { assembly, context, kind, warnings } = table;
  // How printed signs read: a card that prints its figures as a bank does reads them as a bank's.
  const signKind: AccountKind = owedNegative ? 'bank' : kind;

  // Stage 4, the dates: one order for numeric dates, oldest first, the year of every row.
  const order = orderEntries(assembly, context, warnings);
  const notes = misprintNotes(context, assembly);
  const dated = dateEntries(assembly, context, kind, order, options.referenceDate ?? null, warnings, notes);
  if (typeof dated === 'string') return fail(dated);
  const { dates, anchors, yearSource } = dated;

  // Stage 4, the amounts: opening and closing, misprints recovered, each amount's direction.
  const amounts = { kind, signKind, owedNegative, plusIn: reading.plusIn };
  const figures = keptFigures(assembly, context, amounts, dates, warnings, notes);
  const signed = directions(figures, amounts, table, warnings, notes);
  const transactions = transactionsOf(figures, signed, anchors, warnings);

  // Stage 5: the checks against every figure the statement prints.
  const { opening, closing, rawTransactions, keptDates, checkpoints } = figures;
  const reconciliation = checkReading(
    {
      table,
      assembly,
      context,
      kind,
      owedNegative,
      opening,
      closing,
      rawTransactions,
      checkpoints,
      transactions,
      probe,
    },
    warnings,
    notes,
  );

  let period = context.period;
  if (!period && keptDates.length) {
    const sorted = [...keptDates].sort();
    period = { start: sorted[0]!, end: sorted.at(-1)! };
    warnings.push(
      'The statement period is not printed; it is taken from the first and last transaction dates.',
    );
  }

  const currencyEvidence = {
    headings: [...table.headingRows.keys()].filter(table.before).map(rowText),
    balances: table.tableRows.flatMap((r) =>
      r.money.filter((m) => m.column === 'balance').map((m) => m.text),
    ),
    amounts: rawTransactions.map((t) => t.cell.text),
    context: table.contextRows.map(rowText),
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
