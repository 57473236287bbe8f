import { isAmountAffix, type ParsedAmount, parseAmount } from './amounts';
import { isCommonCode } from './currency-codes';
import { DITTO, TIME_OF_DAY, takeDate } from './date-cells';
import { type PartialDate, parseLeadingDate } from './dates';
import { looksLikeFigure, moneyGroups } from './figures';
import { center, height, type Row, textsOf, type Word, wordsText } from './geometry';
import type { Column, ColumnKind } from './heading-words';
import { dateShaped, monthMisread, RULE_MARK } from './misread-dates';

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
  /**
   * Text columns printed right of a money column ('Date | Withdrawals | Deposits | Particulars | Balance', a
   * passbook's money columns ahead of its narrative): from the heading's left to where the next money
   * column's figures may start. Words centred there are the column's text, never money.
   */
  textBands: Array<{ left: number; right: number }>;
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
  /** A date line under its entry that goes on with the entry's text ('27 May 2025 Card ending in 4471'). */
  dateLine?: true;
  /** Text in the date column shaped like a date that is none, as a scan misreads one ('41/04/25'). */
  misreadDate?: string;
}

export function tableLayout(columns: readonly Column[]): TableLayout {
  const sorted = [...columns].sort((a, b) => a.left - b.left);
  const moneyKinds: ReadonlySet<ColumnKind> = new Set(['out', 'in', 'amount', 'balance', 'gross', 'fee']);
  const moneyColumns = sorted.filter((c) => moneyKinds.has(c.kind));
  const textColumns = sorted.filter((c) => !moneyKinds.has(c.kind));
  const first = moneyColumns[0]!;
  const lastText = textColumns.filter((c) => c.left < first.left).at(-1);
  const slack = 0.6 * (first.right - first.left);
  const moneyStart = Math.max(first.left - slack, lastText ? (lastText.right + first.left) / 2 : 0);
  const tableRight = Math.max(...moneyColumns.map((c) => c.right));
  const textBands = textColumns
    .filter((c) => (c.kind === 'description' || c.kind === 'type') && c.left > first.left)
    .map((c) => {
      const next = moneyColumns.find((m) => m.left > c.left);
      const right = next
        ? Math.max(next.left - 0.6 * (next.right - next.left), (c.right + next.left) / 2)
        : Number.POSITIVE_INFINITY;
      return { left: c.left, right };
    });
  return {
    columns: sorted,
    textColumns,
    moneyColumns,
    moneyStart,
    moneyLeft: first.left,
    tableRight,
    textBands,
  };
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
export function splitPanels(whole: Row, layout: TableLayout, above?: Row): { inside: Row; panels: Word[] } {
  // Specks read as tildes are no words: never the link between a panel and the table's first column.
  const row = whole.words.some((w) => SPECK.test(w.text))
    ? { ...whole, words: whole.words.filter((w) => !SPECK.test(w.text)) }
    : whole;
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
    if (!isAmountAffix(w.text) && !parseAmount(w.text, { allowInteger: true }) && !looksLikeFigure(w.text))
      return true;
    return labelOver(w, above, layout.tableRight + gap);
  });
  const end = cut < 0 ? row.words.length : cut;
  if (start === 0 && end === row.words.length) return { inside: row, panels: [] };
  return {
    inside: { ...row, words: row.words.slice(start, end) },
    panels: [...row.words.slice(0, start), ...row.words.slice(end)],
  };
}

/**
 * A box beside the table that prints each label above its value ('Credit limit' over '£3,500.00', 'Statement
 * date' over '13 June 25'): a figure well right of the table with a word of text starting level with it on the
 * line directly above, itself right of the table, is the box's, never the table's money.
 */
