import { CATEGORIES } from '../categories';
import { monthOf } from '../rollups';
import {
  type CategoryInfo,
  merchantOf,
  ROLLUP_MERCHANTS,
  type RollupTransaction,
  rollupOf,
  type SpendRollup,
  type SpendRollupCell,
  type SpendRollupRow,
  UNCATEGORISED_LEAF,
  UNCATEGORIZED,
} from '../spending';

/**
 * The assistant's reading of the spending roll-ups (functions/domain/spending.ts: per month, account and
 * leaf category, money out and refunds, the cell's merchants and largest rows). A period's whole months are
 * read from the stored roll-ups; the rows of its partly covered months are rolled up here the same way, so
 * both give the same figures. Spending is what Spend by Category counts (spendingAmount): external expenses,
 * less refunds.
 */

/** Rows rolled up as the stored spending roll-ups are: one per month and account. */
export function rollupsOfRows(rows: readonly SpendRollupRow[]): SpendRollup[] {
  const groups = new Map<string, SpendRollupRow[]>();
  for (const row of rows) {
    const key = `${monthOf(row.transaction_date)}|${row.account_id}`;
    const list = groups.get(key) ?? [];
    list.push(row);
    groups.set(key, list);
  }
  return [...groups].map(([key, list]) => {
    const [month = '', accountId = ''] = key.split('|');
    return rollupOf(month, accountId, list);
  });
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Which cells a category name means: a parent category (all its leaves), one subcategory, or uncategorised. */
export function categoryCells(
  name: string,
  categories: readonly CategoryInfo[] = CATEGORIES,
): { name: string; keep: (cell: SpendRollupCell) => boolean } {
  const want = norm(name);
  if (want === norm(UNCATEGORIZED) || want === 'uncategorised')
    return { name: UNCATEGORIZED, keep: (c) => c.leaf === UNCATEGORISED_LEAF };
  const found = categories.find((c) => norm(c.name) === want);
  if (!found) return { name, keep: () => false };
  if (found.parent_id) return { name: found.name, keep: (c) => c.leaf === found.id };
  const byId = new Map(categories.map((c) => [c.id, c]));
  return {
    name: found.name,
    keep: (c) =>
      c.leaf === found.id ||
      c.category_id === found.id ||
      (c.leaf !== UNCATEGORISED_LEAF && byId.get(c.leaf)?.parent_id === found.id),
  };
}

/**
 * True when a roll-up's merchant lists are whole: every cell lists fewer merchants than the cap, so a
 * merchant a cell does not list spent nothing there. A cell at the cap may have left merchants out, and a
 * merchant's total for that month and account then comes from the rows.
 */
export function merchantsComplete(rollup: SpendRollup): boolean {
  return rollup.cells.every((c) => c.merchants.length < ROLLUP_MERCHANTS);
}

const simplify = (s: string) =>
  ` ${s
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim()} `;

/** True when a payee (as merchantOf names it) is the named merchant: it holds the name as words. */
export function payeeIs(payee: string, merchant: string): boolean {
  const want = simplify(merchant).trim();
  return want !== '' && simplify(payee).includes(` ${want} `);
}

export interface MerchantSpend {
  /** Spending in pence (money out less refunds). */
  pence: number;
  count: number;
  /** Merchant names matched, with their pence (the largest names the answer). */
  names: Map<string, number>;
  /** The cells' largest rows at the merchant (a sample of the rows behind the figure). */
  transactions: Array<RollupTransaction & { leaf: string; category_id: string | null }>;
}

/** A merchant's spending in roll-ups whose merchant lists are whole (see merchantsComplete). */
export function merchantInRollups(rollups: readonly SpendRollup[], merchant: string): MerchantSpend {
  const out: MerchantSpend = { pence: 0, count: 0, names: new Map(), transactions: [] };
  const cents = (n: number) => Math.round(n * 100);
  for (const rollup of rollups)
    for (const cell of rollup.cells) {
      for (const m of cell.merchants) {
        if (!payeeIs(m.merchant, merchant)) continue;
        const pence = cents(m.out) - cents(m.in);
        out.pence += pence;
        out.count += m.out_count + m.in_count;
        out.names.set(m.merchant, (out.names.get(m.merchant) ?? 0) + pence);
      }
      for (const t of cell.transactions)
        if (payeeIs(merchantOf(t), merchant))
          out.transactions.push({ ...t, leaf: cell.leaf, category_id: cell.category_id });
    }
  return out;
}

/** Names too vague to stand for a category in a question ('other things', 'cash back'). */
const VAGUE_CATEGORIES = new Set(['other', 'cash']);

/**
 * What the question mapper may know of the family (intents.ts Vocabulary): the category names (parents
 * and subcategories, the vague ones left out) and the merchants of its spending roll-ups, most spent first
 * (at most `max`).
 */
export function spendingVocabulary(
  categories: readonly Pick<CategoryInfo, 'name'>[],
  rollups: readonly SpendRollup[],
  max = 200,
): { categories: string[]; merchants: string[] } {
  const spent = new Map<string, number>();
  for (const rollup of rollups)
    for (const cell of rollup.cells)
      for (const m of cell.merchants) spent.set(m.merchant, (spent.get(m.merchant) ?? 0) + m.out);
  const merchants = [...spent]
    .filter(([name]) => /[a-z]{3}/i.test(name) && name.length <= 40)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([name]) => name);
  return {
    categories: categories.map((c) => c.name).filter((n) => !VAGUE_CATEGORIES.has(n.toLowerCase())),
    merchants,
  };
}
