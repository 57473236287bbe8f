import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { SpendRollup } from '../../domain/spending';
import type { CategorisedRow } from './category-repository';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { batchGetAll, type KeysRead, queryAll } from './paging';

/**
 * Spending roll-ups (spec 3 §3 spending aggregate): one item per month and account, holding that account's
 * spending of the month by leaf category (functions/domain/spending.ts rollupOf), and one per calendar year
 * and account (its months merged). Written only by the refresh that rowsChanged runs, from the rows; read by
 * Spend by Category, one query per period. The cells are stored as one JSON string: a year's roll-ups hold
 * thousands of small values, and unmarshalling them as DynamoDB maps cost far more than parsing one string
 * each (a year item's as tuples: see COMPACT below).
 *
 * Every write is conditional on the item's `version` (a fresh ULID each write, so an item removed and
 * written again never repeats one): two refreshes of the same item at once cannot both land from stale
 * reads; the one that loses reads again and recomputes (services/spending-rollups.ts).
 */

const keyOf = (familyId: string, period: string, accountId: string) =>
  period.length === 4
    ? keys.spendYearRollup(familyId, period, accountId)
    : keys.spendRollup(familyId, period, accountId);

type StoredRollup = Omit<SpendRollup, 'cells'> & { cells: string; format?: number };

/**
 * A year item's cells as tuples (format 2): a year of a busy account holds some 50 cells of 10 merchants and
 * 10 rows each, and the keys of those objects, with each row's account id (the item's own), were half its
 * size; Spend by Category reads the year items of every account for a year. Month items keep the objects
 * (format 1, no `format` attribute), as other readers take them. spendRollups gives both as SpendRollup.
 */
const COMPACT = 2;
type MerchantTuple = [merchant: string, out: number, outCount: number, inPounds: number, inCount: number];
type RowTuple = [id: string, date: string, description: string, merchant: string | null, amount: number];
type CellTuple = [
  leaf: string,
  categoryId: string | null,
  out: number,
  outCount: number,
  inPounds: number,
  inCount: number,
  confidenceSum: number,
  confidenceCount: number,
  merchants: MerchantTuple[],
  rows: RowTuple[],
];

function encodeCompact(cells: SpendRollup['cells']): string {
  return JSON.stringify(
    cells.map(
      (c): CellTuple => [
        c.leaf,
        c.category_id,
        c.out,
        c.out_count,
        c.in,
        c.in_count,
        c.confidence_sum,
        c.confidence_count,
        c.merchants.map((m): MerchantTuple => [m.merchant, m.out, m.out_count, m.in, m.in_count]),
        c.transactions.map(
          (t): RowTuple => [t.id, t.transaction_date, t.description, t.merchant_name, t.amount],
        ),
      ],
    ),
  );
}

function decodeCompact(text: string, accountId: string): SpendRollup['cells'] {
  return (JSON.parse(text) as CellTuple[]).map(
    ([leaf, category_id, out, out_count, inPounds, in_count, confidence_sum, confidence_count, m, rows]) => ({
      leaf,
      category_id,
      out,
      out_count,
      in: inPounds,
      in_count,
      confidence_sum,
      confidence_count,
      merchants: m.map(([merchant, o, oc, i, ic]) => ({
        merchant,
        out: o,
        out_count: oc,
        in: i,
        in_count: ic,
      })),
      transactions: rows.map(([id, transaction_date, description, merchant_name, amount]) => ({
        id,
        account_id: accountId,
        transaction_date,
        description,
        merchant_name,
        amount,
      })),
    }),
  );
}

const parsed = (item: StoredRollup): SpendRollup => ({
  month: item.month,
  account_id: item.account_id,
  latest_date: item.latest_date ?? null,
  cells:
    item.format === COMPACT
      ? decodeCompact(item.cells, item.account_id)
      : (JSON.parse(item.cells) as SpendRollup['cells']),
});
const ROLLUP_PROJECTION = '#m, account_id, cells, latest_date, #f';
const ROLLUP_NAMES = { '#m': 'month', '#f': 'format' };

/**
 * The stored version of a roll-up (consistent): a string, '' for an item written before versions were kept,
 * null when there is none.
 */
export async function spendRollupVersion(
  familyId: string,
  period: string,
  accountId: string,
): Promise<string | null> {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keyOf(familyId, period, accountId),
      ConsistentRead: true,
      ProjectionExpression: 'pk, version',
    }),
  );
  if (!out.Item) return null;
  return typeof out.Item.version === 'string' ? out.Item.version : '';
}

/**
 * The periods (months YYYY-MM or years YYYY) of `periods` for which the account has a spending roll-up stored
 * (consistent reads, in BatchGetItems): what `spendRollupVersion` tells apart from null, for many at once.
 */
export async function storedSpendRollups(
  familyId: string,
  periods: readonly string[],
  accountId: string,
): Promise<Set<string>> {
  const read = storedSpendRollupsRead(familyId, periods, accountId);
  return read.of(await batchGetAll(read.keys, { consistentRead: true, projection: 'sk' }));
}

