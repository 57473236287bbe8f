import { createHash } from 'node:crypto';

/**
 * A transaction's identity across uploads (DESIGN: the key carries the fingerprint). Built from the account,
 * date, signed amount, normalised description and printed balance, plus its position among rows that are
 * identical in all of those within one statement: re-uploading a statement, or an overlapping one, produces
 * the same fingerprints (nothing is added twice), while two genuine identical purchases on one day are rows
 * 0 and 1 and both are kept.
 */
export interface FingerprintInput {
  date: string;
  description: string;
  signedAmount: number;
  balance: number | null;
}

export function normaliseDescription(description: string): string {
  return description.toUpperCase().replace(/\s+/g, ' ').trim();
}

function identity(accountId: string, row: FingerprintInput): string {
  const pence = Math.round(row.signedAmount * 100);
  const balance = row.balance === null ? '-' : String(Math.round(row.balance * 100));
  return [accountId, row.date, pence, normaliseDescription(row.description), balance].join('|');
}

/** Fingerprints for a statement's rows, in order. */
export function fingerprintRows(accountId: string, rows: readonly FingerprintInput[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const id = identity(accountId, row);
    const position = seen.get(id) ?? 0;
    seen.set(id, position + 1);
    return createHash('sha256').update(`${id}#${position}`).digest('base64url').slice(0, 22);
  });
}
