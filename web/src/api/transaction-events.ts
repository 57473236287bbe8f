/**
 * The app's global transaction events (spec 2 §4 Upload): 'transactions-uploaded' after statements are
 * processed, 'transactions-updated' after corrections. Every screen that lists transactions reloads on them
 * (useTransactionEvents invalidates the transaction queries): every transaction list's query key starts with
 * TRANSACTIONS_KEY.
 */
export const TRANSACTIONS_UPLOADED = 'transactions-uploaded';
export const TRANSACTIONS_UPDATED = 'transactions-updated';
export const TRANSACTIONS_KEY = ['transactions'] as const;

export function announceTransactionsUploaded(): void {
  window.dispatchEvent(new Event(TRANSACTIONS_UPLOADED));
}
