/**
 * An export and a PDF of the same account and days hold the same transactions written differently: the PDF
 * says 'TESCO STORES 2041', the CSV 'CARD PAYMENT TO TESCO STORES 2041 ON 02 JAN', one prints a balance on
 * the row and the other does not, so their fingerprints differ. A row of one is the same transaction as a
 * stored row of the other when both are the account's, on the same day, for the same amount to the penny;
 * of several such stored rows, the one whose description shares most words. Each stored row stands for one
 * transaction only, so two genuine identical purchases on one day in both files are two matches, and a
 * purchase the PDF did not cover (a day after it ends) matches nothing and is added. A card's date can move
 * a few days between the two (the day it was made, the day it was posted): a second pass pairs what is left
 * within 4 days, for the same amount, when the descriptions share a word.
 *
 * Rows of two PDFs are never paired here (their fingerprints already agree where the statements do), nor
 * is a row of this file paired with another of its own.
 */
export interface OverlapRow {
  /** The row's key: its fingerprint (stored rows: their id). */
  id: string;
  date: string;
  pence: number;
  description: string;
}

export interface StoredOverlapRow extends OverlapRow {
  /** Written by an export (CSV, OFX, QIF) rather than a PDF. */
  fromExport: boolean;
}

const WINDOW_DAYS = 4;
const NOISE = new Set([
  'CARD',
  'PAYMENT',
  'PAYMENTS',
  'FROM',
  'THE',
  'AND',
  'DEB',
  'POS',
  'BGC',
  'FPI',
  'FPO',
  'BCC',
  'CPM',
  'VIS',
  'VISA',
  'CONTACTLESS',
  'PURCHASE',
  'TRANSFER',
  'DIRECT',
  'DEBIT',
  'CREDIT',
  'LTD',
  'LIMITED',
  'GBR',
  'LONDON',
]);

function words(description: string): Set<string> {
  return new Set(
    description
      .toUpperCase()
      .split(/[^A-Z0-9]+/)
      .filter((w) => w.length >= 3 && !NOISE.has(w) && !/^\d+$/.test(w)),
  );
}

function shared(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

function dayNumber(date: string): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000
  );
}

/**
 * The key each incoming row is stored under: a stored row's id and date when it is the same transaction
 * (its holders then include this upload), else its own fingerprint and date. `incomingIsExport`: an export pairs with any stored row (a PDF's, or another export's
 * written differently); a PDF only with an export's.
 */
export function overlapIds(
  incoming: readonly OverlapRow[],
  stored: readonly StoredOverlapRow[],
  options: { incomingIsExport: boolean },
): Array<{ id: string; date: string }> {
  const ids = incoming.map((row) => ({ id: row.id, date: row.date }));
  const storedIds = new Set(stored.map((s) => s.id));
  const own = new Set(incoming.map((row) => row.id));
  const candidates = stored.filter((s) => !own.has(s.id) && (options.incomingIsExport || s.fromExport));
  if (!candidates.length) return ids;
  const used = new Set<string>();
  const open = incoming.map((row, i) => ({ row, i })).filter(({ row }) => !storedIds.has(row.id));
  const byDayAndAmount = new Map<string, StoredOverlapRow[]>();
  for (const c of candidates) {
    const key = `${c.date}|${c.pence}`;
    byDayAndAmount.set(key, [...(byDayAndAmount.get(key) ?? []), c]);
  }
  const best = (row: OverlapRow, pool: readonly StoredOverlapRow[], minShared: number) => {
    const mine = words(row.description);
    let choice: StoredOverlapRow | null = null;
    let score = -1;
    for (const c of pool) {
      if (used.has(c.id)) continue;
      const s = shared(mine, words(c.description));
      if (s >= minShared && s > score) {
        choice = c;
        score = s;
      }
    }
    return choice;
  };
  const left: typeof open = [];
  for (const entry of open) {
    const match = best(entry.row, byDayAndAmount.get(`${entry.row.date}|${entry.row.pence}`) ?? [], 0);
    if (match) {
      used.add(match.id);
      ids[entry.i] = { id: match.id, date: match.date };
    } else left.push(entry);
  }
  for (const { row, i } of left) {
    const day = dayNumber(row.date);
    const near = candidates.filter(
      (c) => c.pence === row.pence && Math.abs(dayNumber(c.date) - day) <= WINDOW_DAYS,
    );
    const match = best(row, near, 1);
    if (match) {
      used.add(match.id);
      ids[i] = { id: match.id, date: match.date };
    }
  }
  return ids;
}
