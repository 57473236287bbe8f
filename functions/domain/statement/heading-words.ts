import { CURRENCY_SIGNS, isCommonCode, isCurrencyCode } from './currency-codes';
import type { Row } from './geometry';

/**
 * The words column headings are made of (stage 2, the table's headings, `header.ts`): the heading phrases and
 * the column each names, and how a heading word is told when a text layer splits it by glyph spacing or a scan
 * misreads, joins or loses its letters.
 */

export type ColumnKind =
  | 'date'
  | 'date2'
  | 'description'
  | 'type'
  | 'currency'
  | 'out'
  | 'in'
  | 'amount'
  | 'balance'
  | 'gross'
  | 'fee';

/** A column of the transaction table: what it holds and its x-range. */
export interface Column {
  kind: ColumnKind;
  left: number;
  right: number;
  /**
   * A date column no heading names: the table's headings name a description and money columns only, and
   * each entry's date stands on a line of its own in the description column ('4 June 2025' under the payee).
   */
  implied?: true;
}

/** Heading phrases (lower case, currency marks removed); the longest match wins. */
const PHRASES: ReadonlyArray<readonly [string, ColumnKind]> = [
  ['date of transaction', 'date'],
  // An investment account's cash statement: the trade date, then the settlement date.
  ['trade date', 'date'],
  ['settle date', 'date2'],
  ['settlement date', 'date2'],
  ['transaction date', 'date'],
  // The date the entry was booked to the account, as statements from banks on ISO 20022 / Nordic systems
  // head it beside its 'Value date' (Handelsbanken, Danske, N26: 'Booking date'; camt.053 BookgDt / ValDt):
  // the running balance moves on the booking date, so it is the row's date whichever column comes first.
  ['booking date', 'date'],
  ['booked date', 'date'],
  ['date booked', 'date'],
  ['book date', 'date'],
  ['entry date', 'date'],
  ['trans date', 'date'],
  ['txn date', 'date'],
  ['date', 'date'],
  // A ledger's 'Day' column: the day's number alone, the month and year in section lines between the rows.
  ['day', 'date'],
  ['posting date', 'date2'],
  ['post date', 'date2'],
  ['posted date', 'date2'],
  ['process date', 'date2'],
  ['processed date', 'date2'],
  ['processing date', 'date2'],
  ['value date', 'date2'],
  ['date posted', 'date2'],
  ['received', 'date2'],
  // HSBC UK's card statements: 'Received By Us | Transaction Date | Details', the posting date first.
  ['received by us', 'date2'],
  ['date received', 'date2'],
  ['received date', 'date2'],
  ['posted', 'date2'],
  ['date of posting', 'date2'],
  ['date paid in', 'date2'],
  ['date entered', 'date2'],
  ['entered', 'date2'],
  ['date processed', 'date2'],
  ['payment type and details', 'description'],
  ['transaction details', 'description'],
  ['transaction description', 'description'],
  ['details of transaction', 'description'],
  ['description', 'description'],
  ['details', 'description'],
  ['particulars', 'description'],
  ['narrative', 'description'],
  ['transaction', 'description'],
  ['transactions', 'description'],
  ['merchant', 'description'],
  // Columns of text, or of figures that are not money (an investment's unit cost in pence and the number of
  // units bought), read with the description in the order printed.
  ['reference', 'description'],
  // The card each row was made with, by its last four digits (Santander's credit card statements: 'Date |
  // Card no. | Description | Amount'), read with the description in the order printed.
  ['card no', 'description'],
  ['unit cost', 'description'],
  ['unit price', 'description'],
  ['quantity', 'description'],
  ['units', 'description'],
  // A passbook's columns (building-society passbooks and the annual statements printed in their form: each
  // entry a transaction code and the branch or channel that took it, 'CSH 0412', a key to the codes below).
  ['code', 'type'],
  ['transaction code', 'type'],
  ['branch', 'description'],
  ['payment type', 'type'],
  ['transaction type', 'type'],
  ['type', 'type'],
  ['money out', 'out'],
  ['outgoing', 'out'],
  ['paid out', 'out'],
  ['payments out', 'out'],
  ['money paid out', 'out'],
  ['withdrawals', 'out'],
  ['withdrawn', 'out'],
  // Savings accounts' and bonds' columns named by what the saver did: money put in is 'Invested' or
  // 'Added', money taken out 'Cashed in' (NS&I's word for a withdrawal, money OUT of the bond whatever
  // its last word says).
  ['cashed in', 'out'],
  ['debits', 'out'],
  ['debit', 'out'],
  ['debit amount', 'out'],
  ['payments', 'out'],
  ['out', 'out'],
  // A loan's or mortgage's columns of what is added to the amount owed and what pays it off.
  ['interest', 'out'],
  ['interest charged', 'out'],
  ['interest added', 'out'],
  ['fees and charges', 'out'],
  ['charges', 'out'],
  // A card's or catalogue account's two money columns named by what each holds, as its summary totals them
  // ('Purchases & charges' raise what is owed, 'Payments & returns' lower it): 'payments' alone would head
  // money out, but beside returns, refunds or credits they are the account's money in.
  ['purchases & charges', 'out'],
  ['purchases and charges', 'out'],
  ['payments & returns', 'in'],
  ['payments and returns', 'in'],
  ['payments & refunds', 'in'],
  ['payments and refunds', 'in'],
  ['payments & credits', 'in'],
  ['payments and credits', 'in'],
  ['repayments', 'in'],
  ['repayment', 'in'],
  ['payments received', 'in'],
  ['money in', 'in'],
  ['incoming', 'in'],
  ['paid in', 'in'],
  ['payments in', 'in'],
  ['money paid in', 'in'],
  ['deposits', 'in'],
  ['invested', 'in'],
  ['added', 'in'],
  ['credits', 'in'],
  ['credit', 'in'],
  ['credit amount', 'in'],
  ['receipts', 'in'],
  ['in', 'in'],
  ['lodged', 'in'],
  ['lodgements', 'in'],
  ['amount', 'amount'],
  ['transaction amount', 'amount'],
  ['value', 'amount'],
  // An e-money account's payments before and after its fees (PayPal's 'Gross | Fee | Net'): the net is what
  // moved the balance, the gross and the fee are notes on it.
  ['net', 'amount'],
  ['net amount', 'amount'],
  ['gross', 'gross'],
  ['gross amount', 'gross'],
  ['fee', 'fee'],
  ['fees', 'fee'],
  ['fee amount', 'fee'],
  // The currency of each row, a code ('GBP'), neither description nor money.
  ['currency', 'currency'],
  ['balance', 'balance'],
  ['running balance', 'balance'],
  ['account balance', 'balance'],
  ['balance after', 'balance'],
  // Welsh, as Welsh-language and bilingual statements head their columns ('Dyddiad', 'Disgrifiad', 'Arian
  // allan', 'Arian i mewn', 'Balans'), alone or beside or above the English.
  ['dyddiad', 'date'],
  ['disgrifiad', 'description'],
  ['manylion', 'description'],
  ['manylion y trafodyn', 'description'],
  ['trafodyn', 'description'],
  ['arian allan', 'out'],
  ['taliadau allan', 'out'],
  ['arian i mewn', 'in'],
  ['taliadau i mewn', 'in'],
  ['swm', 'amount'],
  ['balans', 'balance'],
];

