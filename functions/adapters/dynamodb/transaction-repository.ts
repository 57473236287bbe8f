import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/**
 * Transactions (spec 2 §3), stored with spec field names. Written one by one with a condition on the key
 * (which carries the fingerprint), so a retried step or an overlapping statement never adds a row twice.
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
 * Put a new transaction; false when it already exists from another upload (a duplicate). A row this same
 * upload wrote before (a retried step) is written again and counts as this upload's.
 */
export async function putNewTransaction(item: TransactionItem): Promise<boolean> {
  const key = keys.transaction(item.family_id, item.account_id, item.transaction_date, item.id);
  const unclassified = item.flow_type
    ? {}
    : keys.unclassifiedIndex(item.family_id, item.transaction_date, item.account_id, item.id);
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...key, ...unclassified, entity: 'transaction', ...item },
        ConditionExpression: 'attribute_not_exists(pk) OR upload_id = :upload',
        ExpressionAttributeValues: { ':upload': item.upload_id },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/**
 * Delete a transaction; with `uploadId`, only if that upload wrote it (rows another upload added stay).
 * False when there was nothing of that upload's to delete.
 */
export async function deleteTransaction(t: TransactionRef, uploadId?: string): Promise<boolean> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: transactionKey(t),
        ...(uploadId
          ? { ConditionExpression: 'upload_id = :upload', ExpressionAttributeValues: { ':upload': uploadId } }
          : {}),
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

async function queryAll(
  input: ConstructorParameters<typeof QueryCommand>[0],
  limit?: number,
): Promise<TransactionItem[]> {
  const items: TransactionItem[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await documentClient().send(
      new QueryCommand({ ...input, ...(start ? { ExclusiveStartKey: start } : {}) }),
    );
    items.push(...((out.Items ?? []) as TransactionItem[]));
    start = out.LastEvaluatedKey;
  } while (start && (limit === undefined || items.length < limit));
  return limit === undefined ? items : items.slice(0, limit);
}

/** An account's transactions, newest first (optionally in a date range). */
export async function accountTransactions(
  familyId: string,
  accountId: string,
  options: { from?: string; to?: string; limit?: number } = {},
): Promise<TransactionItem[]> {
  const range = keys.accountTransactionsRange(familyId, accountId, options.from, options.to);
  return queryAll(
    {
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
      ScanIndexForward: false,
      ...(options.limit ? { Limit: options.limit } : {}),
    },
    options.limit,
  );
}

/** The family's transactions in a date range (all accounts), newest first. */
export async function familyTransactions(
  familyId: string,
  options: { from?: string; to?: string; limit?: number } = {},
): Promise<TransactionItem[]> {
  const range = keys.familyTransactionsRange(familyId, options.from, options.to);
  return queryAll(
    {
      TableName: tableName(),
      IndexName: range.index,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': range.pk, ':from': range.skFrom, ':to': range.skTo },
      ScanIndexForward: false,
      ...(options.limit ? { Limit: options.limit } : {}),
    },
    options.limit,
  );
}
