import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config, requireConfig } from '../../shared/config';

let client: DynamoDBDocumentClient | undefined;
let adjust: ((client: DynamoDBClient) => void) | undefined;

/**
 * A change the composition root makes to the DynamoDB client this container builds (the local twin's, for
 * the twin's own DynamoDB: functions/local/unsigned-dynamo.ts). The next client is built with it.
 */
export function adjustDynamoClient(change: ((client: DynamoDBClient) => void) | undefined): void {
  adjust = change;
  resetDocumentClient();
}

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
    // The SDK's logger step copies every request and answer, attribute by attribute, to hide sensitive
    // fields from a logger, even when (as here) no logger is configured and nothing is logged: for a batch of
    // 25 rows or a page of 1,000, that copy is a large part of the client's own work. Nothing is lost by
    // leaving it out: errors still reach the caller, and the SDK's default logger logs nothing.
    raw.middlewareStack.remove('loggerMiddleware');
    adjust?.(raw);
    // paging.ts marshallItem gives what these options give for the values rows hold.
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
