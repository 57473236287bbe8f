import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config, requireConfig } from '../../shared/config';

let client: DynamoDBDocumentClient | undefined;

/** The module-scoped DynamoDB document client (one per container, never per request). */
export function documentClient(): DynamoDBDocumentClient {
  if (!client) {
    const { APP_MODE, AWS_REGION, DYNAMODB_ENDPOINT } = config();
    const local = APP_MODE === 'local';
    const raw = new DynamoDBClient({
      region: AWS_REGION,
      ...(local
        ? {
            endpoint: DYNAMODB_ENDPOINT ?? requireConfig('DYNAMODB_ENDPOINT'),
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          }
        : {}),
    });
    client = DynamoDBDocumentClient.from(raw, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return client;
}

export function tableName(): string {
  return requireConfig('TABLE_NAME');
}

/** Tests and the twin re-point the client after changing the endpoint. */
export function resetDocumentClient(): void {
  client?.destroy();
  client = undefined;
}
