import { isAmountAffix, type ParsedAmount, parseAmount } from './amounts';
import { findDatesWithYear, findPeriod, type PartialDate, parseLeadingDate, toIso } from './dates';
import { type Row, rowText } from './geometry';
import { recogniseInstitution } from './institutions';

/**
 * What a statement says outside its transaction table: who issued it, the period, summary-box balances
 * ('Opening balance £1,234.56', 'Previous balance', 'Balance on 1 January 2025') and credit-card wording.
 */
export interface SummaryBalance {
  amount: ParsedAmount;
  /** For 'Balance on <date>' boxes: the date, to tell the opening from the closing one. */
  date: string | null;
}

export interface StatementContext {
  institution: string | null;
  period: { start: string; end: string } | null;
  /** Dates with a year printed outside the table, in reading order. */
  datedText: string[];
  opening: SummaryBalance | null;
  closing: SummaryBalance | null;
  dated: SummaryBalance[];
  cardWording: boolean;
}

export const OPENING_LABEL =
  /\b(?:opening balance|previous balance|start(?:ing)? balance|beginning balance|balance brought forward|brought forward|balance b\/f|balance from (?:your )?(?:last|previous) statement|last statement balance)\b/i;
export const CLOSING_LABEL =
  /\b(?:closing balance|new balance|end(?:ing)? balance|balance carried forward|carried forward|balance c\/f)\b/i;
const DATED_LABEL = /\bbalance (?:on|at|as at|as of)\b/i;
const CARD_WORDING =
  /\b(?:credit card|credit limit|minimum payment|payment due|available credit|cardmember|card member|membership number|card number ending|purchase rate)\b/i;

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
  text: string,
  label: RegExp,
  allowInteger: boolean,
): { amount: ParsedAmount; date: PartialDate | null } | null {
  const m = label.exec(text);
  if (!m) return null;
  // Word index just after the label.
  const before = text.slice(0, m.index + m[0].length).trim();
  const after = words.slice(before ? before.split(/\s+/).length : 0);
  const leading = parseLeadingDate(after);
  const rest = leading ? after.slice(leading.used) : after;
  // Stop at the next label on the same line ('Opening balance £1.00  Closing balance £2.00').
  const stop = rest.findIndex((_, i) => {
    if (i === 0) return false;
    const tail = rest.slice(i).join(' ');
    return [OPENING_LABEL, CLOSING_LABEL, DATED_LABEL].some((l) => l.exec(tail)?.index === 0);
  });
  const amount = firstAmount(stop >= 0 ? rest.slice(0, stop) : rest, allowInteger);
  return amount ? { amount, date: leading?.date ?? null } : null;
}

/** Reads the rows outside the transaction table (reading order). */
export function readContext(rows: readonly Row[], allowInteger: boolean): StatementContext {
  const lines = rows.map(rowText);
  const context: StatementContext = {
    institution: recogniseInstitution(lines),
    period: null,
    datedText: [],
    opening: null,
    closing: null,
    dated: [],
    cardWording: false,
  };
  lines.forEach((text, i) => {
    const words = rows[i]!.words.map((w) => w.text);
    context.period ??= findPeriod(text);
    context.datedText.push(...findDatesWithYear(text));
    if (CARD_WORDING.test(text)) context.cardWording = true;
    if (!context.opening) {
      const found = labelledAmount(words, text, OPENING_LABEL, allowInteger);
      if (found) context.opening = { amount: found.amount, date: null };
    }
    if (!context.closing) {
      const found = labelledAmount(words, text, CLOSING_LABEL, allowInteger);
      if (found) context.closing = { amount: found.amount, date: null };
    }
    const dated = labelledAmount(words, text, DATED_LABEL, allowInteger);
    if (dated?.date?.year) {
      context.dated.push({ amount: dated.amount, date: toIso(dated.date, dated.date.year) });
    }
  });
  return context;
}
