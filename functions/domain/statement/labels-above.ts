import { isAmountAffix, parseAmount } from './amounts';
import { joinSplitFigures, looksLikeFigure } from './figures';
import type { Row, Word } from './geometry';

/**
 * Summary boxes that print each label above its value (stage 4, what the statement prints outside its
 * table, `context.ts`): a line of labels over a line of figures, and a label over the date under it.
 */

/** A currency sign printed alone ('£', '(£)', '€'). */
const LONE_SIGN = /^\(?[£€$]\)?$/;
const isFigure = (w: Word) =>
  parseAmount(w.text) !== null || isAmountAffix(w.text) !== null || looksLikeFigure(w.text);
/**
 * A numeric date standing in a line of figures under its own label ('Payment due date' over '11/11/25' beside
 * 'Closing balance' over '£1,431.71', as Sainsbury's Bank and Santander print their summary boxes) is read
 * with its label as a figure is ('Statement date 14/11/25'), and is no reason to leave the line unread.
 */
const NUMERIC_DATE = /^\d{1,2}[/.-]\d{1,2}[/.-](?:\d{2}|\d{4})$/;
/** A figure that is money by its form: pence after a point, or a currency sign. */
const MONEY_LIKE = /\d[.,]\d{2}\)?$|[£€$]/;

/**
 * A summary box that prints each label above its figure ('Balance on 01 March 2025' over '£2,364.50',
 * 'Opening balance' over '£2,218.40', side by side): a line of labels without figures directly above a line
 * of figures. Each figure is read with the label above it, as one line of its own. The line of figures may
 * start with the name of what they sum up, left of every figure, as a table of balances does (Revolut:
 * 'Product | Opening balance | Money out | Money in | Closing balance' over 'Account (Current Account) |
 * £420.00 | …').
 */
export function labelsAbove(rows: readonly Row[]): Row[] {
  const out: Row[] = [];
  rows.forEach((row, i) => {
    const below = rows[i + 1];
    // A label may end in the currency its figure is in ('Previous Balance £' over '1,265.30', as American
    // Express prints its account summary): a currency sign alone is the label's, not a figure.
    if (!below || below.page !== row.page || row.words.some((w) => isFigure(w) && !LONE_SIGN.test(w.text)))
      return;
    const lineHeight = row.bottom - row.top;
    // Figures split by glyph spacing ('£1,5 67.89') are joined first.
    const figures = joinSplitFigures(below.words, false);
    if (below.top - row.bottom > 2 * lineHeight) return;
    // A title's line may run on level with the box ('Flex statement' beside the labels, the period '15
    // December 2025 - 14 January 2026' beside the figures): where the line prints money (pence or a currency
    // sign), the box starts at its first money figure, the day and year numbers left of it the row's name.
    const money = figures.filter((w) => isFigure(w) && MONEY_LIKE.test(w.text));
    const firstFigure = Math.min(...(money.length ? money : figures.filter(isFigure)).map((w) => w.left));
    if (
      !Number.isFinite(firstFigure) ||
      figures.some((w) => !isFigure(w) && !NUMERIC_DATE.test(w.text) && w.right > firstFigure)
    )
      return;
    // The labels: runs of words a wide gap apart.
    const labels: Word[][] = [];
    for (const w of row.words) {
      const last = labels.at(-1);
      if (last && w.left - last.at(-1)!.right < 1.5 * lineHeight) last.push(w);
      else labels.push([w]);
    }
    figures.forEach((figure, k) => {
      if (figure.left < firstFigure) return;
      const date = NUMERIC_DATE.test(figure.text);
      if (!date && parseAmount(figure.text) === null && !looksLikeFigure(figure.text)) return;
      if (isAmountAffix(figure.text)) return;
      const centre = (figure.left + figure.right) / 2;
      const label = labels.find(
        (l) =>
          (figure.left < l.at(-1)!.right && figure.right > l[0]!.left) ||
          (centre > l[0]!.left && centre < l.at(-1)!.right),
      );
      if (!label) return;
      // The marks printed beside the figure go with it ('£45.00 OD', '( £45.00 )', '- £45.00').
      let from = k;
      while (from > 0 && /^(?:before|either)$/.test(isAmountAffix(figures[from - 1]!.text) ?? '')) from--;
      let to = k;
      while (to + 1 < figures.length && /^(?:after|either)$/.test(isAmountAffix(figures[to + 1]!.text) ?? ''))
        to++;
      out.push({ ...row, words: [...label, ...figures.slice(from, to + 1)] });
    });
  });
  return out;
}

/**
 * The words directly under a label, starting level with its first word (`at`, the line's first word unless
 * given) and running to the next wide gap: 'Statement date' over '13 June 25', and in a row of cells
 * ('Statement date | Statement no.' over '11/01/26 | 84', the address beside them) the cell under it alone.
 */
export function valueUnder(label: Row, below: Row | undefined, at: Word = label.words[0]!): Word[] | null {
  if (!below || below.page !== label.page) return null;
  const h = label.bottom - label.top;
  if (below.top - label.bottom > h) return null;
  const start = below.words.findIndex((w) => Math.abs(w.left - at.left) <= h);
  if (start < 0) return null;
  const run = [below.words[start]!];
  for (const w of below.words.slice(start + 1)) {
    if (w.left - run.at(-1)!.right >= 1.5 * h) break;
    run.push(w);
  }
  return run;
}
