import { height } from './geometry';
import { near, type TableRow } from './table';

/**
 * Stage 3, rows to entries: which undated line of text between two entries leads the entry below rather than
 * going on with the entry above (`entries.ts` asks).
 */

/** A line whose step to the line below is at most this share of its step from the line above leads it. */
const LEAD_STEP = 0.75;

/**
 * A payment's reference printed on a line of its own ABOVE its description ('REF: INV 2025-114' over
 * 'FASTER PAYMENT TO K DOUGLAS', the date and amount on the description's line), as some statements print
 * it: an undated text line between two entries that sits clearly nearer the entry below than the one above
 * (its gap under it at most 0.6 of the gap over it), in the description column, leads the entry below. Where a wrapped description's
 * lines and the entries are evenly spaced, a line is never nearer the entry below, and it continues the
 * entry above as before.
 */
export function leadsBelow(rows: readonly TableRow[], i: number): boolean {
  const row = rows[i]!;
  const above = rows[i - 1];
  const below = rows[i + 1];
  // In the description column: a line starting in the date column is a heading over a group of entries
  // ('S HARTWELL  Card 5520 **** 3107' over a cardholder's rows), not one entry's reference.
  if (row.date || row.dateColumnText || !above || !below || below.category !== 'txn') return false;
  if (!endsEntry(rows, i - 1) || above.row.page !== row.row.page || below.row.page !== row.row.page)
    return false;
  if (!near(row, below)) return false;
  const gapAbove = row.row.top - (above.bottom ?? above.row.bottom);
  const gapBelow = below.row.top - row.row.bottom;
  if (gapAbove > 0 && gapBelow <= 0.6 * gapAbove) return true;
  // A scan's boxes are its ink, not the font's: brackets and descenders on the entries' lines and none on
  // the reference's ('REF: INV 2025-114' over '(185.00)') make the gaps look even. Line to line (from the
  // top of the entry above's last line), the reference still stands clearly nearer the entry below (10 pt
  // under the line above it, 14 pt between entries: 41 px against 59 at 300 dpi). A text layer's boxes are
  // the font's, and its gaps say it.
  const scanned = [above, row, below].every((r) => r.row.words.some((w) => w.confidence !== undefined));
  if (!scanned) return false;
  const lastLineTop = (above.bottom ?? above.row.bottom) - height(above.row);
  const stepAbove = row.row.top - lastLineTop;
  const stepBelow = below.row.top - row.row.top;
  return gapAbove > 0 && stepBelow <= LEAD_STEP * stepAbove;
}

/**
 * Whether row `k` is an entry's last line: the entry's own line, or an undated line of text under it that
 * goes on with it (Monzo's 'Amount: EUR -18.20. Conversion rate: 0.8407.' or 'Reference: …' under a
 * payment's date line), every line up to the entry's on the same page.
 */
function endsEntry(rows: readonly TableRow[], k: number): boolean {
  const page = rows[k]?.row.page;
  for (let j = k; j >= 0; j--) {
    const r = rows[j]!;
    if (r.row.page !== page) return false;
    if (r.category === 'txn') return true;
    const up = rows[j - 1];
    if (r.category !== 'text' || r.date || r.dateColumnText || !up || !near(up, r)) return false;
  }
  return false;
}
