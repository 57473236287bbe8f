import { isAmountAffix } from './amounts';
import { parseLeadingDate } from './dates';
import { height, type Row, type Word } from './geometry';
import { endsInMoney } from './layout';

/**
 * Card tables printed side by side (stage 1, `layout.ts`): the page's lines cut where a second column of
 * entries starts, the right half read after the left under the same columns.
 */

/**
 * Transactions printed in two columns side by side on a page (a card statement's newspaper layout: 'date,
 * description, amount' on the left half and again on the right half of the same lines). When three or more
 * lines hold a second entry starting with a date right after a figure, at the same place, the lines from
 * there are cut at that place and the right half is read after the left half, moved under it, so both
 * halves share one set of columns. Lines across the cut (a box under the table) end the side-by-side band.
 * `origin` maps each half (and each moved line) to the printed line. With `after`, the cut lies right of it
 * (the headings' last money column, when headings stand over the left half only).
 */
export function sideBySide(rows: readonly Row[], origin: Map<Row, Row>, after = 0): Row[] {
  const out: Row[] = [];
  const pages = [...new Set(rows.map((r) => r.page))];
  const startsOf = new Map<number, Array<{ row: number; word: Word; first: Word }>>();
  for (const page of pages) {
    const starts: Array<{ row: number; word: Word; first: Word }> = [];
    rows
      .filter((r) => r.page === page)
      .forEach((row, index) => {
        const words = row.words;
        if (!parseLeadingDate(words.slice(0, 4).map((w) => w.text))) return;
        for (let i = 2; i < words.length; i++) {
          if (
            words[i]!.left > after &&
            endsInMoney(words, i - 1) &&
            parseLeadingDate(words.slice(i, i + 4).map((w) => w.text))
          ) {
            starts.push({ row: index, word: words[i]!, first: words[0]! });
            return;
          }
        }
      });
    startsOf.set(page, starts);
  }
  // A page whose right half holds only one or two entries (the last page) is cut where the other pages are.
  const all = [...startsOf.values()].flat().map((s) => s.word.left);
  const sameCut = all.length >= 3 && Math.max(...all) - Math.min(...all) <= 0.02;
  for (const page of pages) {
    const pageRows = rows.filter((r) => r.page === page);
    const starts = startsOf.get(page) ?? [];
    const lefts = starts.map((s) => s.word.left);
    if (
      !starts.length ||
      (!sameCut && (starts.length < 3 || Math.max(...lefts) - Math.min(...lefts) > 0.02))
    ) {
      out.push(...pageRows);
      continue;
    }
    const cut = Math.min(...lefts) - 0.002;
    const shift = cut - Math.min(...starts.map((s) => s.first.left)) + 0.002;
    // The columns' first lines may hold no entry on the left (the previous balance, or a cardholder's name and
    // reference over the rows, as Barclaycard prints them) beside an entry on the right: such a line, its
    // right half starting with a date at the cut and no word across it, is in the band.
    let from = starts[0]!.row;
    while (from > 0 && startsAtCut(pageRows[from - 1]!.words, cut)) from--;
    let to = from;
    while (to < pageRows.length && !pageRows[to]!.words.some((w) => w.left < cut && w.right > cut)) to++;
    const band = pageRows.slice(from, to);
    const offset = band.at(-1)!.bottom - band[0]!.top + 2 * height(band[0]!);
    const lower = (row: Row, words: Word[]): Row => {
      const moved: Row = {
        page: row.page,
        top: row.top + offset,
        bottom: row.bottom + offset,
        words: words.map((w) => ({ ...w, top: w.top + offset, bottom: w.bottom + offset })),
      };
      origin.set(moved, row);
      return moved;
    };
    // The halves need not be equally wide: the right half's figures are moved under the left half's.
    const figures = (words: readonly Word[]) =>
      words.filter((w, i) => endsInMoney(words, i) && !isAmountAffix(w.text));
    const leftFigures = band.flatMap((r) => figures(r.words.filter((w) => w.left < cut)));
    const rightFigures = band.flatMap((r) => figures(r.words.filter((w) => w.left >= cut)));
    const figureShift =
      leftFigures.length && rightFigures.length
        ? Math.max(...rightFigures.map((w) => w.right)) - Math.max(...leftFigures.map((w) => w.right))
        : shift;
    const figureStart = rightFigures.length ? Math.min(...rightFigures.map((w) => w.left)) : 1;
    out.push(...pageRows.slice(0, from));
    const right: Row[] = [];
    for (const row of band) {
      const leftWords = row.words.filter((w) => w.left < cut);
      const rightWords = row.words
        .filter((w) => w.left >= cut)
        .map((w) => {
          const by = w.left >= figureStart - 0.002 ? figureShift : shift;
          return { ...w, left: w.left - by, right: w.right - by };
        });
      if (leftWords.length) {
        const half: Row = { ...row, words: leftWords };
        origin.set(half, row);
        out.push(half);
      }
      if (rightWords.length) right.push(lower(row, rightWords));
    }
    out.push(...right, ...pageRows.slice(to).map((row) => lower(row, row.words)));
  }
  return out;
}

/** A line whose words right of the cut start with a date at the cut, none running across it. */
function startsAtCut(words: readonly Word[], cut: number): boolean {
  if (words.some((w) => w.left < cut && w.right > cut)) return false;
  const right = words.filter((w) => w.left >= cut);
  if (!right.length || right[0]!.left - cut > 0.01 || right.length === words.length) return false;
  return parseLeadingDate(right.slice(0, 4).map((w) => w.text)) !== null;
}
