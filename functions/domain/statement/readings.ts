import { toEpochDay } from '../dates';
import { fromPence, type ParsedAmount } from './amounts';
import type { StatementContext } from './context';
import { toIso } from './dates';
import { yearsBackFrom, yearsInPeriod, yearWithinPeriod } from './dates-in-period';
import type { Assembly, Checkpoint, RawTransaction } from './entries';
import { height, type Row, rowText } from './geometry';
import { CARD_ISSUERS } from './institutions';
import type { MoneyCell } from './rows';
import type { AccountKind, ReadStatementOptions, UnreadableCell, YearSource } from './types';

/**
 * Stage 4, candidate readings: what the statement leaves open, decided from its own figures. The year of
 * the dates, the direction of each amount (column, printed sign, the column's convention, else the
 * balances), what a balance means (money held or amount owed), and the opening and closing balances.
 */

/** Where the year may come from, best first; each is a date the statement cannot be later than. */
export interface YearAnchors {
  period: { start: string; end: string } | null;
  statementDate: string | null;
  /** The latest full date printed outside the table (not after the reference date). */
  printedDate: string | null;
  referenceDate: string | null;
}

/**
 * The year of each transaction's date: printed on the rows, from a section row, from the period, counted
 * back from the statement date or the latest full date the statement prints, from a row that prints its
 * year, and only as a last resort counted back from the reference (upload) date.
 */
export function resolveDates(
  transactions: readonly RawTransaction[],
  anchors: YearAnchors,
): { dates: string[]; source: YearSource } | null {
  const dates = transactions.map((t) => t.date ?? { day: 1, month: 1, year: null });
  const withSections = dates.map((d, i) =>
    d.year === null && transactions[i]!.sectionYear ? { ...d, year: transactions[i]!.sectionYear } : d,
  );
  const { period } = anchors;
  if (period) {
    // Many rows share a date: each printed date is placed in the period once. A period of over a year (an
    // annual savings statement, '01 Dec 2024 – 02 Dec 2025') holds a yearless '2 Dec' twice: the rows run in
    // order, so it takes the first of those years not before the row above.
    const placed = new Map<string, string>();
    let previous: string | null = null;
    const resolved = withSections.map((d) => {
      const key = `${d.day}/${d.month}/${d.year}`;
      let iso = placed.get(key);
      const twice = d.year === null ? yearsInPeriod(d, period) : [];
      if (twice.length > 1) {
        const after = twice
          .map((y) => toIso(d, y))
          .find((candidate) => previous === null || candidate >= previous);
        iso = after ?? toIso(d, twice.at(-1)!);
      } else if (iso === undefined) {
        iso = toIso(d, d.year ?? yearWithinPeriod(d, period));
        placed.set(key, iso);
      }
      previous = iso;
      return iso;
    });
    return { dates: resolved, source: withSections.every((d) => d.year !== null) ? 'printed' : 'period' };
  }
  if (withSections.every((d) => d.year !== null)) {
    return { dates: withSections.map((d) => toIso(d, d.year!)), source: 'printed' };
  }
  const rowYear = [...withSections].reverse().find((d) => d.year !== null)?.year;
  const candidates: Array<[string | null | undefined, YearSource]> = [
    [anchors.statementDate, 'statement_date'],
    [anchors.printedDate, 'printed_date'],
    [rowYear ? `${rowYear}-12-31` : null, 'printed'],
    [anchors.referenceDate, 'reference_date'],
  ];
  const found = candidates.find(([anchor]) => anchor);
  if (!found) return null;
  const years = yearsBackFrom(withSections, found[0]!);
  return { dates: withSections.map((d, i) => toIso(d, years[i]!)), source: found[1] };
}

/**
 * Dates that do not fit the printed period: after its end (a day's grace), or over a month before its start
 * (a card's purchase may be dated some days before the statement it is posted on). Indexes of such rows.
 */
export function outsidePeriod(dates: readonly string[], period: { start: string; end: string }): number[] {
  const start = toEpochDay(period.start) - 31;
  const end = toEpochDay(period.end) + 1;
  return dates.flatMap((d, i) => (toEpochDay(d) < start || toEpochDay(d) > end ? [i] : []));
}

