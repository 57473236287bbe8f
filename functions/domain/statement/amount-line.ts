import { near, type TableRow } from './table';

/**
 * Whether wrapped descriptions carry their amounts on the first line ('first', most banks) or the last
 * ('last'): evidence from dated blocks, where the date shows which line starts the entry.
 */

/** Payment-type codes that UK statements print at the start of an entry (HSBC, Lloyds, Halifax, TSB ...). */
export const TYPE_CODE =
  /^(?:BP|TFR|DD|SO|STO|CR|DR|VIS|VISA|ATM|CHQ|\){3}|BGC|FPI|FPO|DEB|CPT|PAY|TR|IB|OBP|BAC|D\/D|S\/O|FT|POS|C\/L|CHG|INT|CSH|DEP|MPI|MPO|CDM)$/;

export const startsWithCode = (row: TableRow) => TYPE_CODE.test(row.description.split(' ')[0] ?? '');

export function amountLine(rows: readonly TableRow[]): 'first' | 'last' {
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
          if (after?.category !== 'txn' || startsWithCode(after) || after.date) first++;
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
