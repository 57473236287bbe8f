import { isAmountAffix, type ParsedAmount, parseAmount } from './amounts';
import { isCommonCode } from './currency-codes';
import { type PartialDate, parseLeadingDate } from './dates';
import { center, height, type Row, type Word } from './geometry';
import type { Column, ColumnKind } from './header';

/**
 * One table row read against the table's columns: its date, its description text and its money cells.
 * Money cells are the trailing amounts in the money columns' area; which column each belongs to is decided
 * for the whole table at once (columnsForMoney), because headings and right-aligned figures rarely line up.
 */
export interface TableLayout {
  /** Left to right. */
  columns: Column[];
  textColumns: Column[];
  moneyColumns: Column[];
  /** Words centred right of this are read as money (amounts may stick out left of a heading). */
  moneyStart: number;
  /** Words centred right of this that are not money do not belong to a transaction row. */
  moneyLeft: number;
  /** The right edge of the last money heading: a side panel may stand right of it. */
  tableRight: number;
}

export interface MoneyCell {
  amount: ParsedAmount;
  text: string;
  left: number;
  right: number;
  column: ColumnKind | null;
}

/** A figure in the money columns that cannot be read as money ('2,540.BB', '44.079.83', '120 00'). */
export interface UnreadableCell {
  text: string;
  left: number;
  right: number;
  column: ColumnKind | null;
}

export interface RowCells {
  row: Row;
  date: PartialDate | null;
  /** A second date column's date (the posting or received date beside the transaction date). */
  date2: PartialDate | null;
  /** Date-column text that is not a date ('2022' section rows, stray words). */
  dateColumnText: string;
  /** The date as printed ('' when there is none). */
  dateText: string;
  description: string;
  money: MoneyCell[];
  /** Misprinted figures in the money columns: the row is kept, the cell is noted as unreadable. */
  unreadable: UnreadableCell[];
  /** Words where no transaction row has them (text across the money columns). */
  noise: boolean;
  /** Where the row's entry ends when a line under it belongs to it ('CR' printed under the amount). */
  bottom?: number;
  /** Times of day read in the row's date columns ('14:32'): part of the date, never of the description. */
  times?: number;
}

export function tableLayout(columns: readonly Column[]): TableLayout {
  const sorted = [...columns].sort((a, b) => a.left - b.left);
  const moneyKinds: ReadonlySet<ColumnKind> = new Set(['out', 'in', 'amount', 'balance']);
  const moneyColumns = sorted.filter((c) => moneyKinds.has(c.kind));
  const textColumns = sorted.filter((c) => !moneyKinds.has(c.kind));
  const first = moneyColumns[0]!;
  const lastText = textColumns.filter((c) => c.left < first.left).at(-1);
  const slack = 0.6 * (first.right - first.left);
  const moneyStart = Math.max(first.left - slack, lastText ? (lastText.right + first.left) / 2 : 0);
  const tableRight = Math.max(...moneyColumns.map((c) => c.right));
  return { columns: sorted, textColumns, moneyColumns, moneyStart, moneyLeft: first.left, tableRight };
}

/**
 * The row split into the table's words and the words of side panels printed level with its rows: right of
 * the table (interest rates, average balances, the arranged overdraft limit, 'Start balance' / 'End balance'
 * boxes right of the last money column: figures may stick out right of a left-aligned heading and a sign or
 * CR/DR may follow them, but a word of text that starts well right of the last heading, apart from the word
 * before it, begins the panel) and left of it (a summary panel: 'Sort code 12-34-56', 'Money out 638.70',
 * 'Opening balance 122.08' on the same text line as a transaction). Words left of the table end well short
 * of its first column, apart from the words after them (a date's day and month stand close together).
 */
export function splitPanels(row: Row, layout: TableLayout): { inside: Row; panels: Word[] } {
  const firstLeft = layout.columns[0]!.left;
  let start = 0;
  for (let i = 0; i < row.words.length; i++) {
    const w = row.words[i]!;
    const next = row.words[i + 1];
    if (w.right >= firstLeft - 0.3 * height(w)) break;
    if (!next || next.left - w.right >= 1.5 * height(w)) start = i + 1;
  }
  const cut = row.words.findIndex((w, i) => {
    if (i < start) return false;
    const gap = 2 * height(w);
    if (w.left <= layout.tableRight + gap) return false;
    const before = row.words[i - 1];
    if (before && w.left - before.right < gap) return false;
    return !isAmountAffix(w.text) && !parseAmount(w.text, { allowInteger: true }) && !looksLikeFigure(w.text);
  });
  const end = cut < 0 ? row.words.length : cut;
  if (start === 0 && end === row.words.length) return { inside: row, panels: [] };
  return {
    inside: { ...row, words: row.words.slice(start, end) },
    panels: [...row.words.slice(0, start), ...row.words.slice(end)],
  };
}

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
      w.left - last.right <= 0.6 * Math.max(height(w), height(last)) &&
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