/**
 * Which date column dates the rows, the period deciding (a table with two date columns, 'Date | Date', the
 * first read as the row's date): when the first column's dates fall outside the printed period and every
 * row's second date falls inside it, the second dates the rows ('second'). The figures add up whatever the
 * dates, so a reading whose dates the period contradicts and no other column fits is not confirmed: the
 * rows outside are returned for a note ('outside'). Otherwise 'first'.
 */
export function periodDecidesDates(
  transactions: readonly RawTransaction[],
  anchors: YearAnchors,
  dates: readonly string[],
): { column: 'first' } | { column: 'second'; dates: string[] } | { column: 'outside'; rows: number[] } {
  const { period } = anchors;
  if (!period) return { column: 'first' };
  const outside = outsidePeriod(dates, period);
  if (!outside.length) return { column: 'first' };
  if (transactions.every((t) => t.date2)) {
    const second = resolveDates(
      transactions.map((t) => ({ ...t, date: t.date2 })),
      anchors,
    );
    if (second?.dates.every((d) => d >= period.start && d <= period.end)) {
      return { column: 'second', dates: second.dates };
    }
  }
  return { column: 'outside', rows: outside };
}

/**
 * Money into the account is +1. For a card, a payment or refund (CR, minus, brackets) is money in, and a
 * plus too where the card marks its money in so (`plusIn`, `cardPlusIsMoneyIn`).
 */
export function explicitSign(amount: ParsedAmount, kind: AccountKind, plusIn = false): 1 | -1 | null {
  if (!amount.marker) return null;
  if (kind === 'credit_card')
    return amount.marker === '-' ||
      amount.marker === '()' ||
      amount.marker === 'CR' ||
      (plusIn && amount.marker === '+')
      ? 1
      : -1;
  return amount.negative ? -1 : 1;
}

/**
 * A card that prints its payments and refunds with a plus ('+£50.00', as app-issued cards show money in) and
 * its purchases plain: some figure of its amount column carries a plus and none a card's usual credit mark
 * (a minus, brackets, CR), so the plus is money in.
 */
export function cardPlusIsMoneyIn(cells: readonly MoneyCell[]): boolean {
  const markers = new Set(cells.map((c) => c.amount.marker));
  return markers.has('+') && !markers.has('-') && !markers.has('()') && !markers.has('CR');
}

/** What a plain figure in a single amount column means, judging by the marked ones beside it. */
export function plainSign(cells: readonly MoneyCell[], kind: AccountKind, plusIn = false): 1 | -1 | null {
  const signs = cells.map((c) => explicitSign(c.amount, kind, plusIn)).filter((s) => s !== null);
  const hasIn = signs.includes(1);
  const hasOut = signs.includes(-1);
  if (hasIn && !hasOut) return -1;
  if (hasOut && !hasIn) return 1;
  return kind === 'credit_card' ? -1 : null;
}

export const MONEY_IN_WORDS =
  /\b(?:salary|wages|pay(?:roll)?|refund|interest paid|interest earned|payment from|transfer from|tfr from|from|received|deposit|dividend|cashback|credit|bgc|fpi|pension|benefit|hmrc|dwp|thank you)\b/i;

/**
 * A section's title that names the direction of the money listed under it, as statements grouping the month's
 * entries by type print it ('Payments in', 'Money in', 'Credits', 'Deposits', 'Receipts' / 'Direct debits',
 * 'Standing orders', 'Card payments', 'Cash withdrawals', 'Other payments', 'Debits', 'Withdrawals', and the
 * Welsh 'Arian i mewn' / 'Arian allan', 'Taliadau i mewn' / 'Taliadau allan'), a money heading ('Amount £')
 * may stand on its line. Plural, the whole line: an entry's type under its payee ('CARD PAYMENT') is no title.
 */
