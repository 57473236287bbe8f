import { isAmountAffix, type ParsedAmount, parseAmount } from './amounts';
import { findYearEnded } from './annual-period';
import { isCurrencyCode } from './currency-codes';
import { type PartialDate, parseLeadingDate, toIso } from './dates';
import { joinSplitFigures, looksLikeFigure } from './figures';
import { type Row, rowText, type Word } from './geometry';
import { recogniseInstitution } from './institutions';
import { labelsAbove, valueUnder } from './labels-above';
import { CHARGES_LABEL, qualifiesBalance } from './other-figures';
import {
  findDatesWithYear,
  findMonthHeadings,
  findPeriodAndOrder,
  findYearlessPeriod,
  yearlessPeriodBefore,
} from './printed-periods';

/**
 * What a statement says outside its transaction table: who issued it, the period, summary-box balances
 * ('Opening balance £1,234.56', 'Previous balance', 'Balance on 1 January 2025') and credit-card wording.
 */
export interface SummaryBalance {
  amount: ParsedAmount;
  /** For 'Balance on <date>' boxes: the date, to tell the opening from the closing one. */
  date: string | null;
}

/** A summary figure that is printed but cannot be read as money ('Closing balance £44.079.83'). */
export interface UnreadableSummary {
  cell: 'opening' | 'closing' | 'money_in_total' | 'money_out_total';
  text: string;
}

export interface StatementContext {
  institution: string | null;
  period: { start: string; end: string } | null;
  /** The order the period's numeric dates are printed in, when it tells ('01/31/2024': month first). */
  periodOrder: 'day' | 'month' | null;
  /** Dates with a year printed outside the table, in reading order. */
  datedText: string[];
  /** The last day of each month printed with its year and no day ('February 2025'), in reading order. */
  monthHeadings: string[];
  /** The statement date ('Statement date 13 June 25', 'Date of statement: 01/03/2025'). */
  statementDate: string | null;
  /** The statement date as printed (a numeric one is read again once the statement's date order is known). */
  statementDatePrinted: PartialDate | null;
  opening: SummaryBalance | null;
  closing: SummaryBalance | null;
  dated: SummaryBalance[];
  /** The statement's own totals of money in and money out ('Payments in £50.00', 'Total debits'). */
  moneyIn: ParsedAmount | null;
  moneyOut: ParsedAmount | null;
  /**
   * Interest printed as a figure of its own ('Interest earned £113.55', 'Gross interest paid'): savings and
   * ISA statements print it beside a 'Paid in' that leaves it out.
   */
  interest: ParsedAmount | null;
  /** Charges and debit interest printed apart from the money out ('Fees and charges £12.00'). */
  charges: ParsedAmount | null;
  /**
   * A card's refunds or cashback printed apart from its payments ('Payments received £300.00 CR' over
   * 'Refunds received £24.00 CR'): money in may be the payments and these together.
   */
  refunds: ParsedAmount | null;
  unreadable: UnreadableSummary[];
  /** The statement speaks of a card or of money owed (a mortgage, a loan): its balances are amounts owed. */
  cardWording: boolean;
}

/**
 * Labels are matched on letters alone (lower case, spaces and punctuation other than '/' and '&' removed),
 * starting and ending on word boundaries: text layers split words by glyph spacing ('Ope ning Balance',
 * 'Clos ing Balance', 'Paym e nts In').
 */
export const OPENING_LABEL =
  /^(?:openingbalance|previousbalance|start(?:ing)?balance|balanceatstart(?!ofday)|beginningbalance|balancebroughtforward|broughtforward|balanceb\/f|balance(?:from|at)?(?:your)?(?:last|previous)statement|laststatementbalance|previousstatementbalance|lastmonthsbalance|balancelastmonth|balansagoriadol|balansaddygwydymlaen)/;
export const CLOSING_LABEL =
  /^(?:closingbalance|newbalance|end(?:ing)?balance|balanceatend(?!ofday)|balancecarriedforward|carriedforward|balancec\/f|totalamountdue|totalbalancedue|total(?:now)?due|balancedue|totalbalance|balanscau|balansagariwydymlaen)/;
/**
 * The closing labels without 'TOTAL BALANCE'. Nationwide's card closes its table with 'TOTAL BALANCE' (the
 * amount owed), but a statement may print a 'Total balance' of something else (every account the customer
 * holds, the account and its savings pots): it is the closing balance only in a reading the statement's
 * figures confirm (`candidates.ts`).
 */
