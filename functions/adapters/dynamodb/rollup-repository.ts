import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  type MonthRollup,
  monthBounds,
  type PayerCell,
  type RollupCell,
  type RollupRow,
} from '../../domain/rollups';
import type { EffectiveFlowType } from '../../domain/types';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { batchGetAll, type KeysRead, queryAll } from './paging';

/**
 * Monthly roll-ups (functions/domain/rollups.ts), one item per family and month: `FAMILY#{id}` /
 * `ROLLUP#{yyyy-mm}`. The cells and the month totals are stored as compact JSON strings (a list of tuples):
 * a month of a busy family holds several hundred cells, and one string is far cheaper to store, read and
 * parse than as many nested maps. A screen covering whole months reads only `totals` (a projection).
 *
 * Every write is conditional on the item's `version` (optimistic concurrency): two writes of the same month
 * at once cannot both land from stale reads; the one that loses reads the rows again and recomputes.
 */
const FORMAT = 1;

/** A cell as stored; the rows in and out (the last two) are absent on cells stored before they were kept. */
type CellTuple = [string, string, string, number, number, number, number, number, number?, number?];

const encode = (cells: readonly RollupCell[]) =>
  JSON.stringify(
    cells.map(
      (c) =>
        (c.nIn !== undefined && c.nOut !== undefined
          ? [c.day, c.account, c.flow, c.count, c.low, c.abs, c.in, c.out, c.nIn, c.nOut]
          : [c.day, c.account, c.flow, c.count, c.low, c.abs, c.in, c.out]) satisfies CellTuple,
    ),
  );

function decode(text: unknown): RollupCell[] {
  if (typeof text !== 'string') return [];
  const tuples = JSON.parse(text) as CellTuple[];
  return tuples.map(([day, account, flow, count, low, abs, inPence, out, nIn, nOut]) => ({
    day,
    account,
    flow: flow as EffectiveFlowType,
    count,
    low,
    abs,
    in: inPence,
    out,
    ...(typeof nIn === 'number' && typeof nOut === 'number' ? { nIn, nOut } : {}),
  }));
}

type PayerTuple = [string, string, number, number];

const encodePayers = (payers: readonly PayerCell[]) =>
  JSON.stringify(payers.map((p) => [p.account, p.payer, p.count, p.pence] satisfies PayerTuple));

/** The payers of a stored roll-up; undefined for one stored before payers were kept. */
function decodePayers(text: unknown): PayerCell[] | undefined {
  if (typeof text !== 'string') return undefined;
  return (JSON.parse(text) as PayerTuple[]).map(([account, payer, count, pence]) => ({
    account,
    payer,
    count,
    pence,
  }));
}

export interface StoredRollup extends MonthRollup {
  version: number;
}

/** A month's roll-up as read for a period: totals always, day cells when asked for. */
export interface RollupPart {
  month: string;
  count: number;
  first: string | null;
  last: string | null;
  totals: RollupCell[];
  cells?: RollupCell[];
}

function toStored(item: Record<string, unknown>): StoredRollup {
  return {
    month: String(item.month),
    version: Number(item.version ?? 0),
    count: Number(item.count ?? 0),
    first: typeof item.first === 'string' ? item.first : null,
    last: typeof item.last === 'string' ? item.last : null,
    cells: decode(item.cells),
    totals: decode(item.totals),
    ...(item.payers !== undefined ? { payers: decodePayers(item.payers) } : {}),
  };
}

/** One month's roll-up (consistent read), or null when the month has none. */
export async function getRollup(familyId: string, month: string): Promise<StoredRollup | null> {
  const out = await documentClient().send(
    new GetCommand({ TableName: tableName(), Key: keys.rollup(familyId, month), ConsistentRead: true }),
  );
  return out.Item ? toStored(out.Item) : null;
}

/**
 * The stored version of each month's roll-up (consistent reads; null: the month has none), as `getRollup`
 * gives it, read in BatchGetItems of the versions alone rather than each roll-up whole, one by one.
 */
export async function rollupVersionsOf(
  familyId: string,
  months: readonly string[],
): Promise<Record<string, number | null>> {
  const read = rollupVersionsRead(familyId, months);
  return read.of(await batchGetAll(read.keys, { consistentRead: true, projection: read.fields.join(', ') }));
}

