import { isAmountAffix, parseAmount } from './amounts';
import { center, height, type Word } from './geometry';
import type { TableLayout } from './rows';

/**
 * The money cells of one row: the words in the money columns' area grouped into amounts (a '£' or sign
 * before a figure, CR / DR / OD or a currency code after it), figures a text layer split by glyph spacing
 * joined, a payment abroad's foreign amount set aside as text, and misprinted figures kept apart as
 * unreadable. Which column each amount belongs to is decided for the whole table (`money-columns.ts`).
 */

interface WordGroup {
  words: Word[];
  /** Whole pounds with thousands separators and a CR/DR mark ('90,350 CR'): a balance printed without pence. */
  whole?: boolean;
}

const FIGURE_CHARS = /^[(+-]?[£$€]?[(+-]?[\d.,]+[)-]?$/;

/**
 * Whether a word looks like a printed figure that is not valid money: mostly digits with misplaced
 * separators or a letter or two in place of digits ('44.079.83', '£40,000,00', '2,540.BB', '1O2.50').
 */
export function looksLikeFigure(text: string): boolean {
  const t = text.replace(/^[£$€(+-]+|[)-]+$|\s*(?:CR|DR|OD)$/gi, '');
  if (!/^\d/.test(t) && !/\d$/.test(t)) return false;
  if (!/^[\dA-Za-z.,' ]+$/.test(t)) return false;
  const digits = (t.match(/\d/g) ?? []).length;
  const letters = (t.match(/[A-Za-z]/g) ?? []).length;
  if (digits < 2 || letters > 2 || digits <= letters) return false;
  // Letters only where a digit belongs ('O', 'B', 'S', 'l', 'I', 'Z'), and some separator: a figure.
  return /^[\dOoBSlIZ.,' ]+$/.test(t) && /[.,' ][\dOoBSlIZ]{2}$/.test(t);
}

/**
 * Joins the pieces of a figure that a text layer split by glyph spacing ('£29,0' '08.92'): two neighbouring
 * words, close together, made only of figure characters, when one of them is not money on its own.
 */
export function joinSplitFigures(words: readonly Word[], allowInteger: boolean): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    const last = out.at(-1);
    if (
      last &&
      FIGURE_CHARS.test(last.text) &&
      FIGURE_CHARS.test(w.text) &&
      w.left - last.right <= (pencePart(last, w) ? 0.9 : 0.6) * Math.max(height(w), height(last)) &&
      (!parseAmount(last.text, { allowInteger }) || !parseAmount(w.text, { allowInteger }))
    ) {
      const joined = `${last.text}${w.text}`;
      const readable = parseAmount(joined, { allowInteger }) !== null;
      // Two pieces that are neither money apart nor together are one misprinted figure ('120 00').
      if (readable || (!parseAmount(last.text, { allowInteger }) && !parseAmount(w.text, { allowInteger }))) {
        out[out.length - 1] = {
          ...last,
          text: readable ? joined : `${last.text} ${w.text}`,
          right: w.right,
          top: Math.min(last.top, w.top),
          bottom: Math.max(last.bottom, w.bottom),
        };
        continue;
      }
    }
    out.push(w);
  }
  return out;
}

/**
 * Pounds and then two digits alone ('120' '00'): the pence of a figure printed with a space for its point. A
 * scan's OCR boxes a word at its glyphs' height, not the font's, and the space with the glyphs' side bearings
 * measures up to about half an em: such a gap is still the figure's own.
 */
const pencePart = (pounds: Word, pence: Word) =>
  /^£?\d[\d,]*$/.test(pounds.text) && /^\d\d$/.test(pence.text);

/** A currency code other than the pound's ('EUR', 'USD', 'CHF'). */
const FOREIGN_CODE = /^(?!GBP$)[A-Z]{3}$/;

/**
 * A payment abroad's foreign amount printed among the money columns, its currency code before it
 * ('EUR 26.11' in a column of its own beside the pound amounts, as Revolut's "Exchange Out" column prints
 * it): a note on the payment, read with its description, never money of the account. Only on a row that
 * also prints money without that code (the pound amount), so an account kept in that currency is read as
 * money.
 */
function foreignAmounts(words: readonly Word[]): Set<Word> {
  const found = new Set<Word>();
  words.forEach((w, i) => {
    const next = words[i + 1];
    const before = words[i - 1];
    // A code printed after a figure ('-$14.90 USD', as an account kept in dollars prints every figure) is
    // that figure's, not a foreign amount's before the next.
    const after =
      before && parseAmount(before.text) !== null && next && w.left - before.right <= next.left - w.right;
    if (next && !after && FOREIGN_CODE.test(w.text) && parseAmount(next.text)) found.add(w).add(next);
  });
  if (!found.size) return found;
  const plain = words.some((w) => !found.has(w) && parseAmount(w.text) !== null);
  return plain ? found : new Set();
}

/** Groups the words in the money area into amounts: optional prefix ('£', '-'), a number, suffixes (CR, OD). */
export function moneyGroups(
  input: readonly Word[],
  allowInteger: boolean,
  layout: TableLayout,
): { groups: WordGroup[]; unreadable: WordGroup[]; text: Word[]; noise: boolean } {
  const words = joinSplitFigures(input, allowInteger);
  const groups: WordGroup[] = [];
  const unreadable: WordGroup[] = [];
  const text: Word[] = [];
  let prefix: Word[] = [];
  let noise = false;
  const foreign = foreignAmounts(words);
  words.forEach((w, i) => {
    if (foreign.has(w)) {
      text.push(w);
      return;
    }
    const affix = isAmountAffix(w.text);
    const last = groups.at(-1);
    if (!affix && parseAmount(w.text, { allowInteger })) {
      groups.push({ words: [...prefix, w] });
      prefix = [];
      return;
    }
    const next = words[i + 1];
    const nextIsNumber = next !== undefined && parseAmount(next.text, { allowInteger }) !== null;
    // A currency code between two figures ('-$14.90 USD  $865.60 USD') goes with the nearer one.
    const nearerBefore =
      affix === 'either' &&
      /^[A-Z]{3}$/i.test(w.text) &&
      last &&
      next &&
      w.left - last.words.at(-1)!.right <= next.left - w.right;
    // 'overdrawn' (an affix after a figure) alone in the money area marks the balance above it (`marksBelow`):
    // no text, no noise.
    if (
      affix === 'after' ||
      (affix === 'either' && last && !prefix.length && (!nextIsNumber || nearerBefore))
    ) {
      if (last) last.words.push(w);
      return;
    }
    if (affix) {
      prefix.push(w);
      return;
    }
    const following = words[i + 1]?.text.toUpperCase().replace(/\.$/, '');
    if (
      /^[£$€]?\d{1,3}(?:,\d{3})+$/.test(w.text) &&
      (following === 'CR' || following === 'DR' || following === 'OD')
    ) {
      groups.push({ words: [...prefix, w], whole: true });
      prefix = [];
      return;
    }
    if (looksLikeFigure(w.text) && center(w) >= layout.moneyStart) {
      unreadable.push({ words: [...prefix, w] });
      prefix = [];
      return;
    }
    if (center(w) >= layout.moneyLeft) noise = true;
    else text.push(w);
  });
  return { groups, unreadable, text, noise };
}
