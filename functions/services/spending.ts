import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { listAccounts } from '../adapters/dynamodb/account-repository';
import {
  type CategorisedRow,
  type CategoryAudit,
  getCategories,
  putCategoryAudits,
  putCategoryRules,
  type RowCategory,
  rowsByRef,
  setRowCategory,
} from '../adapters/dynamodb/category-repository';
import { documentClient, tableName } from '../adapters/dynamodb/client';
import { spendRollups } from '../adapters/dynamodb/spending-repository';
import { familyTransactions } from '../adapters/dynamodb/transaction-repository';
import { ACCOUNT_MESSAGES } from '../contracts/accounts';
import type {
  CategoryChangeRequest,
  CategoryChangeResult,
  SimilarRowsResponse,
  SpendingQuery,
  SpendingResponse,
} from '../contracts/spending';
import { CATEGORY_MESSAGES } from '../contracts/spending';
import { CATEGORIES, type Category, categoryFields, UNCATEGORISED_ID } from '../domain/categories';
import {
  CATEGORY_CONFIDENCE,
  type CategoryRule,
  merchantKey,
  merchantNameOf,
} from '../domain/category-rules';
import { BULK_MODAL_THRESHOLD, findSimilar } from '../domain/similarity';
import { spendingAmount, spendingHints, summariseSpending } from '../domain/spending';
import type { FamilyContext } from '../shared/context';
import { NotFoundError, ValidationError } from '../shared/errors';
import type { Ports } from '../shared/ports';
import { type Categorisable, categoryOfRow, familyCategoryRules } from './row-categories';
import { changesOf, rowsChanged } from './row-changes';

/** The ports this service's use cases are handed (the composition root passes them). */
export type SpendingDeps = Pick<Ports, 'now'>;

export { categoryOfRow, familyCategoryRules };

/**
 * Spending by category: how rows get their category (as the pipeline writes them, by the backfill, by the
 * family's changes), the roll-ups that follow the rows, and the Spend by Category figures read from them.
 */

// ── categories of rows ───────────────────────────────────────────────────────────────────────────────────

/**
 * Give rows that count as spending and have no category yet (never categorised, or newly an expense) their
 * category. Returns the rows it changed. The caller reports them through rowsChanged.
 */
export async function categoriseUncategorisedRows<
  R extends Categorisable &
    Pick<CategorisedRow, 'id' | 'account_id' | 'transaction_date'> & { category_source?: string },
>(familyId: string, rows: readonly R[], rules?: ReadonlyMap<string, CategoryRule>): Promise<R[]> {
  const index = rules ?? (await familyCategoryRules(familyId));
  const changed: R[] = [];
  for (const row of rows) {
    if (row.category_source && row.category_source !== 'none') continue;
    const category = categoryOfRow(row, index);
    if (!category || (row.category_source === 'none' && category.category_source === 'none')) continue;
    if (await setRowCategory({ ...row, family_id: familyId }, category))
      changed.push({ ...row, ...category });
  }
  return changed;
}

// ── Spend by Category ────────────────────────────────────────────────────────────────────────────────────

/** The seeded categories (spec 3 §7: all, by display_order); the code's own list before the first seed. */
export async function listCategories(): Promise<Category[]> {
  const stored = await getCategories();
  const list = stored.length ? stored : [...CATEGORIES];
  return list.sort((a, b) => a.display_order - b.display_order);
}

function currentMonth(deps: SpendingDeps): string {
  return deps.now().toISOString().slice(0, 7);
}

/**
 * Spend by category for whole months `from`..`to` (default: the current month), for the chosen accounts
 * (default: every account that is not archived), with the type filter and the uncategorised toggle.
 * Read from the roll-ups: one query for the period, whatever its length.
 */
