import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SpendRollup } from '../../domain/spending';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { queryAll } from './paging';

/**
 * Spending roll-ups (spec 3 §3 spending aggregate): one item per month and account, holding that account's
 * spending of the month by leaf category (functions/domain/spending.ts rollupOf). Written only by the
 * refresh that rowsChanged runs, from the rows; read by Spend by Category, one query per period. The cells
 * are stored as one JSON string: a year's roll-ups hold thousands of small values, and unmarshalling them as
 * DynamoDB maps cost far more than parsing one string each.
 */
export async function putSpendRollup(familyId: string, rollup: SpendRollup, now: string): Promise<void> {
  const key =
    rollup.month.length === 4
      ? keys.spendYearRollup(familyId, rollup.month, rollup.account_id)
      : keys.spendRollup(familyId, rollup.month, rollup.account_id);
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
        cells: JSON.stringify(rollup.cells),
        updated_at: now,
      },
    }),
  );
}

/** Remove the roll-up of a month (YYYY-MM) or a year (YYYY) of an account. */
export async function deleteSpendRollup(familyId: string, month: string, accountId: string): Promise<void> {
  const key =
    month.length === 4
      ? keys.spendYearRollup(familyId, month, accountId)
      : keys.spendRollup(familyId, month, accountId);
  await documentClient().send(new DeleteCommand({ TableName: tableName(), Key: key }));
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
  const items = await queryAll<Omit<SpendRollup, 'cells'> & { cells: string }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
    ProjectionExpression: '#m, account_id, cells, latest_date',
    ExpressionAttributeNames: { '#m': 'month' },
  });
  return items.map((item) => ({ ...item, cells: JSON.parse(item.cells) as SpendRollup['cells'] }));
}
