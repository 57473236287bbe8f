import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { BalanceRow } from '../../domain/bills-forecast';
import type { DecisionStatus, RecurringRow } from '../../domain/recurring';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { queryAll, queryPrefix } from './paging';

/**
 * Bills & Regular Payments: the rows detection reads (one gsi1 range of the family's own partition, with only
 * the fields it uses) and the family's decisions about each series (one item per series, its fields
 * updated one by one so a rename never undoes a confirmation).
 */
const ROW_FIELDS =
  'id, account_id, transaction_date, description, amount, signed_amount, #t, flow_type, user_corrected_flow_type, category_id, subcategory_id, merchant_name, balance, #p';

export type BillRow = RecurringRow & BalanceRow;

/** The family's rows between two dates (both included), with the fields detection and balances use. */
export async function billRows(familyId: string, from: string, to: string): Promise<BillRow[]> {
  const range = keys.familyTransactionsRange(familyId, from, to);
  const items = await queryAll<Record<string, unknown>>({
    TableName: tableName(),
    IndexName: range.index,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
    ExpressionAttributeNames: { '#t': 'type', '#p': 'position' },
    ProjectionExpression: ROW_FIELDS,
  });
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  return items.map((i) => ({
    id: String(i.id),
    account_id: String(i.account_id),
    transaction_date: String(i.transaction_date),
    description: String(i.description ?? ''),
    amount: Number(i.amount),
    signed_amount: num(i.signed_amount),
    type: text(i.type),
    flow_type: text(i.flow_type),
    user_corrected_flow_type: text(i.user_corrected_flow_type),
    category_id: text(i.category_id),
    subcategory_id: text(i.subcategory_id),
    merchant_name: text(i.merchant_name),
    balance: num(i.balance),
    position: num(i.position),
  }));
}

export interface StoredDecision {
  series_id: string;
  status: DecisionStatus | null;
  name: string | null;
  category_id: string | null;
  updated_at: string;
  updated_by: string;
}

function toDecision(item: Record<string, unknown>): StoredDecision {
  return {
    series_id: String(item.series_id),
    status: (item.status as DecisionStatus | undefined) ?? null,
    name: typeof item.name === 'string' ? item.name : null,
    category_id: typeof item.category_id === 'string' ? item.category_id : null,
    updated_at: String(item.updated_at ?? ''),
    updated_by: String(item.updated_by ?? ''),
  };
}

export async function listBillDecisions(familyId: string): Promise<StoredDecision[]> {
  return (await queryPrefix(keys.billDecisionsPrefix(familyId), { consistentRead: true })).map(toDecision);
}

/**
 * Save the fields given of one decision (null removes a field: the detection's value again) and return the
 * whole decision as stored.
 */
export async function saveBillDecision(
  familyId: string,
  seriesId: string,
  changes: Partial<Pick<StoredDecision, 'status' | 'name' | 'category_id'>>,
  by: { at: string; userId: string },
): Promise<StoredDecision> {
  const sets = ['entity = :e', 'family_id = :f', 'series_id = :s', 'updated_at = :at', 'updated_by = :by'];
  const removes: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':e': 'bill_decision',
    ':f': familyId,
    ':s': seriesId,
    ':at': by.at,
    ':by': by.userId,
  };
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    if (value === null) removes.push(`#${field}`);
    else {
      sets.push(`#${field} = :${field}`);
      values[`:${field}`] = value;
    }
  }
  const out = await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.billDecision(familyId, seriesId),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toDecision(out.Attributes ?? {});
}

export async function getBillDecision(familyId: string, seriesId: string): Promise<StoredDecision | null> {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.billDecision(familyId, seriesId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? toDecision(out.Item) : null;
}
