import type { Transaction } from '../../../../../functions/contracts/transactions';
import { transactionsCsv, transactionsCsvFileName } from '../../../../../functions/domain/csv';

/**
 * Selected rows as CSV in the browser, with the export's columns and quoting (functions/domain/csv.ts):
 * one header row, then each account's selected rows in the order shown, accounts in the section's order.
 */
export function selectionCsv(
  groups: readonly { accountName: string; rows: readonly Transaction[] }[],
): string {
  let csv = '';
  for (const group of groups) {
    if (group.rows.length === 0) continue;
    const part = transactionsCsv(group.accountName, group.rows);
    // The header is one record without quotes, so it ends at the first CRLF.
    csv += csv === '' ? part : part.slice(part.indexOf('\r\n') + 2);
  }
  return csv === '' ? transactionsCsv('', []) : csv;
}

/** The selection's file name: the account's when all rows are of one account, else 'selected-transactions'. */
export function selectionFileName(accountNames: readonly string[], date: string): string {
  return transactionsCsvFileName(
    accountNames.length === 1 ? (accountNames[0] ?? '') : 'selected transactions',
    date,
  );
}

/** Saves a file the way a download link does (the browser's own download, no new window). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
