import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CheckOutcome } from '../../contracts/statement-check';
import type { CheckEdit, CheckReason } from '../../domain/statement-check';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { queryPrefix } from './paging';

/**
 * Statement checks: one item per statement held for the family's check (`FAMILY#{id}` / `CHECK#{uploadId}`),
 * created by Parse when it holds the statement. The reading itself (rows as read) is kept unchanged in the
 * uploads bucket (`readingKey`); this item keeps why it was held, each edit the family makes (appended
 * atomically, with who and when, never rewritten) and how it ended. It stays after the statement is imported
 * or discarded, so the reader's mistakes can be studied.
 */
export interface CheckEditRecord {
  edit: CheckEdit;
  by: string;
  at: string;
}

export interface StatementCheckItem {
  familyId: string;
  uploadId: string;
  /** The account the statement was uploaded to. */
  accountId: string;
  fileName: string;
  bucket: string;
  readingKey: string;
  reasons: CheckReason[];
  edits: CheckEditRecord[];
  createdAt: string;
  outcome?: CheckOutcome;
  outcomeBy?: string;
  outcomeAt?: string;
}

function toItem(item: Record<string, unknown>): StatementCheckItem {
  const { pk: _pk, sk: _sk, type: _type, ...rest } = item;
  const check = rest as unknown as StatementCheckItem;
  return { ...check, edits: check.edits ?? [] };
}

/** Create the check (a retried Parse finds it there and leaves it, edits and all). */
export async function createStatementCheck(item: StatementCheckItem): Promise<void> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.statementCheck(item.familyId, item.uploadId), type: 'statement_check', ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

export async function getStatementCheck(
  familyId: string,
  uploadId: string,
): Promise<StatementCheckItem | null> {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.statementCheck(familyId, uploadId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? toItem(out.Item) : null;
}

export async function listStatementChecks(familyId: string): Promise<StatementCheckItem[]> {
  return (await queryPrefix(keys.statementChecksPrefix(familyId), { consistentRead: true })).map(toItem);
}

/**
 * Append one edit, unless the check has ended (imported or discarded). Two edits at once both land, in the
 * order the table takes them. False when the check has ended or is not there.
 */
export async function appendCheckEdit(
  familyId: string,
  uploadId: string,
  record: CheckEditRecord,
): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.statementCheck(familyId, uploadId),
        UpdateExpression: 'SET #edits = list_append(if_not_exists(#edits, :empty), :new)',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#outcome)',
        ExpressionAttributeNames: { '#edits': 'edits', '#outcome': 'outcome' },
        ExpressionAttributeValues: { ':empty': [], ':new': [record] },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** End the check once (imported, imported anyway or discarded); false when it had already ended. */
export async function endStatementCheck(
  familyId: string,
  uploadId: string,
  outcome: CheckOutcome,
  by: string,
  at: string,
): Promise<boolean> {
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.statementCheck(familyId, uploadId),
        UpdateExpression: 'SET #outcome = :outcome, #by = :by, #at = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#outcome)',
        ExpressionAttributeNames: { '#outcome': 'outcome', '#by': 'outcomeBy', '#at': 'outcomeAt' },
        ExpressionAttributeValues: { ':outcome': outcome, ':by': by, ':at': at },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Open the check again (its import could not start): the outcome goes, the edits stay. */
export async function reopenStatementCheck(familyId: string, uploadId: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.statementCheck(familyId, uploadId),
      UpdateExpression: 'REMOVE #outcome, #by, #at',
      ExpressionAttributeNames: { '#outcome': 'outcome', '#by': 'outcomeBy', '#at': 'outcomeAt' },
    }),
  );
}