/**
 * Phrases by their letters alone: text layers split words by glyph spacing ('Pay m e nt t y pe', 'Paym e nts'),
 * so a heading is matched on the letters of consecutive words, whatever the spaces between them.
 */
export const PHRASE_LETTERS = new Map(
  PHRASES.map(([phrase, kind]) => [phrase.replace(/ /g, ''), { kind, words: phrase.split(' ').length }]),
);
export const LONGEST_PHRASE = Math.max(...[...PHRASE_LETTERS.keys()].map((k) => k.length));
export const MONEY_KINDS: ReadonlySet<ColumnKind> = new Set(['out', 'in', 'amount']);
/**
 * 'Charges' heads a money column only beside a loan's 'Repayments' (Interest | Charges | Repayments |
 * Balance outstanding): elsewhere it is a word of a wider heading ('Other Debits and Charges' over two
 * lines above Debit and Credit).
 */
export const LOAN_ONLY = new Set(['charges']);
export const LOAN_REPAYMENTS = new Set(['repayments', 'repayment']);

/** Every word of the heading phrases. */
const HEADING_WORDS = new Set(PHRASES.flatMap(([phrase]) => phrase.split(' ')));
/** The heading words a piece of a word completes with at most `lost` letters lost at its `end` ('dat' → date). */
function completions(piece: string, end: 'first' | 'last', lost: number): string[] {
  if (piece.length < 3) return [];
  return [...HEADING_WORDS].filter(
    (word) =>
      word.length >= piece.length &&
      word.length - piece.length <= lost &&
      (end === 'last' ? word.startsWith(piece) : word.endsWith(piece)),
  );
}

/**
 * Two headings printed touching, the first's last letter under the next's first ('Transaction date' and
 * 'Process date' 3 pt apart on a charge card at 7 pt): a scan reads them as one word, a letter or two lost
 * where they overlap ('datProcess', 'datrocess'), or none where they only stand close ('dateDescription',
 * a wrapped 'Transaction date' ending where the next column's heading begins). Such a word, no heading
 * word itself, is the two heading words it splits into when each piece completes exactly one with one
 * letter lost between them at most each; else null.
 */
