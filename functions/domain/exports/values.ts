import { parseAmount } from '../statement/amounts';

/**
 * Dates and amounts as exports write them.
 *
 * Dates: '15/01/2024', '15/01/24', '15-01-2024', '15.01.2024' (day first, as UK banks write them), ISO
 * '2024-01-15' with or without a time ('2024-01-15 10:23:45', '2024-01-15T10:23:45Z'), '15 Jan 2024',
 * '15 January 2024', '15-Jan-24', and QIF's '1/15'24'. A numeric date whose order the file cannot tell
 * (every day and month 12 or under) is read in the order given, day first by default.
 *
 * Amounts: '1,234.56', '£1,234.56', '-12.50', '−12.50', '(12.50)', '12.50-', '12.50 DR', '12.50CR', '+12.50',
 * '12.5', '12', in whole pence.
 */
export type DateOrder = 'dmy' | 'mdy';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const NUMERIC =
  /^(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*(?:[/.-]|')\s*(\d{4}|\d{2})(?:\s+\d{1,2}:\d{2}(?::\d{2})?)?$/;
const NAMED = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([A-Za-z]{3,9})\.?,?[\s-]+(\d{4}|\d{2})$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})/;

/** The two numbers of a numeric date, before it is put in order (null for other forms). */
export function numericDateParts(text: string): [number, number] | null {
  const m = NUMERIC.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The order of a file's numeric dates: 'dmy' or 'mdy' when some date settles it, 'ambiguous' when none
 * does (every number 12 or under), 'mixed' when dates disagree (a file that is not one table), 'none' when
 * no date is numeric.
 */
export function dateOrderOf(texts: readonly string[]): DateOrder | 'ambiguous' | 'mixed' | 'none' {
  let dayFirst = false;
  let monthFirst = false;
  let numeric = false;
  for (const text of texts) {
    const parts = numericDateParts(text);
    if (!parts) continue;
    numeric = true;
    if (parts[0] > 12) dayFirst = true;
    if (parts[1] > 12) monthFirst = true;
  }
  if (!numeric) return 'none';
  if (dayFirst && monthFirst) return 'mixed';
  if (dayFirst) return 'dmy';
  if (monthFirst) return 'mdy';
  return 'ambiguous';
}

/** 'YYYY-MM-DD', or null when the text is not a date (or not a real day). */
export function parseExportDate(text: string, order: DateOrder = 'dmy'): string | null {
  const t = text.trim();
  let m = ISO.exec(t);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = NUMERIC.exec(t);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    const year = fullYear(m[3]!);
    return order === 'dmy' ? isoDate(year, b, a) : isoDate(year, a, b);
  }
  m = NAMED.exec(t);
  if (m) {
    const name = m[2]!.toLowerCase();
    const month = name.length === 3 || name === 'sept' ? MONTHS[name] : FULL_MONTHS.indexOf(name) + 1;
    if (!month) return null;
    return isoDate(fullYear(m[3]!), month, Number(m[1]));
  }
  return null;
}

const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** OFX dates: 'YYYYMMDD', optionally followed by a time and a zone ('20240115120000.000[-5:EST]'). */
export function parseOfxDate(text: string): string | null {
  const m = COMPACT.exec(text.trim());
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function fullYear(text: string): number {
  const n = Number(text);
  if (text.length === 4) return n;
  return n < 70 ? 2000 + n : 1900 + n;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 2999) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface ExportAmount {
  /** Signed pence: negative for '-', brackets and DR. */
  pence: number;
  /** The marker printed with it: 'CR' and 'DR' let a reader tell a card's payment from its charge. */
  marker: 'CR' | 'DR' | null;
}

/**
 * One amount cell, in signed pence; null when the cell is empty or not money. Thousands separators, '£',
 * 'GBP', a leading or trailing minus, brackets and DR/CR are read; one decimal ('12.5', as OFX and QIF may
 * write) and whole pounds ('12') are too, and further zero decimals ('12.500').
 */
export function parseExportAmount(text: string): ExportAmount | null {
  let t = text.trim().replace(/^'/, '');
  if (!t) return null;
  t = t
    .replace(/(\.\d)(?=\s*(?:CR|DR|D|-|\))?\s*$)/i, '$10')
    .replace(/(\.\d{2})0+(?=\s*(?:CR|DR|D|-|\))?\s*$)/i, '$1');
  const parsed = parseAmount(t, { allowInteger: true });
  if (!parsed) return null;
  const marker =
    parsed.marker === 'CR' ? 'CR' : parsed.marker === 'DR' || parsed.marker === 'D' ? 'DR' : null;
  return { pence: parsed.negative ? -parsed.pence : parsed.pence, marker };
}