/** `rollupVersionsOf` as a read of keys, to go in one BatchGetItem with another (paging.ts readTogether). */
export function rollupVersionsRead(
  familyId: string,
  months: readonly string[],
): KeysRead<Record<string, number | null>> {
  return {
    keys: months.map((month) => ({ ...keys.rollup(familyId, month) })),
    fields: ['sk', 'version'],
    of: (stored) => {
      const versions = new Map(stored.map((item) => [item.sk, Number(item.version ?? 0)]));
      return Object.fromEntries(
        months.map((month) => [month, versions.get(keys.rollup(familyId, month).sk) ?? null]),
      );
    },
  };
}

/**
 * Store a month's roll-up if the stored one is still at `expectedVersion` (null: there is none); a month
 * with no rows is deleted. False when another write came first (read again and recompute).
 */
export async function saveRollup(
  familyId: string,
  rollup: MonthRollup,
  expectedVersion: number | null,
): Promise<boolean> {
  const condition =
    expectedVersion === null
      ? { ConditionExpression: 'attribute_not_exists(pk)' }
      : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': expectedVersion } };
  try {
    if (rollup.count === 0) {
      if (expectedVersion === null) return true;
      await documentClient().send(
        new DeleteCommand({ TableName: tableName(), Key: keys.rollup(familyId, rollup.month), ...condition }),
      );
      return true;
    }
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.rollup(familyId, rollup.month),
          entity: 'rollup',
          format: FORMAT,
          month: rollup.month,
          version: (expectedVersion ?? 0) + 1,
          count: rollup.count,
          first: rollup.first,
          last: rollup.last,
          cells: encode(rollup.cells),
          totals: encode(rollup.totals),
          ...(rollup.payers ? { payers: encodePayers(rollup.payers) } : {}),
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

/**
 * The roll-ups from one month to another (YYYY-MM, both included), oldest first: their totals, and the day
 * cells of the months in `withCells`. Months without rows have no item.
 */
export async function readRollups(
  familyId: string,
  fromMonth: string,
  toMonth: string,
  withCells: ReadonlySet<string> = new Set(),
): Promise<RollupPart[]> {
  if (fromMonth > toMonth) return [];
  const query = (from: string, to: string, cells: boolean) => {
    const range = keys.rollupsRange(familyId, from, to);
    return queryAll<Record<string, unknown>>({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
      ProjectionExpression: cells ? '#m, #c, #f, #l, totals, cells' : '#m, #c, #f, #l, totals',
      ExpressionAttributeNames: { '#m': 'month', '#c': 'count', '#f': 'first', '#l': 'last' },
    });
  };
  // the months that need day cells are read one by one (at most the two ends of a period), the rest at once
  const [whole, ...edges] = await Promise.all([
    query(fromMonth, toMonth, false),
    ...[...withCells].filter((m) => m >= fromMonth && m <= toMonth).map((m) => query(m, m, true)),
  ]);
  const byMonth = new Map<string, RollupPart>();
  for (const item of [...(whole ?? []), ...edges.flat()]) {
    const part: RollupPart = {
      month: String(item.month),
      count: Number(item.count ?? 0),
      first: typeof item.first === 'string' ? item.first : null,
      last: typeof item.last === 'string' ? item.last : null,
      totals: decode(item.totals),
      ...(item.cells !== undefined ? { cells: decode(item.cells) } : {}),
    };
    const known = byMonth.get(part.month);
    if (!known || part.cells) byMonth.set(part.month, part);
  }
  return [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** The family's first and last roll-ups (their month, count, first and last day): two reads of one item. */
export async function rollupEnds(
  familyId: string,
): Promise<{ first: RollupPart | null; last: RollupPart | null }> {
  const prefix = keys.rollupsPrefix(familyId);
  const one = async (forward: boolean) => {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
        ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.skPrefix },
        ProjectionExpression: '#m, #c, #f, #l',
        ExpressionAttributeNames: { '#m': 'month', '#c': 'count', '#f': 'first', '#l': 'last' },
        ScanIndexForward: forward,
        Limit: 1,
      }),
    );
    const item = out.Items?.[0];
    return item
      ? {
          month: String(item.month),
          count: Number(item.count ?? 0),
          first: typeof item.first === 'string' ? item.first : null,
          last: typeof item.last === 'string' ? item.last : null,
          totals: [],
        }
      : null;
  };
  const [first, last] = await Promise.all([one(true), one(false)]);
  return { first, last };
}

