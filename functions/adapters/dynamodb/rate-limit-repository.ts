import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

/**
 * Fixed-window request counters for the public routes (feedback, analytics events), one item per caller
 * address and window. The address is never stored: the key holds a one-way hash of the bucket, the address
 * and the window, and the item expires (TTL) shortly after its window ends.
 */
export async function takeToken(input: {
  bucket: string;
  address: string;
  limit: number;
  windowSeconds: number;
  now: Date;
}): Promise<boolean> {
  const epoch = Math.floor(input.now.getTime() / 1000);
  const window = epoch - (epoch % input.windowSeconds);
  const hash = createHash('sha256')
    .update(`${input.bucket}\n${input.address}\n${window}`)
    .digest('base64url')
    .slice(0, 32);
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.rateLimit(input.bucket, hash),
        UpdateExpression: 'SET #entity = :entity, #ttl = :ttl ADD #count :one',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#entity': 'entity', '#ttl': TTL_ATTRIBUTE, '#count': 'count' },
        ExpressionAttributeValues: {
          ':entity': 'rate_limit',
          ':ttl': window + input.windowSeconds * 2,
          ':one': 1,
          ':limit': input.limit,
        },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