export const CERTAIN_CLOSING_LABEL =
  /^(?:closingbalance|newbalance|end(?:ing)?balance|balanceatend(?!ofday)|balancecarriedforward|carriedforward|balancec\/f|totalamountdue|totalbalancedue|total(?:now)?due|balancedue|balanscau|balansagariwydymlaen)/;
/** The closing labels that name the amount due rather than the balance. */
const DUE_LABEL = /^(?:totalamountdue|total(?:now)?due|totalbalancedue)/;
/** Whether a due label starts at word `k`. */
const dueAt = (words: readonly string[], k: number) => findLabel(words.slice(k), DUE_LABEL)?.start === 0;
/**
 * 'Balance on 31 January 2025', 'Your balance at close of business 8th Feb 2025', what is owed on a
 * mortgage or loan ('Balance outstanding on 01-Apr-2025', 'Amount owed on 1 July 2025'), and the Welsh
 * 'Balans ar 1 Mawrth 2025'.
 */
const DATED_LABEL =
  /^(?:(?:balance(?:outstanding|owed)?|amountowed|outstandingbalance)(?:at(?:the)?closeofbusiness(?:on)?|on|at|asat|asof)|balansar)/;
/** Totals of money in / out as statements print them in the summary box. */
const MONEY_IN_LABEL =
  /^(?:total)?(?:paymentsin|moneyin|paidin|totalin|credits|deposits|totalcredits|totaldeposits|paymentsreceived|payments(?:and|&)credits|taliadauimewn|arianimewn)(?:total)?/;
const MONEY_OUT_LABEL =
  /^(?:total)?(?:paymentsout|moneyout|paidout|totalout|debits|withdrawals|totaldebits|totalwithdrawals|taliadauallan|arianallan)(?:total)?/;
const TOTAL_WORD = /^total/;
/**
 * A card's credits other than payments as its summary prints them apart ('Refunds received', 'Refunds and
 * returns', 'Cashback' as Santander's All in One card credits it).
 */
const REFUNDS_LABEL =
  /^(?:total)?(?:refundsreceived|refunds(?:and|&)returns|refunds|returnsandrefunds|cashback(?:earned|credited)?)/;
/** Interest paid to the saver, as a summary prints it apart from the money paid in. */
const INTEREST_LABEL =
  /^(?:total|gross|net)?(?:interestearned|interestpaid|interestcredited|interestreceived|(?:gross|net)interest)/;
/**
 * 'Interest' alone as such a label (Marcus and app savers' summaries: 'Paid in', 'Paid out', 'Interest'): only
 * a line of its own holding the word and one figure ('Interest 80.58'), never a row's 'Interest 42.76 11,419.03'
 * nor 'Interest charged'.
 */
const interestAlone = (words: readonly string[], allowInteger: boolean) =>
  words.length >= 2 &&
  /^interest:?$/i.test(words[0]!) &&
  words.slice(1).filter((w) => !isAmountAffix(w)).length === 1
    ? firstAmount(words.slice(1), allowInteger)
    : null;
/** 'Statement date', 'Date of statement', 'Statement issued on', 'Date issued', 'Issue date'. */
const STATEMENT_DATE_LABEL =
  /^(?:statementdate|dateofstatement|statementissued(?:on)?|statementissuedate|dateissued|issuedate|statementproducedon|statementprintedon)/;
const SORT_CODE_LABEL = /^sortcode/;
/** A sort code after its label on a line ('Sort code 07-04-24'): six digits, never a date. */
const SORT_CODE_AFTER_LABEL = /\bsort\s*code\b[:\s]*\d{2}[-\s]\d{2}[-\s]\d{2}\b/gi;
/**
 * A line naming the period of the charges, fees or interest it lists ('Charges for the period 01 Apr 2025
 * to 30 Apr 2025', 'Fees charged from 01/04/2025 to 30/04/2025'): a business account takes a month's
 * charges in the next statement, so the range is that month's, not the statement's period.
 */
// At most four words between, none of them 'statement': a panel's 'Interest rates' on the same text line as
// 'Statement period 01 May 2025 to 31 May 2025' leaves the statement's period read.
const CHARGES_PERIOD =
  /\b(?:charges?|fees?|interest|commission)\b[:,]?(?:\s+(?!statement\b)[a-z]+){0,4}\s+(?:period|from|between)\b/i;
