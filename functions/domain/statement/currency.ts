import { CODE_SOURCE, COMMON_CODES, CURRENCY_NAMES, codeOfSign, SIGN_SOURCE } from './currency-codes';

/**
 * The currency an account's statement is kept in. UK banks' statements are in pounds, but a Revolut or Wise
 * account, or a UK bank's foreign-currency account, prints the same table in euros or dollars ('€1,234.56',
 * 'USD 65.32', '65.32 EUR', 'Balance (EUR)', 'EUR Statement'). The product keeps pounds only, so the reading
 * records the currency and the pipeline refuses another: a euro figure is never filed as pounds.
 *
 * Decided from the statement's own money, in this order, the first that tells: the money columns' headings
 * ('Balance (€)', 'Paid out (EUR)'); the balances the table prints; the transactions' amounts (a mark on at
 * least half of them: a GBP statement's note of a payment abroad is one figure among many); the titles and
 * labels outside the table ('EUR Statement', 'Euro account', 'Currency: USD') and the summary's figures.
 * Pounds when nothing says otherwise.
 */

const COMMON_SOURCE = COMMON_CODES.join('|');
const SIGN_PATTERN = new RegExp(SIGN_SOURCE);
const COMMON_PATTERN = new RegExp(`(?<![A-Z])(${COMMON_SOURCE})(?![A-Z])`);
/**
 * Any code, in capitals, right beside a figure ('CHF 12.00', 'MAD -4.50', '12.00 PLN', '(12.00) SEK') or in
 * brackets ('Balance (PLN)'): the only places a code that is also a word ('ALL', 'TOP', 'CUP') counts.
 */
const CODE_BESIDE_FIGURE = new RegExp(
  `(?<![A-Za-z])(${CODE_SOURCE})(?=\\s?[-+(]?(?:${SIGN_SOURCE})?[-+(]?\\.?\\d)|(?<=[\\d)]\\s?[-+]?\\s?)(${CODE_SOURCE})(?![A-Za-z])|\\((${CODE_SOURCE})\\)`,
);

/** The currency a piece of money text shows ('€12.00', 'USD 65.32', 'CHF 12.00', '(EUR)', 'A$5.00'), or null. */
export function currencyMarkOf(text: string): string | null {
  const sign = SIGN_PATTERN.exec(text)?.[0];
  if (sign) return codeOfSign(sign);
  const beside = CODE_BESIDE_FIGURE.exec(text);
  const code = beside?.[1] ?? beside?.[2] ?? beside?.[3];
  if (code) return code;
  return COMMON_PATTERN.exec(text.toUpperCase())?.[1] ?? null;
}

/** The one currency most of `texts` show, when at least `share` of them show it; else null. */
function markedBy(texts: readonly string[], share: number): string | null {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const mark = currencyMarkOf(text);
    if (mark) counts.set(mark, (counts.get(mark) ?? 0) + 1);
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= share * texts.length ? best[0] : null;
}

/** A figure with its currency beside it: '€420.00', 'USD 65.32', '65.32 EUR'. */
const MARKED_FIGURE = new RegExp(
  `(?:${SIGN_SOURCE})\\s?[-+]?\\d[\\d,]*\\.\\d{2}|\\b(?:${CODE_SOURCE})\\s?[-+]?(?:${SIGN_SOURCE})?\\d[\\d,]*\\.\\d{2}|\\d[\\d,]*\\.\\d{2}\\s?(?:${CODE_SOURCE})\\b`,
  'g',
);

const NAMES: Array<[RegExp, string]> = [
  [/\beuro\b/i, 'EUR'],
  [/\b(?:us|u\.s\.)\s*dollars?\b/i, 'USD'],
  [/\bsterling\b|\bpounds?\b/i, 'GBP'],
];
/**
 * A title or label naming the account's currency: 'EUR Statement', 'USD account', 'Euro account',
 * 'Currency: EUR' (at the start of a line), 'Account currency EUR', 'Statement currency: USD'; not a notice
 * of payments 'in a foreign currency EUR'.
 */
function declaredIn(text: string): string | null {
  const code = new RegExp(
    `(?:^|\\b)(?:(${COMMON_SOURCE})\\s+(?:statement|account|current account|savings|balance|wallet|pocket)|(?:^\\s*|(?:account|statement|base)\\s+)currency\\s*:?\\s*(${COMMON_SOURCE}))(?:\\b|$)`,
    'i',
  ).exec(text);
  const found = code?.[1] ?? code?.[2];
  if (found) return found.toUpperCase();
  for (const [name, iso] of NAMES) {
    if (new RegExp(`${name.source}\\s+(?:statement|account|current account|savings)`, 'i').test(text))
      return iso;
  }
  return null;
}

export interface CurrencyEvidence {
  /** The text of the money columns' headings. */
  headings: readonly string[];
  /** The balances the table prints, as printed. */
  balances: readonly string[];
  /** The transactions' amounts, as printed. */
  amounts: readonly string[];
  /** Lines outside the table (titles, labels, the summary). */
  context: readonly string[];
}

/** The statement's currency (an ISO 4217 code), from its own money; 'GBP' when nothing says otherwise. */
export function statementCurrency(evidence: CurrencyEvidence): string {
  const heading = evidence.headings.map(currencyMarkOf).find((mark) => mark !== null);
  if (heading) return heading;
  const balances = markedBy(evidence.balances, 0.5);
  if (balances) return balances;
  const amounts = markedBy(evidence.amounts, 0.5);
  if (amounts) return amounts;
  for (const line of evidence.context) {
    const declared = declaredIn(line);
    if (declared) return declared;
  }
  return 'GBP';
}

/**
 * A warning when only the summary's figures carry another currency's mark ('Opening balance $50,000.00 CR')
 * while the table's own headings, balances and amounts carry none and no title names a currency. Too little
 * to refuse the statement on (a summary box may be styled apart from the account), too much to pass over in
 * silence: the reading is kept and says so. Null otherwise.
 */
export function summaryCurrencyWarning(evidence: CurrencyEvidence): string | null {
  if (statementCurrency(evidence) !== 'GBP') return null;
  const marked = evidence.context.flatMap((line) => [...line.matchAll(MARKED_FIGURE)].map((m) => m[0]));
  const mark = marked.length >= 2 ? markedBy(marked, 0.5) : null;
  if (!mark || mark === 'GBP') return null;
  const name = CURRENCY_NAMES[mark];
  return `The statement's summary prints its balances in ${name ? `${name} (${mark})` : mark}, while its transactions print no currency: they were read as pounds. Check that this is a pound account.`;
}

/** The family-facing message for a statement kept in another currency than the pound. */
export function otherCurrencyMessage(code: string): string {
  const name = CURRENCY_NAMES[code];
  return `This statement is in ${name ? `${name} (${code})` : code}. We can only load statements of accounts kept in pounds sterling (GBP), so nothing was loaded from it.`;
}
