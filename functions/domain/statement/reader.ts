import { toEpochDay } from '../dates';
import { fromPence, isAmountAffix, type ParsedAmount, parseAmount } from './amounts';
import type { Block } from './blocks';
import { CLOSING_LABEL, findLabel, OPENING_LABEL, readContext, type StatementContext } from './context';
import {
  type PartialDate,
  parseLeadingDate,
  toIso,
  withinPeriodOrder,
  yearsBackFrom,
  yearWithinPeriod,
} from './dates';
import {
  groupRows,
  height,
  legibleWords,
  pageCount,
  type Row,
  rowText,
  type Word,
  wordsFromBlocks,
} from './geometry';
import { type Column, type ColumnKind, detectHeader } from './header';
import { CARD_ISSUERS } from './institutions';
import { type BalanceCheckpoint, balanceDirection, reconcileDetailed, resolveSigns } from './reconcile';
import {
  columnsForMoney,
  joinSplitFigures,
  joinWrappedDates,
  type MoneyCell,
  type RowCells,
  readRowCells,
  splitPanels,
  type TableLayout,
  tableLayout,
  type UnreadableCell as UnreadableMoney,
} from './rows';
import {
  type AccountKind,
  type PageBox,
  type ParsedStatement,
  READ_FAILURE_MESSAGES,
  type ReadFailureReason,
  type ReadStatementOptions,
  type ReadStatementResult,
  type StatementTransaction,
  type TransactionRegion,
  type UnreadableCell,
  type YearSource,
} from './types';

/**
 * The generic UK statement reader: Textract-shaped blocks in, transactions out. No bank-specific parser:
 * it finds the transaction table by its headings, reads each row against the columns, joins wrapped
 * descriptions, carries dates down, and takes opening and closing balances from the table or the summary
 * box. Then it decides each amount's direction (by column, sign, CR/DR, or, when the statement does not
 * say, by the balances) and reconciles. Expected failures are values.
 */

interface Segment {
  layout: TableLayout;
  rows: Row[];
}

type Category = 'noise' | 'label' | 'total' | 'txn' | 'balance' | 'year' | 'date' | 'text' | 'empty';

/** A totals row at the foot of a table ('Totals', 'Total payments / receipts'): a check, not a transaction. */
const TOTAL_ROW =
  /^(?:totals?|subtotals?|sub-totals?|totalsforthisperiod|totalfor(?:this)?(?:period|statement)|total(?:payments|receipts|paidin|paidout|moneyin|moneyout|debits|credits|in|out)(?:and|&)?(?:payments|receipts|paidin|paidout|moneyin|moneyout|debits|credits|in|out)?)$/;

interface TableRow extends RowCells {
  category: Category;
  /** 'closing' labels end the table on their page. */
  label: 'opening' | 'closing' | null;
  year: number | null;
  /** Which table segment (heading to heading, or page) the row is in. */
  segment: number;
  /** The first / last row of the table on its page: an entry may run on from one to the other. */
  firstOnPage: boolean;
  lastOnPage: boolean;
}

interface RawTransaction {
  date: PartialDate | null;
  date2: PartialDate | null;
  /** A year from a section row ('2024') above it. */
  sectionYear: number | null;
  parts: string[];
  /** null when the amount is printed but unreadable (then `unreadableAmount` holds it). */
  cell: MoneyCell | null;
  unreadableAmount: UnreadableMoney | null;
  balance: MoneyCell | null;
  unreadableBalance: UnreadableMoney | null;
  segment: number;
  page: number;
  /** The lines it was read from, and its figures' boxes. */
  region: TransactionRegion;
}

/** The box around lines on one page (the lines of other pages left out), and a figure's box on a line. */
function linesBox(rows: readonly Row[], page: number): PageBox {
  const on = rows.filter((r) => r.page === page);
  const words = on.flatMap((r) => r.words);
  return {
    page,
    top: Math.min(...on.map((r) => r.top)),
    bottom: Math.max(...on.map((r) => r.bottom)),
    left: words.length ? Math.min(...words.map((w) => w.left)) : 0,
    right: words.length ? Math.max(...words.map((w) => w.right)) : 1,
  };
}
/** A transaction's box grown by a line that continues it (on the same page; a line overleaf is left out). */
const grow = (box: PageBox, row: Row): PageBox =>
  row.page !== box.page || !row.words.length
    ? box
    : {
        page: box.page,
        top: Math.min(box.top, row.top),
        bottom: Math.max(box.bottom, row.bottom),
        left: Math.min(box.left, ...row.words.map((w) => w.left)),
        right: Math.max(box.right, ...row.words.map((w) => w.right)),
      };
const figureBox = (row: Row, cell: { left: number; right: number } | null): PageBox | null =>
  cell ? { page: row.page, top: row.top, bottom: row.bottom, left: cell.left, right: cell.right } : null;

interface Checkpoint {
  afterRow: number;
  cell: MoneyCell;
  reason: string;
  segment: number;
}

const FOOTER = /\b(?:page \d+(?: of \d+)?|continued|overleaf)\b/i;

function fail(reason: ReadFailureReason): ReadStatementResult {
  return { ok: false, reason, message: READ_FAILURE_MESSAGES[reason] };
}

/**
 * Table segments: from each heading to the next (or the page's end); a page without headings continues the
 * last table.
 */
