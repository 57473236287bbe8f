import { CODE_SOURCE, CURRENCY_SIGNS, isCommonCode, isCurrencyCode } from './currency-codes';

/**
 * Money as UK statements print it: '1,234.56', '£1,234.56', '-£12.00', '£-12.00', '(12.00)', '12.00-',
 * '12.00 DR', '12.00CR', '1,234.56 OD', '1,234.56 overdrawn', '56.78D', '+1,500.00', '150.00†' (a footnote marker beside it). Values are kept in whole pence so sums are
 * exact; what a marker means (money out, an overdrawn balance, a card payment) is decided by the caller,
 * which knows the column and the kind of account.
 */

/** '-' covers a leading or trailing minus, '()' brackets. */
export type AmountMarker = '-' | '+' | '()' | 'CR' | 'DR' | 'OD' | 'D';

export interface ParsedAmount {
  /** Magnitude in pence (never negative). */
  pence: number;
  /** Magnitude in pounds. */
  amount: number;
  /** The marker printed with it, if any. */
  marker: AmountMarker | null;
  /** True for '-', '()', 'DR', 'OD' and 'D': the printed value reads as negative / debit / overdrawn. */
  negative: boolean;
}

export interface ParseAmountOptions {
  /** Accept whole numbers without pence ('1,000', '40'). Off by default: statements print pence. */
  allowInteger?: boolean;
}

// Pence under a pound may be printed without the leading zero ('.45', as card statements print a fee).
const DECIMAL = String.raw`(?:\d{1,3}(?:,\d{3})+|\d*)\.\d{2}`;
const INTEGER = String.raw`\d{1,3}(?:,\d{3})+|\d{1,9}`;
// The currency before a figure ('£', 'EUR', 'US$'), or its code after it ('65.32 EUR', as Wise prints it).
// Matched on the text in capitals: the signs are too ('ZŁ').
const SIGNS = CURRENCY_SIGNS.map(([sign]) => sign.toUpperCase().replace(/[$]/g, '\\$&')).join('|');
const CODES = `${CODE_SOURCE}|${SIGNS}`;
const CURRENCY = `(?:${SIGNS}|${CODE_SOURCE})`;

function amountPattern(allowInteger: boolean): RegExp {
  const number = allowInteger ? `${DECIMAL}|${INTEGER}` : DECIMAL;
  return new RegExp(
    `^(?<open>\\()?(?<lead>[-+])?${CURRENCY}?(?<lead2>[-+])?(?<inner>\\()?(?<number>${number})(?<close>\\))?(?<code>${CODES})?(?<trail>[-+])?(?<mark>CR|DR|OD|D)?\\.?(?<close2>\\))?$`,
  );
}

/**
 * A footnote marker printed after a figure ('150.00†', '12.50*'), its note under the table ('† Transfer made
 * using Danske Mobile Bank'): not part of the money.
 */
const FOOTNOTE_MARKS = /[*\u2020\u2021]{1,3}$/;
/** A word that is only footnote markers ('*', '†', '‡'). */
export const FOOTNOTE_MARKER = /^[*\u2020\u2021]{1,3}$/;

const DECIMAL_PATTERN = amountPattern(false);
const INTEGER_PATTERN = amountPattern(true);
const HAS_DIGIT = /[0-9]/;

/**
 * Each text's answer, read once (with and without whole numbers): the stages of a reading try the same words
 * and figures again and again (a row's cells, its money groups, the context, a figure in another currency).
 * The answers are frozen, since every caller of the same text shares one. Emptied when it grows large.
 */
const READ: ReadonlyArray<Map<string, ParsedAmount | null>> = [new Map(), new Map()];
const READ_LIMIT = 20_000;