const TITLE_IN =
  /^(?:other|your)?(?:moneyin|paidin|paymentsin|paymentsreceived|moneyreceived|credits|deposits|receipts|incomingpayments|arianimewn|taliadauimewn)(?:continued)?(?:amount)?(?:gbp)?$/;
const TITLE_OUT =
  /^(?:other|your)?(?:moneyout|paidout|paymentsout|payments|outgoingpayments|debits|withdrawals|directdebits|standingorders|cardpayments|cashwithdrawals|arianallan|taliadauallan)(?:continued)?(?:amount)?(?:gbp)?$/;

/** The direction a line of text names as a section's title (+1 money in, -1 money out), else null. */
export function titleDirection(text: string): 1 | -1 | null {
  if (/\d/.test(text)) return null;
  const letters = text.toLowerCase().replace(/[^a-z]/g, '');
  if (TITLE_IN.test(letters)) return 1;
  if (TITLE_OUT.test(letters)) return -1;
  return null;
}

/**
 * The direction each transaction's section title gives it (null where none does): a bank statement listing
 * its entries in a section per payment type ('Payments in', 'Direct debits', 'Card payments', each with its
 * subtotal), one amount column and no running balance. A title counts where it starts at the table's left
 * edge and the next line read (headings aside) is a transaction's; it holds until the next line of text
 * starting there between the rows. A title over a summary box (its next line a figure's) gives nothing.
 */
export function titledDirections(
  lines: readonly Row[],
  transactions: readonly RawTransaction[],
  skip: (line: Row) => boolean,
): Array<1 | -1 | null> {
  const result: Array<1 | -1 | null> = transactions.map(() => null);
  if (!transactions.length) return result;
  const boxes = transactions.map((t) => t.region.row);
  const left = Math.min(...boxes.map((b) => b.left));
  const inBox = (line: Row) => {
    const middle = (line.top + line.bottom) / 2;
    return boxes.findIndex((b) => b.page === line.page && b.top <= middle && middle <= b.bottom);
  };
  const firstOnPage = new Map<number, number>();
  const lastOnPage = new Map<number, number>();
  for (const b of boxes) {
    firstOnPage.set(b.page, Math.min(firstOnPage.get(b.page) ?? 1, b.top));
    lastOnPage.set(b.page, Math.max(lastOnPage.get(b.page) ?? 0, b.bottom));
  }
  let current: 1 | -1 | null = null;
  let awaiting = false;
  // A title at the foot of a page, no row under it there (its rows on the next page): the page's footer and
  // the next page's furniture above its first row come between the title and its rows, as they come between a
  // table's headings carried over and its rows.
  let footTitle: number | null = null;
  for (const line of lines) {
    if (!line.words.length || skip(line)) continue;
    const at = inBox(line);
    if (at >= 0) {
      if (result[at] === null) result[at] = current;
      awaiting = false;
      footTitle = null;
      continue;
    }
    if (
      awaiting &&
      footTitle !== null &&
      ((line.page === footTitle && line.top > (lastOnPage.get(line.page) ?? 1)) ||
        (line.page > footTitle && line.bottom < (firstOnPage.get(line.page) ?? 0)))
    )
      continue;
    const atLeft = Math.min(...line.words.map((w) => w.left)) <= left + height(line);
    const text = rowText(line);
    const direction = atLeft ? titleDirection(text) : null;
    if (direction) {
      current = direction;
      awaiting = true;
      footTitle = line.top > (lastOnPage.get(line.page) ?? 1) ? line.page : null;
    } else if (awaiting || (atLeft && !/\d/.test(text) && line.top > (firstOnPage.get(line.page) ?? 1))) {
      current = null;
      awaiting = false;
    }
  }
  return result;
}

/**
 * A payment to a card as card statements word it ('Payment, Thank You', 'Payment By Direct Debit', 'Payment
 * received - thank you', 'Direct Debit payment'): some print it as a plain figure, like a purchase.
 */
export const CARD_PAYMENT_WORDS =
  /\b(?:payment,? thank you|payment received|payment by direct debit|direct debit payment|thank you for your payment)\b/i;

