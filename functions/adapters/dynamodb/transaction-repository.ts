import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { batchGetAll, batchPutAll, queryAll } from './paging';

/**
 * Transactions (spec 2 §3), stored with spec field names. The key carries the row's fingerprint, so a retried
 * step or an overlapping statement never adds a row twice.
 */
export interface TransactionItem {
  id: string;
  family_id: string;
  account_id: string;
  upload_id: string;
  transaction_date: string;
  description: string;
  amount: number;
  signed_amount: number;
  type: 'credit' | 'debit';
  balance: number | null;
  flow_type: string | null;
  user_corrected_flow_type: string | null;
  classification_confidence: number | null;
  classification_method: string | null;
  created_at: string;
  /**
   * The row's place in the statement that first wrote it (0 = the first row printed): the sort key orders a
   * date's rows by fingerprint, so listings order them by this (rows stored before it was kept have none).
   */
  position?: number;
  /**
   * Every upload whose statement holds this row (a string set): the upload that wrote it and each later one
   * that found it already stored. Removing a statement releases its hold; the row goes with its last holder.
   * Rows stored before holders were kept have none: `upload_id` alone holds them.
   */
  upload_ids?: Set<string>;
  /** 'export' for a row a bank's export file (CSV, OFX, QIF) wrote; absent for a PDF's. */
  origin?: 'export';
  /** Imported by the family from a statement that did not add up ('Import anyway'): not checked. */
  not_checked?: boolean;
}

type TransactionRef = Pick<TransactionItem, 'family_id' | 'account_id' | 'transaction_date' | 'id'>;

/** The primary key only (pk, sk): what GetItem/UpdateItem/DeleteItem take. */
export function transactionKey(t: TransactionRef) {
  const { pk, sk } = keys.transaction(t.family_id, t.account_id, t.transaction_date, t.id);
  return { pk, sk };
}

/** What a consistent read found of a statement's rows already stored: by key, who wrote and holds each. */
export type StoredHolders = ReadonlyMap<string, { upload_id?: string; upload_ids?: Set<string> }>;

const refId = (t: TransactionRef) => {
  const k = transactionKey(t);
  return `${k.pk}\n${k.sk}`;
};

/** Which of these rows are stored already (BatchGetItem, consistent), with their writer and holders. */
export async function storedHoldersOf(items: readonly TransactionRef[]): Promise<StoredHolders> {
  const unique = [...new Map(items.map((t) => [refId(t), transactionKey(t)])).values()];
  const stored = await batchGetAll<{ pk: string; sk: string; upload_id?: string; upload_ids?: Set<string> }>(
    unique,
    { consistentRead: true, projection: 'pk, sk, upload_id, upload_ids' },
  );
  return new Map(stored.map((item) => [`${item.pk}\n${item.sk}`, item]));
}

/**
 * What `storedHoldersOf` would find, from a consistent read of every stored row of the account in a date
 * range that holds every row asked about (`overlapCandidates`): no second read of the same rows.
 */
export function storedHoldersAmong(
  familyId: string,
  accountId: string,
  rows: ReadonlyArray<Pick<TransactionItem, 'id' | 'transaction_date' | 'upload_id' | 'upload_ids'>>,
): StoredHolders {
  return new Map(
    rows.map((row) => [
      refId({
        family_id: familyId,
        account_id: accountId,
        transaction_date: row.transaction_date,
        id: row.id,
      }),
      {
        ...(row.upload_id !== undefined ? { upload_id: row.upload_id } : {}),
        ...(row.upload_ids !== undefined ? { upload_ids: row.upload_ids } : {}),
      },
    ]),
  );
}

/** Whether `storedHoldersOf` found the row stored. */
export function isStored(stored: StoredHolders, t: TransactionRef): boolean {
  return stored.has(refId(t));
}

/** Whether a row is new to `uploadId` by what `storedHoldersOf` found: not stored, or stored by this upload. */
export function isNewTo(stored: StoredHolders, t: TransactionRef, uploadId: string): boolean {
  const found = stored.get(refId(t));
  return !found || found.upload_id === uploadId;
}

