import type { Transaction } from '../../../../functions/contracts/transactions';
import { toCsv } from '../../../../functions/domain/csv';
import { moneyDirection } from '../../../../functions/domain/flow-direction';
import { formatDate, formatDateMedium } from '../../../../functions/domain/format';
import { BULK_MODAL_THRESHOLD, findSimilar } from '../../../../functions/domain/similarity';
import { formatMoneyText } from '../../components/Money';

/** The dashboard transaction summary's rules (spec 3 §2.1): signed amounts, the CSV, Select Similar. */
export function signedAmount(row: Pick<Transaction, 'amount' | 'signed_amount' | 'type'>): number {
  const size = Math.abs(row.amount);
  return moneyDirection(row) === 'out' ? -size : size;
}

export function rowLabel(row: Transaction): string {
  return `${formatDateMedium(row.transaction_date)} ${row.description} ${formatMoneyText(signedAmount(row))}`;
}

/**
 * transactions.csv: Date (dd/mm/yyyy), Description, Amount (pounds as a number, money out negative: a text
 * starting with '-' would be neutralised as a formula), one row per transaction.
 */
export function dashboardCsv(rows: readonly Transaction[]): string {
  return toCsv(
    ['Date', 'Description', 'Amount'],
    rows.map((r) => [formatDate(r.transaction_date), r.description, Math.round(signedAmount(r) * 100) / 100]),
  );
}

/** The selection plus every loaded transaction similar (0.5 or more, spec 3 §5) to a selected one. */
export function selectSimilar(selected: readonly Transaction[], loaded: readonly Transaction[]): Set<string> {
  const ids = new Set(selected.map((r) => r.id));
  for (const row of selected)
    for (const match of findSimilar(row, loaded, BULK_MODAL_THRESHOLD)) ids.add(match.transaction.id);
  return ids;
}
