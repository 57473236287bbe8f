import { amountLine } from './amount-line';
import type { PartialDate } from './dates';
import type { Row } from './geometry';
import { leadsBelow } from './leading-lines';
import type { MisreadDate } from './misread-dates';
import type { MoneyCell, UnreadableCell as UnreadableMoney } from './rows';
import { isPartTotal, near, type TableRow } from './table';
import type { PageBox, TransactionRegion } from './types';

/**
 * Stage 3, rows to entries: table rows become raw transactions (wrapped descriptions joined, dates carried
 * down, balances and balance lines kept as checkpoints), repeated runs (decoys) dropped, and the order
 * (oldest or newest first) recognised.
 */

export interface RawTransaction {
  date: PartialDate | null;
  date2: PartialDate | null;
  /** A year from a section row ('2024') above it. */
  sectionYear: number | null;
  parts: string[];
  /** null when the amount is printed but unreadable (then `unreadableAmount` holds it). */
  cell: MoneyCell | null;
  unreadableAmount: UnreadableMoney | null;
  balance: MoneyCell | null;
  unreadableBalance: UnreadableMoney | null;
  segment: number;
  page: number;
  /** The lines it was read from, and its figures' boxes. */
  region: TransactionRegion;
  /** Its date misread in the date column (its own, or carried down from a row above that printed it). */
  misreadDate?: MisreadDate;
}

/** The box around lines on one page (the lines of other pages left out). */
function linesBox(rows: readonly Row[], page: number): PageBox {
  const on = rows.filter((r) => r.page === page);
  const words = on.flatMap((r) => r.words);
  return {
    page,
    top: Math.min(...on.map((r) => r.top)),
    bottom: Math.max(...on.map((r) => r.bottom)),
    left: words.length ? Math.min(...words.map((w) => w.left)) : 0,
    right: words.length ? Math.max(...words.map((w) => w.right)) : 1,
  };
}
/** A transaction's box grown by a line that continues it (on the same page; a line overleaf is left out). */
const grow = (box: PageBox, row: Row): PageBox =>
  row.page !== box.page || !row.words.length
    ? box
    : {
        page: box.page,
        top: Math.min(box.top, row.top),
        bottom: Math.max(box.bottom, row.bottom),
        left: Math.min(box.left, ...row.words.map((w) => w.left)),
        right: Math.max(box.right, ...row.words.map((w) => w.right)),
      };
/** A figure's box on its line. */
const figureBox = (row: Row, cell: { left: number; right: number } | null): PageBox | null =>
  cell ? { page: row.page, top: row.top, bottom: row.bottom, left: cell.left, right: cell.right } : null;

export interface Checkpoint {
  afterRow: number;
  cell: MoneyCell;
  reason: string;
  segment: number;
}

/**
 * A line naming a card by its masked number ('Card Number xxxx-xxxxxx-71012', 'Card 4929 **** **** 8006'):
 * card statements print it over each cardholder's rows (American Express's supplementary cards, Barclaycard's
 * and MBNA's additional cardholders). The cardholder's name comes first; a payment's own note ('CARD ENDING
 * 5521', 'Card: 537410******4410' under a card payment) goes on with it.
 */
const CARD_TITLE =
  /^(?!card\b)\S.*\bcard (?:number|no\.?|ending)\b[\s:]*[\dx*•\s-]*[x*•]{4}[\dx*•\s-]*\d{4,5}\b/i;
/**
 * A cardholder's title naming the card by its last digits alone ('MR D MCLEAN  Card ending 8812', as business
 * card statements head each cardholder's rows): the holder's title first, so that a payment's own note
 * ('PAYMENT FROM CARD ENDING 5521') is never taken for one.
 */
const HOLDER_CARD_TITLE =
  /^(?:mr|mrs|ms|miss|mx|dr)\.?\s+\S.*\bcard (?:number|no\.?|ending)(?: in)?[\s:]+\d{4,5}$/i;

export interface Assembly {
  transactions: RawTransaction[];
  checkpoints: Checkpoint[];
  /** Balance lines whose figure is unreadable (after transaction `afterRow`). */
  unreadableLines: Array<{ afterRow: number; cell: UnreadableMoney; page: number; segment: number }>;
  /**
   * The table's own totals row: money in and money out (pence), where printed; each totals row's, in order
   * (a table may print one at each page's foot).
   */
  totals: { moneyIn: number | null; moneyOut: number | null; pagesIn: number[]; pagesOut: number[] };
  warnings: string[];
  used: Set<Row>;
}

