import { CERTAIN_CLOSING_LABEL, CLOSING_LABEL, findLabel, OPENING_LABEL } from './context';
import { currencyMarkOf } from './currency';
import { misreadTimes } from './date-cells';
import type { PartialDate } from './dates';
import { height, type Row, type Word } from './geometry';
import { FOOTER, type Segment } from './layout';
import { columnsForMoney } from './money-columns';
import { notTheBalance } from './other-figures';
import { monthSection } from './printed-periods';
import { type RowCells, readRowCells, splitPanels, type TableLayout } from './rows';
import { joinWrappedDates, marksBelow } from './wrapped-cells';

/**
 * Stage 2, table: each row read against its segment's columns (date, description, money cells; `rows.ts`),
 * figures matched to money headings for the whole table at once, and each row given a category: a
 * transaction line, a balance line, an opening / closing label, a totals row, a text line, page noise.
 */

export type Category = 'noise' | 'label' | 'total' | 'txn' | 'balance' | 'year' | 'date' | 'text' | 'empty';

const TOTALS_FORWARD =
  /^(?:sub-?\s?)?totals?\s+(?:carried|brought)\s+(?:forward|fwd)\b|^(?:sub-?\s?)?totals?\s+[bc]\/f\b/i;

/** A totals row at the foot of a table ('Totals', 'Total payments / receipts'): a check, not a transaction. */
export const TOTAL_ROW =
  /^(?:totals?|subtotals?|sub-totals?|totalsforthisperiod|statementtotals?|totalfor(?:this)?(?:period|statement)|total(?:payments|receipts|paidin|paidout|moneyin|moneyout|debits|credits|in|out)(?:and|&)?(?:payments|receipts|paidin|paidout|moneyin|moneyout|debits|credits|in|out)?)$/;

/**
 * Totals of part of the table: a day's ('Total for day', 'Daily total') or a page's ('Page totals', 'Total
 * for this page', 'TOTAL THIS PAGE'), in English or Welsh ('Cyfanswm y dydd', 'Cyfanswm y dudalen') or both
 * side by side. They are no transactions, and no total of the statement: the statement's own totals are
 * checked, these are not.
 */
const PART_TOTAL_ROW =
  /^(?=[a-z])(?:cyfanswm(?:am)?y(?:dydd|dudalen))?(?:totals?(?:for)?(?:the|this)?(?:day|page)|(?:daily|day|page)totals?)?$/;
export const isPartTotal = (text: string) => PART_TOTAL_ROW.test(text.toLowerCase().replace(/[^a-z]/g, ''));

