import type { Column, ColumnKind } from './heading-words';
import type { MoneyCell, UnreadableCell } from './rows';

/**
 * Assigns the money cells of a table to its money columns. Cells whose x-ranges overlap form one column of
 * figures; the columns of figures are matched to the headings in left-to-right order, each to the nearest
 * heading (by centre or by right edge, whichever is closer). Each heading takes at most one column of
 * figures unless there are more columns of figures than headings. Figures often sit well right of their
 * heading (right-aligned under a left-aligned heading), so the order decides more than the distance.
 */
export function columnsForMoney(
  cells: readonly MoneyCell[],
  headings: readonly Column[],
  unreadable: readonly UnreadableCell[] = [],
): void {
  if (!headings.length) return;
  if (!cells.length) {
    for (const u of unreadable) u.column = nearestHeading(u, headings).kind;
    return;
  }
  const sorted = [...cells].sort((a, b) => a.left - b.left);
  const clusters: Array<{ left: number; right: number; cells: MoneyCell[] }> = [];
  for (const cell of sorted) {
    const last = clusters.at(-1);
    if (last && cell.left <= last.right) {
      last.right = Math.max(last.right, cell.right);
      last.cells.push(cell);
    } else {
      clusters.push({ left: cell.left, right: cell.right, cells: [cell] });
    }
  }
  const cost = (c: { left: number; right: number }, h: Column) =>
    Math.min(Math.abs((c.left + c.right) / 2 - (h.left + h.right) / 2), Math.abs(c.right - h.right));
  const m = clusters.length;
  const n = headings.length;
  const shared = m > n;
  // best[i][j]: least cost of clusters 0..i with cluster i under heading j (headings increasing, or
  // non-decreasing when they must be shared).
  const best: number[][] = clusters.map(() => new Array<number>(n).fill(Number.POSITIVE_INFINITY));
  const from: number[][] = clusters.map(() => new Array<number>(n).fill(-1));
  for (let j = 0; j < n; j++) best[0]![j] = cost(clusters[0]!, headings[j]!);
  for (let i = 1; i < m; i++) {
    for (let j = 0; j < n; j++) {
      for (let k = 0; k < (shared ? j + 1 : j); k++) {
        const value = best[i - 1]![k]! + cost(clusters[i]!, headings[j]!);
        if (value < best[i]![j]!) {
          best[i]![j] = value;
          from[i]![j] = k;
        }
      }
    }
  }
  let j = best[m - 1]!.indexOf(Math.min(...best[m - 1]!));
  for (let i = m - 1; i >= 0; i--) {
    for (const cell of clusters[i]!.cells) cell.column = headings[j]!.kind;
    j = from[i]![j]!;
  }
  // A misprinted figure stands where its column's figures stand: the cluster it overlaps most, else the
  // nearest heading.
  for (const u of unreadable) {
    let bestOverlap = 0;
    let column: ColumnKind | null = null;
    for (const cluster of clusters) {
      const overlap = Math.min(u.right, cluster.right) - Math.max(u.left, cluster.left);
      if (overlap > bestOverlap) {
        bestOverlap = overlap;
        column = cluster.cells[0]!.column;
      }
    }
    u.column = column ?? nearestHeading(u, headings).kind;
  }
}

function nearestHeading(cell: { left: number; right: number }, headings: readonly Column[]): Column {
  let best = headings[0]!;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const h of headings) {
    const cost = Math.min(
      Math.abs((cell.left + cell.right) / 2 - (h.left + h.right) / 2),
      Math.abs(cell.right - h.right),
    );
    if (cost < bestCost) {
      bestCost = cost;
      best = h;
    }
  }
  return best;
}
