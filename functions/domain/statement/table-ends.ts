import { near, type TableRow } from './table';

/**
 * Stage 1–2, where the table may end before its last rows (`find-table.ts`): at a title after the last
 * balance, or where another account's table starts. Which of these is the statement's end is for its figures
 * to decide (`candidates.ts`).
 */

/**
 * Where the table may end before its last rows: the first line of text standing apart from the rows above
 * it (a title such as 'Notice of charges' or 'Interest summary') after which no row prints a balance and
 * some row prints an amount. What follows it may be charges to come or a summary laid out in the table's
 * columns; whether it is the account's money is for the statement's figures to decide (`candidates.ts`). The
 * index of that line in `rows`, or -1.
 */
export function titleEnd(rows: readonly TableRow[]): number {
  let cut = -1;
  let previous: TableRow | null = null;
  let seenTransaction = false;
  for (const [i, row] of rows.entries()) {
    if (row.category === 'empty' || row.category === 'noise') continue;
    const balance =
      row.category === 'label' || row.category === 'balance' || row.money.some((m) => m.column === 'balance');
    if (balance) cut = -1;
    else if (
      cut < 0 &&
      seenTransaction &&
      row.category === 'text' &&
      !row.date &&
      previous &&
      !near(previous, row)
    )
      cut = i;
    if (row.category === 'txn') seenTransaction = true;
    previous = row;
  }
  return cut >= 0 && rows.slice(cut).some((r) => r.category === 'txn') ? cut : -1;
}

/**
 * Where a later table under headings of its own may start another account's statement (a savings pot's
 * after the current account's, in one PDF): the first row of each later segment that follows rows with
 * money, latest first. Whether it is another account is for the statement's figures to decide
 * (`candidates.ts`): the rows before it must add up on their own.
 */
export function accountEnds(rows: readonly TableRow[]): number[] {
  const starts: number[] = [];
  let money = false;
  for (const [i, row] of rows.entries()) {
    const previous = rows[i - 1];
    if (money && previous && row.segment !== previous.segment) starts.push(i);
    if (row.category === 'txn') money = true;
  }
  return starts.reverse();
}