/** A balance as a number: money held (negative when overdrawn) for a bank, amount owed for a card. */
export function balanceValue(amount: ParsedAmount, kind: AccountKind, owedNegative = false): number {
  if (kind === 'credit_card') {
    // A card that prints its figures as a bank does, the amount owed with a minus ('-£1,234.56').
    if (owedNegative) return -balanceValue(amount, 'bank');
    return amount.marker === '-' || amount.marker === '()' || amount.marker === 'CR'
      ? -amount.pence
      : amount.pence;
  }
  return amount.negative ? -amount.pence : amount.pence;
}

export function accountKindOf(context: StatementContext, options: ReadStatementOptions): AccountKind {
  if (options.accountKind) return options.accountKind;
  if (context.institution && CARD_ISSUERS.has(context.institution)) return 'credit_card';
  return context.cardWording ? 'credit_card' : 'bank';
}

/** Opening and closing balances (pence): from the table's first and last balance lines, else the summary box. */
export function openingAndClosing(
  assembly: Assembly,
  context: StatementContext,
  kind: AccountKind,
  dates: readonly string[],
  warnings: string[],
  owedNegative: boolean,
): {
  opening: number | null;
  closing: number | null;
  openingCp: Checkpoint | null;
  closingCp: Checkpoint | null;
} {
  const last = assembly.transactions.length - 1;
  const openingCp = assembly.checkpoints.find((c) => c.afterRow === -1) ?? null;
  const closingCp =
    [...assembly.checkpoints].reverse().find((c) => c.afterRow === last && c !== openingCp) ?? null;
  const first = context.period?.start ?? dates[0];
  const final = context.period?.end ?? dates.at(-1);
  const day = (d: string | null) => (d ? toEpochDay(d) : Number.NaN);
  const datedOpening = first ? context.dated.find((d) => day(d.date) <= toEpochDay(first)) : undefined;
  const datedClosing = final
    ? [...context.dated].reverse().find((d) => d !== datedOpening && day(d.date) >= toEpochDay(final))
    : undefined;
  const summaryOpening = context.opening ?? datedOpening ?? null;
  const summaryClosing = context.closing ?? datedClosing ?? null;
  const pick = (table: Checkpoint | null, summary: typeof summaryOpening, name: string): number | null => {
    const fromTable = table ? balanceValue(table.cell.amount, kind, owedNegative) : null;
    const fromSummary = summary ? balanceValue(summary.amount, kind, owedNegative) : null;
    if (fromTable !== null && fromSummary !== null && fromTable !== fromSummary) {
      warnings.push(
        `The ${name} balance in the summary (${fromPence(fromSummary).toFixed(2)}) differs from the table (${fromPence(fromTable).toFixed(2)}).`,
      );
    }
    return fromTable ?? fromSummary;
  };
  return {
    opening: pick(openingCp, summaryOpening, 'opening'),
    closing: pick(closingCp, summaryClosing, 'closing'),
    openingCp,
    closingCp,
  };
}

/** A note about a printed figure that could not be read, tied to the transaction it belongs to or follows. */
export interface UnreadableNote {
  anchor: RawTransaction | null;
  cell: UnreadableCell['cell'];
  text: string;
  page: number | null;
  reason: string;
  recovered?: number;
  /** A misread date's date as the rows either side and the period recover it ('YYYY-MM-DD'). */
  recoveredDate?: string;
}

/**
 * Whether a misprinted figure's digits are those of `pence` ('120 00' for 12000; a letter printed for a
 * digit, 'O' for 0, 'l' for 1, 'B' for 8, reads as that digit).
 */
export function digitsAgree(text: string, pence: number): boolean {
  const LOOKALIKE: Record<string, string> = { O: '0', o: '0', l: '1', I: '1', Z: '2', S: '5', B: '8' };
  const digits = [...text]
    .map((ch) => LOOKALIKE[ch] ?? ch)
    .join('')
    .replace(/\D/g, '');
  return digits === String(pence).padStart(3, '0');
}

/** The digits of a figure (no sign, separators or pence point). */
export const digitsOf = (pence: number) => String(Math.abs(pence));