/**
 * A statement's rows, written together: which are new (true) and which another upload already wrote (false,
 * a duplicate). A row this same upload wrote before (a retried step) counts as this upload's again.
 *
 * Rows are read first (BatchGetItem, consistent; or what the caller's `storedHoldersOf` just found) and the
 * new ones written with BatchWriteItem: about a twentieth of the requests of one conditional put per row. No
 * interleaving can duplicate a row, because a row's key IS its fingerprint: two uploads writing the same row
 * write the same item. `complete` gives each row about to be written its final fields (a caller that
 * classifies only the rows it writes). `whileWriting` is the caller's work that needs only which rows are
 * new (storing what it added), done while the rows are written rather than after: the call ends once both
 * have ended, and fails if either does, never while a write is still under way.
 */
export async function putNewTransactions(
  items: readonly TransactionItem[],
  options: {
    stored?: StoredHolders;
    complete?: (rows: TransactionItem[]) => Promise<TransactionItem[]>;
    whileWriting?: (isNew: readonly boolean[]) => Promise<void>;
  } = {},
): Promise<boolean[]> {
  const id = refId;
  const existing = options.stored ?? (await storedHoldersOf(items));
  const isNew = items.map((t) => isNewTo(existing, t, t.upload_id));
  // A row another upload wrote: this upload holds it too (a set, so a retried step adds nothing). A row
  // removed in the meantime (its last holder's statement removed) is written afresh, as this upload's.
  const duplicates = items.filter((_, i) => !isNew[i]);
  const lost = new Set<string>();
  for (let start = 0; start < duplicates.length; start += 50)
    await Promise.all(
      duplicates.slice(start, start + 50).map(async (t) => {
        const found = existing.get(id(t));
        const holders = found?.upload_ids ? [t.upload_id] : [t.upload_id, found?.upload_id ?? t.upload_id];
        if (!(await addHolder(t, holders))) lost.add(id(t));
      }),
    );
  for (const [i, t] of items.entries()) if (lost.has(id(t))) isNew[i] = true;
  const toWrite = items.filter((t, i) => isNew[i] && (!existing.has(id(t)) || lost.has(id(t))));
  const written = options.complete ? await options.complete(toWrite) : toWrite;
  const settled = await Promise.allSettled([
    batchPutAll(written.map(toStored)),
    options.whileWriting?.(isNew.slice()),
  ]);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return isNew;
}

/** Add uploads to a stored row's holders; false when the row is no longer there. */
async function addHolder(t: TransactionRef, uploadIds: string[]): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: transactionKey(t),
        UpdateExpression: 'ADD upload_ids :u',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':u': new Set(uploadIds) },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** The item as stored: its keys, the unclassified index while it has no flow type, and its fields. */
export function toStored(item: TransactionItem) {
  // The attributes in the order of `{ ...key, ...unclassified, entity, ...item, upload_ids }`, assigned to
  // the key's own object: V8 copies an object spread after another spread property by property through its
  // runtime (and a spread's copy has no room for more properties), which for thousands of rows of some
  // thirty attributes cost more than the rest of their preparation.
  const stored = keys.transaction(item.family_id, item.account_id, item.transaction_date, item.id);
  if (!item.flow_type)
    Object.assign(
      stored,
      keys.unclassifiedIndex(item.family_id, item.transaction_date, item.account_id, item.id),
    );
  return Object.assign(stored, { entity: 'transaction' }, item, { upload_ids: new Set([item.upload_id]) });
}

/**
 * Release `uploadId`'s hold on a row: the row is deleted when no other upload holds it ('removed'), else it
 * stays for the others ('kept'); 'absent' when the upload did not hold it (or it is gone). Each write is
 * conditional, so an upload taking hold of the row at the same moment keeps it: removing one statement
 * never deletes a row another statement holds.
 */