const CARD_WORDING =
  /\b(?:credit card|credit limit|minimum payment|payment due|available credit|cardmember|card member|membership number|card number ending|purchase rate|(?:total|minimum) amount due|instalment plans)\b/i;
/**
 * What a mortgage or loan statement prints outside its table: its balance as what is owed ('Amount owed on
 * 31 December 2025', 'Balance outstanding', 'Outstanding balance'), its own name ('Mortgage statement',
 * 'Mortgage account number', 'Loan account number', 'Personal Loan - Annual Statement') or the warning every
 * UK mortgage document carries ('Your home may be repossessed if you do not keep up repayments'). Its
 * balances are amounts owed, as a card's are.
 */
const OWED_WORDING =
  /\b(?:amount owed|balance outstanding|outstanding balance|mortgage (?:statement|account)|annual mortgage statement|loan (?:statement|account)|loan - annual statement|repossessed if you do not keep up)\b/i;

/** Letters of a word as labels see them. */
const letters = (word: string) => word.toLowerCase().replace(/[^a-z0-9/&]/g, '');

/**
 * Finds a label among `words` (spacing-insensitive): the index of its first word and the index just after
 * its last word; null when absent.
 */
export function findLabel(words: readonly string[], label: RegExp): { start: number; end: number } | null {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  for (const word of words) {
    starts.push(text.length);
    text += letters(word);
    ends.push(text.length);
  }
  const { anywhere, sticky } = compiled(label);
  if (!anywhere.test(text)) return null;
  for (let i = 0; i < words.length; i++) {
    if (starts[i] === ends[i]) continue;
    sticky.lastIndex = starts[i]!;
    const m = sticky.exec(text);
    if (!m) continue;
    const k = ends.indexOf(starts[i]! + m[0].length, i);
    if (k >= 0) return { start: i, end: k + 1 };
  }
  return null;
}

const COMPILED = new Map<RegExp, { anywhere: RegExp; sticky: RegExp }>();
/** A label (anchored with '^') as a quick unanchored test and a sticky matcher for word starts. */
function compiled(label: RegExp): { anywhere: RegExp; sticky: RegExp } {
  let found = COMPILED.get(label);
  if (!found) {
    const source = label.source.replace(/^\^/, '');
    found = { anywhere: new RegExp(source), sticky: new RegExp(source, 'y') };
    COMPILED.set(label, found);
  }
  return found;
}

/** The first amount among `words` (a prefix such as '£', the number, a suffix such as 'CR' or 'OD'). */
export function firstAmount(words: readonly string[], allowInteger: boolean): ParsedAmount | null {
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!parseAmount(word, { allowInteger }) || isAmountAffix(word)) continue;
    let start = i;
    while (start > 0 && ['before', 'either'].includes(isAmountAffix(words[start - 1]!) ?? '')) start--;
    let end = i;
    while (end + 1 < words.length && ['after', 'either'].includes(isAmountAffix(words[end + 1]!) ?? ''))
      end++;
    // Drop a stray prefix or suffix that would make it unreadable ('£ 12.00 CR' reads; '- £ 12.00 -' not).
    for (let s = start; s <= i; s++) {
      for (let e = end; e >= i; e--) {
        const amount = parseAmount(words.slice(s, e + 1).join(' '), { allowInteger });
        if (amount) return amount;
      }
    }
  }
  return null;
}

function labelledAmount(
  words: readonly string[],
  label: RegExp,
  allowInteger: boolean,
  /** Totals: the figure right after the label, with pence, and nothing else on the line. */
  strict = false,
): { amount: ParsedAmount | null; unreadable: string | null; date: PartialDate | null } | null {
  const found = findLabel(words, label);
  if (!found) return null;
  let after = words.slice(found.end);
  // A label in two languages ('Balans agoriadol / Opening balance £412.77'): the figure follows the second.
  if (after[0] === '/') {
    const second = [OPENING_LABEL, CLOSING_LABEL, DATED_LABEL, MONEY_IN_LABEL, MONEY_OUT_LABEL]
      .map((l) => findLabel(after.slice(1), l))
      .find((f) => f?.start === 0);
    if (second) after = after.slice(1 + second.end);
  }
  // A colon closing the label's date ('Balance on 01/04/2025: £642.19') is punctuation, not the date's.
  const leading = parseLeadingDate(after.map((w) => w.replace(/(?<=\d):$/, '')));
  const rest = leading ? after.slice(leading.used) : after;
  // Stop at the next label on the same line ('Opening balance £1.00  Closing balance £2.00').
  const labels = [OPENING_LABEL, CLOSING_LABEL, DATED_LABEL, MONEY_IN_LABEL, MONEY_OUT_LABEL];
  const stop = rest.findIndex(
    (_, i) => i > 0 && labels.some((l) => findLabel(rest.slice(i), l)?.start === 0),
  );
  const own = stop >= 0 ? rest.slice(0, stop) : rest;
  if (strict && (own.length > 3 || !own.some((w) => /\d\.\d{2}\b/.test(w)) || leading)) {
    return own.length <= 3 && own.some((w) => looksLikeFigure(w))
      ? { amount: null, unreadable: own.find((w) => looksLikeFigure(w))!, date: null }
      : null;
  }
  const amount = firstAmount(own, allowInteger);
  if (amount) return { amount, unreadable: null, date: leading?.date ?? null };
  const figure = own.find((w) => looksLikeFigure(w));
  return figure ? { amount: null, unreadable: figure, date: leading?.date ?? null } : null;
}