export async function spendingSummary(
  deps: SpendingDeps,
  family: FamilyContext,
  query: SpendingQuery,
): Promise<SpendingResponse> {
  const from = query.from ?? currentMonth(deps);
  const to = query.to ?? from;
  if (from > to) throw new ValidationError(CATEGORY_MESSAGES.range, { field: 'from' });
  const [accounts, categories, rollups] = await Promise.all([
    listAccounts(family.familyId),
    listCategories(),
    // Whole calendar years are read from the year roll-ups (one item per account and year).
    from.endsWith('-01') && to.endsWith('-12')
      ? spendRollups(family.familyId, from.slice(0, 4), to.slice(0, 4))
      : spendRollups(family.familyId, from, to),
  ]);
  const owned = new Map(accounts.map((a) => [a.id, a]));
  const requested = query.accounts?.split(',');
  // An account that is not the family's is not found, as everywhere (never an empty answer that says less).
  if (requested?.some((id) => !owned.has(id))) throw new NotFoundError(ACCOUNT_MESSAGES.notFound);
  const chosen = requested ?? accounts.filter((a) => !a.is_archived).map((a) => a.id);
  const wanted = new Set(chosen);
  const summary = summariseSpending(
    rollups.filter((r) => wanted.has(r.account_id)),
    categories,
    { type: query.type, includeUncategorised: query.uncategorized !== 'false' },
  );
  const inScope = accounts.filter((a) => wanted.has(a.id));
  const latestOf = (values: Array<string | null | undefined>) =>
    values.reduce<string | null>((max, v) => (v && (!max || v > max) ? v : max), null);
  const latestTransaction = latestOf(inScope.map((a) => a.last_transaction_date));
  const lastActivity = latestOf(
    inScope.map((a) => a.last_statement_upload?.slice(0, 10) ?? a.last_transaction_date),
  );
  const hints = spendingHints(
    { lastActivityDate: lastActivity, latestTransactionDate: latestTransaction },
    deps.now(),
  );
  return {
    from,
    to,
    accounts: chosen,
    type: query.type,
    ...summary,
    latest_transaction_date: latestTransaction,
    last_activity_date: lastActivity,
    hints: { stale_activity: hints.staleActivity, old_transactions: hints.oldTransactions },
  };
}

