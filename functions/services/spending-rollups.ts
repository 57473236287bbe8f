import { type CategorisedRow, setRowCategory } from '../adapters/dynamodb/category-repository';
import { deleteSpendRollup, putSpendRollup, spendRollups } from '../adapters/dynamodb/spending-repository';
import { accountTransactions } from '../adapters/dynamodb/transaction-repository';
import type { CategoryRule } from '../domain/category-rules';
import { endOfMonth } from '../domain/dates';
import { mergeRollups, rollupOf, spendingAmount } from '../domain/spending';
import { services } from '../shared/container';
import { categoryOfRow, familyCategoryRules } from './row-categories';

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
 * its roll-up. A row that counts as spending but was never categorised (it became an expense after it was
 * written, e.g. by a flow-type correction) is categorised here first, once.
 */
export async function refreshSpending(familyId: string, changes: readonly Change[]): Promise<void> {
  const touched = new Set<string>();
  for (const change of changes)
    for (const date of change.dates) touched.add(`${change.accountId}|${monthOf(date)}`);
  const at = services().now().toISOString();
  let rules: Promise<ReadonlyMap<string, CategoryRule>> | undefined;
  for (const entry of touched) {
    const [accountId = '', month = ''] = entry.split('|');
    const [year, m] = month.split('-').map(Number);
    const rows = await accountTransactions(familyId, accountId, {
      from: `${month}-01`,
      to: endOfMonth(year ?? 0, m ?? 1),
    });
    const categorised = await categoriseNewSpending(rows as CategorisedRow[], () => {
      rules ??= familyCategoryRules(familyId);
      return rules;
    });
    const rollup = rollupOf(month, accountId, categorised);
    if (rollup.cells.length) await putSpendRollup(familyId, rollup, at);
    else await deleteSpendRollup(familyId, month, accountId);
  }
  // Each touched year of each account: its months merged, so a year is read as one item per account.
  const years = new Set([...touched].map((entry) => entry.slice(0, entry.indexOf('|') + 5)));
  for (const entry of years) {
    const [accountId = '', year = ''] = entry.split('|');
    const months = (await spendRollups(familyId, `${year}-01`, `${year}-12`)).filter(
      (r) => r.account_id === accountId,
    );
    const merged = mergeRollups(year, accountId, months);
    if (merged.cells.length) await putSpendRollup(familyId, merged, at);
    else await deleteSpendRollup(familyId, year, accountId);
  }
}

/** The rows, with those that count as spending but were never categorised given (and saved) their category. */
async function categoriseNewSpending(
  rows: readonly CategorisedRow[],
  rules: () => Promise<ReadonlyMap<string, CategoryRule>>,
): Promise<CategorisedRow[]> {
  const out: CategorisedRow[] = [];
  for (const row of rows) {
    if (row.category_source !== undefined || spendingAmount(row) === null) {
      out.push(row);
      continue;
    }
    const category = categoryOfRow(row, await rules());
    if (category && (await setRowCategory(row, category))) out.push({ ...row, ...category });
    else out.push(row);
  }
  return out;
}
