import type { CategorisedRow } from '../adapters/dynamodb/category-repository';
import { deleteSpendRollup, putSpendRollup } from '../adapters/dynamodb/spending-repository';
import { accountTransactions } from '../adapters/dynamodb/transaction-repository';
import { endOfMonth } from '../domain/dates';
import { rollupOf } from '../domain/spending';
import { services } from '../shared/container';

/** A change of rows (row-changes.ts RowChange): the account and the rows' dates. */
interface Change {
  accountId: string;
  dates: readonly string[];
}

// ── roll-ups ─────────────────────────────────────────────────────────────────────────────────────────────

const monthOf = (date: string) => date.slice(0, 7);

/**
 * Recompute the spending roll-up of every month each change touches, for its account, from the rows (run
 * by rowsChanged; never incremented, so running it twice is harmless). A month with no spending left loses
 * its roll-up.
 */
export async function refreshSpending(familyId: string, changes: readonly Change[]): Promise<void> {
  const touched = new Set<string>();
  for (const change of changes)
    for (const date of change.dates) touched.add(`${change.accountId}|${monthOf(date)}`);
  const at = services().now().toISOString();
  for (const entry of touched) {
    const [accountId = '', month = ''] = entry.split('|');
    const [year, m] = month.split('-').map(Number);
    const rows = await accountTransactions(familyId, accountId, {
      from: `${month}-01`,
      to: endOfMonth(year ?? 0, m ?? 1),
    });
    const rollup = rollupOf(month, accountId, rows as CategorisedRow[]);
    if (rollup.cells.length) await putSpendRollup(familyId, rollup, at);
    else await deleteSpendRollup(familyId, month, accountId);
  }
}