/**
 * A balance labelled by its currency and date alone, as a multi-currency account prints it ('GBP on 1 June
 * 2025 [GMT]  812.40 GBP'): the line starts with an ISO 4217 code in capitals, then 'on' and a date with its
 * year, then the figure. Like 'Balance on 1 June 2025', its date tells the opening from the closing.
 */
function currencyDatedAmount(
  words: readonly string[],
  allowInteger: boolean,
): { amount: ParsedAmount; date: PartialDate } | null {
  if (!isCurrencyCode(words[0] ?? '') || words[1]?.toLowerCase() !== 'on') return null;
  const leading = parseLeadingDate(words.slice(2));
  if (!leading || leading.date.year === null) return null;
  const amount = firstAmount(words.slice(2 + leading.used), allowInteger);
  return amount ? { amount, date: leading.date } : null;
}

/** Reads the rows outside the transaction table (reading order). */
export function readContext(
  input: readonly Row[],
  allowInteger: boolean,
  totalCloses = true,
): StatementContext {
  const rows = [...input, ...labelsAbove(input)];
  const lines = rows.map(rowText);
  const context: StatementContext = {
    institution: recogniseInstitution(lines),
    period: null,
    periodOrder: null,
    datedText: [],
    monthHeadings: [],
    statementDate: null,
    statementDatePrinted: null,
    opening: null,
    closing: null,
    dated: [],
    moneyIn: null,
    moneyOut: null,
    interest: null,
    charges: null,
    refunds: null,
    unreadable: [],
    cardWording: false,
  };
  let closingIsDue = false;
  let yearless: ReturnType<typeof findYearlessPeriod> = null;
  let annual: ReturnType<typeof findYearEnded> = null;
  const noted = new Set<string>();
  const note = (cell: UnreadableSummary['cell'], text: string) => {
    if (noted.has(cell)) return;
    noted.add(cell);
    context.unreadable.push({ cell, text });
  };
  // Sort codes printed under their label ('Sort code' over '07-04-24'): never a date.
  const sortCodes = new Set<Word>();
  lines.forEach((text, i) => {
    // Figures split by glyph spacing ('£29,0 08.92') are joined first.
    const joined = joinSplitFigures(rows[i]!.words, allowInteger);
    const words = joined.map((w) => w.text);
    const sortCode = findLabel(words, SORT_CODE_LABEL);
    if (sortCode) {
      for (const w of valueUnder(rows[i]!, rows[i + 1], joined[sortCode.start]) ?? []) sortCodes.add(w);
    }
    if (!context.period && !CHARGES_PERIOD.test(text)) {
      const found = findPeriodAndOrder(text);
      context.period = found?.period ?? null;
      context.periodOrder = found?.order ?? null;
      yearless ??= found ? null : findYearlessPeriod(text);
      annual ??= found ? null : findYearEnded(text);
    }
    const undated = rows[i]!.words.some((w) => sortCodes.has(w))
      ? rowText({ ...rows[i]!, words: rows[i]!.words.filter((w) => !sortCodes.has(w)) })
      : text;
    context.datedText.push(...findDatesWithYear(undated.replace(SORT_CODE_AFTER_LABEL, '')));
    context.monthHeadings.push(...findMonthHeadings(text));
    if (!context.statementDate) {
      const found = findLabel(words, STATEMENT_DATE_LABEL);
      const after = found ? words.slice(found.end).filter((w) => !/^[:\-–]$/.test(w)) : [];
      const leading = (list: readonly string[]) =>
        parseLeadingDate(list.map((w) => w.replace(/^:/, '')))?.date;
      let date = leading(after);
      // A box that prints its label above its value ('Statement date' over '13 June 25'), alone on its line
      // or among other cells' labels ('Statement date  Statement no.').
      if (found && !date?.year) {
        date = leading(valueUnder(rows[i]!, rows[i + 1], joined[found.start])?.map((w) => w.text) ?? []);
      }
      if (date?.year) {
        context.statementDate = toIso(date, date.year);
        context.statementDatePrinted = date;
      }
    }
    if (CARD_WORDING.test(text) || OWED_WORDING.test(text)) context.cardWording = true;
    if (!context.opening && !noted.has('opening')) {
      const found = labelledAmount(words, OPENING_LABEL, allowInteger);
      if (found?.amount) context.opening = { amount: found.amount, date: null };
      else if (found?.unreadable) note('opening', found.unreadable);
    }
    if ((!context.closing || closingIsDue) && !noted.has('closing')) {
      const label = totalCloses ? CLOSING_LABEL : CERTAIN_CLOSING_LABEL;
      // A card's summary may print the amount due beside its balance ('TOTAL AMOUNT DUE' this month's
      // instalments and pay-in-full spending, 'Total balance' what is owed, as instalment cards print them):
      // the balance closes, the amount due only where no balance is printed.
      const found = labelledAmount(words, label, allowInteger);
      const due = !!found && dueAt(words, findLabel(words, label)!.start);
      if (found?.amount && (!context.closing || !due)) {
        context.closing = { amount: found.amount, date: null };
        closingIsDue = due;
      } else if (found?.unreadable && !context.closing) note('closing', found.unreadable);
    }
    for (const [label, key, cell] of [
      [MONEY_IN_LABEL, 'moneyIn', 'money_in_total'],
      [MONEY_OUT_LABEL, 'moneyOut', 'money_out_total'],
    ] as const) {
      if (context[key] || noted.has(cell)) continue;
      const found = labelledAmount(words, label, allowInteger, true);
      // A total is a line of its own (or a summary cell): the label starts the line or follows another.
      if (found?.amount && (findLabel(words, label)?.start === 0 || findLabel(words, TOTAL_WORD))) {
        context[key] = found.amount;
      } else if (found?.unreadable) note(cell, found.unreadable);
    }
    if (!context.interest) {
      const found = labelledAmount(words, INTEREST_LABEL, allowInteger, true);
      if (found?.amount && findLabel(words, INTEREST_LABEL)?.start === 0) context.interest = found.amount;
      else context.interest = interestAlone(words, allowInteger);
    }
    if (!context.refunds && findLabel(words, REFUNDS_LABEL)?.start === 0)
      context.refunds = labelledAmount(words, REFUNDS_LABEL, allowInteger, true)?.amount ?? null;
    if (!context.charges && findLabel(words, CHARGES_LABEL)?.start === 0)
      context.charges = labelledAmount(words, CHARGES_LABEL, allowInteger, true)?.amount ?? null;
    // Every dated balance on the line: a summary may print both side by side ('Balance on 01/04/2025:
    // £642.19   Balance on 30/04/2025: £522.77').
    let rest = words;
    let any = false;
    for (let found = findLabel(rest, DATED_LABEL); found; found = findLabel(rest, DATED_LABEL)) {
      const dated = labelledAmount(rest.slice(found.start), DATED_LABEL, allowInteger);
      // 'Available balance on 31 March 2025' is what could be spent (the overdraft with it), not the balance.
      if (dated?.amount && dated.date?.year && !qualifiesBalance(rest[found.start - 1])) {
        context.dated.push({ amount: dated.amount, date: toIso(dated.date, dated.date.year) });
        any = true;
      }
      rest = rest.slice(found.end);
    }
    const dated = any ? null : currencyDatedAmount(words, allowInteger);
    if (dated) context.dated.push({ amount: dated.amount, date: toIso(dated.date, dated.date.year!) });
  });
  // A period printed without a year takes it from the statement date; an annual one by its end alone, its year.
  if (!context.period && yearless && context.statementDate) {
    context.period = yearlessPeriodBefore(yearless, context.statementDate);
  }
  context.period ??= annual;
  return context;
}