// ── category changes ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Change the category of one row or many (spec: the family's change is audited, learned per merchant and
 * applied to later rows of the merchant). Every row must be the family's; the category must be a seeded one
 * (or 'uncategorised'). Each changed row gets the category with confidence 1 (the family's word), one audit
 * record, and each merchant among them a rule (0.8 for a single change, 0.9 for a bulk one) that categorise()
 * applies first to the merchant's later rows. The roll-ups follow through rowsChanged.
 */
/** The most rows one change takes (POST /api/transactions/categories): the row and 499 like it. */
const MOST_SIMILAR = 499;

/**
 * GET /api/transactions/{id}/category/similar: the family's imported spending rows identical or similar to
 * this one (the flow-type correction's similarity, at the bulk modal's threshold), most alike first, so a
 * category change can be applied to them too. A row not found by id, account and date answers 404.
 */
export async function similarForCategory(
  family: FamilyContext,
  ref: { id: string; account_id: string; transaction_date: string },
): Promise<SimilarRowsResponse> {
  const [target] = await rowsByRef(family.familyId, [ref]);
  if (!target) throw new NotFoundError(CATEGORY_MESSAGES.notFound);
  // Rows as stored carry their category (RowCategory) beside the transaction's own fields.
  const rows = ((await familyTransactions(family.familyId)) as CategorisedRow[]).filter(
    (r) => r.id !== target.id && spendingAmount(r) !== null,
  );
  const similar = findSimilar(target, rows, BULK_MODAL_THRESHOLD).slice(0, MOST_SIMILAR);
  return {
    transactions: similar.map(({ transaction: t, score }) => ({
      id: t.id,
      account_id: t.account_id,
      transaction_date: t.transaction_date,
      description: t.description,
      merchant_name: t.merchant_name ?? null,
      amount: spendingAmount(t) ?? 0,
      category_id: t.subcategory_id ?? t.category_id ?? null,
      score,
    })),
  };
}

export async function changeCategory(
  deps: SpendingDeps,
  family: FamilyContext,
  request: CategoryChangeRequest,
  bulk: boolean,
): Promise<CategoryChangeResult> {
  const rows = await rowsByRef(family.familyId, request.transactions);
  if (
    rows.length !==
    new Set(request.transactions.map((r) => `${r.account_id}#${r.transaction_date}#${r.id}`)).size
  )
    throw new NotFoundError(CATEGORY_MESSAGES.notFound);
  if (!request.category_id) throw new ValidationError(CATEGORY_MESSAGES.category, { field: 'category_id' });
  const categories = await listCategories();
  const fields =
    request.category_id === UNCATEGORISED_ID ? null : categoryFields(request.category_id, categories);
  if (!fields && request.category_id !== UNCATEGORISED_ID)
    throw new ValidationError(CATEGORY_MESSAGES.unknownCategory, { field: 'category_id' });
  const at = deps.now().toISOString();
  const changed: CategorisedRow[] = [];
  const audits: CategoryAudit[] = [];
  const rules = new Map<string, CategoryRule>();
  for (const row of rows) {
    const merchant = row.merchant_name ?? merchantNameOf(row.description);
    const before = row.subcategory_id ?? row.category_id ?? null;
    const after = fields ? (fields.subcategory_id ?? fields.category_id) : null;
    if (merchant)
      rules.set(merchantKey(merchant), {
        merchant_key: merchantKey(merchant),
        category_id: request.category_id,
        confidence: bulk ? CATEGORY_CONFIDENCE.learnedBulk : CATEGORY_CONFIDENCE.learnedSingle,
        learned_from: bulk ? 'bulk' : 'single',
        updated_at: at,
      });
    if (before === after && row.category_source === 'user') continue;
    const category: RowCategory = {
      category_id: fields?.category_id ?? null,
      subcategory_id: fields?.subcategory_id ?? null,
      primary_category: fields?.primary_category ?? null,
      subcategory: fields?.subcategory ?? null,
      merchant_name: merchant,
      category_confidence: fields ? 1 : null,
      category_source: 'user',
    };
    if (!(await setRowCategory({ ...row, family_id: family.familyId }, category))) continue;
    changed.push({ ...row, ...category });
    audits.push({
      id: ulid(),
      transaction_id: row.id,
      account_id: row.account_id,
      transaction_date: row.transaction_date,
      original_category_id: before,
      corrected_category_id: request.category_id,
      merchant_name: merchant,
      bulk,
      created_by: family.userId,
      created_at: at,
    });
  }
  await putCategoryAudits(family.familyId, audits);
  await putCategoryRules(family.familyId, [...rules.values()]);
  if (changed.length) await rowsChanged(deps, family.familyId, changesOf(changed));
  return {
    updated: changed.length,
    unchanged: rows.length - changed.length,
    learned_merchants: [...rules.keys()].length,
    transactions: changed.map((row) => ({
      id: row.id,
      account_id: row.account_id,
      transaction_date: row.transaction_date,
      category_id: row.category_id ?? null,
      subcategory_id: row.subcategory_id ?? null,
      primary_category: row.primary_category ?? null,
      subcategory: row.subcategory ?? null,
      merchant_name: row.merchant_name ?? null,
      category_confidence: row.category_confidence ?? null,
    })),
  };
}

// ── backfill ─────────────────────────────────────────────────────────────────────────────────────────────

/**
 * One-off backfill: every stored row that counts as spending and was never categorised gets its category
 * (the family's rules, then the categoriser), and every family's spending roll-ups are rebuilt for every
 * month of every account that has rows. Idempotent: a second run finds nothing to categorise and rebuilds
 * the same roll-ups. Reads the table with a Scan (it runs once, outside any request).
 */
export async function backfillCategories(
  deps: SpendingDeps,
): Promise<{ families: number; rows: number; categorised: number }> {
  const byFamily = new Map<string, CategorisedRow[]>();
  let start: Record<string, unknown> | undefined;
  let rows = 0;
  do {
    const out = await documentClient().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'entity = :t',
        ExpressionAttributeValues: { ':t': 'transaction' },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of (out.Items ?? []) as CategorisedRow[]) {
      rows++;
      const list = byFamily.get(item.family_id) ?? [];
      list.push(item);
      byFamily.set(item.family_id, list);
    }
    start = out.LastEvaluatedKey;
  } while (start);
  let categorised = 0;
  for (const [familyId, list] of byFamily) {
    categorised += (await categoriseUncategorisedRows(familyId, list)).length;
    await rowsChanged(deps, familyId, changesOf(list));
  }
  return { families: byFamily.size, rows, categorised };
}
