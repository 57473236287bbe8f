import { parseAmount } from './amounts';
import { DATE_HEAD, DATE_TAIL } from './date-cells';
import { parseLeadingDate } from './dates';
import { center, height } from './geometry';
import type { RowCells, TableLayout } from './rows';

/**
 * Cells the table prints across two lines, joined before the rows are categorised: a date wrapped in a
 * narrow date column, a 'CR' (or an affix) printed on the line under its figure.
 */

/**
 * Dates wrapped inside a narrow date column: the cell ends short of its year ('16/08/202') and the line below
 * carries the rest in the same column ('4'). The pieces are one date on the first line when together they
 * make a date with a four-digit year; the piece leaves the line below (which keeps only its description, or
 * goes when nothing else is on it).
 */
export function joinWrappedDates(cells: readonly RowCells[]): RowCells[] {
  const out: RowCells[] = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    const next = cells[i + 1];
    const printed = cell.date ? cell.dateText : cell.dateColumnText;
    const head = cell.date && printed.includes(' ') ? '' : (printed.split(' ').at(-1) ?? '');
    const tail = next?.dateColumnText.split(' ')[0] ?? '';
    const joined = `${head}${tail}`;
    const date =
      next &&
      next.date === null &&
      next.row.page === cell.row.page &&
      next.row.top - cell.row.bottom <= 1.2 * height(cell.row) &&
      DATE_HEAD.test(head) &&
      DATE_TAIL.test(tail) &&
      /[/.-]\d{4}$/.test(joined)
        ? parseLeadingDate([joined])
        : null;
    if (!next || !date) {
      out.push(cell);
      continue;
    }
    const rest = next.dateColumnText.split(' ').slice(1).join(' ');
    out.push({
      ...cell,
      date: date.date,
      dateText: joined,
      dateColumnText: cell.date ? cell.dateColumnText : cell.dateColumnText.split(' ').slice(0, -1).join(' '),
    });
    const remaining = { ...next, dateColumnText: rest };
    if (rest || remaining.description || remaining.money.length || remaining.unreadable.length) {
      out.push(remaining);
    }
    i++;
  }
  return out;
}

/**
 * 'CR', 'DR' or 'OD' ('overdrawn') printed on the line under an amount (card statements print a payment's 'CR' below the
 * figure when the column is narrow, American Express beside the second line of the description): it marks
 * the amount above, as if printed beside it. A line holding nothing else is then no row of its own; a
 * line that also holds description text still continues the entry's description.
 */
export function marksBelow(cells: readonly RowCells[], layout: TableLayout): RowCells[] {
  const out: RowCells[] = [];
  for (const cell of cells) {
    const above = out.at(-1);
    const words = cell.row.words.filter((w) => center(w) >= layout.moneyStart);
    const printed = words.length === 1 ? words[0]!.text.toUpperCase().replace(/\.$/, '') : '';
    // A balance with 'overdrawn' (or 'OD') under it, as large-print statements wrap a marker too wide for
    // the column, is overdrawn, as '£5.66 OD' beside it is.
    const mark = printed === 'OVERDRAWN' ? 'OD' : printed;
    const under =
      (mark === 'CR' || mark === 'DR' || mark === 'OD') &&
      !cell.date &&
      !cell.money.length &&
      !cell.unreadable.length;
    const alone = under && !cell.description && !cell.dateColumnText;
    if (!under || !above?.money.length || above.row.page !== cell.row.page) {
      out.push(cell);
      continue;
    }
    const word = words[0]!;
    const gap = cell.row.top - above.row.bottom;
    const slack = height(cell.row);
    const target = above.money.find(
      (m) => m.amount.marker === null && word.left < m.right + slack && word.right > m.left - slack,
    );
    if (gap > 1.2 * height(above.row) || !target) {
      out.push(cell);
      continue;
    }
    const amount = parseAmount(`${target.text} ${mark}`);
    if (!amount) {
      out.push(cell);
      continue;
    }
    target.amount = amount;
    target.text = `${target.text} ${mark}`;
    if (alone) above.bottom = cell.row.bottom;
    else out.push(cell);
  }
  return out;
}
