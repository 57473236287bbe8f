import { isAmountAffix, parseAmount } from './amounts';
import { parseLeadingDate } from './dates';
import { joinSplitFigures } from './figures';
import { height, type Row, rowText, textsOf, type Word } from './geometry';
import { detectHeader } from './header';
import type { Column, ColumnKind } from './heading-words';
import { type TableLayout, tableLayout } from './rows';

/**
 * Stage 1, layout: where the transaction table is on each page. Segments run from each heading row to the
 * next (or the page end); a page without headings continues the last table; a statement without readable
 * headings takes its columns from where the figures stand; card tables printed side by side are cut into
 * halves; lines repeated at the top or foot of every page are page furniture.
 */

export interface Segment {
  layout: TableLayout;
  rows: Row[];
}

/**
 * Page-footer text ('Page 2 of 4', 'Continued on next page', the bank's registered office and regulator lines
 * printed at the foot of each page): never a transaction's description. The regulators and deposit schemes
 * include those of the Crown Dependencies, whose banks (Lloyds Bank International, Santander International,
 * Isle of Man Bank) print them: the Jersey and Guernsey Financial Services Commissions, the Isle of Man
 * Financial Services Authority, the Jersey Bank Depositors, Guernsey Banking Deposit and Isle of Man
 * Depositors' Compensation Schemes; and a company registered in Northern Ireland, Wales, Jersey, Guernsey or
 * the Isle of Man.
 */
