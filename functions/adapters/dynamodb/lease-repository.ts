import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/**
 * Leases: one holder at a time for a piece of work, with an expiry so a holder that died (a Lambda timed out)
 * does not block the next for ever. A conditional put takes the lease when it is free, expired, or already
 * ours (a retried step); a conditional delete gives back only our own.
 */
export async function takePersistLease(
  familyId: string,
  accountId: string,
  holder: string,
  now: Date,
  seconds: number,
): Promise<boolean> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.persistLease(familyId, accountId),
          entity: 'lease',
          holder,
          expires_at: new Date(now.getTime() + seconds * 1000).toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR holder = :me OR expires_at < :now',
        ExpressionAttributeValues: { ':me': holder, ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

export async function givePersistLeaseBack(
  familyId: string,
  accountId: string,
  holder: string,
): Promise<void> {
  try {
    await documentClient().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.persistLease(familyId, accountId),
        ConditionExpression: 'holder = :me',
        ExpressionAttributeValues: { ':me': holder },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
