import { descriptionTokens } from './merchants';

/**
 * The merchant a statement line names, as a display name (spec 2 §3 merchant_name), from the description
 * alone. UK banks print card purchases with terminal noise around the trading name: a payment-method prefix
 * ('CARD PAYMENT TO', 'CONTACTLESS', 'POS', 'VIS', 'DD', 'BILL PAYMENT TO'...), the card number, the date
 * (and 'ON 12/03'), a store number, the town, the country ('GBR', 'GB'), a currency conversion, '(pending)'
 * and contactless marks (')))'). Payment facilitators put the trading name after a star ('PAYPAL *EBAY',
 * 'SQ *THE COFFEE HOUSE', 'SUMUP *', 'IZ *', 'ZTL*'); others put a reference after it ('AMAZON.CO.UK*AB12C').
 *
 * The rules, in order: cut '(pending)' and contactless marks; take the facilitator's trading name; drop a
 * reference after a star; drop the payment-method prefix; cut at the first date, card number, amount or
 * store number (a word with digits), at 'ON', 'REF', 'FOR' or 'VIA', and at a wide gap (banks pad the name
 * and the town into fixed columns); drop a trailing country, web suffixes ('.CO.UK', '.COM', 'WWW.') and
 * 'LTD'/'LIMITED'/'PLC'; title-case what is left. A known merchant's own name is preferred by the caller
 * (categorise: the dictionary name, e.g. 'Tesco' for 'TESCO STORES 3217').
 */

const PENDING = /\(\s*pending\s*\)|\bpending\b/gi;
const CONTACTLESS_MARKS = /\){2,}|\({2,}/g;
const FACILITATORS =
  /^(?:.*?\b)?(?:PAYPAL|PP|SQ|SUMUP|GOOGLE|GOOGLE PAY|IZ|IZETTLE|ZTL|ZETTLE|SP|STRIPE|WORLDPAY|CRV|GOCARDLESS)\s*\*\s*(.+)$/i;

/** Payment-method words UK banks print before the trading name (longest first). */
const PREFIXES = [
  'CARD PAYMENT TO',
  'CARD PURCHASE AT',
  'CARD PURCHASE',
  'CARD PAYMENT',
  'DEBIT CARD PAYMENT TO',
  'DEBIT CARD PURCHASE',
  'DEBIT CARD',
  'CONTACTLESS PAYMENT TO',
  'CONTACTLESS PAYMENT',
  'CONTACTLESS',
  'DIRECT DEBIT PAYMENT TO',
  'DIRECT DEBIT TO',
  'DIRECT DEBIT',
  'STANDING ORDER TO',
  'STANDING ORDER',
  'BILL PAYMENT TO',
  'BILL PAYMENT',
  'FASTER PAYMENT TO',
  'FASTER PAYMENT',
  'MOBILE PAYMENT TO',
  'ONLINE PAYMENT TO',
  'PAYMENT TO',
  'PURCHASE AT',
  'PURCHASE',
  'APPLE PAY',
  'GOOGLE PAY',
  'CHIP AND PIN',
  'POS',
  'VIS',
  'VISA',
  'DEB',
  'DD',
  'SO',
  'FPO',
  'FP',
  'BGC',
  'TFR',
  'CPT',
  'CD',
  'C/L',
  'CL',
];
const PREFIX = new RegExp(
  `^(?:(?:${PREFIXES.map((p) => p.replace(/[/]/g, '\\/').replace(/ /g, '\\s+')).join('|')})\\b[\\s:-]*)+`,
  'i',
);

/**
 * Payment-type codes UK statements print before an entry's details, in a column of their own or run into the
 * description (HSBC: ')))', BP, CR, DD, DR, SO, TFR, VIS, ATM, CHQ, OBP; Lloyds, Halifax, TSB: BGC, BP, CHG,
 * CHQ, COR, CPT, CSH, DD, DEB, DEP, FPI, FPO, IB, INT, MPI, MPO, SO, TFR; others: STO, POS, C/L, D/D, S/O).
 */
export const PAYMENT_TYPE_CODES: ReadonlySet<string> = new Set([
  ')))',
  'ATM',
  'BAC',
  'BACS',
  'BGC',
  'BP',
  'C/L',
  'CHG',
  'CHQ',
  'COR',
  'CPT',
  'CR',
  'CSH',
  'D/D',
  'DD',
  'DEB',
  'DEP',
  'DR',
  'FPI',
  'FPO',
  'IB',
  'IBP',
  'INT',
  'MPI',
  'MPO',
  'OBP',
  'POS',
  'S/O',
  'SO',
  'STO',
  'TFR',
  'VIS',
]);

/**
 * The payment-type code an entry starts with and what follows it ('BP GRACE KELLY' → BP, 'GRACE KELLY'), or
 * null when it starts with none or nothing follows the code. Whether the code is a code or the start of a
 * name ('BP CONNECT', 'SO ENERGY') is the caller's to judge (category-rules.ts withoutTypeCode).
 */
export function leadingTypeCode(description: string): { code: string; rest: string } | null {
  const match = /^\s*(\){3}|[A-Z]{2,4}|[A-Z]\/[A-Z])(?=\s|$)\s*(.*)$/is.exec(description);
  if (!match) return null;
  const code = match[1]!.toUpperCase();
  const rest = match[2]!.trim();
  return PAYMENT_TYPE_CODES.has(code) && rest ? { code, rest } : null;
}