export const FOOTER =
  /\b(?:page \d+(?: of \d+)?|continued|overleaf|(?:please )?turn over|registered (?:in (?:england|scotland|northern ireland|wales|jersey|guernsey|(?:the )?isle of man)|office|number|no\b)|authori[sz]ed by the (?:prudential|pra\b|fca\b|financial)|prudential regulation authority|financial conduct authority|regulated by the (?:fca|pra)|financial services (?:register|compensation scheme|commission|authority)|firm reference number|deposit(?:or)?s?'? compensation scheme)/i;

/**
 * Table segments: from each heading to the next (or the page's end); a page without headings continues the
 * last table.
 */
export function findSegments(
  rows: readonly Row[],
  dateless = false,
): {
  segments: Segment[];
  headingRows: Map<Row, TableLayout>;
} {
  const segments: Segment[] = [];
  const headingRows = new Map<Row, TableLayout>();
  const pages = [...new Set(rows.map((r) => r.page))];
  let layout: TableLayout | null = null;
  type Start = { index: number; used: number; layout: TableLayout };
  const byPage = pages.map((page) => {
    const pageRows = rows.filter((r) => r.page === page);
    const starts: Start[] = [];
    for (let i = 0; i < pageRows.length; i++) {
      const found = detectHeader(pageRows, i, dateless);
      if (!found) continue;
      const start = { index: i, used: found.rows, layout: tableLayout(found.header.columns) };
      starts.push(start);
      for (let k = 0; k < found.rows; k++) headingRows.set(pageRows[i + k]!, start.layout);
      i += found.rows - 1;
    }
    return { pageRows, starts };
  });
  // A page whose heading the scan misread ('Paid' over 'out' boxed as one word and read 'Paic', or the
  // second line of one column lost) reads its rows under the heading another page repeats, where its
  // heading row's words stand, when that one names more columns.
  const columnsOf = (layout: TableLayout) => layout.columns.length;
  const fullest = byPage
    .flatMap((p) => p.starts.slice(0, 1).map((start) => ({ ...p, start })))
    .sort((a, b) => columnsOf(b.start.layout) - columnsOf(a.start.layout))[0];
  for (const page of byPage) {
    const { pageRows, starts } = page;
    if (!fullest || page.pageRows === fullest.pageRows) continue;
    const { start } = fullest;
    const heading = fullest.pageRows.slice(start.index, start.index + start.used).flatMap((r) => r.words);
    const first = starts[0];
    if (first) {
      if (columnsOf(first.layout) >= columnsOf(start.layout)) continue;
      const rows = pageRows.slice(first.index, first.index + first.used);
      if (!rows.some((r) => repeatsHeading(r, heading))) continue;
      first.layout = start.layout;
      for (const r of rows) headingRows.set(r, start.layout);
      continue;
    }
    const index = pageRows.findIndex((r) => repeatsHeading(r, heading));
    if (index < 0) continue;
    starts.push({ index, used: 1, layout: start.layout });
    headingRows.set(pageRows[index]!, start.layout);
  }
  for (const { pageRows, starts } of byPage) {
    if (!starts.length) {
      if (layout) segments.push({ layout, rows: pageRows });
      continue;
    }
    starts.forEach((start, k) => {
      const end = starts[k + 1]?.index ?? pageRows.length;
      segments.push({ layout: start.layout, rows: pageRows.slice(start.index + start.used, end) });
    });
    layout = starts.at(-1)!.layout;
  }
  return { segments, headingRows };
}

/**
 * Whether a row is a statement's table heading as another page prints it: no figures, every word standing
 * over a word of that heading, and at least three of them that heading's words where it prints them.
 */
function repeatsHeading(row: Row, heading: readonly Word[]): boolean {
  if (row.words.some((w) => /\d/.test(w.text))) return false;
  const same = row.words.filter((w) =>
    heading.some(
      (h) => h.text.toLowerCase() === w.text.toLowerCase() && Math.abs(h.left - w.left) < height(w),
    ),
  );
  return (
    same.length >= 3 && row.words.every((w) => heading.some((h) => w.left < h.right && w.right > h.left))
  );
}

/**
 * A table whose headings cannot be read (a scan's garbled heading row, a template without one): its columns
 * are taken from where the figures stand. Rows that start with a date and end in money are the table's
 * rows; their figures form columns by their right edges (figures are right-aligned): three or more columns
 * of figures are money out, money in and the balance; two are an amount and the balance; one an amount.
 */
export function inferSegments(rows: readonly Row[]): Segment[] {
  const dated: Array<{ row: Row; dateRight: number; second: Word[]; money: Word[] }> = [];
  for (const row of rows) {
    const leading = parseLeadingDate(textsOf(row.words, 4));
    if (!leading) continue;
    const dateWords = row.words.slice(0, leading.used);
    // A period ('01/03/2025 - 31/03/2025', '1 April to 30 April') is not a row of the table.
    if (/^(?:-|–|to|until)$/i.test(row.words[leading.used]?.text ?? '')) continue;
    // A second date column (a card's received / posting date) beside the first.
    const next = parseLeadingDate(textsOf(row.words.slice(leading.used, leading.used + 4)));
    const second = next ? row.words.slice(leading.used, leading.used + next.used) : [];
    const rest = joinSplitFigures(row.words.slice(leading.used + second.length), false);
    const money = rest.filter((w) => parseAmount(w.text) !== null && /\.\d\d\b/.test(w.text));
    if (!money.length || money.length === rest.length) continue;
    dated.push({ row, dateRight: Math.max(...dateWords.map((w) => w.right)), second, money });
  }
  if (dated.length < 3) return [];
  // A figure's cell ends where its CR / DR mark ends ('£250.00 CR' right-aligned as a whole with '£21.19'
  // under it, as Barclaycard prints its credits): figures are grouped by the right edges of their cells.
  const cellRight = new Map<Word, number>();
  for (const d of dated) {
    for (const w of d.money) {
      const after = d.row.words[d.row.words.indexOf(w) + 1];
      const mark = after && isAmountAffix(after.text) === 'after' && !parseAmount(after.text) ? after : null;
      cellRight.set(w, mark && mark.left - w.right < 0.02 ? mark.right : w.right);
    }
  }
  const right = (w: Word) => cellRight.get(w) ?? w.right;
  const figures = dated.flatMap((d) => d.money).sort((a, b) => right(a) - right(b));
  const clusters: Word[][] = [];
  for (const w of figures) {
    const last = clusters.at(-1);
    if (last && right(w) - right(last.at(-1)!) < 0.02) last.push(w);
    else clusters.push([w]);
  }
  // Columns of figures that stand on more than one row (a stray figure in the text is no column).
  const columnsOfFigures = clusters.filter((c) => c.length >= 2).slice(-3);
  if (!columnsOfFigures.length) return [];
  let kinds: ColumnKind[] =
    columnsOfFigures.length === 3
      ? ['out', 'in', 'balance']
      : columnsOfFigures.length === 2
        ? ['amount', 'balance']
        : ['amount'];
  if (columnsOfFigures.length === 3) {
    // Which of the two is money in: the balances say (money in raises the balance).
    const columnOf = new Map<Word, number>();
    columnsOfFigures.forEach((c, i) => {
      for (const w of c) columnOf.set(w, i);
    });
    let firstIsIn = 0;
    let previous: number | null = null;
    for (const d of dated) {
      const balanceWord = d.money.find((w) => columnOf.get(w) === 2);
      const amounts = d.money.filter((w) => columnOf.get(w) === 0 || columnOf.get(w) === 1);
      const balance = balanceWord ? parseAmount(balanceWord.text) : null;
      const value = balance ? (balance.negative ? -balance.pence : balance.pence) : null;
      if (value !== null && previous !== null && amounts.length === 1) {
        const amount = parseAmount(amounts[0]!.text)!.pence;
        const delta = value - previous;
        if (Math.abs(delta) === amount) firstIsIn += (columnOf.get(amounts[0]!) === 0) === delta > 0 ? 1 : -1;
      }
      previous = value;
    }
    if (firstIsIn > 0) kinds = ['in', 'out', 'balance'];
  }
  const dateLeft = Math.min(...dated.map((d) => d.row.words[0]!.left));
  const dateRight = Math.max(...dated.map((d) => d.dateRight));
  const withSecond = dated.filter((d) => d.second.length);
  const secondColumn: Column[] =
    withSecond.length >= dated.length / 2
      ? [
          {
            kind: 'date2',
            left: Math.min(...withSecond.map((d) => d.second[0]!.left)),
            right: Math.max(...withSecond.map((d) => d.second.at(-1)!.right)),
          },
        ]
      : [];
  const textStart = secondColumn[0]?.right ?? dateRight;
  const textLeft = Math.min(
    ...dated.map(
      (d) =>
        d.row.words.find((w) => w.left > textStart && !d.money.includes(w) && !d.second.includes(w))?.left ??
        1,
    ),
  );
  const descriptionLeft = Math.min(textLeft, textStart + 0.01);
  const columns: Column[] = [
    { kind: 'date', left: dateLeft, right: dateRight },
    ...secondColumn,
    { kind: 'description', left: descriptionLeft, right: descriptionLeft + 0.05 },
    ...columnsOfFigures.map((c, i) => ({
      kind: kinds[i]!,
      left: Math.min(...c.map((w) => w.left)),
      right: Math.max(...c.map((w) => w.right)),
    })),
  ];
  const layout = tableLayout(columns);
  const first = dated[0]!.row;
  const segments: Segment[] = [];
  for (const page of [...new Set(rows.map((r) => r.page))]) {
    if (page < first.page) continue;
    const pageRows = rows.filter((r) => r.page === page && (page > first.page || r.top >= first.top));
    if (pageRows.length) segments.push({ layout, rows: pageRows });
  }
  return segments;
}

/** A figure with pence ('£4.45', '60.00CR'), or one followed by its CR / DR word. */
export function endsInMoney(words: readonly Word[], i: number): boolean {
  const word = words[i];
  if (!word) return false;
  if (parseAmount(word.text) && /\d\.\d\d/.test(word.text)) return true;
  return isAmountAffix(word.text) === 'after' && endsInMoney(words, i - 1);
}

/** A side panel's words on one line, as rows of their own: one for each side of the table. */
export function panelRows(row: Row, words: readonly Word[]): Row[] {
  const first = row.words.findIndex((w) => !words.includes(w));
  const left = words.filter((w) => first >= 0 && row.words.indexOf(w) < first);
  const right = words.filter((w) => !left.includes(w));
  return [left, right].filter((ws) => ws.length).map((ws) => ({ ...row, words: ws }));
}

/** Statements print pence; whole-pound figures are read as money only when no figure in the table has pence. */
export function tablePrintsPence(segments: readonly Segment[]): boolean {
  return segments.some((s) =>
    s.rows.some((r) =>
      r.words.some(
        (w) =>
          (w.left + w.right) / 2 >= s.layout.moneyStart && /\.\d{2}\b/.test(w.text) && parseAmount(w.text),
      ),
    ),
  );
}

/**
 * Page furniture: a line printed at the same place on two or more pages near the top or the foot (the bank's
 * name, contact lines, 'Page 2 of 3'). It is no part of the table, and an entry runs on across it.
 */
export function pageFurniture(rows: readonly Row[]): Set<Row> {
  const furniture = new Set<Row>();
  const byText = new Map<string, Row[]>();
  for (const row of rows) {
    if (row.top > 0.15 && row.bottom < 0.85) continue;
    const text = rowText(row);
    const footer = FOOTER.exec(text);
    // A scan reads small print a letter differently from page to page ('Registered' and 'Reqistered',
    // 'Churchill' and 'Churcnill'): a scanned line of the bank's legal or page notices is known by its
    // notice ('Registered office') and its place alone.
    const scanned = row.words.some((w) => w.confidence !== undefined);
    const key = !footer
      ? text
      : scanned
        ? `\u0000${footer[0].toLowerCase().replace(/\d+/g, '#')}`
        : text.replace(/\d+/g, '#');
    byText.set(key, [...(byText.get(key) ?? []), row]);
  }
  for (const list of byText.values()) {
    if (list.length < 2) continue;
    for (const row of list) {
      if (list.some((other) => other.page !== row.page && Math.abs(other.top - row.top) < 0.005)) {
        furniture.add(row);
      }
    }
  }
  // Furniture stands above or below a page's table, never between two of its rows: a line with money printed
  // above it and another below it on its page is the table's own text, however often it recurs at that place
  // (a payee's second line, 'LONDON', the second entry of two pages).
  const money = rows.filter((r) => !furniture.has(r) && endsInMoney(r.words, r.words.length - 1));
  for (const row of furniture) {
    const onPage = money.filter((m) => m.page === row.page);
    if (onPage.some((m) => m.top < row.top) && onPage.some((m) => m.top > row.top)) furniture.delete(row);
  }
  return furniture;
}
