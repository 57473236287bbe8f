/**
 * The world's currencies as a statement may print them beside its figures: every active ISO 4217 code
 * (list one, the currencies and funds in use; the no-currency and testing codes XXX and XTS left out) and the
 * signs printed before figures. Used by currency.ts (the account's currency) and amounts.ts (a figure with
 * its currency beside it is money).
 *
 * Many codes are also English words or merchants' names ('ALL', 'TOP', 'CUP', 'MOP', 'BOB', 'GEL', 'SOS',
 * 'MAD', 'PEN'): a code outside COMMON_CODES counts only printed in capitals right beside a figure
 * ('CUP 4.50', '4.50 CUP') or in brackets ('Balance (PLN)'), never as a word of a description or a title.
 */

/** Active ISO 4217 codes (including ANG and BGN, still printed on statements of their last months). */
export const ISO_4217_CODES: ReadonlySet<string> = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN ' +
    'BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP ' +
    'GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF ' +
    'KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR ' +
    'MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK ' +
    'SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU ' +
    'UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XUA YER ZAR ' +
    'ZMW ZWG'
  ).split(' '),
);

/**
 * The codes UK accounts are kept in and UK statements print for payments abroad: read wherever they stand
 * as a word ('EUR Statement', 'Balance EUR'), as the reader always has.
 */
export const COMMON_CODES = [
  'GBP',
  'EUR',
  'USD',
  'CHF',
  'AUD',
  'CAD',
  'NZD',
  'JPY',
  'HKD',
  'SGD',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'TRY',
  'AED',
  'ZAR',
  'INR',
  'CNY',
] as const;

/**
 * Signs printed before a figure, longest first ('US$' before '$'): the pound, the euro and the dollar as
 * UK statements print them, the dollars of other countries as Wise and Revolut print them ('A$', 'NZ$'),
 * and the signs of single currencies. '¥' alone is the yen (the yuan prints 'CN¥' or its code); 'kr', shared
 * by three currencies and a word, is left to the codes.
 */
export const CURRENCY_SIGNS: ReadonlyArray<readonly [sign: string, code: string]> = [
  ['US$', 'USD'],
  ['AU$', 'AUD'],
  ['CA$', 'CAD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['SG$', 'SGD'],
  ['MX$', 'MXN'],
  ['CN¥', 'CNY'],
  ['A$', 'AUD'],
  ['C$', 'CAD'],
  ['S$', 'SGD'],
  ['R$', 'BRL'],
  ['zł', 'PLN'],
  ['Kč', 'CZK'],
  ['£', 'GBP'],
  ['€', 'EUR'],
  ['$', 'USD'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['₺', 'TRY'],
  ['₽', 'RUB'],
  ['₪', 'ILS'],
  ['฿', 'THB'],
  ['₱', 'PHP'],
  ['₫', 'VND'],
  ['₦', 'NGN'],
  ['₴', 'UAH'],
  ['₸', 'KZT'],
  ['₾', 'GEL'],
];

const escaped = (s: string) => s.replace(/[$.*+?^()[\]{}|\\]/g, '\\$&');
/** Any sign of CURRENCY_SIGNS (a regular expression source, longest first). */
export const SIGN_SOURCE = CURRENCY_SIGNS.map(([sign]) => escaped(sign)).join('|');
/** Any ISO 4217 code (a regular expression source). */
export const CODE_SOURCE = [...ISO_4217_CODES].join('|');

/** The ISO 4217 code of a currency sign ('€', 'US$'), or null. */
export function codeOfSign(sign: string): string | null {
  return CURRENCY_SIGNS.find(([s]) => s === sign)?.[1] ?? null;
}

/** A word that is an ISO 4217 code as printed (capitals). */
export function isCurrencyCode(word: string): boolean {
  return ISO_4217_CODES.has(word);
}

const COMMON: ReadonlySet<string> = new Set(COMMON_CODES);
/** A code read wherever it stands as a word (COMMON_CODES), not only beside a figure. */
export function isCommonCode(code: string): boolean {
  return COMMON.has(code);
}

/** English names for the family-facing message; other currencies are named by their code. */
export const CURRENCY_NAMES: Readonly<Record<string, string>> = {
  EUR: 'euros',
  USD: 'US dollars',
  CHF: 'Swiss francs',
  AUD: 'Australian dollars',
  CAD: 'Canadian dollars',
  NZD: 'New Zealand dollars',
  JPY: 'Japanese yen',
  HKD: 'Hong Kong dollars',
  SGD: 'Singapore dollars',
  SEK: 'Swedish kronor',
  NOK: 'Norwegian kroner',
  DKK: 'Danish kroner',
  PLN: 'Polish złoty',
  CZK: 'Czech koruna',
  HUF: 'Hungarian forint',
  RON: 'Romanian lei',
  TRY: 'Turkish lira',
  AED: 'UAE dirhams',
  ZAR: 'South African rand',
  INR: 'Indian rupees',
  CNY: 'Chinese yuan',
  BRL: 'Brazilian reais',
  MXN: 'Mexican pesos',
  KRW: 'South Korean won',
  ILS: 'Israeli new shekels',
  THB: 'Thai baht',
  PHP: 'Philippine pesos',
  RUB: 'Russian roubles',
  UAH: 'Ukrainian hryvnias',
  MAD: 'Moroccan dirhams',
  BGN: 'Bulgarian lev',
  ISK: 'Icelandic krónur',
};