export async function releaseTransaction(
  t: TransactionRef,
  uploadId: string,
): Promise<'removed' | 'kept' | 'absent'> {
  const deleteIf = async (condition: string, values: Record<string, unknown> = {}) => {
    try {
      await documentClient().send(
        new DeleteCommand({
          TableName: tableName(),
          Key: transactionKey(t),
          ConditionExpression: condition,
          ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  };
  try {
    const out = await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: transactionKey(t),
        UpdateExpression: 'DELETE upload_ids :set',
        ConditionExpression: 'contains(upload_ids, :id)',
        ExpressionAttributeValues: { ':set': new Set([uploadId]), ':id': uploadId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const holders = out.Attributes?.upload_ids as Set<string> | undefined;
    if (holders?.size) return 'kept';
    return (await deleteIf('attribute_exists(pk) AND attribute_not_exists(upload_ids)')) ? 'removed' : 'kept';
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  // A row stored before holders were kept: its writer alone holds it.
  const removed = await deleteIf('attribute_not_exists(upload_ids) AND upload_id = :upload', {
    ':upload': uploadId,
  });
  return removed ? 'removed' : 'absent';
}

/** Delete a transaction if `uploadId` was its only holder (rows other uploads hold stay); false otherwise. */
export async function deleteTransaction(t: TransactionRef, uploadId: string): Promise<boolean> {
  return (await releaseTransaction(t, uploadId)) === 'removed';
}

/** The rows of an account that `uploadId` holds (read with a filter over the account's rows). */
export async function transactionsHeldBy(
  familyId: string,
  accountId: string,
  uploadId: string,
): Promise<TransactionRef[]> {
  const range = keys.accountTransactionsRange(familyId, accountId);
  return queryAll<TransactionRef>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    FilterExpression: 'contains(upload_ids, :u) OR (attribute_not_exists(upload_ids) AND upload_id = :u)',
    ProjectionExpression: 'family_id, account_id, transaction_date, id',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo, ':u': uploadId },
  });
}

/**
 * How many of an account's rows dated `from` to `to` an upload holds (consistent): what a repeat of its file
 * checks before it takes the statement's rows as all still stored.
 */
export async function countHeldBy(
  familyId: string,
  accountId: string,
  uploadId: string,
  dates: { first: string; last: string },
): Promise<number> {
  const range = keys.accountTransactionsRange(familyId, accountId, dates.first, dates.last);
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        FilterExpression: 'contains(upload_ids, :u) OR (attribute_not_exists(upload_ids) AND upload_id = :u)',
        ExpressionAttributeValues: {
          ':pk': range.pk,
          ':from': range.skFrom,
          ':to': range.skTo,
          ':u': uploadId,
        },
        Select: 'COUNT',
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

/**
 * Let `heir` hold a row `uploadId` holds, before `uploadId` releases it (its statement removed while a
 * repeat of its file holds its rows through it). A row stored before holders were kept gets both.
 */
export async function holdFor(t: TransactionRef, uploadId: string, heir: string): Promise<void> {
  await addHolder(t, [heir, uploadId]);
}

/**
 * What removing an upload would do, without doing it: the rows it holds, and how many of them another upload
 * of the account holds too (those stay when it is removed).
 */
export async function uploadHoldings(
  familyId: string,
  accountId: string,
  uploadId: string,
): Promise<{ held: number; shared: number }> {
  const range = keys.accountTransactionsRange(familyId, accountId);
  const rows = await queryAll<{ upload_id?: string; upload_ids?: Set<string> }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    FilterExpression: 'contains(upload_ids, :u) OR (attribute_not_exists(upload_ids) AND upload_id = :u)',
    ProjectionExpression: 'upload_id, upload_ids',
    ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo, ':u': uploadId },
    ConsistentRead: true,
  });
  const shared = rows.filter((r) => r.upload_ids && [...r.upload_ids].some((id) => id !== uploadId)).length;
  return { held: rows.length, shared };
}

/** Record the automatic classification; the row leaves the unclassified index. */
export async function setClassification(
  t: TransactionRef,
  result: { flow_type: string; confidence: number; method: string },
): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: transactionKey(t),
      UpdateExpression:
        'SET flow_type = :f, classification_confidence = :c, classification_method = :m REMOVE gsi2pk, gsi2sk',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':f': result.flow_type, ':c': result.confidence, ':m': result.method },
    }),
  );
}

