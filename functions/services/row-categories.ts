import {
  type CategorisedRow,
  listCategoryRules,
  type RowCategory,
} from '../adapters/dynamodb/category-repository';
import { type CategoryRule, categorise, categoryRuleIndex } from '../domain/category-rules';
import { spendingAmount } from '../domain/spending';

/** A row's category from the family's rules and the categoriser (services/spending.ts explains the sources). */
export type Categorisable = Pick<
  CategorisedRow,
  'description' | 'amount' | 'signed_amount' | 'type' | 'flow_type' | 'user_corrected_flow_type'
>;

/**
 * The category fields of a row that counts as spending (an external expense, or a refund), by the family's
 * rules and the categoriser; null for any other row (its fields are left alone).
 */
export function categoryOfRow(
  row: Categorisable,
  rules: ReadonlyMap<string, CategoryRule>,
): RowCategory | null {
  if (spendingAmount(row) === null) return null;
  const { source, ...fields } = categorise(row.description, rules);
  return { ...fields, category_source: source };
}

/**
 * `categoryOfRow` for many rows under the same rules, each description categorised once: a statement repeats
 * its merchants (the same shop, the same direct debit), and a row's category depends only on whether it
 * counts as spending and on its description. Each answer is an object of its own.
 */
export function rowCategoriser(
  rules: ReadonlyMap<string, CategoryRule>,
): (row: Categorisable) => RowCategory | null {
  const byDescription = new Map<string, RowCategory>();
  return (row) => {
    if (spendingAmount(row) === null) return null;
    let category = byDescription.get(row.description);
    if (!category) {
      const { source, ...fields } = categorise(row.description, rules);
      category = { ...fields, category_source: source };
      byDescription.set(row.description, category);
    }
    return { ...category };
  };
}

/** The family's learned category rules, indexed for categorise(). */
export async function familyCategoryRules(familyId: string): Promise<ReadonlyMap<string, CategoryRule>> {
  return categoryRuleIndex(await listCategoryRules(familyId));
}