/** Builds transactions from table rows: wrapped descriptions, carried dates, balances and checkpoints. */
export function assemble(rows: readonly TableRow[]): Assembly {
  const mode = amountLine(rows);
  // Dates on lines of their own under their entries: no entry prints a date, the first date stands after the
  // first entry and the last after the last. Each date then dates the entry above it, never the ones below.
  // (A date over rows and none under the last dates the rows after it, and undated rows above.)
  const firstTxn = rows.findIndex((r) => r.category === 'txn');
  const lastEntry = rows.findLastIndex((r) => r.category === 'txn');
  const datesBelow =
    firstTxn >= 0 &&
    rows.findIndex((r) => r.category === 'date') > firstTxn &&
    rows.findLastIndex((r) => r.category === 'date') > lastEntry &&
    !rows.some((r) => r.category === 'txn' && r.date);
  const transactions: RawTransaction[] = [];
  const checkpoints: Checkpoint[] = [];
  const unreadableLines: Assembly['unreadableLines'] = [];
  const totals: Assembly['totals'] = { moneyIn: null, moneyOut: null, pagesIn: [], pagesOut: [] };
  const warnings: string[] = [];
  const used = new Set<Row>();
  let currentDate: PartialDate | null = null;
  // The misread date the rows below carry down, until a date is read.
  let currentMisread: MisreadDate | null = null;
  let sectionYear: number | null = null;
  let pending: {
    date: PartialDate | null;
    date2: PartialDate | null;
    parts: string[];
    rows: TableRow[];
    last: TableRow;
    misread?: MisreadDate;
    /** A line of its own printed tight above the entry below (its reference), not under the one above. */
    above?: boolean;
  } | null = null;
  let lastTxn: { items: RawTransaction[]; last: TableRow } | null = null;
  let previous: TableRow | null = null;

  const setDate = (date: PartialDate) => {
    currentDate = date;
    currentMisread = null;
    for (const t of transactions) if (!t.date) t.date = date;
  };
  /** Text lines with no amount of their own: they continue the transaction above when they sit under it. */
  const dropPending = () => {
    if (pending && !pending.date && lastTxn && near(lastTxn.last, pending.rows[0]!)) {
      for (const item of lastTxn.items) {
        item.parts.push(...pending.parts);
        for (const r of pending.rows) item.region = { ...item.region, row: grow(item.region.row, r.row) };
      }
      for (const r of pending.rows) used.add(r.row);
    }
    pending = null;
  };

  /** A date line's text after the date ('27 May 2025 Card ending in 4471') goes on with the entry above. */
  const continueWithDateLine = (row: TableRow) => {
    if (!lastTxn || !near(previous, row)) return;
    for (const item of lastTxn.items) {
      item.parts.push(row.description);
      item.region = { ...item.region, row: grow(item.region.row, row.row) };
    }
    lastTxn.last = row;
  };

  for (const [i, row] of rows.entries()) {
    switch (row.category) {
      case 'noise':
      case 'empty':
        dropPending();
        lastTxn = null;
        break;
      case 'year':
        sectionYear = row.year;
        break;
      case 'total':
        dropPending();
        for (const m of isPartTotal(`${row.dateColumnText} ${row.description}`) ? [] : row.money) {
          if (m.column === 'in') {
            totals.moneyIn = m.amount.pence;
            totals.pagesIn.push(m.amount.pence);
          }
          if (m.column === 'out') {
            totals.moneyOut = m.amount.pence;
            totals.pagesOut.push(m.amount.pence);
          }
          // A figure under Balance on the totals row closing the table is the balance after its last row.
          if (m.column === 'balance') {
            checkpoints.push({
              afterRow: transactions.length - 1,
              cell: m,
              reason: 'totals',
              segment: row.segment,
            });
          }
        }
        used.add(row.row);
        lastTxn = null;
        break;
      case 'date':
        setDate(row.date!);
        if (pending && !pending.date) pending.date = row.date;
        if (row.description) continueWithDateLine(row);
        used.add(row.row);
        break;
      case 'label':
      case 'balance': {
        dropPending();
        // A balance line's date (brought forward at the top of a page) does not date the rows below it
        // once the table has dated rows of its own.
        if (row.date && !currentDate) setDate(row.date);
        const cell = row.money.find((m) => m.column === 'balance') ?? row.money.at(-1);
        const reason =
          row.category === 'label' ? row.description.toLowerCase() || 'balance' : 'printed balance';
        const afterRow = transactions.length - 1;
        // A balance on a line of its own right under an entry that prints none ('Balance at end of day'
        // under a day's last row) is that entry's printed balance.
        const owner = lastTxn?.items.at(-1);
        if (
          cell?.column === 'balance' &&
          row.category === 'balance' &&
          !row.date &&
          owner &&
          !owner.balance &&
          !owner.unreadableBalance &&
          owner.segment === row.segment &&
          previous === lastTxn!.last &&
          near(previous, row)
        ) {
          owner.balance = cell;
          owner.region = { ...owner.region, balance: figureBox(row.row, cell) };
        } else if (cell) checkpoints.push({ afterRow, cell, reason, segment: row.segment });
        else {
          const misprint = row.unreadable.find((u) => u.column === 'balance') ?? row.unreadable.at(-1)!;
          unreadableLines.push({ afterRow, cell: misprint, page: row.row.page, segment: row.segment });
        }
        used.add(row.row);
        lastTxn = null;
        break;
      }
      case 'text': {
        const text = [row.dateColumnText, row.description].filter(Boolean).join(' ');
        if (row.date) {
          dropPending();
          setDate(row.date);
          pending = { date: row.date, date2: row.date2, parts: [text], rows: [row], last: row };
        } else if (CARD_TITLE.test(text) || HOLDER_CARD_TITLE.test(text)) {
          // A cardholder's title between two entries ('MR D OKONJO  Card Number xxxx-xxxxxx-71012' over the
          // supplementary card's rows): it heads the rows below, it is no part of the entry above.
          dropPending();
          lastTxn = null;
        } else if (pending && near(pending.last, row)) {
          pending.parts.push(text);
          pending.rows.push(row);
          pending.last = row;
        } else if (
          mode === 'first' &&
          lastTxn &&
          near(previous, row) &&
          previous === lastTxn.last &&
          !leadsBelow(rows, i)
        ) {
          for (const item of lastTxn.items) {
            item.parts.push(text);
            item.region = { ...item.region, row: grow(item.region.row, row.row) };
          }
          lastTxn.last = row;
          used.add(row.row);
        } else {
          dropPending();
          pending = {
            date: null,
            date2: row.date2,
            parts: [text],
            rows: [row],
            last: row,
            above: leadsBelow(rows, i),
            ...(row.misreadDate ? { misread: { text: row.misreadDate } } : {}),
          };
        }
        break;
      }
      case 'txn': {
        // Undated lines above a dated entry do not start it: they end the one before.
        if (row.date && pending && !pending.date && !pending.above) dropPending();
        const lead = pending && (pending.date || near(pending.last, row)) ? pending : null;
        if (!lead) dropPending();
        pending = null;
        if (lead?.date && row.date) {
          // A dated line without an amount, then a dated amount line: the first was something else.
          warnings.push(`Ignored a line without an amount: "${lead.parts.join(' ')}".`);
        }
        const date: PartialDate | null = row.date ?? lead?.date ?? (datesBelow ? null : currentDate);
        if (row.date) setDate(row.date);
        else if (date) currentDate = date;
        if (!row.date && !lead?.date) {
          const own = row.misreadDate ? { text: row.misreadDate } : lead?.misread;
          if (own) currentMisread = own;
        }
        const misreadDate = row.date || lead?.date ? undefined : (currentMisread ?? undefined);
        const ownText = [row.dateColumnText, row.description].filter(Boolean).join(' ');
        const parts = lead && !(lead.date && row.date) ? [...lead.parts, ownText] : [ownText];
        if (lead) for (const r of lead.rows) used.add(r.row);
        used.add(row.row);
        const balance = row.money.find((m) => m.column === 'balance') ?? null;
        const unreadableBalance = balance
          ? null
          : (row.unreadable.find((u) => u.column === 'balance') ?? null);
        const amounts: Array<{ cell: MoneyCell | null; misprint: UnreadableMoney | null }> = [
          ...row.money.filter((m) => m.column !== 'balance').map((cell) => ({ cell, misprint: null })),
          ...row.unreadable
            .filter((u) => u.column !== 'balance')
            .map((misprint) => ({ cell: null, misprint })),
        ];
        if (amounts.length > 1) {
          warnings.push(
            `A row on page ${row.row.page} has ${amounts.length} amounts; each is read as a transaction.`,
          );
        }
        const lines = [...(lead ? lead.rows.map((r) => r.row) : []), row.row];
        const items: RawTransaction[] = amounts.map(({ cell, misprint }, k) => ({
          region: {
            row: linesBox(lines, row.row.page),
            amount: figureBox(row.row, cell ?? misprint),
            balance:
              k === amounts.length - 1 ? figureBox(row.row, balance ?? unreadableBalance ?? null) : null,
          },
          date,
          date2: row.date2 ?? lead?.date2 ?? null,
          sectionYear,
          parts: [...parts],
          cell,
          unreadableAmount: misprint,
          balance: k === amounts.length - 1 ? balance : null,
          unreadableBalance: k === amounts.length - 1 ? unreadableBalance : null,
          segment: row.segment,
          page: row.row.page,
          ...(misreadDate ? { misreadDate } : {}),
        }));
        transactions.push(...items);
        lastTxn = { items, last: row };
        break;
      }
    }
    previous = row;
  }
  dropPending();
  return { transactions, checkpoints, unreadableLines, totals, warnings, used };
}

/**
 * Whether the rows run newest first: dates mostly step back (a step of more than six months is a New Year
 * wrap and does not count). A card statement sorted by posting date may step back now and then; that is
 * not enough.
 */
export function listedNewestFirst(transactions: readonly RawTransaction[]): boolean {
  let back = 0;
  let forward = 0;
  let previous: PartialDate | null = null;
  for (const { date } of transactions) {
    if (!date) continue;
    if (previous) {
      const step =
        previous.year !== null && date.year !== null
          ? (date.year - previous.year) * 372 + (date.month - previous.month) * 31 + date.day - previous.day
          : (date.month - previous.month) * 31 + date.day - previous.day;
      if (step < 0 && step > -186) back++;
      else if (step > 0 && step < 186) forward++;
    }
    previous = date;
  }
  return back >= 2 && back > 2 * forward;
}
