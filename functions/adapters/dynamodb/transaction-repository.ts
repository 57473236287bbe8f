import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { batchGetAll, batchWriteAll, queryAll } from './paging';

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
}

type TransactionRef = Pick<TransactionItem, 'family_id' | 'account_id' | 'transaction_date' | 'id'>;

/** The primary key only (pk, sk): what GetItem/UpdateItem/DeleteItem take. */
export function transactionKey(t: TransactionRef) {
  const { pk, sk } = keys.transaction(t.family_id, t.account_id, t.transaction_date, t.id);
  return { pk, sk };
}

/**
 * A statement's rows, written together: which are new (true) and which another upload already wrote (false,
 * a duplicate). A row this same upload wrote before (a retried step) counts as this upload's again.
 *
 * Rows are read first (BatchGetItem, consistent) and the new ones written with BatchWriteItem: about a
 * twentieth of the requests of one conditional put per row. No interleaving can duplicate a row, because a
 * row's key IS its fingerprint: two uploads writing the same row write the same item.
 */
export async function putNewTransactions(items: readonly TransactionItem[]): Promise<boolean[]> {
  const keyOf = (t: TransactionItem) => transactionKey(t);
  const id = (k: { pk: string; sk: string }) => `${k.pk}\n${k.sk}`;
  const unique = [...new Map(items.map((t) => [id(keyOf(t)), keyOf(t)])).values()];
  const stored = await batchGetAll<{ pk: string; sk: string; upload_id?: string }>(unique, {
    consistentRead: true,
    projection: 'pk, sk, upload_id',
  });
  const existing = new Map(stored.map((item) => [id(item), item.upload_id]));
  const isNew = items.map((t) => {
    const k = id(keyOf(t));
    return !existing.has(k) || existing.get(k) === t.upload_id;
  });
  const toWrite = items.filter((t, i) => isNew[i] && !existing.has(id(keyOf(t))));
  await batchWriteAll(toWrite.map((item) => ({ PutRequest: { Item: toStored(item) } })));
  return isNew;
}

/** The item as stored: its keys, the unclassified index while it has no flow type, and its fields. */
function toStored(item: TransactionItem) {
  const key = keys.transaction(item.family_id, item.account_id, item.transaction_date, item.id);
  const unclassified = item.flow_type
    ? {}
    : keys.unclassifiedIndex(item.family_id, item.transaction_date, item.account_id, item.id);
  return { ...key, ...unclassified, entity: 'transaction', ...item };
}

/** Delete a transaction if `uploadId` wrote it (rows another upload added stay); false when it did not. */
export async function deleteTransaction(t: TransactionRef, uploadId: string): Promise<boolean> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: transactionKey(t),
        ConditionExpression: 'upload_id = :upload',
        ExpressionAttributeValues: { ':upload': uploadId },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
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