function findSegments(rows: readonly Row[]): { segments: Segment[]; headingRows: Map<Row, TableLayout> } {
  const segments: Segment[] = [];
  const headingRows = new Map<Row, TableLayout>();
  const pages = [...new Set(rows.map((r) => r.page))];
  let layout: TableLayout | null = null;
  for (const page of pages) {
    const pageRows = rows.filter((r) => r.page === page);
    const starts: Array<{ index: number; used: number; layout: TableLayout }> = [];
    for (let i = 0; i < pageRows.length; i++) {
      const found = detectHeader(pageRows, i);
      if (!found) continue;
      const start = { index: i, used: found.rows, layout: tableLayout(found.header.columns) };
      starts.push(start);
      for (let k = 0; k < found.rows; k++) headingRows.set(pageRows[i + k]!, start.layout);
      i += found.rows - 1;
    }
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
 * A table whose headings cannot be read (a scan's garbled heading row, a template without one): its columns
 * are taken from where the figures stand. Rows that start with a date and end in money are the table's
 * rows; their figures form columns by their right edges (figures are right-aligned): three or more columns
 * of figures are money out, money in and the balance; two are an amount and the balance; one an amount.
 */
function inferSegments(rows: readonly Row[]): Segment[] {
  const dated: Array<{ row: Row; dateRight: number; second: Word[]; money: Word[] }> = [];
  for (const row of rows) {
    const leading = parseLeadingDate(row.words.slice(0, 4).map((w) => w.text));
    if (!leading) continue;
    const dateWords = row.words.slice(0, leading.used);
    // A period ('01/03/2025 - 31/03/2025', '1 April to 30 April') is not a row of the table.
    if (/^(?:-|–|to|until)$/i.test(row.words[leading.used]?.text ?? '')) continue;
    // A second date column (a card's received / posting date) beside the first.
    const next = parseLeadingDate(row.words.slice(leading.used, leading.used + 4).map((w) => w.text));
    const second = next ? row.words.slice(leading.used, leading.used + next.used) : [];
    const rest = joinSplitFigures(row.words.slice(leading.used + second.length), false);
    const money = rest.filter((w) => parseAmount(w.text) !== null && /\.\d\d\b/.test(w.text));
    if (!money.length || money.length === rest.length) continue;
    dated.push({ row, dateRight: Math.max(...dateWords.map((w) => w.right)), second, money });
  }
  if (dated.length < 3) return [];
  const figures = dated.flatMap((d) => d.money).sort((a, b) => a.right - b.right);
  const clusters: Word[][] = [];
  for (const w of figures) {
    const last = clusters.at(-1);
    if (last && w.right - last.at(-1)!.right < 0.02) last.push(w);
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
function endsInMoney(words: readonly Word[], i: number): boolean {
  const word = words[i];
  if (!word) return false;
  if (parseAmount(word.text) && /\d\.\d\d/.test(word.text)) return true;
  return isAmountAffix(word.text) === 'after' && endsInMoney(words, i - 1);
}

/**
 * Transactions printed in two columns side by side on a page (a card statement's newspaper layout: 'date,
 * description, amount' on the left half and again on the right half of the same lines). When three or more
 * lines hold a second entry starting with a date right after a figure, at the same place, the lines from
 * there are cut at that place and the right half is read after the left half, moved under it, so both
 * halves share one set of columns. Lines across the cut (a box under the table) end the side-by-side band.
 * `origin` maps each half (and each moved line) to the printed line.
 */
function sideBySide(rows: readonly Row[], origin: Map<Row, Row>): Row[] {
  const out: Row[] = [];
  for (const page of [...new Set(rows.map((r) => r.page))]) {
    const pageRows = rows.filter((r) => r.page === page);
    const starts: Array<{ row: number; word: Word; first: Word }> = [];
    pageRows.forEach((row, index) => {
      const words = row.words;
      if (!parseLeadingDate(words.slice(0, 4).map((w) => w.text))) return;
      for (let i = 2; i < words.length; i++) {
        if (endsInMoney(words, i - 1) && parseLeadingDate(words.slice(i, i + 4).map((w) => w.text))) {
          starts.push({ row: index, word: words[i]!, first: words[0]! });
          return;
        }
      }
    });
    const lefts = starts.map((s) => s.word.left);
    if (starts.length < 3 || Math.max(...lefts) - Math.min(...lefts) > 0.02) {
      out.push(...pageRows);
      continue;
    }
    const cut = Math.min(...lefts) - 0.002;
    const shift = cut - Math.min(...starts.map((s) => s.first.left)) + 0.002;
    const from = starts[0]!.row;
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

/** A side panel's words on one line, as rows of their own: one for each side of the table. */
function panelRows(row: Row, words: readonly Word[]): Row[] {
  const first = row.words.findIndex((w) => !words.includes(w));
  const left = words.filter((w) => first >= 0 && row.words.indexOf(w) < first);
  const right = words.filter((w) => !left.includes(w));
  return [left, right].filter((ws) => ws.length).map((ws) => ({ ...row, words: ws }));
}

/** Statements print pence; whole-pound figures are read as money only when no figure in the table has pence. */
function tablePrintsPence(segments: readonly Segment[]): boolean {
  return segments.some((s) =>
    s.rows.some((r) =>
      r.words.some(
        (w) =>
          (w.left + w.right) / 2 >= s.layout.moneyStart && /\.\d{2}\b/.test(w.text) && parseAmount(w.text),
      ),
    ),
  );
}

function labelOf(words: readonly string[]): TableRow['label'] {
  if (findLabel(words, CLOSING_LABEL)) return 'closing';
  if (findLabel(words, OPENING_LABEL)) return 'opening';
  return null;
}

const LABEL_HINT = /balance|forward|b\/f|c\/f|amountdue/;

function categorise(cells: RowCells, segment: number): TableRow {
  const fullText = `${cells.dateColumnText} ${cells.description}`.trim();
  const isAmount = (m: { column: string | null }) =>
    m.column === 'out' || m.column === 'in' || m.column === 'amount';
  const txn = cells.money.some(isAmount) || cells.unreadable.some(isAmount);
  const hasMoney = cells.money.length > 0 || cells.unreadable.length > 0;
  // Every opening / closing label speaks of a balance or of something brought or carried forward.
  const mayBeLabel = hasMoney && LABEL_HINT.test(fullText.toLowerCase().replace(/[^a-z/]/g, ''));
  const label = mayBeLabel ? labelOf(fullText.split(' ')) : null;
  const year =
    /^(?:19|20)\d{2}$/.test(fullText) && !cells.date && !cells.money.length ? Number(fullText) : null;
  let category: Category;
  if (cells.noise || (!hasMoney && FOOTER.test(fullText))) category = 'noise';
  else if (label) category = 'label';
  else if (hasMoney && !cells.date && TOTAL_ROW.test(fullText.toLowerCase().replace(/[^a-z&]/g, '')))
    category = 'total';
  else if (txn) category = 'txn';
  else if (hasMoney) category = 'balance';
  else if (year) category = 'year';
  else if (fullText) category = 'text';
  else if (cells.date) category = 'date';
  else category = 'empty';
  return { ...cells, category, label, year, segment, firstOnPage: false, lastOnPage: false };
}

/** The currency a figure is printed in ('' when it shows none). */
function currencyOf(text: string): string {
  if (/£|GBP/i.test(text)) return '£';
  if (/€|EUR/i.test(text)) return '€';
  if (/\$|USD/i.test(text)) return '$';
  return '';
}

/**
 * A figure printed in another currency than the balances ('€12.00' under the '£10.30' a card payment
 * abroad cost, when the balances are in '£') is a note on the payment, not money: it is read as part of the
 * description.
 */
function foreignFigures(cells: readonly RowCells[]): void {
  const home = new Set(
    cells.flatMap((c) => c.money.filter((m) => m.column === 'balance').map((m) => currencyOf(m.text))),
  );
  if (home.size !== 1 || home.has('')) return;
  for (const c of cells) {
    const foreign = c.money.filter(
      (m) => m.column !== 'balance' && currencyOf(m.text) !== '' && !home.has(currencyOf(m.text)),
    );
    if (!foreign.length) continue;
    c.money = c.money.filter((m) => !foreign.includes(m));
    c.description = [c.description, ...foreign.map((m) => m.text)].filter(Boolean).join(' ');
  }
}

/** Reads the rows of every segment; rows below a closing line ('Balance carried forward') leave the table. */
function readTable(
  segments: readonly Segment[],
  allowInteger: boolean,
  /** Filled with the words of side panels printed level with each row. */
  panels: Map<Row, Word[]>,
): TableRow[] {
  const rows: TableRow[] = [];
  const inside = (r: Row, layout: TableLayout) => {
    const split = splitPanels(r, layout);
    if (split.panels.length) panels.set(r, split.panels);
    return split.inside;
  };
  const cellsOf = new Map(
    segments.map((segment) => [
      segment,
      joinWrappedDates(
        segment.rows
          .map((r) => ({ r, inside: inside(r, segment.layout) }))
          .filter(({ inside }) => inside.words.length > 0)
          .map(({ r, inside }) => ({ ...readRowCells(inside, segment.layout, allowInteger), row: r })),
      ),
    ]),
  );
  // Pages laid out alike share one mapping of figures to headings (a page may lack a whole column).
  const byLayout = new Map<string, Segment[]>();
  for (const segment of segments) {
    const key = segment.layout.moneyColumns.map((c) => `${c.kind}@${c.left.toFixed(2)}`).join('|');
    byLayout.set(key, [...(byLayout.get(key) ?? []), segment]);
  }
  for (const group of byLayout.values()) {
    const all = group.flatMap((segment) => (cellsOf.get(segment) ?? []).filter((c) => !c.noise));
    columnsForMoney(
      all.flatMap((c) => c.money),
      group[0]!.layout.moneyColumns,
      all.flatMap((c) => c.unreadable),
    );
  }
  foreignFigures([...cellsOf.values()].flat());
  segments.forEach((segment, index) => {
    const cells = cellsOf.get(segment) ?? [];
    let closed = false;
    let seenTransaction = false;
    const start = rows.length;
    for (const c of cells) {
      if (closed) continue;
      const row = categorise(c, index);
      rows.push(row);
      if (row.category === 'txn') seenTransaction = true;
      // A closing line after the rows ends the table on this page (a newest-first table starts with one).
      if (row.category === 'label' && row.label === 'closing' && seenTransaction) closed = true;
    }
    const own = rows.slice(start).filter((r) => r.category !== 'empty' && r.category !== 'noise');
    if (own[0]) own[0].firstOnPage = true;
    if (own.at(-1)) own.at(-1)!.lastOnPage = true;
  });
  return rows;
}

/** Whether `row` sits directly under `above` (same page, no more than about a line's gap between them). */
function near(above: TableRow | null, row: TableRow): boolean {
  if (!above) return false;
  // An entry runs on from the foot of one page's table to the top of the next.
  if (row.row.page === above.row.page + 1 && above.lastOnPage && row.firstOnPage) return true;
  if (above.row.page !== row.row.page) return false;
  const gap = row.row.top - above.row.bottom;
  return gap <= 1.2 * Math.max(height(above.row), height(row.row));
}

/**
 * Whether wrapped descriptions carry their amounts on the first line ('first', most banks) or the last
 * ('last'): evidence from dated blocks, where the date shows which line starts the entry.
 */
/** Payment-type codes that UK statements print at the start of an entry (HSBC, Lloyds, Halifax, TSB ...). */
const TYPE_CODE =
  /^(?:BP|TFR|DD|SO|STO|CR|DR|VIS|VISA|ATM|CHQ|\){3}|BGC|FPI|FPO|DEB|CPT|PAY|TR|IB|OBP|BAC|D\/D|S\/O|FT|POS|C\/L|CHG|INT|CSH|DEP|MPI|MPO|CDM)$/;
const startsWithCode = (row: TableRow) => TYPE_CODE.test(row.description.split(' ')[0] ?? '');

function amountLine(rows: readonly TableRow[]): 'first' | 'last' {
  let first = 0;
  let last = 0;
  rows.forEach((row, i) => {
    const startsWithDate = row.date !== null && (row.category === 'text' || row.category === 'txn');
    if (!startsWithDate) {
      // A type code starts an entry: a coded line without an amount, then an uncoded line with one, puts
      // amounts on the last line; a coded line with an amount, then uncoded lines, on the first.
      if (row.category === 'text' && startsWithCode(row)) {
        const next = rows[i + 1];
        if (next?.category === 'txn' && !next.date && !startsWithCode(next) && near(row, next)) last++;
      } else if (row.category === 'txn' && startsWithCode(row)) {
        const next = rows[i + 1];
        if (next?.category === 'text' && !next.date && !startsWithCode(next) && near(row, next)) {
          const after = rows[i + 2];
          if (!after || after.category !== 'txn' || startsWithCode(after) || after.date) first++;
        }
      }
      return;
    }
    let j = i + 1;
    while (rows[j]?.category === 'text' && !rows[j]!.date && near(rows[j - 1]!, rows[j]!)) j++;
    const next = rows[j];
    if (row.category === 'text') {
      if (next?.category === 'txn' && !next.date && near(rows[j - 1]!, next)) last++;
    } else if (j > i + 1 && (!next || next.date || !near(rows[j - 1]!, next) || next.category !== 'txn')) {
      first++;
    }
  });
  return last > first ? 'last' : 'first';
}

interface Assembly {
  transactions: RawTransaction[];
  checkpoints: Checkpoint[];
  /** Balance lines whose figure is unreadable (after transaction `afterRow`). */
  unreadableLines: Array<{ afterRow: number; cell: UnreadableMoney; page: number; segment: number }>;
  /** The table's own totals row: money in and money out (pence), where printed. */
  totals: { moneyIn: number | null; moneyOut: number | null };
  warnings: string[];
  used: Set<Row>;
}

/** Builds transactions from table rows: wrapped descriptions, carried dates, balances and checkpoints. */
function assemble(rows: readonly TableRow[]): Assembly {
  const mode = amountLine(rows);
  const transactions: RawTransaction[] = [];
  const checkpoints: Checkpoint[] = [];
  const unreadableLines: Assembly['unreadableLines'] = [];
  const totals: Assembly['totals'] = { moneyIn: null, moneyOut: null };
  const warnings: string[] = [];
  const used = new Set<Row>();
  let currentDate: PartialDate | null = null;
  let sectionYear: number | null = null;
  let pending: {
    date: PartialDate | null;
    date2: PartialDate | null;
    parts: string[];
    rows: TableRow[];
    last: TableRow;
  } | null = null;
  let lastTxn: { items: RawTransaction[]; last: TableRow } | null = null;
  let previous: TableRow | null = null;

  const setDate = (date: PartialDate) => {
    currentDate = date;
    for (const t of transactions) if (!t.date) t.date = date;
  };
  /** Text lines with no amount of their own: they continue the transaction above when they sit under it. */
  const dropPending = () => {
    if (pending && !pending.date && lastTxn && near(lastTxn.last, pending.rows[0]!)) {
      for (const item of lastTxn.items) {
        item.parts.push(...pending.parts);
        for (const r of pending.rows) item.region = { ...item.region, row: grow(item.region.row, r.row) };
      }
      for (const r of pending.rows) used.add(r.row);
    }
    pending = null;
  };

  for (const row of rows) {
    switch (row.category) {
      case 'noise':
      case 'empty':
        dropPending();
        lastTxn = null;
        break;
      case 'year':
        sectionYear = row.year;
        break;
      case 'total':
        dropPending();
        for (const m of row.money) {
          if (m.column === 'in') totals.moneyIn = m.amount.pence;
          if (m.column === 'out') totals.moneyOut = m.amount.pence;
        }
        used.add(row.row);
        lastTxn = null;
        break;
      case 'date':
        setDate(row.date!);
        if (pending && !pending.date) pending.date = row.date;
        used.add(row.row);
        break;
      case 'label':
      case 'balance': {
        dropPending();
        // A balance line's date (brought forward at the top of a page) does not date the rows below it
        // once the table has dated rows of its own.
        if (row.date && !currentDate) setDate(row.date);
        const cell = row.money.find((m) => m.column === 'balance') ?? row.money.at(-1);
        const reason =
          row.category === 'label' ? row.description.toLowerCase() || 'balance' : 'printed balance';
        const afterRow = transactions.length - 1;
        if (cell) checkpoints.push({ afterRow, cell, reason, segment: row.segment });
        else {
          const misprint = row.unreadable.find((u) => u.column === 'balance') ?? row.unreadable.at(-1)!;
          unreadableLines.push({ afterRow, cell: misprint, page: row.row.page, segment: row.segment });
        }
        used.add(row.row);
        lastTxn = null;
        break;
      }
      case 'text': {
        const text = [row.dateColumnText, row.description].filter(Boolean).join(' ');
        if (row.date) {
          dropPending();
          setDate(row.date);
          pending = { date: row.date, date2: row.date2, parts: [text], rows: [row], last: row };
        } else if (pending && near(pending.last, row)) {
          pending.parts.push(text);
          pending.rows.push(row);
          pending.last = row;
        } else if (mode === 'first' && lastTxn && near(previous, row) && previous === lastTxn.last) {
          for (const item of lastTxn.items) {
            item.parts.push(text);
            item.region = { ...item.region, row: grow(item.region.row, row.row) };
          }
          lastTxn.last = row;
          used.add(row.row);
        } else {
          dropPending();
          pending = { date: null, date2: row.date2, parts: [text], rows: [row], last: row };
        }
        break;
      }
      case 'txn': {
        // Undated lines above a dated entry do not start it: they end the one before.
        if (row.date && pending && !pending.date) dropPending();
        const lead = pending && (pending.date || near(pending.last, row)) ? pending : null;
        if (!lead) dropPending();
        pending = null;
        if (lead?.date && row.date) {
          // A dated line without an amount, then a dated amount line: the first was something else.
          warnings.push(`Ignored a line without an amount: "${lead.parts.join(' ')}".`);
        }
        const date: PartialDate | null = row.date ?? lead?.date ?? currentDate;
        if (row.date) setDate(row.date);
        else if (date) currentDate = date;
        const ownText = [row.dateColumnText, row.description].filter(Boolean).join(' ');
        const parts = lead && !(lead.date && row.date) ? [...lead.parts, ownText] : [ownText];
        if (lead) for (const r of lead.rows) used.add(r.row);
        used.add(row.row);
        const balance = row.money.find((m) => m.column === 'balance') ?? null;
        const unreadableBalance = balance
          ? null
          : (row.unreadable.find((u) => u.column === 'balance') ?? null);
        const amounts: Array<{ cell: MoneyCell | null; misprint: UnreadableMoney | null }> = [
          ...row.money.filter((m) => m.column !== 'balance').map((cell) => ({ cell, misprint: null })),
          ...row.unreadable
            .filter((u) => u.column !== 'balance')
            .map((misprint) => ({ cell: null, misprint })),
        ];
        if (amounts.length > 1) {
          warnings.push(
            `A row on page ${row.row.page} has ${amounts.length} amounts; each is read as a transaction.`,
          );
        }
        const lines = [...(lead ? lead.rows.map((r) => r.row) : []), row.row];
        const items: RawTransaction[] = amounts.map(({ cell, misprint }, k) => ({
          region: {
            row: linesBox(lines, row.row.page),
            amount: figureBox(row.row, cell ?? misprint),
            balance:
              k === amounts.length - 1 ? figureBox(row.row, balance ?? unreadableBalance ?? null) : null,
          },
          date,
          date2: row.date2 ?? lead?.date2 ?? null,
          sectionYear,
          parts: [...parts],
          cell,
          unreadableAmount: misprint,
          balance: k === amounts.length - 1 ? balance : null,
          unreadableBalance: k === amounts.length - 1 ? unreadableBalance : null,
          segment: row.segment,
          page: row.row.page,
        }));
        transactions.push(...items);
        lastTxn = { items, last: row };
        break;
      }
    }
    previous = row;
  }
  dropPending();
  return { transactions, checkpoints, unreadableLines, totals, warnings, used };
}

/** Where the year may come from, best first; each is a date the statement cannot be later than. */
interface YearAnchors {
  period: { start: string; end: string } | null;
  statementDate: string | null;
  /** The latest full date printed outside the table (not after the reference date). */
  printedDate: string | null;
  referenceDate: string | null;
}

/**
 * The year of each transaction's date: printed on the rows, from a section row, from the period, counted
 * back from the statement date or the latest full date the statement prints, from a row that prints its
 * year, and only as a last resort counted back from the reference (upload) date.
 */
function resolveDates(
  transactions: readonly RawTransaction[],
  anchors: YearAnchors,
): { dates: string[]; source: YearSource } | null {
  const dates = transactions.map((t) => t.date ?? { day: 1, month: 1, year: null });
  const withSections = dates.map((d, i) =>
    d.year === null && transactions[i]!.sectionYear ? { ...d, year: transactions[i]!.sectionYear } : d,
  );
  const { period } = anchors;
  if (period) {
    // Many rows share a date: each printed date is placed in the period once.
    const placed = new Map<string, string>();
    const resolved = withSections.map((d) => {
      const key = `${d.day}/${d.month}/${d.year}/${d.monthFirst ? 1 : 0}`;
      let iso = placed.get(key);
      if (iso === undefined) {
        const ordered = withinPeriodOrder(d, period);
        iso = toIso(ordered, ordered.year ?? yearWithinPeriod(ordered, period));
        placed.set(key, iso);
      }
      return iso;
    });
    return { dates: resolved, source: withSections.every((d) => d.year !== null) ? 'printed' : 'period' };
  }
  if (withSections.every((d) => d.year !== null)) {
    return { dates: withSections.map((d) => toIso(d, d.year!)), source: 'printed' };
  }
  const rowYear = [...withSections].reverse().find((d) => d.year !== null)?.year;
  const candidates: Array<[string | null | undefined, YearSource]> = [
    [anchors.statementDate, 'statement_date'],
    [anchors.printedDate, 'printed_date'],
    [rowYear ? `${rowYear}-12-31` : null, 'printed'],
    [anchors.referenceDate, 'reference_date'],
  ];
  const found = candidates.find(([anchor]) => anchor);
  if (!found) return null;
  const years = yearsBackFrom(withSections, found[0]!);
  return { dates: withSections.map((d, i) => toIso(d, years[i]!)), source: found[1] };
}

/**
 * Whether the rows run newest first: dates mostly step back (a step of more than six months is a New Year
 * wrap and does not count). A card statement sorted by posting date may step back now and then; that is
 * not enough.
 */
function listedNewestFirst(transactions: readonly RawTransaction[]): boolean {
  let back = 0;
  let forward = 0;
  let previous: PartialDate | null = null;
  for (const { date } of transactions) {
    if (!date) continue;
    if (previous) {
      const step =
        previous.year !== null && date.year !== null
          ? (date.year - previous.year) * 372 + (date.month - previous.month) * 31 + date.day - previous.day
          : (date.month - previous.month) * 31 + date.day - previous.day;
      if (step < 0 && step > -186) back++;
      else if (step > 0 && step < 186) forward++;
    }
    previous = date;
  }
  return back >= 2 && back > 2 * forward;
}

/** Money into the account is +1. For a card, a payment or refund (CR, minus, brackets) is money in. */
function explicitSign(amount: ParsedAmount, kind: AccountKind): 1 | -1 | null {
  if (!amount.marker) return null;
  if (kind === 'credit_card')
    return amount.marker === '-' || amount.marker === '()' || amount.marker === 'CR' ? 1 : -1;
  return amount.negative ? -1 : 1;
}

/** What a plain figure in a single amount column means, judging by the marked ones beside it. */
function plainSign(cells: readonly MoneyCell[], kind: AccountKind): 1 | -1 | null {
  const signs = cells.map((c) => explicitSign(c.amount, kind)).filter((s) => s !== null);
  const hasIn = signs.includes(1);
  const hasOut = signs.includes(-1);
  if (hasIn && !hasOut) return -1;
  if (hasOut && !hasIn) return 1;
  return kind === 'credit_card' ? -1 : null;
}

const MONEY_IN_WORDS =
  /\b(?:salary|wages|pay(?:roll)?|refund|interest paid|interest earned|payment from|transfer from|tfr from|from|received|deposit|dividend|cashback|credit|bgc|fpi|pension|benefit|hmrc|dwp|thank you)\b/i;

/**
 * A payment to a card as card statements word it ('Payment, Thank You', 'Payment By Direct Debit', 'Payment
 * received - thank you', 'Direct Debit payment'): some print it as a plain figure, like a purchase.
 */
const CARD_PAYMENT_WORDS =
  /\b(?:payment,? thank you|payment received|payment by direct debit|direct debit payment|thank you for your payment)\b/i;

/** A balance as a number: money held (negative when overdrawn) for a bank, amount owed for a card. */
function balanceValue(amount: ParsedAmount, kind: AccountKind): number {
  if (kind === 'credit_card') {
    return amount.marker === '-' || amount.marker === '()' || amount.marker === 'CR'
      ? -amount.pence
      : amount.pence;
  }
  return amount.negative ? -amount.pence : amount.pence;
}

function accountKindOf(context: StatementContext, options: ReadStatementOptions): AccountKind {
  if (options.accountKind) return options.accountKind;
  if (context.institution && CARD_ISSUERS.has(context.institution)) return 'credit_card';
  return context.cardWording ? 'credit_card' : 'bank';
}

/** Opening and closing balances (pence): from the table's first and last balance lines, else the summary box. */
function openingAndClosing(
  assembly: Assembly,
  context: StatementContext,
  kind: AccountKind,
  dates: readonly string[],
  warnings: string[],
): {
  opening: number | null;
  closing: number | null;
  openingCp: Checkpoint | null;
  closingCp: Checkpoint | null;
} {
  const last = assembly.transactions.length - 1;
  const openingCp = assembly.checkpoints.find((c) => c.afterRow === -1) ?? null;
  const closingCp =
    [...assembly.checkpoints].reverse().find((c) => c.afterRow === last && c !== openingCp) ?? null;
  const first = context.period?.start ?? dates[0];
  const final = context.period?.end ?? dates.at(-1);
  const day = (d: string | null) => (d ? toEpochDay(d) : Number.NaN);
  const datedOpening = first ? context.dated.find((d) => day(d.date) <= toEpochDay(first)) : undefined;
  const datedClosing = final
    ? [...context.dated].reverse().find((d) => d !== datedOpening && day(d.date) >= toEpochDay(final))
    : undefined;
  const summaryOpening = context.opening ?? datedOpening ?? null;
  const summaryClosing = context.closing ?? datedClosing ?? null;
  const pick = (table: Checkpoint | null, summary: typeof summaryOpening, name: string): number | null => {
    const fromTable = table ? balanceValue(table.cell.amount, kind) : null;
    const fromSummary = summary ? balanceValue(summary.amount, kind) : null;
    if (fromTable !== null && fromSummary !== null && fromTable !== fromSummary) {
      warnings.push(
        `The ${name} balance in the summary (${fromPence(fromSummary).toFixed(2)}) differs from the table (${fromPence(fromTable).toFixed(2)}).`,
      );
    }
    return fromTable ?? fromSummary;
  };
  return {
    opening: pick(openingCp, summaryOpening, 'opening'),
    closing: pick(closingCp, summaryClosing, 'closing'),
    openingCp,
    closingCp,
  };
}

/**
 * Page furniture: a line printed at the same place on two or more pages near the top or the foot (the bank's
 * name, contact lines, 'Page 2 of 3'). It is no part of the table, and an entry runs on across it.
 */
function pageFurniture(rows: readonly Row[]): Set<Row> {
  const furniture = new Set<Row>();
  const byText = new Map<string, Row[]>();
  for (const row of rows) {
    if (row.top > 0.15 && row.bottom < 0.85) continue;
    const text = rowText(row);
    const key = FOOTER.test(text) ? text.replace(/\d+/g, '#') : text;
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
  return furniture;
}

/** A note about a printed figure that could not be read, tied to the transaction it belongs to or follows. */
interface UnreadableNote {
  anchor: RawTransaction | null;
  cell: UnreadableCell['cell'];
  text: string;
  page: number | null;
  reason: string;
}

/** Removes transactions, keeping each balance line after the transaction it followed (or the one before). */
function removeTransactions(assembly: Assembly, drop: ReadonlySet<RawTransaction>): void {
  if (!drop.size) return;
  const newIndex: number[] = [];
  let kept = -1;
  for (const t of assembly.transactions) {
    if (!drop.has(t)) kept++;
    newIndex.push(kept);
  }
  const remap = (afterRow: number) => (afterRow < 0 ? afterRow : (newIndex[afterRow] ?? kept));
  for (const c of assembly.checkpoints) c.afterRow = remap(c.afterRow);
  for (const u of assembly.unreadableLines) u.afterRow = remap(u.afterRow);
  assembly.transactions = assembly.transactions.filter((t) => !drop.has(t));
}

const entryKey = (t: RawTransaction) =>
  `${t.date?.day}/${t.date?.month}|${t.cell?.amount.pence ?? t.unreadableAmount?.text}|${t.cell?.column}|${t.balance?.amount.pence ?? ''}`;

/**
 * Decoys: a later part of the table (a page, or a table under a heading of its own) whose rows all repeat a
 * run of rows already read (same dates, amounts, columns and printed balances) is the same money printed
 * again (a duplicate page, rows repeated after the closing balance), not new money.
 */
function removeRepeatedRuns(assembly: Assembly, warnings: string[]): void {
  const bySegment = new Map<number, RawTransaction[]>();
  for (const t of assembly.transactions) bySegment.set(t.segment, [...(bySegment.get(t.segment) ?? []), t]);
  const drop = new Set<RawTransaction>();
  const dropSegments = new Set<number>();
  for (const [segment, list] of bySegment) {
    // Two rows with a printed balance, or three without, are too many to repeat by chance.
    if (list.length < (list.some((t) => t.balance) ? 2 : 3)) continue;
    const earlier = assembly.transactions.filter((t) => t.segment < segment && !drop.has(t)).map(entryKey);
    const keys = list.map(entryKey);
    const found = earlier.some((_, start) => keys.every((k, i) => earlier[start + i] === k));
    if (!found) continue;
    for (const t of list) drop.add(t);
    dropSegments.add(segment);
    warnings.push(
      `${list.length} rows on page ${list[0]!.page} repeat rows printed earlier in the statement; they are not counted again.`,
    );
  }
  if (!drop.size) return;
  assembly.checkpoints = assembly.checkpoints.filter((c) => !dropSegments.has(c.segment));
  assembly.unreadableLines = assembly.unreadableLines.filter((u) => !dropSegments.has(u.segment));
  removeTransactions(assembly, drop);
}

/** The digits of a figure (no sign, separators or pence point). */
const digitsOf = (pence: number) => String(Math.abs(pence));

/** Reads a statement from its text blocks. */
export function readStatement(
  blocks: readonly Block[],
  options: ReadStatementOptions = {},
): ReadStatementResult {
  const words = legibleWords(wordsFromBlocks(blocks));
  if (!words.length) return fail('no_text');
  const allRows = groupRows(words);
  const found = findSegments(allRows);
  const { headingRows } = found;
  const furniture = pageFurniture(allRows);
  const segments = found.segments.map((s) => ({
    ...s,
    rows: furniture.size ? s.rows.filter((r) => !furniture.has(r) || headingRows.has(r)) : s.rows,
  }));
  let inferred = false;
  const origin = new Map<Row, Row>();
  if (!segments.length) {
    segments.push(
      ...inferSegments(
        sideBySide(
          allRows.filter((r) => !furniture.has(r)),
          origin,
        ),
      ),
    );
    inferred = segments.length > 0;
  }
  if (!segments.length) return fail('no_transaction_table');
  const allowInteger = !tablePrintsPence(segments);
  const panels = new Map<Row, Word[]>();
  const assembly = assemble(readTable(segments, allowInteger, panels));
  for (const [half, row] of origin) if (assembly.used.has(half)) assembly.used.add(row);
  for (const [row, layout] of headingRows) {
    const split = splitPanels(row, layout).panels;
    if (split.length) panels.set(row, split);
  }
  // What the statement says outside its table: the rows the table does not use, and the side panels
  // printed level with the table's rows and headings.
  const contextRows = allRows.flatMap((r) => {
    if (!assembly.used.has(r) && !headingRows.has(r)) return [r];
    const words = panels.get(r);
    return words ? panelRows(r, words) : [];
  });
  const context = readContext(contextRows, allowInteger);
  const kind = accountKindOf(context, options);
  const warnings = [...assembly.warnings];
  if (inferred) {
    warnings.push(
      'The transaction table has no headings that could be read; its columns are taken from where the figures stand.',
    );
  }
  removeRepeatedRuns(assembly, warnings);

  if (listedNewestFirst(assembly.transactions)) {
    // Oldest first from here on: balances then run forwards, and checkpoints sit after the older row.
    const last = assembly.transactions.length - 1;
    assembly.transactions.reverse();
    for (const c of assembly.checkpoints) c.afterRow = last - 1 - c.afterRow;
    assembly.checkpoints.reverse();
    for (const u of assembly.unreadableLines) u.afterRow = last - 1 - u.afterRow;
    warnings.push('The statement lists transactions newest first; they are returned oldest first.');
  }

  const notes: UnreadableNote[] = context.unreadable.map((u) => ({
    anchor: null,
    cell: u.cell,
    text: u.text,
    page: null,
    reason: 'the summary figure is misprinted',
  }));
  for (const u of assembly.unreadableLines) {
    notes.push({
      anchor: assembly.transactions[u.afterRow] ?? null,
      cell: 'balance',
      text: u.cell.text,
      page: u.page,
      reason: 'the balance line is misprinted',
    });
  }

  const reference = options.referenceDate ?? null;
  // A statement cannot be dated after the day it is uploaded (a day's grace for time zones).
  const afterUpload = (date: string | null | undefined) =>
    !!date && reference !== null && toEpochDay(date) > toEpochDay(reference) + 1;
  if (afterUpload(context.statementDate) || afterUpload(context.period?.start)) {
    return fail('dated_after_upload');
  }
  const anchors: YearAnchors = {
    period: context.period,
    statementDate: context.statementDate,
    // A full date after the upload is a notice of something to come, not the statement's date.
    printedDate: context.datedText
      .filter((d) => !afterUpload(d))
      .reduce<string | null>((a, d) => (!a || d > a ? d : a), null),
    referenceDate: reference,
  };
  const resolved = resolveDates(assembly.transactions, anchors);
  if (!resolved) return fail('no_year');
  const dates = resolved.dates;
  const yearSource: YearSource = assembly.transactions.length ? resolved.source : 'none';
  if (yearSource === 'reference_date') {
    warnings.push(
      `The statement does not print its year; it is taken from the day the statement was uploaded (${reference}). Please check the dates.`,
    );
  }

  const { opening, closing, openingCp, closingCp } = openingAndClosing(
    assembly,
    context,
    kind,
    dates,
    warnings,
  );

  // A misprinted amount is read from the balances either side of it when both are printed; otherwise the
  // transaction cannot be counted and the reconciliation says so.
  const previousBalance = (i: number): number | null => {
    const before = i === 0 ? opening : null;
    const cp = [...assembly.checkpoints].reverse().find((c) => c.afterRow === i - 1);
    if (cp) return balanceValue(cp.cell.amount, kind);
    const t = assembly.transactions[i - 1];
    return t?.balance ? balanceValue(t.balance.amount, kind) : before;
  };
  const unreadableDrop = new Set<RawTransaction>();
  assembly.transactions.forEach((t, i) => {
    if (t.cell || !t.unreadableAmount) return;
    const before = previousBalance(i);
    const after = t.balance ? balanceValue(t.balance.amount, kind) : null;
    if (before !== null && after !== null) {
      const delta = (after - before) * balanceDirection(kind);
      const pence = Math.abs(delta);
      const column = t.unreadableAmount.column === 'balance' ? 'amount' : t.unreadableAmount.column;
      t.cell = {
        amount: {
          pence,
          amount: pence / 100,
          marker: column === 'amount' ? (delta < 0 ? '-' : '+') : null,
          negative: column === 'amount' && delta < 0,
        },
        text: t.unreadableAmount.text,
        left: t.unreadableAmount.left,
        right: t.unreadableAmount.right,
        column: column === 'amount' && kind === 'credit_card' ? (delta < 0 ? 'in' : 'out') : column,
      };
      notes.push({
        anchor: t,
        cell: 'amount',
        text: t.unreadableAmount.text,
        page: t.page,
        reason: 'the amount is misprinted; it is read from the balances either side',
      });
    } else {
      unreadableDrop.add(t);
      notes.push({
        anchor: assembly.transactions[i - 1] ?? null,
        cell: 'amount',
        text: t.unreadableAmount.text,
        page: t.page,
        reason: `the amount of "${t.parts.join(' ').trim()}" is misprinted and not printed elsewhere; the transaction is not counted`,
      });
    }
  });
  const keptDates = dates.filter((_, i) => !unreadableDrop.has(assembly.transactions[i]!));
  removeTransactions(assembly, unreadableDrop);
  const rawTransactions = assembly.transactions.filter(
    (t): t is RawTransaction & { cell: MoneyCell } => t.cell !== null,
  );
  for (const t of rawTransactions) {
    if (t.unreadableBalance) {
      notes.push({
        anchor: t,
        cell: 'balance',
        text: t.unreadableBalance.text,
        page: t.page,
        reason: 'the balance is misprinted',
      });
    }
  }
  const checkpoints = assembly.checkpoints.filter((c) => c !== openingCp && c !== closingCp);

  // Directions: by column, by printed sign or CR/DR, by the column's convention, else by the balances.
  const amountCells = rawTransactions.filter((t) => t.cell.column === 'amount').map((t) => t.cell);
  const plain = plainSign(amountCells, kind);
  const signRows = rawTransactions.map((t) => {
    const text = t.parts.join(' ');
    let sign: 1 | -1 | null;
    const cardPayment = kind === 'credit_card' && CARD_PAYMENT_WORDS.test(text);
    if (t.cell.column === 'out') sign = -1;
    else if (t.cell.column === 'in') sign = 1;
    // A card payment printed as a plain figure beside marked refunds is not a purchase by convention: the
    // balances decide it.
    else sign = explicitSign(t.cell.amount, kind) ?? (cardPayment ? null : plain);
    return {
      pence: t.cell.amount.pence,
      sign,
      guess: (cardPayment || MONEY_IN_WORDS.test(text) ? 1 : -1) as 1 | -1,
      balance: t.balance ? balanceValue(t.balance.amount, kind) : null,
    };
  });
  const checkpointPence = new Map(checkpoints.map((c) => [c.afterRow, balanceValue(c.cell.amount, kind)]));
  const { signs, guessed } = resolveSigns(signRows, {
    openingPence: opening,
    closingPence: closing,
    checkpoints: checkpointPence,
    accountKind: kind,
  });
  if (guessed) {
    warnings.push(
      `The direction of ${guessed} transaction${guessed === 1 ? '' : 's'} is not printed and could not be worked out from the balances; it was guessed from the description.`,
    );
  }

  // A printed balance whose figure is the running balance with its leading digits cut off ('3978.53' for
  // 73,978.53: a column too narrow for the figure) is unreadable, not a break.
  {
    const direction = balanceDirection(kind);
    let running = opening;
    rawTransactions.forEach((t, i) => {
      if (running !== null) running += direction * signs[i]! * t.cell.amount.pence;
      const printed = signRows[i]!.balance;
      if (printed !== null && running !== null && printed !== running) {
        const full = digitsOf(running);
        const shown = digitsOf(printed);
        if (
          Math.sign(printed) === Math.sign(running) &&
          Math.abs(running) >= 100_000 &&
          shown.length >= 3 &&
          full.length > shown.length &&
          full.endsWith(shown)
        ) {
          notes.push({
            anchor: t,
            cell: 'balance',
            text: t.balance!.text,
            page: t.page,
            reason: `the balance has its leading digits cut off (the running balance is ${fromPence(running).toFixed(2)})`,
          });
          signRows[i]!.balance = null;
          return;
        }
      }
      if (printed !== null) running = printed;
      const cp = checkpointPence.get(i);
      if (cp !== undefined) running = cp;
    });
  }

  const postedDates = rawTransactions.some((t) => t.date2)
    ? resolveDates(
        rawTransactions.map((t) => ({ ...t, date: t.date2 ?? t.date })),
        anchors,
      )?.dates
    : null;
  const transactions: StatementTransaction[] = rawTransactions.map((t, i) => {
    const sign = signs[i]!;
    const pence = t.cell.amount.pence;
    let description = t.parts.join(' ').replace(/\s+/g, ' ').trim();
    if (!description) {
      description = sign > 0 ? 'Money in' : 'Money out';
      warnings.push(`A transaction on ${keptDates[i]} has no description.`);
    }
    const transaction: StatementTransaction = {
      date: keptDates[i]!,
      description,
      amount: fromPence(pence),
      signedAmount: fromPence(sign * pence),
      type: sign > 0 ? 'credit' : 'debit',
      balance: signRows[i]!.balance === null ? null : fromPence(signRows[i]!.balance!),
    };
    if (t.date2 && postedDates?.[i]) transaction.postedDate = postedDates[i];
    return transaction;
  });

  const unreadable: UnreadableCell[] = notes.map((n) => ({
    row: n.anchor ? assembly.transactions.indexOf(n.anchor) : n.page === null ? null : -1,
    cell: n.cell,
    text: n.text,
    page: n.page,
    reason: n.reason,
  }));
  for (const u of unreadable) {
    warnings.push(
      `A figure could not be read${u.page ? ` on page ${u.page}` : ''}: "${u.text}" (${u.reason}).`,
    );
  }

  const reconcileCheckpoints: BalanceCheckpoint[] = checkpoints.map((c) => ({
    afterRow: c.afterRow,
    balance: fromPence(balanceValue(c.cell.amount, kind)),
    reason: c.reason,
  }));
  const { reconciliation, checks } = reconcileDetailed({
    openingBalance: opening === null ? null : fromPence(opening),
    closingBalance: closing === null ? null : fromPence(closing),
    transactions,
    checkpoints: reconcileCheckpoints,
    accountKind: kind,
    totals: {
      moneyIn: context.moneyIn
        ? context.moneyIn.amount
        : assembly.totals.moneyIn === null
          ? null
          : fromPence(assembly.totals.moneyIn),
      moneyOut: context.moneyOut
        ? context.moneyOut.amount
        : assembly.totals.moneyOut === null
          ? null
          : fromPence(assembly.totals.moneyOut),
    },
    unreadable,
  });
  if (!checks) warnings.push('The statement prints no balances to check the transactions against.');
  if (!transactions.length) warnings.push('The transaction table has no transactions in it.');

  let period = context.period;
  if (!period && keptDates.length) {
    const sorted = [...keptDates].sort();
    period = { start: sorted[0]!, end: sorted.at(-1)! };
    warnings.push(
      'The statement period is not printed; it is taken from the first and last transaction dates.',
    );
  }

  const statement: ParsedStatement = {
    institution: context.institution,
    period,
    openingBalance: opening === null ? null : fromPence(opening),
    closingBalance: closing === null ? null : fromPence(closing),
    transactions,
    reconciliation,
    warnings,
    pages: pageCount(blocks),
    accountKind: kind,
    yearSource,
    statementDate: context.statementDate,
    ...(options.regions ? { regions: rawTransactions.map((t) => t.region) } : {}),
  };
  return { ok: true, statement };
}

/** For tests and tools: the rows the reader sees, as text (page, text). */
export function debugRows(blocks: readonly Block[]): Array<{ page: number; text: string }> {
  return groupRows(legibleWords(wordsFromBlocks(blocks))).map((r) => ({ page: r.page, text: rowText(r) }));
}