const STOP_WORDS = new Set(['ON', 'CD', 'REF', 'REFERENCE', 'FOR', 'VIA', 'AT', 'CARD', 'GBP', 'EUR', 'USD']);
const COUNTRIES = new Set([
  'GBR',
  'GB',
  'UK',
  'IRL',
  'IE',
  'USA',
  'US',
  'LUX',
  'NLD',
  'DEU',
  'FRA',
  'ESP',
  'IRE',
]);
/**
 * Towns and cities banks print after the trading name (the larger UK places, and London districts common on
 * card lines): dropped from the end of a name so one merchant's shops in different towns group together.
 */
const PLACES = new Set(
  `LONDON MANCHESTER BIRMINGHAM LEEDS GLASGOW SHEFFIELD BRADFORD EDINBURGH LIVERPOOL BRISTOL CARDIFF COVENTRY
  LEICESTER NOTTINGHAM BELFAST NEWCASTLE SUNDERLAND BRIGHTON HULL PLYMOUTH STOKE WOLVERHAMPTON DERBY SWANSEA
  SOUTHAMPTON PORTSMOUTH SALFORD ABERDEEN WESTMINSTER READING LUTON YORK OXFORD CAMBRIDGE NORWICH EXETER BATH
  MILTON KEYNES NORTHAMPTON DUNDEE PRESTON BOLTON BOURNEMOUTH POOLE SWINDON PETERBOROUGH IPSWICH CROYDON
  WATFORD SLOUGH GLOUCESTER CHELTENHAM WORCESTER LINCOLN CHESTER CARLISLE DURHAM WAKEFIELD HUDDERSFIELD
  HALIFAX BLACKPOOL BLACKBURN BURNLEY WIGAN WARRINGTON STOCKPORT OLDHAM ROCHDALE CREWE TELFORD SHREWSBURY
  HEREFORD COLCHESTER CHELMSFORD BASILDON SOUTHEND CANTERBURY MAIDSTONE GUILDFORD WOKING CRAWLEY EASTBOURNE
  HASTINGS WORTHING CHICHESTER WINCHESTER BASINGSTOKE NEWBURY TAUNTON TRURO TORQUAY INVERNESS STIRLING PERTH
  PAISLEY NEWPORT WREXHAM BANGOR DERRY LISBURN HARROGATE SCARBOROUGH DONCASTER ROTHERHAM BARNSLEY GRIMSBY
  MIDDLESBROUGH DARLINGTON GATESHEAD STEVENAGE HEMEL HEMPSTEAD HIGH WYCOMBE AYLESBURY BEDFORD KETTERING CORBY
  MANSFIELD CHESTERFIELD LOUGHBOROUGH NUNEATON RUGBY SOLIHULL WALSALL DUDLEY REDDITCH KIDDERMINSTER
  ISLINGTON CAMDEN HACKNEY LAMBETH SOUTHWARK GREENWICH LEWISHAM BRIXTON CLAPHAM STRATFORD WIMBLEDON
  KENSINGTON CHELSEA FULHAM HAMMERSMITH EALING HOUNSLOW RICHMOND KINGSTON BROMLEY ENFIELD BARNET HARROW
  WEMBLEY ROMFORD ILFORD SHOREDITCH SOHO HOLBORN CITY`.split(/\s+/),
);
const COMPANY_WORDS = new Set(['LTD', 'LIMITED', 'PLC', 'LLP', 'INC', 'CO']);
const MONTHS = /^(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC)$/;
const SMALL = new Set(['and', 'of', 'the', 'at', 'on', 'for', 'a', 'de', 'in']);