/** Parses one printed amount (spaces inside are ignored: '£ 1,234.56 DR'); null when it is not money. */
export function parseAmount(text: string, options: ParseAmountOptions = {}): ParsedAmount | null {
  // Every figure has a digit (the patterns' \d is ASCII's): most words of a row have none.
  if (!HAS_DIGIT.test(text)) return null;
  const read = READ[options.allowInteger ? 1 : 0]!;
  const known = read.get(text);
  if (known !== undefined) return known;
  const parsed = readAmount(text, options.allowInteger === true);
  if (read.size >= READ_LIMIT) read.clear();
  read.set(text, parsed && Object.freeze(parsed));
  return parsed;
}

function readAmount(text: string, allowInteger: boolean): ParsedAmount | null {
  const compact = text
    .replace(/[\u2212\u2012\u2013\u2014]/g, '-')
    .replace(/\s+/g, '')
    .replace(FOOTNOTE_MARKS, '')
    .toUpperCase()
    // 'overdrawn' written out in the figure's cell ('£1,234.56 overdrawn') is its 'OD'.
    .replace(/OVERDRAWN\.?$/, 'OD');
  if (!compact) return null;
  const match = (allowInteger ? INTEGER_PATTERN : DECIMAL_PATTERN).exec(compact);
  const g = match?.groups;
  if (!g?.number) return null;
  const brackets = Boolean(g.open || g.inner);
  if (brackets !== Boolean(g.close || g.close2)) return null;
  const signs = [g.lead, g.lead2, g.trail].filter(Boolean);
  const markers = [brackets, signs.length > 0, Boolean(g.mark)].filter(Boolean).length;
  if (signs.length > 1 || markers > 1) return null;
  const [pounds = '0', pennies = '00'] = g.number.replace(/,/g, '').split('.');
  const pence = Number(pounds) * 100 + Number(pennies);
  let marker: AmountMarker | null = null;
  if (brackets) marker = '()';
  else if (signs[0] === '-') marker = '-';
  else if (signs[0] === '+') marker = '+';
  else if (g.mark) marker = g.mark as AmountMarker;
  return {
    pence,
    amount: pence / 100,
    marker,
    negative: marker === '-' || marker === '()' || marker === 'DR' || marker === 'OD' || marker === 'D',
  };
}

/** Pence to pounds with 2 decimals and no -0. */
export function fromPence(pence: number): number {
  return pence === 0 ? 0 : Math.round(pence) / 100;
}

/** Pounds to whole pence. */
export function toPenceExact(pounds: number): number {
  return Math.round(pounds * 100);
}

const SIGNS_UPPER: ReadonlySet<string> = new Set(CURRENCY_SIGNS.map(([sign]) => sign.toUpperCase()));

/** Words that may stand beside a number in a money cell: currency, signs, brackets and CR/DR/OD/D. */
export function isAmountAffix(word: string): 'before' | 'after' | 'either' | null {
  const w = word.replace(/[\u2212\u2013]/g, '-').toUpperCase();
  if (w === '(' || w === '+' || SIGNS_UPPER.has(w)) return 'before';
  // A sign glued to the currency, the figure set apart by a space ('−£ 45.00', '+£ 12.00', '£- 3.10'): web
  // pages and composed statements print '£' and the figure with a no-break space between them.
  const signed = /^[-+](.+)$/.exec(w)?.[1] ?? /^(.+)[-+]$/.exec(w)?.[1];
  if (signed && SIGNS_UPPER.has(signed)) return 'before';
  // A currency code stands before the figure ('USD 65.32') or after it ('65.32 EUR'); one that is also a
  // word ('TOP', 'CUP') only as printed, in capitals.
  if (isCurrencyCode(w) && (isCommonCode(w) || word === w)) return 'either';
  if (
    w === 'CR' ||
    w === 'DR' ||
    w === 'OD' ||
    w === 'D' ||
    w === ')' ||
    w === 'CR.' ||
    w === 'DR.' ||
    w === 'OVERDRAWN'
  )
    return 'after';
  if (FOOTNOTE_MARKER.test(w)) return 'after';
  if (w === '-') return 'either';
  return null;
}