export interface TableRow extends RowCells {
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

/** With `totalCloses`, 'TOTAL BALANCE' is a closing label (`CERTAIN_CLOSING_LABEL`). */
export function labelOf(words: readonly string[], totalCloses = true): TableRow['label'] {
  if (findLabel(words, totalCloses ? CLOSING_LABEL : CERTAIN_CLOSING_LABEL)) return 'closing';
  if (findLabel(words, OPENING_LABEL)) return 'opening';
  return null;
}

export const LABEL_HINT = /balance|balans|forward|b\/f|c\/f|amountdue/;

/** A row's category; `cells` become the table row. */
export function categorise(cells: RowCells, segment: number, totalCloses = true): TableRow {
  const fullText = `${cells.dateColumnText} ${cells.description}`.trim();
  const isAmount = (m: { column: string | null }) =>
    m.column === 'out' || m.column === 'in' || m.column === 'amount';
  const txn = cells.money.some(isAmount) || cells.unreadable.some(isAmount);
  const hasMoney = cells.money.length > 0 || cells.unreadable.length > 0;
  // Every opening / closing label speaks of a balance or of something brought or carried forward.
  const mayBeLabel = hasMoney && LABEL_HINT.test(fullText.toLowerCase().replace(/[^a-z/]/g, ''));
  const label = mayBeLabel ? labelOf(fullText.split(' '), totalCloses) : null;
  const year =
    /^(?:19|20)\d{2}$/.test(fullText) && !cells.date && !cells.money.length ? Number(fullText) : null;
  let category: Category;
  if (cells.noise || (!hasMoney && FOOTER.test(fullText))) category = 'noise';
  // 'Available balance', 'Overdraft limit' under the rows: a figure beside the balance, not one.
  else if (hasMoney && !cells.date && !txn && notTheBalance(fullText)) category = 'noise';
  // A page's totals carried to the next ('Totals carried forward'): totals, not a balance brought forward.
  else if (hasMoney && !cells.date && TOTALS_FORWARD.test(fullText)) category = 'total';
  else if (label) category = 'label';
  else if (
    hasMoney &&
    !cells.date &&
    (TOTAL_ROW.test(fullText.toLowerCase().replace(/[^a-z&]/g, '')) || isPartTotal(fullText))
  )
    category = 'total';
  else if (txn) category = 'txn';
  else if (hasMoney) category = 'balance';
  else if (year) category = 'year';
  else if (cells.dateLine) category = 'date';
  else if (fullText) category = 'text';
  else if (cells.date) category = 'date';
  else category = 'empty';
  // The row's cells become the table row (each row's cells are read for one table and categorised once):
  // copying a row's every cell into a new object for each row was a tenth of reading the table.
  const row = cells as TableRow;
  row.category = category;
  row.label = label;
  row.year = year;
  row.segment = segment;
  row.firstOnPage = false;
  row.lastOnPage = false;
  return row;
}

/** The currency a figure is printed in (its ISO 4217 code; '' when it shows none). */
export function currencyOf(text: string): string {
  return currencyMarkOf(text) ?? '';
}

/**
 * A figure printed in another currency than the balances ('€12.00' under the '£10.30' a card payment
 * abroad cost, when the balances are in '£') is a note on the payment, not money: it is read as part of the
 * description.
 */
export function foreignFigures(cells: readonly RowCells[]): void {
  const home = new Set(
    cells.flatMap((c) => c.money.filter((m) => m.column === 'balance').map((m) => currencyOf(m.text))),
  );
  if (home.size !== 1) return;
  // Balances printed plain: a figure marked with another currency ('-45.00 EUR' in a local-amount column
  // beside the plain '-38.39', as app banks print a card payment abroad) is a note only on a row that also
  // prints a plain amount, so an account kept in that currency, its amounts marked, is read as money.
  const plain = home.has('');
  for (const c of cells) {
    const foreign = c.money.filter(
      (m) =>
        m.column !== 'balance' &&
        currencyOf(m.text) !== '' &&
        !home.has(currencyOf(m.text)) &&
        currencyOf(m.text) !== 'GBP' &&
        (!plain || c.money.some((o) => o.column !== 'balance' && currencyOf(o.text) === '')),
    );
    if (!foreign.length) continue;
    c.money = c.money.filter((m) => !foreign.includes(m));
    c.description = [c.description, ...foreign.map((m) => m.text)].filter(Boolean).join(' ');
  }
}

/** Reads the rows of every segment; rows below a closing line ('Balance carried forward') leave the table. */
export function readTable(
  segments: readonly Segment[],
  allowInteger: boolean,
  /** Filled with the words of side panels printed level with each row. */
  panels: Map<Row, Word[]>,
  totalCloses = true,
): TableRow[] {
  const rows: TableRow[] = [];
  const inside = (r: Row, layout: TableLayout, above?: Row) => {
    const split = splitPanels(r, layout, above);
    if (split.panels.length) panels.set(r, split.panels);
    return split.inside;
  };
  const cellsOf = new Map(
    segments.map((segment) => [
      segment,
      marksBelow(
        joinWrappedDates(
          segment.rows
            .map((r, k) => ({ r, inside: inside(r, segment.layout, segment.rows[k - 1]) }))
            .filter(({ inside }) => inside.words.length > 0)
            .map(({ r, inside }) => ({ ...readRowCells(inside, segment.layout, allowInteger), row: r })),
        ),
        segment.layout,
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
  // Under 'Gross | Fee | Net' (an e-money account's payments, PayPal's statement) the net moved the balance:
  // the gross and the fee are notes on it, neither money of the row nor its description.
  for (const c of [...cellsOf.values()].flat()) {
    c.money = c.money.filter((m) => m.column !== 'gross' && m.column !== 'fee');
  }
  misreadTimes([...cellsOf.values()].flat());
  segments.forEach((segment, index) => {
    const cells = cellsOf.get(segment) ?? [];
    let closed = false;
    let seenTransaction = false;
    const start = rows.length;
    for (const c of cells) {
      if (closed) continue;
      const row = categorise(c, index, totalCloses);
      rows.push(row);
      if (row.category === 'txn') seenTransaction = true;
      // A closing line after the rows ends the table on this page (a newest-first table starts with one).
      if (row.category === 'label' && row.label === 'closing' && seenTransaction) closed = true;
    }
    rows.length = start + summaryUnder(rows.slice(start));
    const own = rows.slice(start).filter((r) => r.category !== 'empty' && r.category !== 'noise');
    if (own[0]) own[0].firstOnPage = true;
    if (own.at(-1)) own.at(-1)!.lastOnPage = true;
  });
  markSubtotals(rows);
  monthSections(rows);
  return rows;
}

/**
 * A ledger's Day column: the day's number alone in the date column, the month and year printed only in
 * section lines between the rows ('DECEMBER 2024', 'JANUARY 2025', 'January 2025 continued' over a page's
 * rows), as ledger-style bank statements and passbooks print them. Each bare day takes the month and year of
 * the section line above it; the section lines are neither text of an entry nor dates of their own. Only
 * where two or more rows print a bare day under such a line, so a stray number is never a date.
 */
export function monthSections(rows: TableRow[]): void {
  const sections = rows.map((r) =>
    r.money.length || r.date ? null : monthSection(`${r.dateColumnText} ${r.description}`),
  );
  if (!sections.some(Boolean)) return;
  const dated: Array<[TableRow, PartialDate]> = [];
  let current: { month: number; year: number } | null = null;
  rows.forEach((r, i) => {
    const section = sections[i];
    if (section) current = section;
    else if (current && !r.date && /^\d{1,2}$/.test(r.dateColumnText)) {
      const day = Number(r.dateColumnText);
      const last = new Date(Date.UTC(current.year, current.month, 0)).getUTCDate();
      if (day >= 1 && day <= last) dated.push([r, { day, month: current.month, year: current.year }]);
    }
  });
  if (dated.length < 2) return;
  for (const [r, date] of dated) {
    r.date = date;
    r.dateText = r.dateColumnText;
    r.dateColumnText = '';
  }
  rows.forEach((r, i) => {
    const section = sections[i];
    if (!section) return;
    r.category = 'year';
    r.year = section.year;
  });
}

/**
 * A summary printed under the table in its money column, opened by the opening balance's label ('Balance
 * brought forward £453.20', then 'Less payments and credits', 'Plus new charges', 'Total now due'): an
 * opening label after the segment's transactions, with figures after it and no dated row, starts the
 * summary, and the table ends above it (the summary is read with the rest outside the table). A
 * newest-first table's last line ('Balance brought forward', nothing with figures after it) stays the
 * table's. Returns how many of the segment's rows are the table's.
 */
export function summaryUnder(rows: readonly TableRow[]): number {
  const at = rows.findIndex(
    (r, i) =>
      r.category === 'label' && r.label === 'opening' && rows.slice(0, i).some((x) => x.category === 'txn'),
  );
  if (at < 0) return rows.length;
  const after = rows.slice(at + 1);
  return after.some((r) => r.money.length > 0) && !after.some((r) => r.date) ? at : rows.length;
}

/** A balance carried to the next page or brought from the last ('Carried forward', 'Balance b/f'). */
const FORWARD_LINE = /\b(?:brought|carried)\s+forward\b|\b[bc]\/f\b/i;

/**
 * An undated row whose text starts with a word of totalling ('Total for card ending 0091', 'Sub-total'), or a
 * short label ending in one ('Card total', 'Cardholder total', as a card closes each side of its cardholders'
 * columns printed side by side).
 */
const TOTALLING = /^(?:sub-?\s?)?totals?\b|^(?:[a-z']+\s){1,2}(?:sub-?)?total:?$/i;

/**
 * Totals printed inside the table under a group of rows (a card's 'Total for card ending 0091' under each
 * cardholder's purchases, 'TOTAL NEW TRANSACTIONS' under them all, a 'Sub-total' per section, 'Total of new
 * transactions for MRS A SMITH'): an undated row that starts with a totalling word and whose one figure is
 * what the rows right above it add up to (their printed signs kept, their credits marked 'CR' or '+' taken
 * off the plain figures, or their sizes alone). The figures confirm it, so a payee whose name starts with the
 * word ('TOTAL FITNESS') stays a transaction. It is a check, not a transaction, and not the statement's money
 * in / out total.
 */
export function markSubtotals(rows: TableRow[]): void {
  let run: Array<readonly [number, number]> = [];
  // Every row since the last balance line, across totals and their labels: a total of one direction
  // ('Total new spending' under 'Total payments and credits') adds up the whole table's purchases or credits.
  let table: Array<readonly [number, number]> = [];
  for (const row of rows) {
    if (row.category === 'balance') table = [];
    if (row.category === 'label' || row.category === 'balance' || row.category === 'total') {
      // A section running over a page break ('Carried forward' / 'Brought forward' between its rows, as the
      // John Lewis Partnership Card prints an additional cardholder's rows over two pages) is still one
      // section: its subtotal adds up the rows on both pages.
      if (!FORWARD_LINE.test(`${row.dateColumnText} ${row.description}`)) run = [];
      continue;
    }
    if (row.category !== 'txn') continue;
    const value = subtotalValues(row);
    const text = `${row.dateColumnText} ${row.description}`.trim();
    if (!row.date && value !== null && TOTALLING.test(text)) {
      const target = Math.abs(value[0]);
      let signed = 0;
      let marked = 0;
      let sizes = 0;
      let found = false;
      for (let k = run.length - 1; k >= 0 && !found; k--) {
        signed += run[k]![0];
        marked += run[k]![1];
        sizes += Math.abs(run[k]![0]);
        found =
          k <= run.length - 2 &&
          (Math.abs(signed) === target || Math.abs(marked) === target || sizes === target);
      }
      if (found || oneDirectionTotal(table, target)) {
        row.category = 'total';
        row.money = [];
        continue;
      }
    }
    run.push(value ?? [Number.NaN, Number.NaN]);
    table.push(value ?? [Number.NaN, Number.NaN]);
  }
}

/**
 * Whether `target` is what the table's rows of one direction add up to, two rows or more: its money out or
 * its money in by the printed sign, or its plain figures or its credit-marked ones ('CR', '+'), as a card
 * closes its table with 'Total payments and credits' and 'Total new spending'.
 */
function oneDirectionTotal(table: ReadonlyArray<readonly [number, number]>, target: number): boolean {
  for (const side of [0, 1] as const) {
    for (const sign of [-1, 1]) {
      const picked = table.filter((v) => Math.sign(v[side]) === sign);
      if (picked.length >= 2 && Math.abs(picked.reduce((n, v) => n + v[side], 0)) === target) return true;
    }
  }
  return false;
}

/**
 * A row's one amount for `markSubtotals`, signed two ways: by its printed sign (a minus, brackets, DR), and
 * with a credit's mark ('CR', '+') as the sign against plain figures, as cards mark payments and refunds.
 */
function subtotalValues(row: TableRow): readonly [number, number] | null {
  const cells = row.money.filter((m) => m.column === 'out' || m.column === 'in' || m.column === 'amount');
  if (cells.length !== 1 || row.unreadable.length) return null;
  const m = cells[0]!;
  if (m.column === 'out') return [-m.amount.pence, -m.amount.pence];
  const printed = m.amount.negative ? -m.amount.pence : m.amount.pence;
  const credit = m.amount.marker === 'CR' || m.amount.marker === '+';
  return [printed, credit ? -m.amount.pence : printed];
}

/** Whether `row` sits directly under `above` (same page, no more than about a line's gap between them). */
export function near(above: TableRow | null, row: TableRow): boolean {
  if (!above) return false;
  // An entry runs on from the foot of one page's table to the top of the next.
  if (row.row.page === above.row.page + 1 && above.lastOnPage && row.firstOnPage) return true;
  if (above.row.page !== row.row.page) return false;
  const gap = row.row.top - (above.bottom ?? above.row.bottom);
  return gap <= 1.2 * Math.max(height(above.row), height(row.row));
}
