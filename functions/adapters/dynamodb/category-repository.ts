import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Category } from '../../domain/categories';
import type { CategoryRule } from '../../domain/category-rules';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { batchGetAll, batchWriteAll, queryPrefix } from './paging';
import { type TransactionItem, transactionKey } from './transaction-repository';

/**
 * Categories (spec 3 §3): the seeded hierarchy (one catalogue item), the family's learned category rules
 * (one item per merchant), and the category fields of transaction rows (spec 2 §3).
 */

/** The category fields a row carries (spec 2 §3), and how it got them. */
export interface RowCategory {
  category_id: string | null;
  subcategory_id: string | null;
  primary_category: string | null;
  subcategory: string | null;
  merchant_name: string | null;
  category_confidence: number | null;
  /** learned | rule | dictionary | keyword | person | ai | none | user */
  category_source: string;
}

export type CategorisedRow = TransactionItem & Partial<RowCategory>;

export async function getCategories(): Promise<Category[]> {
  const out = await documentClient().send(new GetCommand({ TableName: tableName(), Key: keys.categories() }));
  return (out.Item?.categories as Category[] | undefined) ?? [];
}

export async function putCategories(categories: readonly Category[], now: string): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.categories(), entity: 'categories', categories, updated_at: now },
    }),
  );
}

export async function listCategoryRules(familyId: string): Promise<CategoryRule[]> {
  return queryPrefix<CategoryRule>(keys.categoryRulesPrefix(familyId));
}

/** Learn (or re-learn) the family's category for a merchant: the latest change wins. */
export async function putCategoryRules(familyId: string, rules: readonly CategoryRule[]): Promise<void> {
  await batchWriteAll(
    rules.map((rule) => ({
      PutRequest: {
        Item: {
          ...keys.categoryRule(familyId, rule.merchant_key),
          entity: 'category_rule',
          family_id: familyId,
          ...rule,
        },
      },
    })),
  );
}

type RowRef = Pick<TransactionItem, 'family_id' | 'account_id' | 'transaction_date' | 'id'>;

/** Set a row's category fields; false when the row is gone. */
export async function setRowCategory(row: RowRef, category: RowCategory): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: transactionKey(row),
        UpdateExpression:
          'SET category_id = :c, subcategory_id = :s, primary_category = :p, subcategory = :sn, merchant_name = :m, category_confidence = :cf, category_source = :src',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':c': category.category_id,
          ':s': category.subcategory_id,
          ':p': category.primary_category,
          ':sn': category.subcategory,
          ':m': category.merchant_name,
          ':cf': category.category_confidence,
          ':src': category.category_source,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The family's rows named by id, account and date (their key); rows that are not there are left out. */
export async function rowsByRef(
  familyId: string,
  refs: ReadonlyArray<Pick<TransactionItem, 'account_id' | 'transaction_date' | 'id'>>,
): Promise<CategorisedRow[]> {
  const unique = new Map(refs.map((r) => [`${r.account_id}#${r.transaction_date}#${r.id}`, r]));
  return batchGetAll<CategorisedRow>(
    [...unique.values()].map((r) => transactionKey({ ...r, family_id: familyId })),
    { consistentRead: true },
  );
}

/** Audit records of category changes (spec 3 §3 user_corrections_audit, for categories). */
export interface CategoryAudit {
  id: string;
  transaction_id: string;
  account_id: string;
  transaction_date: string;
  original_category_id: string | null;
  corrected_category_id: string;
  merchant_name: string | null;
  bulk: boolean;
  created_by: string;
  created_at: string;
}

export async function putCategoryAudits(familyId: string, audits: readonly CategoryAudit[]): Promise<void> {
  await batchWriteAll(
    audits.map((audit) => ({
      PutRequest: {
        Item: {
          ...keys.audit(familyId, audit.id),
          entity: 'audit',
          kind: 'category_change',
          family_id: familyId,
          ...audit,
        },
      },
    })),
  );
}
