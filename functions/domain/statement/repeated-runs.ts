import type { Assembly, RawTransaction } from './entries';

/**
 * Repeated runs (decoys): rows that repeat a run already read are the same money printed again, and are
 * removed with the balance lines that follow them kept in place.
 */

/** Removes transactions, keeping each balance line after the transaction it followed (or the one before). */
export function removeTransactions(assembly: Assembly, drop: ReadonlySet<RawTransaction>): void {
  if (!drop.size) return;
  const newIndex: number[] = [];
  let kept = -1;
  for (const t of assembly.transactions) {
    if (!drop.has(t)) kept++;
    newIndex.push(kept);
  }
  const remap = (afterRow: number) => (afterRow < 0 ? afterRow : (newIndex[afterRow] ?? kept));
  for (const c of assembly.checkpoints) c.afterRow = remap(c.afterRow);
  for (const u of assembly.unreadableLines) u.afterRow = remap(u.afterRow);
  assembly.transactions = assembly.transactions.filter((t) => !drop.has(t));
}

export const entryKey = (t: RawTransaction) =>
  `${t.date?.day}/${t.date?.month}|${t.cell?.amount.pence ?? t.unreadableAmount?.text}|${t.cell?.column}|${t.balance?.amount.pence ?? ''}`;

/**
 * Decoys: a later part of the table (a page, or a table under a heading of its own) whose rows all repeat a
 * run of rows already read (same dates, amounts, columns and printed balances) is the same money printed
 * again (a duplicate page, rows repeated after the closing balance), not new money.
 */
export function removeRepeatedRuns(assembly: Assembly, warnings: string[]): void {
  const bySegment = new Map<number, RawTransaction[]>();
  for (const t of assembly.transactions) bySegment.set(t.segment, [...(bySegment.get(t.segment) ?? []), t]);
  const drop = new Set<RawTransaction>();
  const dropSegments = new Set<number>();
  for (const [segment, list] of bySegment) {
    // Two rows with a printed balance, or three without, are too many to repeat by chance.
    if (list.length < (list.some((t) => t.balance) ? 2 : 3)) continue;
    const earlier = assembly.transactions.filter((t) => t.segment < segment && !drop.has(t)).map(entryKey);
    const keys = list.map(entryKey);
    const found = earlier.some((_, start) => keys.every((k, i) => earlier[start + i] === k));
    if (!found) continue;
    for (const t of list) drop.add(t);
    dropSegments.add(segment);
    warnings.push(
      `${list.length} rows on page ${list[0]!.page} repeat rows printed earlier in the statement; they are not counted again.`,
    );
  }
  if (!drop.size) return;
  assembly.checkpoints = assembly.checkpoints.filter((c) => !dropSegments.has(c.segment));
  assembly.unreadableLines = assembly.unreadableLines.filter((u) => !dropSegments.has(u.segment));
  removeTransactions(assembly, drop);
}
