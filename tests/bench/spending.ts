import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATEGORIES, parentCategoryId } from '../../functions/domain/categories';
import { categorise } from '../../functions/domain/category-rules';

/**
 * Spending by category.
 *
 * Accuracy: the categoriser without the AI (learned rules empty: the dictionary, line and keyword rules) on
 * the labelled set of UK statement descriptions in tests/fixtures/categories/labelled.json. Reported per
 * category (the share of each category's descriptions given that category), overall at the category level
 * (what Spend by Category groups by) and at the subcategory level, and the share left uncategorised.
 * Target: at least 90 % right at the category level.
 */

interface Labelled {
  description: string;
  category: string;
  source: string;
}

export function labelledSet(): Labelled[] {
  const file = join(import.meta.dirname, '../fixtures/categories/labelled.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { descriptions: Labelled[] }).descriptions;
}

export function accuracy() {
  const set = labelledSet();
  const perCategory = new Map<string, { right: number; total: number }>();
  let right = 0;
  let rightLeaf = 0;
  let none = 0;
  const misses: string[] = [];
  for (const item of set) {
    const got = categorise(item.description);
    const gotLeaf = got.subcategory_id ?? got.category_id;
    const want = parentCategoryId(item.category);
    const ok = got.category_id === want;
    if (ok) right++;
    else misses.push(`${item.description} → ${gotLeaf ?? 'none'} (want ${item.category})`);
    if (gotLeaf === item.category) rightLeaf++;
    if (!got.category_id) none++;
    const cell = perCategory.get(want) ?? { right: 0, total: 0 };
    cell.total++;
    if (ok) cell.right++;
    perCategory.set(want, cell);
  }
  return { set, right, rightLeaf, none, perCategory, misses };
}

export async function bench() {
  const { set, right, rightLeaf, none, perCategory, misses } = accuracy();
  const pct = (n: number, of: number) => Math.round((n / of) * 1000) / 10;
  if (process.env.SHOW_MISSES) for (const m of misses) console.log(`  miss: ${m}`);
  const figures = [
    { name: 'labelled descriptions', value: set.length, unit: '', note: 'tests/fixtures/categories' },
    {
      name: 'accuracy, category (no AI)',
      value: pct(right, set.length),
      unit: '%',
      note: 'target ≥ 90 %',
    },
    { name: 'accuracy, subcategory (no AI)', value: pct(rightLeaf, set.length), unit: '%' },
    { name: 'left uncategorised', value: pct(none, set.length), unit: '%' },
  ];
  const names = new Map(CATEGORIES.map((c) => [c.id, c.name]));
  for (const [id, cell] of [...perCategory].sort((a, b) => b[1].total - a[1].total))
    figures.push({
      name: `  ${names.get(id) ?? id}`,
      value: pct(cell.right, cell.total),
      unit: '%',
      note: `${cell.right}/${cell.total}`,
    });
  return figures;
}
