import type { Block } from './blocks';
import { groupRows, legibleWords, type Row, type Word, wordsFromBlocks } from './geometry';
import { findSegments, inferSegments, pageFurniture, type Segment, tablePrintsPence } from './layout';
import { splitPanels, type TableLayout } from './rows';
import { sideBySide } from './side-by-side';
import { readTable, type TableRow } from './table';
import { accountEnds, titleEnd } from './table-ends';

/**
 * Stages 1 and 2 for one reading: the statement's words grouped into rows, its transaction table found
 * (by its headings, else from where the figures stand), page furniture set aside, each of the table's rows
 * read and given a category, and the table ended where the reading asks (`Cut`).
 */

/**
 * Where the table may end: where the `account`-th latest later table under its own headings starts
 * (`accountEnds`), and then, with `title`, at a title after its last balance (`titleEnd`); with `apart`, the
 * lines from that title on are not read as the summary either (a table of other balances: a pot's, a saver's).
 */
export type Cut = { title: boolean; account: number | null; apart?: boolean };

/** What a reading found that other readings may try. */
export interface Found {
  /** The table ends at a title after which no row prints a balance, every row above it printing one. */
  titleAfterBalances: boolean;
  /** The balances printed on lines of their own between rows (told by the reader): after which row, and what. */
  balanceLines?: Array<{ afterRow: number; balance: number }>;
}

/** The table one reading works from, and what lies outside it. */
export interface FoundTable {
  allRows: Row[];
  headingRows: Map<Row, TableLayout>;
  /** Each half of a row printed side by side, to the row it was cut from. */
  origin: Map<Row, Row>;
  /** The columns were taken from where the figures stand: the table has no headings that could be read. */
  inferred: boolean;
  allowInteger: boolean;
  /** The words of side panels printed level with the table's rows and headings. */
  panels: Map<Row, Word[]>;
  tableRows: TableRow[];
  warnings: string[];
  /** Whether a row stands before the place the table was cut (another account's table, a title apart). */
  before: (r: Row) => boolean;
}

/**
 * The table for one reading. With `cut`, the table ends early (null when it has no such place); `probe`
 * learns whether the table could end at a title; without `totalCloses`, 'TOTAL BALANCE' is not a closing
 * label.
 */
export function findTable(
  blocks: readonly Block[],
  cut?: Cut,
  probe?: Found,
  totalCloses = true,
): FoundTable | 'no_text' | 'no_transaction_table' | null {
  const words = legibleWords(wordsFromBlocks(blocks));
  if (!words.length) return 'no_text';
  const allRows = groupRows(words);
  const found = findSegments(allRows);
  const { headingRows } = found;
  const furniture = pageFurniture(allRows);
  const origin = new Map<Row, Row>();
  const segments = found.segments.map((s) =>
    headedSideBySide(
      {
        ...s,
        rows: furniture.size ? s.rows.filter((r) => !furniture.has(r) || headingRows.has(r)) : s.rows,
      },
      origin,
    ),
  );
  let inferred = false;
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
  if (!segments.length) {
    // Last, headings that name no date column (each entry's date on a line of its own under its payee).
    const dateless = findSegments(allRows, true);
    for (const [row, layout] of dateless.headingRows) headingRows.set(row, layout);
    segments.push(
      ...dateless.segments.map((s) => ({
        ...s,
        rows: furniture.size ? s.rows.filter((r) => !furniture.has(r) || headingRows.has(r)) : s.rows,
      })),
    );
  }
  if (!segments.length) return 'no_transaction_table';
  const allowInteger = !tablePrintsPence(segments);
  const panels = new Map<Row, Word[]>();
  let tableRows = readTable(segments, allowInteger, panels, totalCloses);
  const warnings: string[] = [];
  // Rows after this place (another account's table) say nothing of this account.
  let boundary: { page: number; top: number } | null = null;
  if (cut?.account !== undefined && cut.account !== null) {
    const at = accountEnds(tableRows)[cut.account];
    if (at === undefined) return null;
    const last = tableRows.slice(0, at).findLast((r) => r.category !== 'empty' && r.category !== 'noise')!;
    boundary = { page: last.row.page, top: last.row.bottom };
    warnings.push(
      `Another account's statement follows from page ${tableRows[at]!.row.page}; only the first account's transactions are read (its balances add up).`,
    );
    tableRows = tableRows.slice(0, at);
  }
  if (!cut?.title && probe) {
    const at = titleEnd(tableRows);
    // The balances stop at the title: the last transaction above it prints its balance (every row's, a
    // day's last, or the bank's own choice of rows), and none below does (`titleEnd`).
    probe.titleAfterBalances =
      at >= 0 &&
      !!tableRows
        .slice(0, at)
        .findLast((r) => r.category === 'txn')
        ?.money.some((m) => m.column === 'balance');
  }
  if (cut?.title) {
    const at = titleEnd(tableRows);
    if (at < 0) return null;
    const title = tableRows[at]!;
    warnings.push(
      `The lines from "${[title.dateColumnText, title.description].filter(Boolean).join(' ')}" on are not read as transactions${cut.apart ? ' nor as the summary' : ''}: the statement's balances add up without them.`,
    );
    if (cut.apart && !boundary) boundary = { page: title.row.page, top: title.row.top };
    tableRows = tableRows.slice(0, at);
  }
  for (const [row, layout] of headingRows) {
    const split = splitPanels(row, layout, allRows[allRows.indexOf(row) - 1]).panels;
    if (split.length) panels.set(row, split);
  }
  const before = (r: Row) =>
    !boundary || r.page < boundary.page || (r.page === boundary.page && r.top < boundary.top);
  return { allRows, headingRows, origin, inferred, allowInteger, panels, tableRows, warnings, before };
}

/**
 * Two tables side by side under headings printed over the left one only (a card's transaction page: 'Date
 * Description Amount' once, entries in both halves): the halves are cut right of the last money heading, the
 * right half read after the left under the same headings (`sideBySide`).
 */
function headedSideBySide(segment: Segment, origin: Map<Row, Row>): Segment {
  if (!segment.layout.moneyColumns.length) return segment;
  const halves = new Map<Row, Row>();
  const rows = sideBySide(segment.rows, halves, segment.layout.tableRight);
  if (!halves.size) return segment;
  for (const [half, row] of halves) origin.set(half, row);
  return { ...segment, rows };
}