/** `storedSpendRollups` as a read of keys, to go in one BatchGetItem with another (paging.ts readTogether). */
export function storedSpendRollupsRead(
  familyId: string,
  periods: readonly string[],
  accountId: string,
): KeysRead<Set<string>> {
  const byKey = new Map(periods.map((period) => [keyOf(familyId, period, accountId).sk, period]));
  return {
    keys: periods.map((period) => ({ ...keyOf(familyId, period, accountId) })),
    fields: ['sk'],
    of: (stored) => new Set(stored.flatMap((item) => byKey.get(item.sk as string) ?? [])),
  };
}

/**
 * Store the roll-up of a month (YYYY-MM) or a year (YYYY) of an account if the stored one is still at
 * `expectedVersion` (spendRollupVersion; null: there is none); one with no cells is removed. False when
 * another write came first (read again and recompute).
 */
export async function saveSpendRollup(
  familyId: string,
  rollup: SpendRollup,
  expectedVersion: string | null,
  now: string,
): Promise<boolean> {
  const key = keyOf(familyId, rollup.month, rollup.account_id);
  const condition =
    expectedVersion === null
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : expectedVersion === ''
        ? { ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(version)' }
        : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': expectedVersion } };
  try {
    if (!rollup.cells.length) {
      if (expectedVersion === null) return true;
      await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: key, ...condition }));
      return true;
    }
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...key,
          entity: 'spend_rollup',
          family_id: familyId,
          month: rollup.month,
          account_id: rollup.account_id,
          latest_date: rollup.latest_date,
          ...(rollup.month.length === 4
            ? { format: COMPACT, cells: encodeCompact(rollup.cells) }
            : { cells: JSON.stringify(rollup.cells) }),
          version: ulid(),
          updated_at: now,
        },
        ...condition,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Store a roll-up whatever is stored (building roll-ups where nothing else writes: the benchmark's seed). */
export async function putSpendRollup(familyId: string, rollup: SpendRollup, now: string): Promise<void> {
  const version = await spendRollupVersion(familyId, rollup.month, rollup.account_id);
  await saveSpendRollup(familyId, rollup, version, now);
}

/**
 * The roll-ups of months `from`..`to` (YYYY-MM, inclusive), every account; of years `from`..`to` when they
 * are years (YYYY).
 */
export async function spendRollups(familyId: string, from: string, to: string): Promise<SpendRollup[]> {
  const range =
    from.length === 4
      ? keys.spendYearRollupRange(familyId, from, to)
      : keys.spendRollupRange(familyId, from, to);
  const items = await queryAll<StoredRollup>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
    ProjectionExpression: ROLLUP_PROJECTION,
    ExpressionAttributeNames: ROLLUP_NAMES,
  });
  return items.map(parsed);
}

/** The roll-ups of one account's months (YYYY-MM) named (consistent reads); months without one are left out. */
export async function accountSpendRollups(
  familyId: string,
  accountId: string,
  months: readonly string[],
): Promise<SpendRollup[]> {
  const items = await batchGetAll<StoredRollup>(
    months.map((month) => ({ ...keys.spendRollup(familyId, month, accountId) })),
    { consistentRead: true, projection: ROLLUP_PROJECTION, names: ROLLUP_NAMES },
  );
  return items.map(parsed).sort((a, b) => (a.month < b.month ? -1 : 1));
}

/**
 * What a month's spending roll-up is made of (rollupOf), and what categorising a row needs (its key, its
 * description and whether it was ever categorised). Nothing more is read: the month's rows are read on
 * every refresh, and each attribute read costs.
 */
export type SpendingRow = Pick<
  CategorisedRow,
  | 'id'
  | 'amount'
  | 'signed_amount'
  | 'type'
  | 'description'
  | 'transaction_date'
  | 'flow_type'
  | 'user_corrected_flow_type'
  | 'category_id'
  | 'subcategory_id'
  | 'merchant_name'
  | 'category_confidence'
  | 'category_source'
>;

const SPENDING_ROW_FIELDS = [
  'id',
  'amount',
  'signed_amount',
  '#t',
  'description',
  'transaction_date',
  'flow_type',
  'user_corrected_flow_type',
  'category_id',
  'subcategory_id',
  'merchant_name',
  'category_confidence',
  'category_source',
].join(', ');

/** An account's rows between two dates (consistent), with only the fields of SpendingRow. */
export function spendingRows(
  familyId: string,
  accountId: string,
  from: string,
  to: string,
): Promise<SpendingRow[]> {
  const range = keys.accountTransactionsRange(familyId, accountId, from, to);
  return queryAll<SpendingRow>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
    ExpressionAttributeNames: { '#t': 'type' },
    ProjectionExpression: SPENDING_ROW_FIELDS,
    ConsistentRead: true,
  });
}
