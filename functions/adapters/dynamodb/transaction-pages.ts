import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import type { TransactionItem } from './transaction-repository';

/**
 * Pages of transactions, newest first, by key: a page starts where the previous one ended (a date-bounded
 * Query, never an offset), so every row comes exactly once however deep the page, and a page deep into a
 * long history costs what the first one does.
 *
 * A transaction's sort key is `TXN#{account}#{date}#{fingerprint}` (and gsi1's `{date}#{account}#{fp}`): it
 * orders dates but, within a date, by fingerprint, not as the statement printed the rows. Each row stores its
 * `position` in its statement, so a page is read in key order until the last date it shows is complete, then
 * ordered by date (newest first), account, and position (latest first); the rows past the page are read again
 * by the next one (at most one date's rows). The page's last row, as a RowPosition, is where the next begins.
 */
export interface RowPosition {
  date: string;
  account: string;
  position: number;
  id: string;
}

type Row = TransactionItem & { position?: number };

export const positionOf = (row: Row): RowPosition => ({
  date: row.transaction_date,
  account: row.account_id,
  position: typeof row.position === 'number' ? row.position : -1,
  id: row.id,
});

/** The listing order: negative when `a` is listed before `b`. */
export function compareRows(a: RowPosition, b: RowPosition): number {
  return (
    b.date.localeCompare(a.date) ||
    a.account.localeCompare(b.account) ||
    b.position - a.position ||
    b.id.localeCompare(a.id)
  );
}

export interface PageOptions {
  from?: string | undefined;
  to?: string | undefined;
  /** The previous page's last row: this page lists what comes after it. */
  after?: RowPosition | null | undefined;
  limit: number;
  /** Rows to list (filters the key cannot express: flow type, accounts). */
  keep?: ((row: Row) => boolean) | undefined;
}

export interface Page {
  rows: Row[];
  /** The last listed row, when more rows follow it. */
  next: RowPosition | null;
}

interface KeyRange {
  index?: string;
  pkName: string;
  skName: string;
  pk: string;
  skFrom: string;
  skTo: string;
}

const earlier = (a: string | undefined, b: string | undefined) => (a && b ? (a < b ? a : b) : (a ?? b));

function accountRange(familyId: string, accountId: string, from?: string, to?: string): KeyRange {
  const range = keys.accountTransactionsRange(familyId, accountId, from, to);
  return { pkName: 'pk', skName: 'sk', pk: range.pk, skFrom: range.skFrom, skTo: range.skTo };
}

function familyRange(familyId: string, from?: string, to?: string): KeyRange {
  const range = keys.familyTransactionsRange(familyId, from, to);
  return {
    index: range.index,
    pkName: 'gsi1pk',
    skName: 'gsi1sk',
    pk: range.pk,
    skFrom: range.skFrom,
    skTo: range.skTo,
  };
}

async function readPage(range: KeyRange, options: PageOptions): Promise<Page> {
  const { after, limit, keep = () => true } = options;
  const rows: Row[] = [];
  let lastSeenDate: string | undefined;
  let start: Record<string, unknown> | undefined;
  // Enough for the page, the rest of its last day and (after a cursor) the cursor's day read again, in one
  // request as a rule; a page of a day with more rows reads on in doubling requests.
  let request = Math.min(1000, after ? 2 * limit + 25 : limit + 25);
  for (;;) {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        ...(range.index ? { IndexName: range.index } : {}),
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#pk': range.pkName, '#sk': range.skName },
        ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
        ScanIndexForward: false,
        Limit: request,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of (out.Items ?? []) as Row[]) {
      lastSeenDate = item.transaction_date;
      if (after && compareRows(positionOf(item), after) <= 0) continue;
      if (keep(item)) rows.push(item);
    }
    start = out.LastEvaluatedKey;
    if (!start) break;
    // Enough for this page and one more row, and the page's last date read whole: its order is known.
    const boundary = rows[limit - 1]?.transaction_date;
    if (rows.length > limit && boundary && lastSeenDate && lastSeenDate < boundary) break;
    request = Math.min(1000, request * 2);
  }
  rows.sort((a, b) => compareRows(positionOf(a), positionOf(b)));
  const listed = rows.slice(0, limit);
  const last = listed.at(-1);
  return { rows: listed, next: rows.length > limit && last ? positionOf(last) : null };
}

/** One page of an account's transactions (optionally a date range), newest first in statement order. */
export function accountTransactionPage(familyId: string, accountId: string, options: PageOptions) {
  const to = earlier(options.to, options.after?.date);
  return readPage(accountRange(familyId, accountId, options.from, to), options);
}

/** One page of the family's transactions across accounts (gsi1), newest first, grouped by account per date. */
export function familyTransactionPage(familyId: string, options: PageOptions) {
  const to = earlier(options.to, options.after?.date);
  return readPage(familyRange(familyId, options.from, to), options);
}

/**
 * How many rows a range holds that `keep` lists (read with only the attributes the filters need). Without a
 * filter, a Select COUNT: DynamoDB still reads the range, but returns no items.
 */
async function countRange(range: KeyRange, keep?: (row: Row) => boolean): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        ...(range.index ? { IndexName: range.index } : {}),
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeNames: {
          '#pk': range.pkName,
          '#sk': range.skName,
          ...(keep ? { '#f': 'flow_type', '#u': 'user_corrected_flow_type', '#a': 'account_id' } : {}),
        },
        ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
        ...(keep ? { ProjectionExpression: '#f, #u, #a' } : { Select: 'COUNT' }),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    count += keep ? ((out.Items ?? []) as Row[]).filter(keep).length : (out.Count ?? 0);
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

export function countAccountTransactions(
  familyId: string,
  accountId: string,
  options: Pick<PageOptions, 'from' | 'to' | 'keep'> = {},
) {
  return countRange(accountRange(familyId, accountId, options.from, options.to), options.keep);
}

export function countFamilyTransactions(
  familyId: string,
  options: Pick<PageOptions, 'from' | 'to' | 'keep'>,
) {
  return countRange(familyRange(familyId, options.from, options.to), options.keep);
}

/** Whether the account has any row stored (a consistent read of one key). */
export async function hasTransactions(familyId: string, accountId: string): Promise<boolean> {
  const range = accountRange(familyId, accountId);
  const out = await documentClient().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
      ProjectionExpression: 'pk',
      ConsistentRead: true,
      Limit: 1,
    }),
  );
  return (out.Items?.length ?? 0) > 0;
}

/** The date of an account's newest transaction, or null (one item read). */
export async function latestTransactionDate(familyId: string, accountId: string): Promise<string | null> {
  const page = await accountTransactionPage(familyId, accountId, { limit: 1 });
  return page.rows[0]?.transaction_date ?? null;
}
