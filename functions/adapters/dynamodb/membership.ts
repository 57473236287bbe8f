import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '../../shared/errors';
import { documentClient, tableName } from './client';
import { keys } from './keys';

/**
 * The caller's family, from their membership record. Every family-scoped use case starts here with the
 * user id from the verified token, so a request can never choose another family.
 */
export async function familyIdOf(userId: string): Promise<string | null> {
  const out = await documentClient().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.membership(userId),
      ProjectionExpression: 'familyId',
    }),
  );
  return (out.Item?.familyId as string | undefined) ?? null;
}

export async function requireFamilyId(userId: string): Promise<string> {
  const familyId = await familyIdOf(userId);
  if (!familyId) throw new NotFoundError('No family found for this user');
  return familyId;
}