function titleCase(words: readonly string[]): string {
  return words
    .map((w, i) => {
      const lower = w.toLowerCase();
      if (i > 0 && SMALL.has(lower)) return lower;
      if (w === '&') return w;
      // Short all-consonant words are initials (BP, TFL, NCP, KFC, HMV); keep them upper case.
      if (/^[A-Z]{2,4}$/.test(w) && !/[AEIOUY]/.test(w)) return w;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

/**
 * The cleaned trading name of a description, title-cased ('CARD PAYMENT TO COSTA COFFEE 43012 ON 12/03
 * LEEDS GBR' → 'Costa Coffee'), or null when nothing of a name is left (e.g. 'CASH 12MAR').
 */
export function extractMerchantName(description: string | null | undefined): string | null {
  const words = merchantWords(description);
  return words.length ? titleCase(words.slice(0, 6)) : null;
}

/**
 * The text that names the trading party: for a payment facilitator's line ('PAYPAL *EBAY ...', 'SQ *THE
 * COFFEE HOUSE'), what follows the star; else the description.
 */
export function tradingText(description: string | null | undefined): string {
  const text = (description ?? '').replace(PENDING, ' ').replace(CONTACTLESS_MARKS, ' ').trim();
  return FACILITATORS.exec(text)?.[1] ?? text;
}

function merchantWords(description: string | null | undefined): string[] {
  let text = tradingText(description);
  if (!text) return [];
  text = text.replace(/\*.*$/, ' ');
  text = text.replace(/\b(?:WWW\.)/gi, '').replace(/\.(?:CO\.UK|COM|ORG\.UK|ORG|NET|UK|IO)\b/gi, ' ');
  text = text.replace(PREFIX, '');
  // A wide gap separates the trading name from the town on fixed-column statements; some banks separate the
  // card number and date, the name and the town with commas ('1234 12MAR26 , TESCO STORES , LONDON GB').
  const columns = text.split(/\s{3,}|\t|\s,\s?|,\s/);
  const named = columns.find((c) =>
    descriptionTokens(c.replace(PREFIX, '')).some((t) => /^[A-Z]{2,}$/.test(t)),
  );
  const tokens = descriptionTokens((named ?? '').replace(PREFIX, '').replace(/[.]/g, ' '));
  // Leading card numbers, dates and single-letter markers ('1234 12MAR26 C') come before the name.
  while (
    tokens.length &&
    (/\d/.test(tokens[0]!) || (/^[A-Z]$/.test(tokens[0]!) && /\d/.test(tokens[1] ?? '')))
  )
    tokens.shift();
  const words: string[] = [];
  for (const [i, token] of tokens.entries()) {
    if (/\d/.test(token)) break; // dates, card numbers, store numbers, amounts, references
    if (MONTHS.test(token) && i > 0 && /\d/.test(tokens[i + 1] ?? '')) break;
    if (words.length && STOP_WORDS.has(token)) break;
    words.push(token);
  }
  const trailing = (w: string) => COUNTRIES.has(w) || COMPANY_WORDS.has(w) || PLACES.has(w);
  while (words.length > 1 && trailing(words.at(-1)!)) words.pop();
  if (words.length === 1 && (COUNTRIES.has(words[0]!) || COMPANY_WORDS.has(words[0]!))) words.pop();
  while (words.length && words[0] === '&') words.shift();
  return words;
}