/** An account's transactions, newest first (optionally in a date range). */
export async function accountTransactions(
  familyId: string,
  accountId: string,
  options: { from?: string; to?: string; limit?: number } = {},
): Promise<TransactionItem[]> {
  const range = keys.accountTransactionsRange(familyId, accountId, options.from, options.to);
  return queryAll<TransactionItem>(
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
      ScanIndexForward: false,
      ...(options.limit ? { Limit: options.limit } : {}),
    },
    { limit: options.limit },
  );
}

/** The family's transactions in a date range (all accounts), newest first. */
export async function familyTransactions(
  familyId: string,
  options: { from?: string; to?: string; limit?: number } = {},
): Promise<TransactionItem[]> {
  const range = keys.familyTransactionsRange(familyId, options.from, options.to);
  return queryAll<TransactionItem>(
    {
      TableName: tableName(),
      IndexName: range.index,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
      ScanIndexForward: false,
      ...(options.limit ? { Limit: options.limit } : {}),
    },
    { limit: options.limit },
  );
}

/** The family's rows named by id, account and date (their key); rows that are not there are left out. */
export async function transactionsByRef(
  familyId: string,
  refs: ReadonlyArray<Pick<TransactionItem, 'account_id' | 'transaction_date' | 'id'>>,
): Promise<TransactionItem[]> {
  const unique = new Map(refs.map((r) => [`${r.account_id}#${r.transaction_date}#${r.id}`, r]));
  const items = await batchGetAll<TransactionItem & { pk: string; sk: string }>(
    [...unique.values()].map((r) => transactionKey({ ...r, family_id: familyId })),
    { consistentRead: true },
  );
  return items.map(({ pk: _pk, sk: _sk, ...rest }) => {
    const {
      entity: _e,
      gsi1pk: _a,
      gsi1sk: _b,
      gsi2pk: _c,
      gsi2sk: _d,
      ...row
    } = rest as typeof rest & Record<string, unknown>;
    return row as TransactionItem;
  });
}

/**
 * Record the family's correction of the flow type (spec 2 §4): it overrides the automatic type in every view,
 * so the row leaves the unclassified index. False when the row is gone.
 */
export async function setUserCorrection(
  t: TransactionRef,
  correction: { flow_type: string; method: string },
): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: transactionKey(t),
        UpdateExpression:
          'SET user_corrected_flow_type = :f, classification_method = :m REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':f': correction.flow_type, ':m': correction.method },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * The family's rows in a date range whose description contains one of `terms` (case-sensitive, as DynamoDB's
 * contains is: pass each casing wanted), with the fields matching needs: the filter runs in the table, so a
 * window of thousands of rows answers with the few that can be a transfer's side.
 */
export async function familyTransactionsContaining(
  familyId: string,
  options: { from: string; to: string },
  terms: readonly string[],
): Promise<TransactionItem[]> {
  if (!terms.length) return [];
  const range = keys.familyTransactionsRange(familyId, options.from, options.to);
  return queryAll<TransactionItem>({
    TableName: tableName(),
    IndexName: range.index,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    FilterExpression: terms.map((_, i) => `contains(description, :t${i})`).join(' OR '),
    ProjectionExpression:
      'id, family_id, account_id, transaction_date, amount, signed_amount, #type, description, flow_type, user_corrected_flow_type, classification_confidence, classification_method',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':pk': range.pk,
      ':from': range.skFrom,
      ':to': range.skTo,
      ...Object.fromEntries(terms.map((t, i) => [`:t${i}`, t])),
    },
  });
}

/**
 * What an upload's rows are compared with to find the same transaction written differently by an export and
 * a PDF: the account's rows in a date range, read consistently, with only the fields that comparison needs.
 */
export async function overlapCandidates(
  familyId: string,
  accountId: string,
  from: string,
  to: string,
): Promise<
  Array<
    Pick<
      TransactionItem,
      'id' | 'transaction_date' | 'signed_amount' | 'description' | 'origin' | 'upload_id' | 'upload_ids'
    >
  >
> {
  const range = keys.accountTransactionsRange(familyId, accountId, from, to);
  return queryAll(
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
      ProjectionExpression: 'id, transaction_date, signed_amount, description, origin, upload_id, upload_ids',
      ConsistentRead: true,
    },
    {},
  );
}