/** Groups the words in the money area into amounts: optional prefix ('£', '-'), a number, suffixes (CR, OD). */
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

function moneyGroups(
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

/**
 * Text columns are left-aligned: a run of closely spaced words belongs to the last column whose heading
 * starts at or before the run's first word (a long description runs on under the next heading's midpoint,
 * never past its start).
 */
function textColumnsOf(words: readonly Word[], columns: readonly Column[]): Map<Word, number> {
  const result = new Map<Word, number>();
  let column = 0;
  words.forEach((w, i) => {
    const before = words[i - 1];
    const tight = before && w.left - before.right <= 0.6 * Math.max(height(w), height(before));
    if (!tight) {
      const tolerance = 0.5 * height(w);
      const found = columns.findLastIndex((c) => c.left <= w.left + tolerance);
      column = Math.max(found, 0);
    }
    result.set(w, column);
  });
  return result;
}

/**
 * Takes the date at the start of a date column out of `words` (removing its words from `columnOf`). A date
 * may run past the midpoint to the next heading ('01 Jan 2025' under a short 'Date'), but never into the
 * next column's own space.
 */
function takeDate(
  words: readonly Word[],
  columns: readonly Column[],
  columnOf: Map<Word, number>,
  kind: 'date' | 'date2',
): { date: PartialDate; text: string } | null {
  const index = columns.findIndex((c) => c.kind === kind);
  const first = words.findIndex((w) => columnOf.get(w) === index);
  if (index < 0 || first < 0) return null;
  const next = columns[index + 1];
  const candidates: Word[] = [];
  for (const w of words.slice(first, first + 4)) {
    if (columnOf.get(w) !== index && (!next || w.left >= next.left - 0.002)) break;
    candidates.push(w);
  }
  const leading = parseLeadingDate(candidates.map((w) => w.text));
  if (!leading) return null;
  for (const w of candidates.slice(0, leading.used)) columnOf.delete(w);
  const text = candidates
    .slice(0, leading.used)
    .map((w) => w.text)
    .join(' ');
  return { date: leading.date, text };
}

/** A time of day: '14:32', '14:32:05', '2:32pm', '14.32' never (that is a figure). */
export const TIME_OF_DAY = /^(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:[ap]m)?$/i;

/**
 * A time of day as a scan may read it: the colon read as '.', ';', ',' or a space, or lost ('07.03',
 * '07 03', '0703'), an 'O' for a nought, an 'l' or 'I' for a one. Taken as a time only in a date column the
 * statement shows to print times (`misreadTimes`): alone, '0703' or '07.03' could be anything.
 */
const LOOSE_TIME =
  /^[.,'’`|]?(?:[01]?\d|2[0-3])[\s:.;,'’`]?[0-5]\d(?:[\s:.;,'’`]?[0-5]\d)?\s?(?:[ap]m)?[.,'’`|]?$/i;
export function looksLikeTime(text: string): boolean {
  const t = text
    .trim()
    .replace(/[Oo]/g, '0')
    .replace(/[lI|](?=\d)|(?<=\d)[lI]/g, '1');
  return t.length > 0 && LOOSE_TIME.test(t);
}

/**
 * When a table's date column prints the time of each transaction (two or more rows read a time there), a
 * date-column text that reads as a time in a scan's misreading of it ('07.03', '07 03') is that row's time,
 * not words of its description. When the times stand on the line under each date (two or more such lines),
 * a short text alone in the date column on the line under a dated row is that row's time however the scan
 * read it ('1Q-ND' for '18:02'): the column's own pattern says what stands there. Decided from the whole
 * column, never from one row.
 */
export function misreadTimes(cells: readonly RowCells[]): void {
  const printed = cells.reduce((n, c) => n + (c.times ?? 0), 0);
  if (printed < 2) return;
  const under = cells.filter((c, i) => c.times && !c.date && cells[i - 1]?.date).length;
  cells.forEach((c, i) => {
    if (!c.dateColumnText) return;
    const slot =
      under >= 2 &&
      !c.date &&
      !c.money.length &&
      !!cells[i - 1]?.date &&
      c.row.top - cells[i - 1]!.row.bottom < 1.5 * (c.row.bottom - c.row.top) &&
      c.dateColumnText.split(' ').length <= 2 &&
      c.dateColumnText.length <= 8;
    if (slot || looksLikeTime(c.dateColumnText)) {
      c.dateColumnText = '';
      c.times = (c.times ?? 0) + 1;
    }
  });
}

/** Reads one row against the table's layout. */
export function readRowCells(row: Row, layout: TableLayout, allowInteger: boolean): RowCells {
  const textWords: Word[] = [];
  const moneyWords: Word[] = [];
  // A figure that reaches into the first money heading is money even when it is wider than a short heading
  // ('IN', 'OUT') and so centred left of the money area; a sign or '£' printed apart goes with it.
  const inMoney = row.words.map(
    (w) =>
      center(w) >= layout.moneyStart ||
      (w.right > layout.moneyLeft && parseAmount(w.text, { allowInteger }) !== null),
  );
  for (let i = inMoney.length - 2; i >= 0; i--) {
    const word = row.words[i]!;
    const affix = isAmountAffix(word.text);
    // A sign or '£' before the figure, or a currency code ('USD 65.32'), but not a dash; a code that is
    // also a word ('TOP', 'CUP': a description's last word) only a space or so before the figure.
    const beside = isCommonCode(word.text) || row.words[i + 1]!.left - word.right <= word.bottom - word.top;
    if (
      !inMoney[i] &&
      inMoney[i + 1] &&
      (affix === 'before' || (affix === 'either' && word.text.length === 3 && beside))
    )
      inMoney[i] = true;
  }
  // A note that starts in the description column and runs on into the money area ('Amount: EUR -191.19.
  // Conversion rate: 1.1802.' under a payment abroad, the table squeezed right by a panel) is text: the
  // words of its run that are not money stay with it. A run's words stand no more than about a word space
  // apart (a scan's boxes set them a little further apart than a text layer's).
  const descriptionColumn = layout.textColumns.find((c) => c.kind === 'description');
  let runStart = 0;
  row.words.forEach((w, i) => {
    const before = row.words[i - 1];
    if (!before || w.left - before.right > Math.max(height(w), height(before))) runStart = i;
    else if (
      inMoney[i] &&
      !inMoney[i - 1] &&
      descriptionColumn &&
      row.words[runStart]!.left >= descriptionColumn.left - 0.5 * height(w) &&
      !isAmountAffix(w.text) &&
      parseAmount(w.text, { allowInteger }) === null
    )
      inMoney[i] = false;
  });
  row.words.forEach((w, i) => {
    (inMoney[i] ? moneyWords : textWords).push(w);
  });
  const { groups, unreadable, text, noise: moneyNoise } = moneyGroups(moneyWords, allowInteger, layout);
  let noise = moneyNoise;
  const words = [...textWords, ...text].sort((a, b) => a.left - b.left);
  const columns = layout.textColumns;
  const columnOf = textColumnsOf(words, columns);
  const dated = takeDate(words, columns, columnOf, 'date');
  const date = dated?.date ?? null;
  const date2 = takeDate(words, columns, columnOf, 'date2')?.date ?? null;
  const dateColumnText: string[] = [];
  const typeText: string[] = [];
  const descriptionText: string[] = [];
  let times = 0;
  for (const w of words) {
    const column = columns[columnOf.get(w) ?? -1];
    if (!column) continue;
    // The time a transaction was made, printed with its date or under it ('14:32', as Revolut prints
    // "the date and time the transaction was completed"), is part of the date, not of the description.
    if ((column.kind === 'date' || column.kind === 'date2') && TIME_OF_DAY.test(w.text)) {
      times++;
      continue;
    }
    if (column.kind === 'date') dateColumnText.push(w.text);
    else if (column.kind === 'type') typeText.push(w.text);
    else descriptionText.push(w.text);
  }

  const money: MoneyCell[] = [];
  for (const g of groups) {
    const textOfGroup = g.words.map((w) => w.text).join(' ');
    const amount = parseAmount(textOfGroup, { allowInteger: allowInteger || g.whole === true });
    if (!amount) {
      noise = true;
      continue;
    }
    money.push({
      amount,
      text: textOfGroup,
      left: Math.min(...g.words.map((w) => w.left)),
      right: Math.max(...g.words.map((w) => w.right)),
      column: null,
    });
  }
  const description = [...typeText, ...descriptionText].join(' ').replace(/\s+/g, ' ').trim();
  return {
    row,
    date,
    date2,
    dateColumnText: dateColumnText.join(' '),
    dateText: dated?.text ?? '',
    description,
    money,
    ...(times ? { times } : {}),
    unreadable: unreadable.map((g) => ({
      text: g.words.map((w) => w.text).join(' '),
      left: Math.min(...g.words.map((w) => w.left)),
      right: Math.max(...g.words.map((w) => w.right)),
      column: null,
    })),
    noise,
  };
}

/**
 * A numeric date cut short by a narrow date column ('16/08/202', '16/08/', or '16/08/20' that reads as a
 * date of 2020), and the rest of its year on the line below ('4', '2024', '24').
 */
export const DATE_HEAD = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{0,3}$/;
export const DATE_TAIL = /^\d{1,4}$/;

/**
 * Assigns the money cells of a table to its money columns. Cells whose x-ranges overlap form one column of
 * figures; the columns of figures are matched to the headings in left-to-right order, each to the nearest
 * heading (by centre or by right edge, whichever is closer). Each heading takes at most one column of
 * figures unless there are more columns of figures than headings. Figures often sit well right of their
 * heading (right-aligned under a left-aligned heading), so the order decides more than the distance.
 */
export function columnsForMoney(
  cells: readonly MoneyCell[],
  headings: readonly Column[],
  unreadable: readonly UnreadableCell[] = [],
): void {
  if (!headings.length) return;
  if (!cells.length) {
    for (const u of unreadable) u.column = nearestHeading(u, headings).kind;
    return;
  }
  const sorted = [...cells].sort((a, b) => a.left - b.left);
  const clusters: Array<{ left: number; right: number; cells: MoneyCell[] }> = [];
  for (const cell of sorted) {
    const last = clusters.at(-1);
    if (last && cell.left <= last.right) {
      last.right = Math.max(last.right, cell.right);
      last.cells.push(cell);
    } else {
      clusters.push({ left: cell.left, right: cell.right, cells: [cell] });
    }
  }
  const cost = (c: { left: number; right: number }, h: Column) =>
    Math.min(Math.abs((c.left + c.right) / 2 - (h.left + h.right) / 2), Math.abs(c.right - h.right));
  const m = clusters.length;
  const n = headings.length;
  const shared = m > n;
  // best[i][j]: least cost of clusters 0..i with cluster i under heading j (headings increasing, or
  // non-decreasing when they must be shared).
  const best: number[][] = clusters.map(() => new Array<number>(n).fill(Number.POSITIVE_INFINITY));
  const from: number[][] = clusters.map(() => new Array<number>(n).fill(-1));
  for (let j = 0; j < n; j++) best[0]![j] = cost(clusters[0]!, headings[j]!);
  for (let i = 1; i < m; i++) {
    for (let j = 0; j < n; j++) {
      for (let k = 0; k < (shared ? j + 1 : j); k++) {
        const value = best[i - 1]![k]! + cost(clusters[i]!, headings[j]!);
        if (value < best[i]![j]!) {
          best[i]![j] = value;
          from[i]![j] = k;
        }
      }
    }
  }
  let j = best[m - 1]!.indexOf(Math.min(...best[m - 1]!));
  for (let i = m - 1; i >= 0; i--) {
    for (const cell of clusters[i]!.cells) cell.column = headings[j]!.kind;
    j = from[i]![j]!;
  }
  // A misprinted figure stands where its column's figures stand: the cluster it overlaps most, else the
  // nearest heading.
  for (const u of unreadable) {
    let bestOverlap = 0;
    let column: ColumnKind | null = null;
    for (const cluster of clusters) {
      const overlap = Math.min(u.right, cluster.right) - Math.max(u.left, cluster.left);
      if (overlap > bestOverlap) {
        bestOverlap = overlap;
        column = cluster.cells[0]!.column;
      }
    }
    u.column = column ?? nearestHeading(u, headings).kind;
  }
}

function nearestHeading(cell: { left: number; right: number }, headings: readonly Column[]): Column {
  let best = headings[0]!;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const h of headings) {
    const cost = Math.min(
      Math.abs((cell.left + cell.right) / 2 - (h.left + h.right) / 2),
      Math.abs(cell.right - h.right),
    );
    if (cost < bestCost) {
      bestCost = cost;
      best = h;
    }
  }
  return best;
}