function labelOver(w: Word, above: Row | undefined, right: number): boolean {
  if (!above || above.page !== w.page) return false;
  const h = height(w);
  return above.words.some(
    (a) =>
      a.left > right &&
      Math.abs(a.left - w.left) < h &&
      w.top - a.bottom < 1.5 * h &&
      a.bottom <= w.top + 0.2 * h &&
      !parseAmount(a.text, { allowInteger: true }) &&
      !looksLikeFigure(a.text),
  );
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

/** What a scan reads a speck or a short rule as: tildes alone ('~~'), never a statement's word. */
const SPECK = /^~+$/;

/** Reads one row against the table's layout. */
export function readRowCells(row: Row, layout: TableLayout, allowInteger: boolean): RowCells {
  const textWords: Word[] = [];
  const moneyWords: Word[] = [];
  // A figure that reaches into the first money heading is money even when it is wider than a short heading
  // ('IN', 'OUT') and so centred left of the money area; a sign or '£' printed apart goes with it.
  const inTextBand = (w: Word) =>
    layout.textBands.some((b) => center(w) >= b.left - 0.5 * height(w) && center(w) < b.right);
  const inMoney = row.words.map(
    (w) =>
      !inTextBand(w) &&
      (center(w) >= layout.moneyStart ||
        (w.right > layout.moneyLeft && parseAmount(w.text, { allowInteger }) !== null)),
  );
  for (let i = inMoney.length - 2; i >= 0; i--) {
    const word = row.words[i]!;
    const affix = isAmountAffix(word.text);
    // A sign or '£' before the figure, or a currency code ('USD 65.32'), but not a dash; a code that is
    // also a word ('TOP', 'CUP': a description's last word) only a space or so before the figure.
    // A common code may stand a little apart (a Currency column before the amounts), never across the
    // page: 'Converted 200.00 GBP to 234.12 EUR' ends a description far left of its row's '-200.00'.
    const gap = row.words[i + 1]!.left - word.right;
    const beside =
      gap <= word.bottom - word.top || (isCommonCode(word.text) && gap <= 10 * (word.bottom - word.top));
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
  // A speck or a short rule a scan reads as tildes ('~~' before 'SAINSBURYS') is no word of the statement.
  const words = [...textWords, ...text].filter((w) => !SPECK.test(w.text)).sort((a, b) => a.left - b.left);
  const columns = layout.textColumns;
  const columnOf = textColumnsOf(words, columns);
  // A box rule beside the date column, which a scan reads as a mark of its own ('|' before '01/04/25'), is
  // neither the date nor text.
  const dateIndex = columns.findIndex((c) => c.kind === 'date');
  for (const w of words) {
    if (columnOf.get(w) !== dateIndex) continue;
    if (!RULE_MARK.test(w.text)) break;
    columnOf.delete(w);
  }
  const dated = takeDate(words, columns, columnOf, 'date');
  // Text shaped like a date that is none where the date stands ('41/04/25': a nought misread): the row's
  // date is misread, never its description.
  let misreadDate: string | undefined;
  const firstInDate = words.find((w) => columnOf.get(w) === dateIndex);
  if (!dated && dateIndex >= 0 && firstInDate && dateShaped(firstInDate.text)) {
    misreadDate = firstInDate.text;
    columnOf.delete(firstInDate);
  }
  // A month's name with one letter misread ('14 Tonawr 2025'): the date's words are misread together.
  const inDate = words.filter((w) => columnOf.get(w) === dateIndex);
  const misreadMonth = !dated && !misreadDate && dateIndex >= 0 ? monthMisread(textsOf(inDate)) : 0;
  if (misreadMonth) {
    misreadDate = wordsText(inDate, misreadMonth);
    for (const w of inDate.slice(0, misreadMonth)) columnOf.delete(w);
  }
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
    // A ditto mark alone in the date column repeats the date above, which carries down.
    if (column.kind === 'date' && !date && DITTO.test(w.text) && !dateColumnText.length) continue;
    if (column.kind === 'date') dateColumnText.push(w.text);
    else if (column.kind === 'type') typeText.push(w.text);
    else if (column.kind === 'currency') continue;
    else descriptionText.push(w.text);
  }

  const money: MoneyCell[] = [];
  for (const g of groups) {
    const textOfGroup = wordsText(g.words);
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
  let description = [...typeText, ...descriptionText].join(' ').replace(/\s+/g, ' ').trim();
  // Where the headings name no date column, a line holding a date and nothing else is the entry's date.
  let ownDate: { date: PartialDate; text: string } | null = null;
  if (!date && !money.length && !unreadable.length && columns.some((c) => c.kind === 'date' && c.implied)) {
    // The day's name before the date ('Sat, 01 Mar 2025', a date line printed a little left of the payees)
    // is the date's, wherever it falls; so are the date's first words beside it, where the day's name stands
    // close enough to keep them in its column (a scan's boxes, tighter than a text layer's: 'Sat, 01').
    const day = dateColumnText.length >= 1 && WEEKDAY_WORD.test(dateColumnText[0]!);
    const withDay = day ? dateLeadingLine([...dateColumnText.slice(1), ...descriptionText]) : null;
    const weekday = withDay !== null;
    const own = withDay ?? dateLeadingLine(descriptionText);
    if (own && !typeText.length) {
      ownDate = { date: own.date, text: weekday ? `${dateColumnText[0]} ${own.text}` : own.text };
      description = own.rest;
      if (weekday) dateColumnText.length = 0;
    }
  }
  return {
    row,
    date: ownDate?.date ?? date,
    date2,
    dateColumnText: dateColumnText.join(' '),
    dateText: ownDate?.text ?? dated?.text ?? '',
    description,
    money,
    ...(times ? { times } : {}),
    ...(ownDate && description ? { dateLine: true as const } : {}),
    ...(misreadDate ? { misreadDate } : {}),
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
 * The date line of an entry in a table whose headings name no date column: a date alone, or a full date
 * (with its year) followed by more of the entry's text, as a multi-currency account prints its reference
 * after the date ('27 May 2025 Card ending in 4471 A Khan Transaction: CARD-3166196743').
 */
/** A day's name, short or long, with or without a comma ('Sat,', 'Monday'). */
const WEEKDAY_WORD = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|urday|rsday)?,?$/i;

export function dateLeadingLine(
  words: readonly string[],
): { date: PartialDate; text: string; rest: string } | null {
  const leading = parseLeadingDate(words);
  if (!leading || (leading.used < words.length && leading.date.year === null)) return null;
  const clean = (w: readonly string[]) => w.join(' ').replace(/\s+/g, ' ').trim();
  return {
    date: leading.date,
    text: clean(words.slice(0, leading.used)),
    rest: clean(words.slice(leading.used)),
  };
}