/** Every month the family has a roll-up for, oldest first (the repair's list of what may be stale). */
export async function rollupMonths(familyId: string): Promise<string[]> {
  const prefix = keys.rollupsPrefix(familyId);
  const items = await queryAll<{ month: string }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.skPrefix },
    ProjectionExpression: '#m',
    ExpressionAttributeNames: { '#m': 'month' },
    ConsistentRead: true,
  });
  return items.map((i) => i.month);
}

/** The months of the family's roll-ups that hold rows, oldest first (a projection of month and count). */
export async function monthsWithRows(familyId: string): Promise<string[]> {
  const prefix = keys.rollupsPrefix(familyId);
  const items = await queryAll<{ month: string; count?: number }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :sk)',
    ExpressionAttributeValues: { ':pk': prefix.pk, ':sk': prefix.skPrefix },
    ProjectionExpression: '#m, #c',
    ExpressionAttributeNames: { '#m': 'month', '#c': 'count' },
  });
  return items.filter((i) => Number(i.count ?? 0) > 0).map((i) => i.month);
}

const ROW_FIELDS =
  'transaction_date, amount, signed_amount, #t, flow_type, user_corrected_flow_type, account_id, description, merchant_name';

/**
 * An account's rows between two dates (consistent), with only the fields a roll-up is made of: what a
 * month's roll-up is recomputed from.
 */
export async function rollupRows(
  familyId: string,
  accountId: string,
  from?: string,
  to?: string,
): Promise<RollupRow[]> {
  const range = keys.accountTransactionsRange(familyId, accountId, from, to);
  const items = await queryAll<Record<string, unknown>>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
    ExpressionAttributeNames: { '#t': 'type' },
    ProjectionExpression: ROW_FIELDS,
    ConsistentRead: true,
  });
  return items.map((i) => ({
    transaction_date: String(i.transaction_date),
    amount: Number(i.amount),
    signed_amount: typeof i.signed_amount === 'number' ? i.signed_amount : null,
    type: i.type === 'credit' || i.type === 'debit' ? i.type : null,
    flow_type: typeof i.flow_type === 'string' ? (i.flow_type as RollupRow['flow_type']) : null,
    user_corrected_flow_type:
      typeof i.user_corrected_flow_type === 'string'
        ? (i.user_corrected_flow_type as RollupRow['user_corrected_flow_type'])
        : null,
    account_id: String(i.account_id),
    description: typeof i.description === 'string' ? i.description : null,
    merchant_name: typeof i.merchant_name === 'string' ? i.merchant_name : null,
  }));
}

/**
 * The income by payer of the months from one to another (YYYY-MM, both included): one entry per month with
 * a roll-up, whose `payers` is undefined when it was stored before payers were kept.
 */
export async function readPayers(
  familyId: string,
  fromMonth: string,
  toMonth: string,
): Promise<Array<{ month: string; payers?: PayerCell[] }>> {
  if (fromMonth > toMonth) return [];
  const range = keys.rollupsRange(familyId, fromMonth, toMonth);
  const items = await queryAll<Record<string, unknown>>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
    ProjectionExpression: '#m, payers',
    ExpressionAttributeNames: { '#m': 'month' },
  });
  return items.map((item) => {
    const payers = decodePayers(item.payers);
    return { month: String(item.month), ...(payers ? { payers } : {}) };
  });
}

/** The rows of one month of an account. */
export function monthRows(familyId: string, accountId: string, month: string): Promise<RollupRow[]> {
  const { start, end } = monthBounds(month);
  return rollupRows(familyId, accountId, start, end);
}

/** Every family's id (the repair command's "all families"): a scan for the family records. */
export async function allFamilyIds(): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new ScanCommand({
        TableName: tableName(),
        // Other items share the sort key FAMILY (a billing customer's link to its family): only families.
        FilterExpression: 'sk = :s AND begins_with(pk, :family)',
        ExpressionAttributeValues: { ':s': 'FAMILY', ':family': 'FAMILY#' },
        ProjectionExpression: 'pk',
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of out.Items ?? []) ids.push(String(item.pk).slice('FAMILY#'.length));
    start = out.LastEvaluatedKey;
  } while (start);
  return ids;
}