const touchingSeen = new Map<string, [string, string, number] | null>();
export function touchingHeadings(token: string): [string, string, number] | null {
  if (HEADING_WORDS.has(token) || token.length < 6) return null;
  if (touchingSeen.has(token)) return touchingSeen.get(token) ?? null;
  const result = touchingSplit(token);
  if (touchingSeen.size < 10_000) touchingSeen.set(token, result);
  return result;
}
function touchingSplit(token: string): [string, string, number] | null {
  const found: Array<[string, string, number]> = [];
  for (let at = 3; at <= token.length - 3; at++) {
    const left = completions(token.slice(0, at), 'last', 1);
    const right = completions(token.slice(at), 'first', 1);
    const lost = (left[0]?.length ?? 0) + (right[0]?.length ?? 0) - token.length;
    if (left.length === 1 && right.length === 1 && lost >= 0 && lost <= 2)
      found.push([left[0]!, right[0]!, at]);
  }
  return found.length === 1 ? found[0]! : null;
}

/**
 * A wrapped heading's second line whose first letter the scan boxed with the letter above it ('Transaction'
 * over 'date', the T right over the d): the recogniser's box of the upper letter reaches down over the lower
 * one, and the word under it is read without its first letter ('ate'). A word of the second line that is no
 * heading word but one heading word with its first letter lost is that word, where a word of the line above
 * reaches down into its line over the place just left of it. Else the line as it is.
 */
export function withFirstLettersFromAbove(row: Row, next: Row): Row {
  let changed = false;
  const words = next.words.map((w) => {
    const t = headingToken(w.text);
    if (t.length < 3 || t !== w.text.toLowerCase() || HEADING_WORDS.has(t)) return w;
    const whole = firstLetterLost(t);
    if (whole === null) return w;
    const h = w.bottom - w.top;
    const letter = (w.right - w.left) / t.length;
    const over = row.words.some(
      (a) =>
        a.top < w.top - 0.5 * h &&
        a.bottom >= w.top + 0.5 * h &&
        a.left <= w.left - 0.5 * letter &&
        a.right >= w.left,
    );
    if (!over) return w;
    changed = true;
    return { ...w, text: `${whole[0]}${w.text}`, left: w.left - letter };
  });
  return changed ? { ...next, words } : next;
}

/** The one heading word that is `t` with a first letter before it ('ate' → 'date'), else null. */
const firstLetterSeen = new Map<string, string | null>();
function firstLetterLost(t: string): string | null {
  let whole = firstLetterSeen.get(t);
  if (whole === undefined) {
    const found = [...HEADING_WORDS].filter((x) => x.length === t.length + 1 && x.endsWith(t));
    whole = found.length === 1 ? found[0]! : null;
    if (firstLetterSeen.size < 10_000) firstLetterSeen.set(t, whole);
  }
  return whole;
}

/**
 * A heading word without currency marks or punctuation; '' when nothing is left ('(£)', 'GBP', '(PLN)').
 * Every row of a statement is read as a possible heading, most of them several times over (cut at each wide
 * gap, with the row under it): each word's token is worked out once.
 */
const tokenSeen = new Map<string, string>();
export function headingToken(text: string): string {
  let token = tokenSeen.get(text);
  if (token === undefined) {
    token = tokenOf(text);
    if (tokenSeen.size < 50_000) tokenSeen.set(text, token);
  }
  return token;
}
function tokenOf(text: string): string {
  const lower = text
    .replace(/\(([A-Za-z]{3})\)/g, (mark, code: string) => (isCurrencyCode(code.toUpperCase()) ? '' : mark))
    .toLowerCase()
    .replace(SIGNS, '');
  // A scan's OCR reads a capital O as a zero inside a word ('£0ut'): a zero among letters is an 'o'; and a
  // capital I as a one ('£1n' for '£ In', 'Pa1d'): a one among letters is an 'i' where that makes a heading
  // word and the word without it makes none (a stray one beside the I, '£1In', is dropped as before).
  const letters = /[a-z]/.test(lower) ? lower.replace(/0/g, 'o') : lower;
  const plain = letters.replace(/[^a-z&/]/g, '');
  const withI = letters.replace(/1/g, 'i').replace(/[^a-z&/]/g, '');
  const t = !HEADING_WORDS.has(plain) && HEADING_WORDS.has(withI) && /[a-z]/.test(lower) ? withI : plain;
  // It reads a capital I as a small L ('£ln' for '£In'): no heading word is 'ln'.
  if (t === 'ln') return 'in';
  // A currency code alone ('GBP', or 'EUR' on a foreign-currency account) is a mark, not a heading word; one
  // that is also a word ('TOP') only in capitals.
  const code = t.toUpperCase();
  return isCurrencyCode(code) && (isCommonCode(code) || text.replace(/[^A-Za-z]/g, '') === code) ? '' : t;
}
/** Currency signs in a heading ('(£)', 'Balance €', '(US$)'), in lower case. */
const SIGNS = new RegExp(
  CURRENCY_SIGNS.map(([sign]) => sign.toLowerCase().replace(/[$]/g, '\\$&')).join('|'),
  'g',
);
